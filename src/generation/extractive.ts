import { TABLE_LINE, TABLE_SEPARATOR, tableCells } from '../markdown-table';
import { tokenize } from '../retrieval/tokenize';
import type {
  GenerationClient,
  GenerationOutcome,
  GenerationRequest,
  GeneratorInfo,
  Passage,
} from '../types';

export const EXTRACTIVE: GeneratorInfo = {
  kind: 'extractive',
  name: 'extractive stand-in (quotes the manual; not a language model)',
};

const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/u;
// A sentence ends at . ! or ? followed by space and a capital or a digit; "0.50 BOB" is not split.
const SENTENCE_END = /(?<=[.!?])\s+(?=[\p{Lu}\d])/u;
const EMPHASIS = /(\*\*|__|\*|`)/gu;
// Questions whose answer is a quantity, a duration or a time: "how long", "how many", "what time", "when".
const ASKS_FOR_FIGURE = /\b(how (long|many|much|often|old|far|soon|late|early)|what time|when)\b/iu;
const FIGURE = /\d/u;

/** One quotable piece of a passage: a sentence, a list item, or a table row with its header. */
interface Unit {
  quote: string;
  terms: Set<string>;
  isRow: boolean;
}

function unitsOf(passage: Passage): Unit[] {
  const units: Unit[] = [];
  let header: string[] | undefined;
  let paragraph: string[] = [];
  const add = (quote: string, isRow: boolean, termsFrom = quote) => {
    const clean = quote.replace(EMPHASIS, '').trim();
    if (clean !== '') units.push({ quote: clean, terms: new Set(tokenize(termsFrom)), isRow });
  };
  const flush = () => {
    for (const sentence of paragraph.join(' ').split(SENTENCE_END)) add(sentence, false);
    paragraph = [];
  };
  for (const line of passage.text.split('\n')) {
    if (TABLE_LINE.test(line)) {
      flush();
      if (TABLE_SEPARATOR.test(line)) continue;
      const row = tableCells(line);
      if (header === undefined) {
        header = row;
        continue;
      }
      const columns = header;
      // A row alone says "7 days" without saying of what; its header says which column is which.
      add(row.map((cell, column) => `${columns[column] ?? ''}: ${cell}`).join('; '), true, row.join(' '));
      continue;
    }
    header = undefined;
    if (line.trim() === '' || LIST_MARKER.test(line)) flush();
    if (LIST_MARKER.test(line)) {
      add(line.replace(LIST_MARKER, ''), false);
    } else if (line.trim() !== '') {
      paragraph.push(line.trim());
    }
  }
  flush();
  return units;
}

/**
 * Each question term the unit holds counts by how rare it is among the passage's units, so "DVD" (one
 * row) outweighs "borrow" (every sentence). Ties go to table rows, then to the earlier unit.
 */
function bestUnits(allUnits: Unit[], questionTerms: Set<string>, wantsFigure: boolean): Unit[] {
  // A sentence that only repeats the question ("How long you can borrow depends on…") shares the most
  // words with it and answers nothing; when a figure is asked for, only units holding one can answer.
  const withFigure = allUnits.filter((unit) => FIGURE.test(unit.quote));
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
 * Used when no API key is set: quotes the sentence or table rows of the best passage that share the most
 * with the question, and cites that passage. Honest about its source and nothing more; it does not
 * understand the question, so it cannot tell a passage that mentions a thing from one that answers it.
 */
export function createExtractiveClient(): GenerationClient {
  return {
    info: EXTRACTIVE,
    async generate(request: GenerationRequest): Promise<GenerationOutcome> {
      const best = request.passages[0];
      const questionTerms = new Set(tokenize(request.question));
      const chosen =
        best === undefined
          ? []
          : bestUnits(unitsOf(best), questionTerms, ASKS_FOR_FIGURE.test(request.question));
      const reply =
        best === undefined || chosen.length === 0
          ? { answered: false, answer: '', citations: [] }
          : { answered: true, answer: chosen.map((unit) => unit.quote).join('\n'), citations: [best.id] };
      return { ok: true, reply, raw: JSON.stringify(reply) };
    },
  };
}
