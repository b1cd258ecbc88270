// What the stand-in's reader is fitted and measured on, shared by npm run fit:reader (scripts/fit-reader.ts)
// and npm run measure:encoder (scripts/measure-encoder.ts): each development question with the passages the
// engine would give the reader, how a unit is judged to answer it, and how a threshold is chosen.
import { createEngine, type Engine, retrieverOf } from '../../src/ask/engine';
import { contextOf, gate } from '../../src/ask/gate';
import type { CompiledIndex } from '../../src/compiled-index/types';
import { parseEvalSet } from '../../src/evaluation/eval-set';
import { rankCandidates } from '../../src/generation/extractive';
import {
  FEATURE_NAMES,
  type Features,
  questionAsRead,
  type ReaderModel,
  standInsOf,
} from '../../src/generation/reader';
import { textOf } from '../../src/generation/units';
import { compileIndex } from '../../src/ingest/compile';
import { CURRENT_PROMPT_VERSION } from '../../src/prompt-versions';
import { normaliseForQuote } from '../../src/text/quotes';
import type { Passage } from '../../src/types';
import { loadIndexFile, readJson } from '../lib/cli';
import { readSquad, squadCorpus, WHOLE_PARAGRAPHS } from '../lib/squad';
import { shippedRelatedWords } from '../wordnet/wordnet';

export const DEFAULT_QUESTIONS = ['eval/questions.json', 'eval/paraphrases.json'];
export const DEFAULT_SQUAD = '../shared/benchmarks/squad2/train-v2.0-part.json';
// A false answer (an unanswerable question answered, or an answer that is wrong) costs this many right
// answers: the project refuses rather than guess, and its targets allow 1 false answer in 50.
export const FALSE_ANSWER_COST = 4;

export interface Question {
  set: string;
  /** As the stand-in is given it: with the words retrieval read as typos read so (questionAsRead). */
  question: string;
  /** The words retrieval read through the thesaurus, as the stand-in is given them (standInsOf). */
  standIns: ReadonlyMap<string, readonly string[]>;
  answerable: boolean;
  /** Whether a unit, shown as `text`, from passage `id`, answers it. */
  answeredBy: (id: string, text: string) => boolean;
  passages: Passage[];
}

export interface Outcome {
  answerable: number;
  unanswerable: number;
  right: number;
  wrong: number;
  falseAnswers: number;
}

const contains = (text: string, needle: string) =>
  normaliseForQuote(text).includes(normaliseForQuote(needle));

/**
 * The passages the engine would give the stand-in for this question: none when the gate stops it, else
 * the gate's context (contextOf). The reader is fitted and measured on what it is given in use.
 */
function givenToReader(
  engine: Engine,
  question: string,
): { question: string; passages: Passage[]; standIns: ReadonlyMap<string, readonly string[]> } {
  const { scored: retrieved, reading } = retrieverOf(engine).read(question, engine.contextSize);
  const read = { question: questionAsRead(question, reading), standIns: standInsOf(reading) };
  if (!gate(retrieved, engine.gate).pass) return { ...read, passages: [] };
  return { ...read, passages: contextOf(retrieved, engine).map((scored) => scored.passage) };
}

export function manualQuestions(indexFile: string, files: string[]): Question[] {
  return questionsOn(loadIndexFile(indexFile), files);
}

/** The questions of evaluation files put to a compiled corpus, with what the engine gives the reader. */
export function questionsOn(index: CompiledIndex, files: readonly string[]): Question[] {
  const engine = createEngine(index);
  return files.flatMap((file) =>
    parseEvalSet(readJson(file, 'evaluation set')).map((item) => ({
      set: file,
      answerable: item.answerable,
      answeredBy: (id: string, text: string) =>
        item.answerable &&
        id === item.passage &&
        (item.mustContain ?? []).every((needle) => contains(text, needle)),
      ...givenToReader(engine, item.question),
    })),
  );
}

export function squadQuestions(file: string, every: number): Question[] {
  const { files, items } = squadCorpus(readSquad(file).squad);
  const index = compileIndex({
    files,
    promptVersion: CURRENT_PROMPT_VERSION,
    gate: { threshold: 0, minMargin: 0, source: 'fitting' },
    maxChars: WHOLE_PARAGRAPHS,
    // As `npm run eval:suite` compiles SQuAD, and `npm run ingest` any corpus.
    ...shippedRelatedWords(),
  });
  const engine = createEngine(index);
  return items
    .filter((_, at) => at % every === 0)
    .map((item) => ({
      set: file,
      answerable: item.answerable,
      answeredBy: (id: string, text: string) =>
        item.answerable && id === item.passage && item.answers.some((answer) => contains(text, answer)),
      // The gate is open (threshold 0): SQuAD shapes the weights on every question's best passages.
      ...givenToReader(engine, item.question),
    }));
}

export const vector = (features: Features) => FEATURE_NAMES.map((name) => features[name]);

/** A unit the stand-in ranked: its confidence, whether a hard rule keeps it from answering, what it quotes. */
export type RankedUnit = ReturnType<typeof rankCandidates>['ranked'][number];

/** A question's best candidate: the confidence it is answered with, and whether it answers it right. */
export interface BestRow {
  question: Question;
  confidence: number;
  right: boolean;
}

/** The text a ranked unit quotes, as a reply shows it. */
export const quotedText = (scored: RankedUnit) =>
  scored.pieces.map((piece) => textOf(scored.candidate.unit.passage, piece)).join('\n');

/**
 * A question's row, given the unit ranked first: as the stand-in decides, it answers, with its confidence,
 * unless a hard rule keeps it from answering or it shares no term with the question.
 */
export function rowOf(question: Question, first: RankedUnit | undefined, confidence: number): BestRow {
  const best =
    first !== undefined && !first.ruledOut && first.candidate.features.termCover > 0 ? first : undefined;
  return {
    question,
    confidence: best === undefined ? 0 : confidence,
    right: best !== undefined && question.answeredBy(best.candidate.unit.passage.id, quotedText(best)),
  };
}

/** Each question's best candidate under `model`: its confidence and whether it answers. */
export function bestOf(questions: Question[], model: ReaderModel): BestRow[] {
  return questions.map((question) => {
    const first = rankCandidates({ ...question, model }).ranked[0];
    return rowOf(question, first, first?.confidence ?? 0);
  });
}

/** A candidate unit of a question, as the reader is fitted on it. */
export interface Example {
  question: Question;
  scored: RankedUnit;
  features: number[];
  /** Whether it answers the question (Question.answeredBy). */
  label: boolean;
  weight: number;
}

/**
 * Every candidate of every question, labelled; each set weighs as much as another in total. Units the
 * hard rules keep from answering (confidence 0) are no examples: the model never decides them.
 */
export function examplesOf(questions: readonly Question[]): Example[] {
  const sets = [...new Set(questions.map((question) => question.set))];
  const perSet = new Map(
    sets.map((set) => [set, questions.filter((question) => question.set === set).length]),
  );
  return questions.flatMap((question) => {
    const { ranked } = rankCandidates(question);
    const weight =
      questions.length / sets.length / (perSet.get(question.set) ?? 1) / Math.max(1, ranked.length);
    return ranked
      .filter((scored) => !scored.ruledOut)
      .map((scored) => ({
        question,
        scored,
        features: vector(scored.candidate.features),
        label: question.answeredBy(scored.candidate.unit.passage.id, quotedText(scored)),
        weight,
      }));
  });
}

export function outcomeAt(best: readonly BestRow[], threshold: number): Outcome {
  const outcome: Outcome = { answerable: 0, unanswerable: 0, right: 0, wrong: 0, falseAnswers: 0 };
  for (const { question, confidence, right } of best) {
    if (question.answerable) outcome.answerable++;
    else outcome.unanswerable++;
    if (confidence < threshold) continue;
    if (right) outcome.right++;
    else if (question.answerable) outcome.wrong++;
    else outcome.falseAnswers++;
  }
  return outcome;
}

/**
 * What a threshold is worth on `best`: summed over the sets, each counting equally, the share of
 * answerable questions answered right minus FALSE_ANSWER_COST times the share of false answers.
 */
export function valueAt(best: readonly BestRow[], threshold: number): number {
  const sets = [...new Set(best.map((row) => row.question.set))];
  let value = 0;
  for (const set of sets) {
    const outcome = outcomeAt(
      best.filter((row) => row.question.set === set),
      threshold,
    );
    const rightShare = outcome.right / Math.max(1, outcome.answerable);
    const falseShare =
      (outcome.wrong + outcome.falseAnswers) / Math.max(1, outcome.answerable + outcome.unanswerable);
    value += rightShare - FALSE_ANSWER_COST * falseShare;
  }
  return value;
}

/**
 * The threshold of the highest value (valueAt), placed halfway between the confidence it admits and the
 * next one below.
 */
export function chooseThreshold(best: readonly BestRow[]): number {
  const levels = [...new Set(best.map((row) => row.confidence))].sort((a, b) => b - a);
  let chosen = 1;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const [at, level] of levels.entries()) {
    const value = valueAt(best, level);
    if (value > bestValue + 1e-12) {
      bestValue = value;
      const below = levels[at + 1] ?? 0;
      chosen = (level + below) / 2;
    }
  }
  return chosen;
}

/**
 * The lowest step of a trade-off table: every question whose best unit may answer at all (a confidence
 * above 0: not ruled out, sharing a word). What the first-ranked units could get right at best.
 */
export const ANY_CONFIDENCE = Number.MIN_VALUE;

/** The thresholds a trade-off table shows besides the fitted one (fit:reader, eval:squad --sweep). */
export const TRADE_OFF_STEPS: readonly number[] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

/**
 * What each threshold would give on `best` (the same model; only the threshold changes), set by set:
 * a markdown table of answered right / answered wrongly / unanswerable answered, a row a threshold.
 */
export function tradeOffTable(
  best: readonly BestRow[],
  thresholds: readonly number[],
  fitted: number,
): string {
  const sets = [...new Set(best.map((row) => row.question.set))];
  const ofSet = (set: string) => best.filter((row) => row.question.set === set);
  const steps = [...new Set([ANY_CONFIDENCE, ...thresholds, fitted])].sort((a, b) => a - b);
  const head = sets.map((set) => {
    const { answerable, unanswerable } = outcomeAt(ofSet(set), 1);
    return `${set} (${answerable} answerable, ${unanswerable} unanswerable)`;
  });
  const rows = steps.map((step) => {
    const label = step === ANY_CONFIDENCE ? 'any above 0' : `${step}${step === fitted ? ' (fitted)' : ''}`;
    const cells = sets.map((set) => {
      const outcome = outcomeAt(ofSet(set), step);
      return `${outcome.right} / ${outcome.wrong} / ${outcome.falseAnswers}`;
    });
    return `| ${label} | ${cells.join(' | ')} |`;
  });
  return [`| threshold | ${head.join(' | ')} |`, `|---|${sets.map(() => '---|').join('')}`, ...rows].join(
    '\n',
  );
}
