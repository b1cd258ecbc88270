// The reader model's features: each a number in [0, 1] that says how a unit meets the question, by name.
// A logistic model fitted on the development sets (scripts/fit-reader.ts, docs/reader-fit.md) weighs them
// into a confidence; DESIGN.md's table describes each, and a test holds its names equal to these.
import { statesAskedFigure } from './kinds';
import { OPEN_KINDS } from './question/form';
import type { Question } from './question/question';
import { negates } from './stated';

/** What the features read of one unit, its passages and the question (read.ts makes it). */
export interface UnitSeen {
  /** The question, its shape without the terms read as typos. */
  question: Question;
  /** The unit's own text, and its lead-in or header ('' when none). */
  core: string;
  about: string;
  /** What it states: `about`, then `core`. */
  stated: string;
  /** The question's terms it holds, with those held by other words (days, times, stand-ins). */
  terms: ReadonlySet<string>;
  /** The same, read with its passage's headings and first sentence. */
  readWith: ReadonlySet<string>;
  /** Each question term's weight over the units of the context (idf-like), and their sum. */
  weights: ReadonlyMap<string, number>;
  totalWeight: number;
  /** The share of the question's terms no passage of the context holds. */
  unseen: number;
  /** Whether the unit's section is the first passage retrieved. */
  first: boolean;
  /** The share of the question's terms its own passage lacks and another passage holds. */
  elsewhere: number;
}

/** `part` of `whole` as a share; 1 when `whole` is 0. */
export const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/** The features, in the order the fitted weights follow and each is read. */
export const FEATURE_NAMES = [
  'termCover',
  'contextCover',
  'unseenTerms',
  'phraseCover',
  'kindExact',
  'openForm',
  'focus',
  'firstPassage',
  'negationAbsent',
  'termsElsewhere',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

/**
 * Every feature, name → how it reads a unit. A feature may read those before it in FEATURE_NAMES
 * (`focus` is a product of three).
 */
export const FEATURES: Record<FeatureName, (unit: UnitSeen, before: Partial<Features>) => number> = {
  /** The idf-weighted share of the question's terms the unit holds. */
  termCover: ({ question, terms, weights, totalWeight }: UnitSeen) =>
    totalWeight === 0
      ? 0
      : question.shape.terms.reduce(
          (sum, term) => sum + (terms.has(term) ? (weights.get(term) ?? 0) : 0),
          0,
        ) / totalWeight,
  /** The share of the question's terms the unit holds with its passage's headings and first sentence. */
  contextCover: ({ question, readWith }: UnitSeen) =>
    share(question.shape.terms.filter((term) => readWith.has(term)).length, question.shape.terms.length),
  /** The share of the question's terms no passage of the context uses. */
  unseenTerms: ({ unseen }: UnitSeen) => unseen,
  /** The share of the words of the things the question names (`phrasesOf`) the unit holds. */
  phraseCover: ({ question, readWith }: UnitSeen) => {
    const phraseWords = question.shape.phrases.flatMap((phrase) => phrase.terms);
    return share(phraseWords.filter((term) => readWith.has(term)).length, phraseWords.length);
  },
  /** A figure of exactly the kind asked (`statesAskedFigure`): "7 days", not "7 items", for "how long". */
  kindExact: ({ question, core, about }: UnitSeen) =>
    statesAskedFigure({ kind: question.shape.kind, constraints: question.constraints, unit: core, about })
      ? 1
      : 0,
  /** The question's form asks for no particular kind ("tell me about holds"). */
  openForm: ({ question }: UnitSeen) => (OPEN_KINDS.has(question.shape.kind) ? 1 : 0),
  /**
   * What the question names and the kind of answer it asks for, in one unit: the two together say more
   * than either ("| Magazines | 14 days | 1 |" for "how long can I keep a magazine?").
   */
  focus: (_: UnitSeen, before: Partial<Features>) =>
    (before.phraseCover ?? 0) * (before.kindExact ?? 0) * (before.termCover ?? 0),
  /** The unit's section is the best retrieved. */
  firstPassage: ({ first }: UnitSeen) => (first ? 1 : 0),
  /** A negation the question states and the unit does not: "which lanes are not for swimming?". */
  negationAbsent: ({ question, stated }: UnitSeen) => (question.negated && !negates(stated) ? 1 : 0),
  /** The share of the question's terms its own passage lacks and another passage of the context holds. */
  termsElsewhere: ({ elsewhere }: UnitSeen) => elsewhere,
};

/** Every feature of one unit, each read in FEATURE_NAMES' order. */
export function featuresOf(unit: UnitSeen): Features {
  const features: Partial<Features> = {};
  for (const name of FEATURE_NAMES) features[name] = FEATURES[name](unit, features);
  return features as Features;
}
