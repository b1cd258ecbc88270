import { TABLE_LINE, TABLE_SEPARATOR, tableCells } from '../text/markdown-table';
import { MIN_QUOTE_WORDS } from '../text/quotes';
import { tokenize } from '../text/tokenize';
import type { GenerationClient, GenerationOutcome, GeneratorInfo, Passage, Reply } from '../types';
import { checkUnit, describeVerdict, readQuestion } from './answerability';

export const EXTRACTIVE: GeneratorInfo = {
  kind: 'extractive',
  name: 'extractive stand-in (quotes the passages it was given; not a language model)',
};

const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/u;
// A sentence ends at . ! or ? followed by space and a capital or a digit; "0.50 BOB" is not split.
const SENTENCE_END = /(?<=[.!?])\s+(?=[\p{Lu}\d])/gu;
const EMPHASIS = /(\*\*|__|\*|`)/gu;
const WHITESPACE = /\s+/gu;
const LEADING_SPACE = /^\s*/u;
const TRAILING_SPACE = /\s*$/u;
// Questions whose answer is a quantity, a duration or a time: "how long", "how many", "what time", "when".
const ASKS_FOR_FIGURE = /\b(how (long|many|much|often|old|far|soon|late|early)|what time|when)\b/iu;
const FIGURE = /\d/u;
// Counted the way the verifier counts a quote's words: "10:00" is two.
const QUOTE_WORD = /[\p{L}\p{N}]+/gu;
// How much of a sentence a refusal shows.
const SHOWN_CHARS = 80;

/** One quotable piece of a passage: a sentence, a list item, or a table row with its header. */
interface Unit {
  /** What the reader is shown: emphasis stripped, white space collapsed; a row as `Header: cell; …`. */
  answer: string;
  /** Where it stands in the passage's text: the quote is exactly `text.slice(start, end)`. */
  start: number;
  end: number;
  terms: Set<string>;
  isRow: boolean;
}

function unitsOf(passage: Passage): Unit[] {
  const { text } = passage;
  const units: Unit[] = [];
  let header: string[] | undefined;
  let paragraph: { start: number; end: number } | undefined;
  const add = (
    from: number,
    to: number,
    options: { isRow?: boolean; answer?: string; terms?: string } = {},
  ) => {
    const raw = text.slice(from, to);
    const start = from + (LEADING_SPACE.exec(raw)?.[0].length ?? 0);
    const end = to - (TRAILING_SPACE.exec(raw)?.[0].length ?? 0);
    const quote = text.slice(start, end);
    const answer = (options.answer ?? quote).replace(EMPHASIS, '').replace(WHITESPACE, ' ').trim();
    if (answer === '') return;
    units.push({
      answer,
      start,
      end,
      terms: new Set(tokenize(options.terms ?? quote)),
      isRow: options.isRow ?? false,
    });
  };
  const flush = () => {
    if (paragraph === undefined) return;
    const { start, end } = paragraph;
    let from = start;
    for (const match of text.slice(start, end).matchAll(SENTENCE_END)) {
      add(from, start + match.index);
      from = start + match.index + match[0].length;
    }
    add(from, end);
    paragraph = undefined;
  };
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const lineEnd = lineStart + line.length;
    if (TABLE_LINE.test(line)) {
      flush();
      if (!TABLE_SEPARATOR.test(line)) {
        const row = tableCells(line);
        if (header === undefined) {
          header = row;
        } else {
          const columns = header;
          // A row alone says "7 days" without saying of what; its header says which column is which.
          const answer = row.map((cell, column) => `${columns[column] ?? ''}: ${cell}`).join('; ');
          add(lineStart, lineEnd, { isRow: true, answer, terms: row.join(' ') });
        }
      }
    } else {
      header = undefined;
      const marker = LIST_MARKER.exec(line);
      if (line.trim() === '' || marker !== null) flush();
      if (marker !== null) {
        add(lineStart + marker[0].length, lineEnd);
      } else if (line.trim() !== '') {
        paragraph = { start: paragraph?.start ?? lineStart, end: lineEnd };
      }
    }
    lineStart = lineEnd + 1;
  }
  flush();
  return units;
}

/**
 * Each question term the unit holds counts by how rare it is among the candidate units, so "DVD" (one
 * row) outweighs "borrow" (every sentence). Ties go to table rows, then to the earlier unit.
 */
function bestUnits(allUnits: Unit[], questionTerms: Set<string>, wantsFigure: boolean): Unit[] {
  // A sentence that only repeats the question ("How long you can borrow depends on…") shares the most
  // words with it and answers nothing; when a figure is asked for, only units holding one can answer.
  const withFigure = allUnits.filter((unit) => FIGURE.test(unit.answer));
  const units = wantsFigure && withFigure.length > 0 ? withFigure : allUnits;
  const weight = (term: string) => {
    const holding = units.filter((unit) => unit.terms.has(term)).length;
    return holding === 0 ? 0 : Math.log(1 + units.length / holding);
  };
  let best: Unit[] = [];
  let bestScore = 0;
  for (const unit of units) {
    let score = 0;
    for (const term of questionTerms) if (unit.terms.has(term)) score += weight(term);
    if (score > bestScore + 1e-12) {
      best = [unit];
      bestScore = score;
    } else if (score > 0 && Math.abs(score - bestScore) <= 1e-12) {
      best.push(unit);
    }
  }
  const rows = best.filter((unit) => unit.isRow);
  return rows.length > 0 ? rows : best.slice(0, 1);
}

/**
 * The unit's exact text in the passage. A quote of fewer words than the verifier accepts ("Sunday:
 * closed.") takes in its neighbours until it is long enough; it stays one span of the passage.
 */
function quoteOf(passage: Passage, units: Unit[], unit: Unit): string {
  let at = units.indexOf(unit);
  let { start, end } = unit;
  const long = () => (passage.text.slice(start, end).match(QUOTE_WORD) ?? []).length >= MIN_QUOTE_WORDS;
  for (let next = at + 1; !long() && next < units.length; next++) end = (units[next] as Unit).end;
  for (at -= 1; !long() && at >= 0; at--) start = (units[at] as Unit).start;
  return passage.text.slice(start, end);
}

/** What a unit is read with: the passage's headings and its first sentence say what it is about. */
function contextOf(passage: Passage, units: Unit[]): string {
  const first = units.find((unit) => !unit.isRow);
  return [...passage.trail, first?.answer ?? ''].join('\n');
}

const shown = (text: string) => (text.length <= SHOWN_CHARS ? text : `${text.slice(0, SHOWN_CHARS - 1)}…`);
const noAnswer = (why: string): Reply => ({ answered: false, answer: why, citations: [] });

export interface ExtractiveOptions {
  /**
   * Quote only a sentence that can answer the question's form (src/generation/answerability.ts), and
   * report no answer when none can. On by default; off only to measure what the check changes.
   */
  answerability?: boolean;
}

function replyTo(question: string, best: Passage | undefined, answerability: boolean): Reply {
  if (best === undefined) return noAnswer('the stand-in was given no passage');
  const units = unitsOf(best);
  const questionTerms = new Set(tokenize(question));
  const wantsFigure = ASKS_FOR_FIGURE.test(question);
  let candidates = units;
  let whyNot: string | undefined;
  if (answerability) {
    const shape = readQuestion(question);
    const context = contextOf(best, units);
    const verdicts = units.map((unit) => checkUnit({ question: shape, unit: unit.answer, context }));
    candidates = units.filter((_, at) => verdicts[at]?.ok);
    // The closest is the unit sharing the most, figure or not: "A locker takes a returnable coin." for a price.
    const closest = bestUnits(units, questionTerms, false)[0];
    const verdict = closest === undefined ? undefined : verdicts[units.indexOf(closest)];
    if (closest !== undefined && verdict !== undefined && !verdict.ok) {
      whyNot =
        `no sentence of the best passage (${best.id}) can answer this; the closest, ` +
        `${JSON.stringify(shown(closest.answer))}, ${describeVerdict(verdict)}`;
    }
  }
  const chosen = bestUnits(candidates, questionTerms, wantsFigure);
  if (chosen.length === 0) {
    return noAnswer(whyNot ?? `no sentence of the best passage (${best.id}) shares a word with the question`);
  }
  return {
    answered: true,
    answer: chosen.map((unit) => unit.answer).join('\n'),
    citations: chosen.map((unit) => ({ id: best.id, quote: quoteOf(best, units, unit) })),
  };
}

/**
 * Used when no API key is set: quotes the sentence or table rows of the best passage that share the most
 * with the question and can answer its form, and cites that passage with the quote. It does not
 * understand the question: the answerability check keeps it from quoting a sentence that only mentions
 * what was asked about, as far as a rule on words can.
 */
export function createExtractiveClient(options: ExtractiveOptions = {}): GenerationClient {
  const answerability = options.answerability ?? true;
  return {
    info: EXTRACTIVE,
    async generate(request): Promise<GenerationOutcome> {
      const reply = replyTo(request.question, request.passages[0], answerability);
      return { ok: true, reply, raw: JSON.stringify(reply) };
    },
  };
}
