import { checkQuote, MIN_QUOTE_WORDS, quoteWordCount } from '../text/quotes';
import type { GenerationClient, GenerationOutcome, GeneratorInfo, Passage, Reply } from '../types';
import { describeVerdict } from './answerability';
import { describeMissingKind } from './kinds';
import { READER_MODEL } from './model';
import { type Question, questionAsRead, readQuestionText } from './question/question';
import {
  type Ablation,
  type Candidate,
  confidence,
  type FeatureName,
  type Features,
  type ReaderModel,
  readPassages,
  standInsOf,
} from './read';
import { type Span, textOf, type Unit, unitsOf } from './units';

export const EXTRACTIVE: GeneratorInfo = {
  kind: 'extractive',
  name: 'extractive stand-in (quotes the passages it was given; not a language model)',
};

// How much of a sentence a refusal shows.
const SHOWN_CHARS = 80;
const SAME = 1e-12;

const shown = (text: string) => (text.length <= SHOWN_CHARS ? text : `${text.slice(0, SHOWN_CHARS - 1)}…`);
const noAnswer = (why: string): Reply => ({ answered: false, answer: why, citations: [] });

/**
 * A piece long enough to be a quote the verifier accepts (the one word count both use): a piece of
 * fewer words ("Sunday: closed.") takes in its neighbours until it is; it stays one span of the passage.
 */
function quotable(span: Span, neighbours: Unit[]): Span | undefined {
  const { passage } = neighbours[0] as Unit;
  let { start, end } = span;
  const long = () => quoteWordCount(passage.text.slice(start, end)) >= MIN_QUOTE_WORDS;
  const after = neighbours.filter((unit) => unit.core.start >= span.end);
  const before = neighbours.filter((unit) => unit.core.end <= span.start).reverse();
  for (const unit of after) {
    if (long()) break;
    end = unit.core.end;
  }
  for (const unit of before) {
    if (long()) break;
    start = unit.core.start;
  }
  return long() ? { start, end } : undefined;
}

/**
 * The spans a unit is shown as, each a quote the verifier accepts, or undefined when its core cannot be
 * one. A lead-in or header too short to quote on its own is left out rather than widened into the rows
 * or items it introduces.
 */
function piecesOf(unit: Unit, neighbours: Unit[]): Span[] | undefined {
  const pieces: Span[] = [];
  for (const span of unit.shown) {
    const isCore = span.start <= unit.core.start && span.end >= unit.core.end;
    const piece = isCore
      ? quotable(span, neighbours)
      : quoteWordCount(textOf(unit.passage, span)) >= MIN_QUOTE_WORDS
        ? span
        : undefined;
    if (piece === undefined) {
      if (isCore) return undefined;
      continue;
    }
    const last = pieces.at(-1);
    if (last !== undefined && piece.start <= last.end) {
      last.end = Math.max(last.end, piece.end);
    } else {
      pieces.push({ ...piece });
    }
  }
  // Every piece must be found where it stands; a quote the verifier would refuse is never given.
  return pieces.every((piece) => checkQuote(textOf(unit.passage, piece), unit.passage.text).found)
    ? pieces
    : undefined;
}

/** Why the closest candidate does not answer, in plain words. */
function whatIsMissing(reading: ReturnType<typeof readPassages>, candidate: Candidate): string {
  const reasons: string[] = [];
  // The terms the unseenTerms feature counts: read by the text model, so "preact-render-to-string" is
  // not reported unseen in passages that hold it.
  if (reading.unseen.length > 0) {
    const listed = reading.unseen
      .map((term) => JSON.stringify(reading.shape.wordOf.get(term) ?? term))
      .join(', ');
    reasons.push(`the passages never mention ${listed}`);
  }
  if (candidate.broken !== undefined) reasons.push(`it ${candidate.broken}`);
  if (candidate.features.openForm === 0 && !candidate.holdsKind) {
    reasons.push(`it ${describeMissingKind(reading.shape.kind)}`);
  }
  if (!candidate.verdict.ok) reasons.push(`it ${describeVerdict(candidate.verdict)}`);
  // The form's missing kind and the check's verdict can say the same thing ("it names no one"): once.
  const said = [...new Set(reasons)];
  return said.length > 0 ? said.join('; ') : 'it shares too little with the question';
}

export interface ExtractiveOptions {
  /**
   * Answer only above the reader model's fitted confidence, and report no answer otherwise. On by
   * default; off only to measure what the check changes (then the unit sharing the most is quoted).
   */
  answerability?: boolean;
  /** The fitted model; the shipped one unless a fit is being measured. */
  model?: ReaderModel;
  /** Rules and features turned off, only to measure them (`npm run measure:rules`). */
  off?: Ablation;
}

interface Scored {
  candidate: Candidate;
  confidence: number;
  /** Kept from answering by a hard rule (a broken constraint, no answer of the kind asked). */
  ruledOut: boolean;
  pieces: Span[];
}

/** Ranks the quotable candidates, best first: by confidence, then table rows, then reading order. */
export function rankCandidates(options: {
  question: Question;
  passages: readonly Passage[];
  model?: ReaderModel;
  standIns?: ReadonlyMap<string, readonly string[]>;
  off?: Ablation;
}): { reading: ReturnType<typeof readPassages>; ranked: Scored[] } {
  const model = options.model ?? READER_MODEL;
  const reading = readPassages(options);
  const featuresOff = options.off?.features ?? new Set<FeatureName>();
  const weighed = (features: Features): Features =>
    featuresOff.size === 0
      ? features
      : (Object.fromEntries(
          Object.entries(features).map(([name, value]) => [
            name,
            featuresOff.has(name as FeatureName) ? 0 : value,
          ]),
        ) as Features);
  const unitsByPassage = new Map(options.passages.map((passage) => [passage, unitsOf(passage)]));
  const ranked: Scored[] = [];
  for (const candidate of reading.candidates) {
    const neighbours = unitsByPassage.get(candidate.unit.passage) ?? [];
    const pieces = piecesOf(candidate.unit, neighbours);
    if (pieces === undefined) continue;
    // A unit that breaks a hard rule (rules/: what the question fixes, the kind of answer its form asks
    // for, a name it states…) never answers.
    const ruledOut = candidate.broken !== undefined;
    ranked.push({
      candidate,
      confidence: ruledOut ? 0 : confidence(model, weighed(candidate.features)),
      ruledOut,
      pieces,
    });
  }
  ranked.sort(byRank);
  return { reading, ranked };
}

/**
 * The stand-in's order: by confidence; among equals a table row first, then the unit writing more of the
 * question's neighbouring terms side by side.
 */
export function byRank(
  a: Pick<Scored, 'candidate' | 'confidence'>,
  b: Pick<Scored, 'candidate' | 'confidence'>,
): number {
  if (Math.abs(a.confidence - b.confidence) > SAME) return b.confidence - a.confidence;
  const rows = Number(b.candidate.unit.kind === 'row') - Number(a.candidate.unit.kind === 'row');
  return rows !== 0 ? rows : b.candidate.pairs - a.candidate.pairs;
}

function replyTo(
  question: Question,
  passages: readonly Passage[],
  options: ExtractiveOptions,
  standIns: ReadonlyMap<string, readonly string[]>,
): Reply {
  if (passages.length === 0) return noAnswer('the stand-in was given no passage');
  const model = options.model ?? READER_MODEL;
  const { reading, ranked } = rankCandidates({
    question,
    passages,
    model,
    standIns,
    ...(options.off === undefined ? {} : { off: options.off }),
  });
  const ids = passages.map((passage) => passage.id).join(', ');
  const sharing = ranked.filter((scored) => scored.candidate.features.termCover > 0);
  // The candidate sharing the most with the question, for the words of a refusal (and, with the check
  // off, the one quoted).
  const closest = [...sharing].sort(
    (a, b) => b.candidate.features.termCover - a.candidate.features.termCover,
  )[0];
  if (closest === undefined) {
    return noAnswer(`no sentence of the passages given (${ids}) shares a word with the question`);
  }
  const best = options.answerability === false ? closest : ranked[0];
  const unsure =
    options.answerability !== false &&
    (best === undefined || best.ruledOut || best.confidence < model.threshold);
  if (best === undefined || best.candidate.features.termCover === 0 || unsure) {
    const shownUnit = best !== undefined && best.candidate.features.termCover > 0 ? best : closest;
    const text = textOf(shownUnit.candidate.unit.passage, shownUnit.candidate.unit.core);
    return noAnswer(
      `no sentence of the passages given (${ids}) answers this: the closest, ${JSON.stringify(shown(text))} ` +
        `(${shownUnit.candidate.unit.passage.id}), is ${shownUnit.confidence.toFixed(2)} sure, below the ` +
        `${model.threshold.toFixed(2)} an answer needs, because ${whatIsMissing(reading, shownUnit.candidate)}`,
    );
  }
  const { passage } = best.candidate.unit;
  const quotes = best.pieces.map((piece) => textOf(passage, piece));
  return {
    answered: true,
    answer: quotes.join('\n'),
    citations: quotes.map((quote) => ({ id: passage.id, quote })),
  };
}

/**
 * Used when no API key is set: reads every sentence, list item and table row of every passage in the
 * context, scores each with the fitted reader model, and quotes the best when the model is confident
 * enough: the answer is the passage's own characters, and every piece of it is a citation's quote. It
 * does not understand the question; below the fitted threshold it reports no answer and says what was
 * missing.
 */
export function createExtractiveClient(options: ExtractiveOptions = {}): GenerationClient {
  return {
    info: EXTRACTIVE,
    async generate(request): Promise<GenerationOutcome> {
      // The question read once, as retrieval read it (its slips corrected, its names capitalised).
      const question = readQuestionText(questionAsRead(request.question, request.reading));
      const reply = replyTo(question, request.passages, options, standInsOf(request.reading));
      return { ok: true, reply, raw: JSON.stringify(reply) };
    },
  };
}
