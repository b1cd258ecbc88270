import { daysIn } from '../text/days';
import { extractFigures } from '../text/figures';
import { tokenize } from '../text/tokenize';
import { versionsIn } from '../text/versions';
import type { Passage, QuestionReading } from '../types';
import { checkUnit, type UnitVerdict } from './answerability';
import { FEATURE_NAMES, type FeatureName, type Features, featuresOf, share } from './features';
import { holdsKind } from './kinds';
import type { Constraints } from './question/constraints';
import type { Question } from './question/question';
import type { QuestionShape } from './question/shape';
import { typoOfFunctionWord } from './question/typos';
import { type HardRule, type PassagesRead, RULES } from './rules';
import { termsInOrder, yearsIn } from './stated';
import { textOf, type Unit, unitsOf } from './units';
import { PARTS_OF_DAY } from './words';

// The stand-in as a scored reader: every unit of every passage in the context is a candidate, described
// by a few features of how it meets the question; a logistic model fitted on the development sets
// (scripts/fit-reader.ts, docs/reader-fit.md) turns them into a confidence.

export { FEATURE_NAMES, type FeatureName, type Features } from './features';

export { HARD_RULES, type HardRule } from './rules';

/**
 * Rules and features turned off, only to measure what each one changes (`npm run measure:rules`): a
 * rule off never rules a unit out, a feature off adds nothing to the confidence (its weight as if 0).
 */
export interface Ablation {
  rules?: ReadonlySet<HardRule>;
  features?: ReadonlySet<FeatureName>;
}

export interface Candidate {
  unit: Unit;
  features: Features;
  /** The answerability check's verdict, for the words of a refusal. */
  verdict: UnitVerdict;
  /** Whether the unit holds an answer of the kind the form asks for (rules/kind.ts), for a refusal's words. */
  holdsKind: boolean;
  /**
   * How many of the question's pairs of neighbouring terms the unit writes side by side ("duty librarian
   * kept my charge" in "the duty librarian keeps the charge"). Not a feature: it only orders units the
   * model is equally sure of, which share the same words and differ in how they put them.
   */
  pairs: number;
  /**
   * The first hard rule (rules/) the unit breaks, as its reason in plain words: such a unit never answers,
   * whatever its confidence ("states 30.00 BOB, not USD" for a price in US dollars).
   */
  broken?: string;
}

export interface Reading {
  shape: QuestionShape;
  constraints: Constraints;
  candidates: Candidate[];
  /** Question words taken as typos of small words ("dose" for "does") and left out. */
  typos: string[];
  /** The question's terms no passage holds, read by the text model as the features read them. */
  unseen: string[];
}

/**
 * The question's words retrieval read through the thesaurus, as terms → the corpus terms standing for
 * them ("shut" → "clos"): what `readPassages` counts a text holding one of them as holding.
 */
export function standInsOf(reading: QuestionReading | undefined): Map<string, readonly string[]> {
  // The reading names each stand-in as the passages write it ("closed"), for a person to read: read
  // here as terms, as the texts they are looked for in are.
  return new Map(
    (reading?.expanded ?? []).flatMap(({ written, terms }) => {
      const standIns = terms.flatMap((word) => tokenize(word));
      return tokenize(written).map((term) => [term, standIns]);
    }),
  );
}

/** What a unit says and what it is read with: its core, and the lead-in or header that says of what. */
function unitText(unit: Unit): string {
  const core = textOf(unit.passage, unit.core);
  return unit.about === undefined ? core : `${textOf(unit.passage, unit.about)}\n${core}`;
}

/** Every unit of every passage, described against the question. */
export function readPassages(options: {
  /** The question, read once (question/question.ts). */
  question: Question;
  passages: readonly Passage[];
  /**
   * Question terms the corpus lacks → the corpus terms retrieval read them as through the thesaurus
   * ("shut" → "close"): a text holding one of them holds the question's word.
   */
  standIns?: ReadonlyMap<string, readonly string[]>;
  /** Rules turned off, to measure them; none in every real reading. */
  off?: Ablation;
}): Reading {
  const { passages } = options;
  const rulesOff = options.off?.rules ?? new Set<HardRule>();
  const standIns = options.standIns ?? new Map<string, readonly string[]>();
  const fullShape = options.question.shape;
  // A question's word for days is held by a text naming one of them: "weekdays" by "Monday to Friday",
  // "saturday" by "Sat:". Timetables rarely repeat the question's word for the days they give.
  const daysOfTerm = new Map(
    fullShape.terms.flatMap((term) => {
      const days = daysIn(fullShape.wordOf.get(term) ?? term);
      return days.size > 0 ? [[term, days] as const] : [];
    }),
  );
  // So is a time question's part of the day ("on a monday morning", "in the evening") by a text stating
  // a clock time: "open 9:00 to 20:00" says when in the morning.
  const partsOfDay =
    fullShape.kind === 'time'
      ? fullShape.terms.filter((term) => PARTS_OF_DAY.has(fullShape.wordOf.get(term) ?? term))
      : [];
  const otherWords: OtherWords = { days: daysOfTerm, partsOfDay, standIns };
  // A section cut into parts at ingest (a long "useErrorBoundary" section) is one text: what one part
  // names, the others are about too. Only the parts given are read.
  const sectionOf = sectionsOf(passages);
  const textOfSection = new Map(
    passages.map((passage) => [
      passage,
      (sectionOf.get(passage) as Passage[]).map((part) => part.text).join('\n\n'),
    ]),
  );
  const sectionText = (passage: Passage) => textOfSection.get(passage) as string;
  // The terms each passage's section writes, headings included; and with the question's words it holds
  // through days, times and stand-ins.
  const writtenOfPassage = new Map(
    passages.map((passage) => [
      passage,
      new Set([...tokenize(sectionText(passage)), ...tokenize(passage.trail.join(' '))]),
    ]),
  );
  const termsOfPassage = new Map(
    passages.map((passage) => [
      passage,
      withOtherWords(writtenOfPassage.get(passage) as Set<string>, otherWords, sectionText(passage)),
    ]),
  );
  const contextTerms = new Set([...termsOfPassage.values()].flatMap((terms) => [...terms]));
  // A word no passage uses that is one slip from a small word is that word mistyped: "dose" → "does".
  const typos = fullShape.terms.filter(
    (term) => !contextTerms.has(term) && typoOfFunctionWord(fullShape.wordOf.get(term) ?? term),
  );
  const shape: QuestionShape = {
    ...fullShape,
    terms: fullShape.terms.filter((term) => !typos.includes(term)),
    phrases: fullShape.phrases.filter((phrase) => !phrase.terms.every((term) => typos.includes(term))),
  };
  const question: Question = { ...options.question, shape };
  const { constraints } = question;
  const units = passages.flatMap((passage) => unitsOf(passage));
  const unitTerms = units.map((unit) => withStandIns(new Set(tokenize(unitText(unit))), standIns));
  const weight = (term: string) => {
    const holding = unitTerms.filter((terms) => terms.has(term)).length;
    return Math.log(1 + (units.length + 1) / (holding + 1));
  };
  const weights = new Map(shape.terms.map((term) => [term, weight(term)]));
  const totalWeight = [...weights.values()].reduce((sum, value) => sum + value, 0);
  const unseenTerms = shape.terms.filter((term) => !contextTerms.has(term));
  const unseen = share(unseenTerms.length, shape.terms.length);

  // What the rules read of the passages, each when a rule first asks.
  const read: PassagesRead = {
    written: (passage) => writtenOfPassage.get(passage) as Set<string>,
    writtenInOrder: once((passage) => [
      termsInOrder(passage.trail.join('\n')),
      termsInOrder(sectionText(passage)),
    ]),
    statesYears: passages.some((passage) => yearsIn(passage.text).length > 0),
    askedVersions: question.versionsAmong(
      new Set(
        passages
          .flatMap((passage) => versionsIn(`${passage.trail.join('\n')}\n${passage.text}`))
          .map((version) => version.name),
      ),
    ),
  };
  const rules = RULES.filter((rule) => !rulesOff.has(rule.name) && rule.applies(question));

  // A term the unit's passage lacks and another passage of the context holds says the question is about
  // what that other passage describes ("book a computer" of the study rooms' passage, when the computers'
  // passage is given too).
  const elsewhere = new Map(
    passages.map((own) => {
      const held = shape.terms.filter(
        (term) =>
          !(termsOfPassage.get(own) as Set<string>).has(term) &&
          passages.some((other) => other !== own && (termsOfPassage.get(other) as Set<string>).has(term)),
      ).length;
      return [own, shape.terms.length === 0 ? 0 : held / shape.terms.length];
    }),
  );

  const askedPairs = pairsOf(question.termsInOrder.filter((term) => shape.terms.includes(term)));

  const candidates = units.map((unit, at): Candidate => {
    const text = unitText(unit);
    const terms = withOtherWords(unitTerms[at] as Set<string>, otherWords, text);
    const context = contextOf(openingOf(sectionOf.get(unit.passage) as Passage[], unit.passage));
    const readWith = withOtherWords(new Set([...terms, ...tokenize(context)]), otherWords, context);
    const about = unit.about === undefined ? '' : textOf(unit.passage, unit.about);
    const core = textOf(unit.passage, unit.core);
    // What the unit states, read with its header or lead-in.
    const stated = `${about}\n${core}`;
    const unitRead = { unit, core, about, stated, figures: extractFigures(stated) };
    // The first rule the unit breaks, in RULES' order, and the reason it gives.
    let broken: string | undefined;
    for (const rule of rules) {
      broken = rule.breaks(unitRead, question, read);
      if (broken !== undefined) break;
    }
    const features = featuresOf({
      question,
      core,
      about,
      stated,
      terms,
      readWith,
      weights,
      totalWeight,
      unseen,
      first: (sectionOf.get(unit.passage) as Passage[]).includes(passages[0] as Passage),
      elsewhere: elsewhere.get(unit.passage) ?? 0,
    });

    const verdict = checkUnit({ question: shape, unit: text, context });
    const written = pairsOf(tokenize(text));
    const pairs = [...askedPairs].filter((pair) => written.has(pair)).length;
    const holds = holdsKind(shape.kind, core, question.writtenTerms);
    return { unit, features, verdict, holdsKind: holds, pairs, ...(broken === undefined ? {} : { broken }) };
  });
  return {
    shape,
    constraints,
    candidates,
    typos: typos.map((term) => fullShape.wordOf.get(term) ?? term),
    unseen: unseenTerms,
  };
}

/** `compute` for each passage, once: a rule may ask of every unit of the same passage. */
function once<T>(compute: (passage: Passage) => T): (passage: Passage) => T {
  const known = new Map<Passage, T>();
  return (passage) => {
    if (!known.has(passage)) known.set(passage, compute(passage));
    return known.get(passage) as T;
  };
}

/**
 * The question's words a text may hold by other words: its day terms with their days, a time question's
 * parts of the day, and the words read through the thesaurus with their stand-ins.
 */
interface OtherWords {
  days: ReadonlyMap<string, Set<number>>;
  partsOfDay: readonly string[];
  standIns: ReadonlyMap<string, readonly string[]>;
}

/** `terms` with each question word one of whose stand-ins they hold. */
function withStandIns(terms: Set<string>, standIns: ReadonlyMap<string, readonly string[]>): Set<string> {
  const held = [...standIns]
    .filter(([term, targets]) => !terms.has(term) && targets.some((target) => terms.has(target)))
    .map(([term]) => term);
  return held.length === 0 ? terms : new Set([...terms, ...held]);
}

/**
 * `terms` with each question word held through a stand-in, each of the question's day terms whose days
 * `text` names, and its parts of the day when `text` states a clock time.
 */
function withOtherWords(given: Set<string>, otherWords: OtherWords, text: string): Set<string> {
  const { days: daysOfTerm, partsOfDay, standIns } = otherWords;
  const terms = withStandIns(given, standIns);
  if (daysOfTerm.size === 0 && partsOfDay.length === 0) return terms;
  const named = daysIn(text);
  const held = [...daysOfTerm]
    .filter(([term, days]) => !terms.has(term) && [...days].some((day) => named.has(day)))
    .map(([term]) => term);
  if (partsOfDay.length > 0 && extractFigures(text).some((figure) => figure.kind === 'time')) {
    held.push(...partsOfDay.filter((term) => !terms.has(term)));
  }
  return held.length === 0 ? terms : new Set([...terms, ...held]);
}

/** Each term with the one after it, as "a b". */
function pairsOf(terms: readonly string[]): Set<string> {
  return new Set(terms.slice(1).map((term, at) => `${terms[at]} ${term}`));
}

/**
 * Each passage → the given parts of its section, itself included, in the order given. `src/ingest/chunk.ts`
 * gives a long section's parts its file, heading line and headings, and its id with "-2", "-3"… after it
 * (renumbered as "-2-1" when another heading took "-2"): parts share all of these but the number.
 */
function sectionsOf(passages: readonly Passage[]): Map<Passage, Passage[]> {
  const key = (passage: Passage) =>
    JSON.stringify([passage.file, passage.line, passage.trail, passage.id.replace(PART_NUMBER, '')]);
  const parts = new Map<string, Passage[]>();
  for (const passage of passages) parts.set(key(passage), [...(parts.get(key(passage)) ?? []), passage]);
  return new Map(passages.map((passage) => [passage, parts.get(key(passage)) as Passage[]]));
}

// The numbers a part's id ends in: "hooks#useerrorboundary-2", "step-2-1".
const PART_NUMBER = /(?:-\d+)+$/u;

/**
 * The section's opening part, when it is given: the one whose id every other part's id extends ("x" of
 * "x-2" and "x-3"); else `own`, read as a passage of its own.
 */
function openingOf(parts: readonly Passage[], own: Passage): Passage {
  const opening = parts.find((part) =>
    parts.every((other) => other === part || other.id.startsWith(`${part.id}-`)),
  );
  return opening ?? own;
}

/** What a unit is read with: its passage's headings and first sentence say what it is about. */
function contextOf(passage: Passage): string {
  const [first] = unitsOf(passage);
  return [...passage.trail, first === undefined ? '' : textOf(passage, first.core)].join('\n');
}

/** A fitted logistic model: weights by feature name, a bias, and the confidence an answer needs. */
export interface ReaderModel {
  bias: number;
  weights: Features;
  threshold: number;
  source: string;
}

/** The model's confidence that `features` describe a unit that answers, in (0, 1). */
export function confidence(model: Pick<ReaderModel, 'bias' | 'weights'>, features: Features): number {
  let z = model.bias;
  for (const name of FEATURE_NAMES) z += model.weights[name] * features[name];
  return 1 / (1 + Math.exp(-z));
}
