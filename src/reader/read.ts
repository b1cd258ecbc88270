import { stripCourtesy } from '../text/courtesy';
import { daysIn } from '../text/days';
import { contradictingFigure, extractFigures, type Figure } from '../text/figures';
import { lemmaCandidates } from '../text/lemma';
import { asName } from '../text/name-case';
import { isName } from '../text/names';
import { oppositesOf } from '../text/opposites';
import { fold, STOPWORDS, termOf, tokenize, tokensOf, wholeWord, words } from '../text/tokenize';
import { otherVersion, versionsAsked, versionsIn } from '../text/versions';
import type { Passage, QuestionReading } from '../types';
import {
  CAPITALISED,
  checkUnit,
  holdsKind,
  LAST_YEAR,
  type QuestionShape,
  readQuestion,
  type UnitVerdict,
} from './answerability';
import { brokenConstraint, type Constraints, constraintsOf, statesAskedFigure } from './constraints';
import { type AnswerKind, formClause, OPEN_KINDS } from './question-form';
import { typoOfFunctionWord } from './typos';
import { textOf, type Unit, unitsOf } from './units';
import {
  AUXILIARIES,
  CLAUSE_OPENERS,
  LEAD_PREPOSITIONS,
  NEGATIONS,
  PARTS_OF_DAY,
  QUESTION_WORDS,
} from './words';

// The stand-in as a scored reader: every unit of every passage in the context is a candidate, described
// by a few features of how it meets the question; a logistic model fitted on the development sets
// (scripts/fit-reader.ts, docs/reader-fit.md) turns them into a confidence.

/** The features, in the order the fitted weights follow. Each is in [0, 1]. */
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
 * The hard rules, in the order they are read: a unit that breaks one never answers, whatever its
 * confidence, and the first one broken is the reason given. DESIGN.md's table describes each;
 * `npm run measure:rules` turns each off in turn and counts what changes. "kind" is read by the
 * stand-in's ranking (extractive.ts) from `holdsKind`; the others here.
 */
export const HARD_RULES = [
  'name',
  'name run',
  'code',
  'constraint',
  'opposite',
  'year',
  'other figure',
  'days',
  'negation',
  'kind',
] as const;
export type HardRule = (typeof HARD_RULES)[number];

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
  /** Whether the unit holds an answer of the kind the form asks for (read by the kind rule). */
  holdsKind: boolean;
  /**
   * How many of the question's pairs of neighbouring terms the unit writes side by side ("duty librarian
   * kept my charge" in "the duty librarian keeps the charge"). Not a feature: it only orders units the
   * model is equally sure of, which share the same words and differ in how they put them.
   */
  pairs: number;
  /**
   * Why a constraint of the question is not kept, in plain words: such a unit never answers, whatever
   * its confidence ("30.00 BOB" for a price in US dollars, "2 hours a day" for hours per week).
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

const negates = (text: string) => words(text).some((word) => NEGATIONS.has(word));

// Four digits, and the word after them if there is one: "in 1987", "In 1985, the pool…", "1000 pages".
const FOUR_DIGITS = /(?<![\p{L}\p{N}.,])(\d{4})(?![\p{L}\p{N}]|[.,]\d)(?:\s+(\p{L}+))?/gu;
const FIRST_YEAR = 1000;
// A word in the plural, as four digits count it: "1000 pages", not "the 1985 film" or "the 2010 census".
const PLURAL = /[^su]s$/iu;

/**
 * The years a text states: four digits not counting what follows them ("1000 pages" is no year). A year
 * is as often written before the singular noun it qualifies ("the 1985 film", "the 2005 lawsuit").
 */
function yearsIn(text: string): number[] {
  const years: number[] = [];
  for (const [, digits, next] of fold(text).matchAll(FOUR_DIGITS)) {
    const value = Number(digits);
    const counts = next !== undefined && !STOPWORDS.has(next.toLowerCase()) && PLURAL.test(next);
    if (value >= FIRST_YEAR && value <= LAST_YEAR && !counts) years.push(value);
  }
  return years;
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/**
 * The question as retrieval read it: a word no passage of the corpus uses, read there as the corpus word
 * one or two slips away ("libary" → "library"), is read so here too. Otherwise the typo would count as a
 * term no passage holds and as a word the answer must show, and a question retrieval understood would be
 * refused for a slip of the keyboard. A name typed in lower case is written with its capital ("paris" →
 * "Paris"), so that it is read as the name the answer must hold, as it is when typed so.
 */
export function questionAsRead(question: string, reading: QuestionReading | undefined): string {
  const slips = reading?.readAs ?? [];
  const names = reading?.names ?? [];
  if (slips.length === 0 && names.length === 0) return question;
  // Retrieval names each word as it read it, accents folded ("libäry" is "libary"): so is the question.
  let read = fold(question);
  // Retrieval reads a slip or a name only in a word of letters alone, so neither needs escaping.
  for (const { written, readAs } of slips) read = read.replace(wholeWord(written, 'giu'), () => readAs);
  // A name typed with its capital is read as typed.
  for (const name of names) read = read.replace(wholeWord(name, 'gu'), () => asName(name));
  return read;
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
  question: string;
  passages: readonly Passage[];
  /**
   * Question terms the corpus lacks → the corpus terms retrieval read them as through the thesaurus
   * ("shut" → "close"): a text holding one of them holds the question's word.
   */
  standIns?: ReadonlyMap<string, readonly string[]>;
  /** Rules turned off, to measure them; none in every real reading. */
  off?: Ablation;
}): Reading {
  const { question, passages } = options;
  const rulesOff = options.off?.rules ?? new Set<HardRule>();
  const standIns = options.standIns ?? new Map<string, readonly string[]>();
  const fullShape = readQuestion(question);
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
  const constraints = constraintsOf(question);
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
  const open = OPEN_KINDS.has(shape.kind) ? 1 : 0;
  const askedTerms = new Set(tokenize(question));
  // "one" is as often a pronoun as a number ("one of the computers", "a new one"): no figure asked.
  const askedFigures = extractFigures(question).filter(
    (figure) => figure.kind !== 'garbled' && figure.text.toLowerCase() !== 'one',
  );
  // The figures a question that is no yes/no question takes as given ("Who shot the film on 45 mm
  // stock?", "What happened on 12 April?"): a unit stating the same measure with another value answers
  // another question. A yes/no question may ask whether the figure is so ("Can I borrow 25 items?"),
  // and the unit stating another one answers it.
  // A year is left to the rule for years below, which knows when a passage states any.
  const takesPremises = shape.kind !== 'yes_no' && !conditional(question);
  const askedPremises = takesPremises
    ? askedFigures.filter((figure) => PREMISE_KINDS.has(figure.kind) && !looksLikeYear(figure))
    : [];
  // So is a version the question names ("in preact v11", "upgrade guide preact 7", "Article 102"), of a
  // name the passages write with versions: a unit stating only other versions of it is about those.
  const versionedNames = new Set(
    passages
      .flatMap((passage) => versionsIn(`${passage.trail.join('\n')}\n${passage.text}`))
      .map((version) => version.name),
  );
  const askedVersions = takesPremises ? versionsAsked(question, versionedNames) : [];
  const askedNegation = negates(question);
  // "What does the TEU not do?", "Who did she not work for?": a question that asks what is not so. A
  // sentence with no negation, and no opposite of a word asked ("closed" for "not open"), states what is
  // so: the look-alike SQuAD's unanswerable questions are often made by. A yes/no question is answered
  // either way.
  const asking = formClause(question);
  const negatedAsk = asking !== undefined && shape.kind !== 'yes_no' && asksNegated(asking);
  const askingWords = asking === undefined ? [] : words(asking);
  const opposesAsked = (stated: Set<string>) =>
    askingWords.some((word) => [...oppositesOf(word)].some((opposite) => stated.has(opposite)));
  // A year the question states, in passages that state years, is what it is about ("What happened in
  // 1987?" of a history): a unit that does not state it never answers. In passages that state none, a year
  // is only when the question is asked ("How much is a card in 2025?"); a number counting something is no
  // year ("1000 pages"); and other figures are as often conditions ("I'm 15"): those rule a unit out only
  // when it states them with another value (the other-figure rule).
  const statesYears = passages.some((passage) => yearsIn(passage.text).length > 0);
  const askedYears = statesYears ? yearsIn(question) : [];
  // So is a day of the week a question asks the time of, in a passage that gives days ("When do you close
  // on Friday?"): "The library is open 6 days a week" does not say; "Monday to Friday: 9:00 to 20:00" does.
  // A unit must state one of the days asked. Only for a time: elsewhere a day is as often a condition the
  // answer need not repeat ("Can I return books on Sunday?" – "at any time in the book drop"); and only in
  // a passage that names days, as a passage about the book drop says when without one.
  const askedDays = shape.kind === 'time' ? daysIn(question) : new Set<number>();
  const namesDays = new Map(
    passages.map((passage) => [passage, askedDays.size > 0 && daysIn(sectionText(passage)).size > 0]),
  );

  // A name the question states (a place, person, people or language: "in egypt", "Artur Oppman"), or any
  // word it writes with a capital ("in Safari", "useEffectEvent"), is one an answer must hold: a unit
  // whose passage does not name it never answers, however much else it shares.
  const capitalised = capitalisedIn(question);
  const names = [
    ...new Set([...words(question).filter(isName), ...capitalised.words, ...camelCaseIn(question)]),
  ];
  // A name of several words is named only where they are written together: a passage on React and on
  // server components does not name React Server Components.
  const termsInOrder = (text: string) => words(text).map(termOf);
  const writesRun = (written: readonly string[], run: readonly string[]) =>
    written.some((_, at) => run.every((word, offset) => written[at + offset] === termOf(word)));
  const writtenInOrder = new Map(
    passages.map((passage) => [
      passage,
      [termsInOrder(passage.trail.join('\n')), termsInOrder(sectionText(passage))],
    ]),
  );

  // So is a code of letters then digits ("a3", "v11", "mp3"): a paper size, a version, a format, which
  // the text model reads as a word and a number. Not a time or an ordinal ("9am", "1st"): digits first.
  const codes = codesIn(question);
  const codesOfPassage = new Map(
    passages.map((passage) => [
      passage,
      new Set(
        codes.length === 0
          ? []
          : codesIn(`${passage.trail.join('\n')}\n${sectionText(passage)}`).map(codeKey),
      ),
    ]),
  );

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

  const askedPairs = pairsOf(tokenize(question).filter((term) => shape.terms.includes(term)));

  const candidates = units.map((unit, at): Candidate => {
    const text = unitText(unit);
    const terms = withOtherWords(unitTerms[at] as Set<string>, otherWords, text);
    const context = contextOf(openingOf(sectionOf.get(unit.passage) as Passage[], unit.passage));
    const readWith = withOtherWords(new Set([...terms, ...tokenize(context)]), otherWords, context);
    const held = shape.terms.reduce((sum, term) => sum + (terms.has(term) ? (weights.get(term) ?? 0) : 0), 0);
    const phraseWords = shape.phrases.flatMap((phrase) => phrase.terms);
    const about = unit.about === undefined ? '' : textOf(unit.passage, unit.about);
    // What the unit states, read with its header or lead-in.
    const stated = `${about}\n${textOf(unit.passage, unit.core)}`;
    const unitFigures = extractFigures(stated);
    const statedYears = yearsIn(stated);
    // A year is stated as a year, or as the same number otherwise written ("some 2,000 people" holds
    // the 2000 of "where did 2000 people gather?").
    const missingYear = askedYears.find(
      (year) => !statedYears.includes(year) && !unitFigures.some((figure) => figure.value === year),
    );
    const contradicted =
      contradictionOf(askedPremises, unitFigures, stated) ??
      (askedVersions.length === 0 ? undefined : otherVersion(askedVersions, versionsIn(stated)));
    const missesDays =
      namesDays.get(unit.passage) === true && [...daysIn(stated)].every((day) => !askedDays.has(day));
    // A name is held only as written: no stand-in of the thesaurus stands for one.
    const unnamed = names.find(
      (name) => !(writtenOfPassage.get(unit.passage) as Set<string>).has(termOf(name.toLowerCase())),
    );
    const unnamedRun = capitalised.runs.find(
      (run) => !(writtenInOrder.get(unit.passage) as string[][]).some((written) => writesRun(written, run)),
    );
    const uncoded = codes.find(
      (code) => !(codesOfPassage.get(unit.passage) as Set<string>).has(codeKey(code)),
    );
    // Each rule as its name and the reason it gives, read in HARD_RULES' order until one is broken.
    const rules: ReadonlyArray<readonly [HardRule, () => string | undefined]> = [
      [
        'name',
        () => (unnamed === undefined ? undefined : `is in a passage that never names ${shownName(unnamed)}`),
      ],
      [
        'name run',
        () =>
          unnamedRun === undefined
            ? undefined
            : `is in a passage that never names ${unnamedRun.map(asName).join(' ')}`,
      ],
      ['code', () => (uncoded === undefined ? undefined : `is in a passage that never names ${uncoded}`)],
      ['constraint', () => brokenConstraint({ constraints, unit: textOf(unit.passage, unit.core), about })],
      ['opposite', () => saysTheOpposite(shape, question, stated)],
      ['year', () => (missingYear === undefined ? undefined : `does not say ${missingYear}`)],
      ['other figure', () => contradicted],
      ['days', () => (missesDays ? 'names none of the days asked about' : undefined)],
      [
        'negation',
        () =>
          negatedAsk && !negates(stated) && !opposesAsked(new Set(words(stated)))
            ? 'states no negation'
            : undefined,
      ],
    ];
    let broken: string | undefined;
    for (const [name, breaks] of rules) {
      if (rulesOff.has(name)) continue;
      broken = breaks();
      if (broken !== undefined) break;
    }
    const features: Features = {
      termCover: totalWeight === 0 ? 0 : held / totalWeight,
      contextCover: share(shape.terms.filter((term) => readWith.has(term)).length, shape.terms.length),
      unseenTerms: unseen,
      phraseCover: share(phraseWords.filter((term) => readWith.has(term)).length, phraseWords.length),
      kindExact: statesAskedFigure({
        kind: shape.kind,
        constraints,
        unit: textOf(unit.passage, unit.core),
        about,
      })
        ? 1
        : 0,
      openForm: open,
      focus: 0,
      firstPassage: (sectionOf.get(unit.passage) as Passage[]).includes(passages[0] as Passage) ? 1 : 0,
      negationAbsent: 0,
      termsElsewhere: elsewhere.get(unit.passage) ?? 0,
    };
    // What the question names, and the kind of answer it asks for, in one unit: the two together say
    // more than either ("| Magazines | 14 days | 1 |" for "how long can I keep a magazine?").
    features.focus = features.phraseCover * features.kindExact * features.termCover;
    // A negation the question states and the unit does not: "which lanes are not for swimming?" of one
    // saying which are.
    features.negationAbsent = askedNegation && !negates(stated) ? 1 : 0;

    const verdict = checkUnit({ question: shape, unit: text, context });
    const written = pairsOf(tokenize(text));
    const pairs = [...askedPairs].filter((pair) => written.has(pair)).length;
    const holds = holdsKind(shape.kind, textOf(unit.passage, unit.core), askedTerms);
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

/** A number of four digits that may be a year ("In 2012 who…", "the 2005 lawsuits"). */
const looksLikeYear = (figure: Figure) =>
  figure.kind === 'number' &&
  Number.isInteger(figure.value) &&
  figure.value >= FIRST_YEAR &&
  figure.value <= LAST_YEAR;

// The figures a question can take as given and a unit contradict: a date, a count of something. Not a
// duration, a time or an amount, which a question about a manual as often states as a condition
// ("a book 3 days late", "open at 10 am" against "open 9:00 to 17:00", "a book worth 20 BOB").
const PREMISE_KINDS: ReadonlySet<Figure['kind']> = new Set(['date', 'number']);
// A condition: "what happens if I borrow 25 items?", "what card do I need when I'm 16?". "When" opening
// the question asks the time instead.
const CONDITIONAL = /(?<![\p{L}])(?:if|unless|whenever|once)(?![\p{L}])|(?<=\p{L}[^\p{L}]+)when(?![\p{L}])/iu;
const conditional = (question: string) => CONDITIONAL.test(question);
// A figure stated as a bound ("up to 20 items", "under 18", "within 30 days", "from … to 17:00") is a
// limit, which a figure asked within it does not contradict. The pattern reads the bound's last words
// before the figure, so "to" also reads "up to", and "more than" "no more than".
const BOUND_BEFORE =
  /(?<![\p{L}])(?:under|over|within|after|before|until|by|from|to|between|and|more\s+than|less\s+than|fewer\s+than|at\s+least|at\s+most|maximum(?:\s+of)?|minimum(?:\s+of)?)\s*$/iu;

/** How a unit states one of the question's premises otherwise, in plain words; undefined when it does not. */
function contradictionOf(
  premises: readonly Figure[],
  stated: readonly Figure[],
  text: string,
): string | undefined {
  const unbounded = stated.filter((figure) => {
    const at = text.indexOf(figure.text);
    return at < 0 || !BOUND_BEFORE.test(text.slice(Math.max(0, at - 24), at));
  });
  for (const premise of premises) {
    const other = contradictingFigure(premise, unbounded);
    // The value stated anywhere, even as a bound, may be the one asked about.
    if (other !== undefined && !stated.some((figure) => figure.value === premise.value)) {
      return `says ${other.text}, not ${premise.text}`;
    }
  }
  return undefined;
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

/**
 * Whether a clause asks what is not so: a question word (after a preposition, "In what year…"), at most
 * three words, an auxiliary, at most five words, then "not" or "never" ("What did the Treaties not seek to
 * do?", "Which items can't be renewed?", "Who was the only member state not to veto…?"). A negation
 * further on is in a clause of its own, a condition or a relative clause the answer need not repeat: "How
 * much is a card if I'm not a member?", "What does compat provide that isn't in hooks?", "How long does a
 * hold I haven't picked up wait?" (a second auxiliary); and "no" is not asked ("room no. 5", "no more
 * than 4").
 */
export function asksNegated(clause: string): boolean {
  const said = words(clause);
  let at = LEAD_PREPOSITIONS.has(said[0] ?? '') ? 1 : 0;
  if (!QUESTION_WORDS.has(said[at] ?? '')) return false;
  at += 1;
  let auxiliary = -1;
  for (let next = at; next < Math.min(said.length, at + 4); next++) {
    const word = said[next] as string;
    if (AUXILIARY_WORDS.has(word)) {
      auxiliary = next;
      break;
    }
    if (CLAUSE_OPENERS.has(word)) return false;
  }
  if (auxiliary < 0) return false;
  for (let next = auxiliary + 1; next < Math.min(said.length, auxiliary + 7); next++) {
    const word = said[next] as string;
    if (word === 'not' || word === 'never') return true;
    if (AUXILIARY_WORDS.has(word) || CLAUSE_OPENERS.has(word)) return false;
  }
  return false;
}

const AUXILIARY_WORDS: ReadonlySet<string> = new Set(AUXILIARIES);

/**
 * Whether the unit states the opposite of a word the question asks about, and not the word itself: "Lanes 1
 * and 2 are for fast swimmers." for "Which lanes are for slow swimmers?", a look-alike SQuAD's unanswerable
 * questions are often made by. Only where the question asks which thing, who or where: a yes/no question
 * is answered by the opposite ("Will I lose my account?" – "it is kept"), and a time, a figure or a
 * duration by a range ("open 9:00 to 20:00" says when the library closes). Nor when the unit states both
 * poles ("open 6 days a week and closed on public holidays"). Such a unit never answers.
 */
function saysTheOpposite(shape: QuestionShape, question: string, stated: string): string | undefined {
  if (!OPPOSABLE_KINDS.has(shape.kind)) return undefined;
  const statedWords = new Set(words(stated));
  const statedTerms = new Set(tokenize(stated));
  const askedWords = new Set(words(question));
  // An adjective compared is also read as its base, against a unit's adjective compared: "oldest" says
  // the opposite of "youngest" ("old", "young"). Only compared against compared: "closest" is no
  // opposite of "open", though "close" (shut) is, nor "letter" of "prevent".
  const statedBases = new Set([...statedWords].flatMap(basesCompared));
  const askedBases = new Set([...askedWords].flatMap(basesCompared));
  for (const word of askedWords) {
    if (!shape.terms.includes(termOf(word)) || statedTerms.has(termOf(word))) continue;
    for (const opposite of oppositesOf(word)) {
      if (!statedWords.has(opposite) || askedWords.has(opposite)) continue;
      const bothPoles = [...oppositesOf(opposite)].some((other) => statedWords.has(other));
      if (!bothPoles) return `says "${opposite}", not "${word}"`;
    }
    for (const opposite of basesCompared(word).flatMap((base) => [...oppositesOf(base)])) {
      // A small word is no pole: "offer" is read as "off" too, whose opposite "on" is no comparison.
      if (STOPWORDS.has(opposite) || !statedBases.has(opposite) || askedBases.has(opposite)) continue;
      const bothPoles = [...oppositesOf(opposite)].some((other) => statedBases.has(other));
      if (!bothPoles) return `says "${opposite}", not "${word}"`;
    }
  }
  return undefined;
}

/**
 * The bases a comparative or superlative may be made from ("oldest" → "old", "later" → "late", "best" →
 * "good"), as the thesaurus looks words up (`lemmaCandidates`); none for a word that is neither.
 */
function basesCompared(word: string): string[] {
  return /(?:er|est)$/u.test(word) ? lemmaCandidates(word).filter((form) => form !== word) : [];
}

const OPPOSABLE_KINDS: ReadonlySet<AnswerKind> = new Set(['thing', 'person', 'member', 'place']);

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

/**
 * Words written with a capital inside a sentence ("Safari", "PHP", and a month, "in March"; not "I", a
 * day or a figure): names as the asker wrote them. None in a question typed all in capitals or in title
 * case, where a capital says nothing of the word. `runs` holds those written one after the other, two or
 * more: names of several words ("React Server Components").
 */
function capitalisedIn(question: string): { words: string[]; runs: string[][] } {
  const found: string[] = [];
  const runs: string[][] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length > 1) runs.push(run);
    run = [];
  };
  // Content words not opening a sentence: those a capital could mark as names.
  let markable = 0;
  let opens = true;
  // Courtesy is no name: "…, Thanks", "Cheers".
  for (const token of tokensOf(stripCourtesy(question))) {
    if (token.kind === 'mark') {
      opens = SENTENCE_OPENER.test(token.written);
      endRun();
      continue;
    }
    const { word } = token.word;
    const counts = !STOPWORDS.has(word) && daysIn(word).size === 0 && extractFigures(word).length === 0;
    if (counts && !opens) markable++;
    if (counts && !opens && CAPITALISED.test(token.written)) {
      found.push(word);
      run.push(word);
    } else endRun();
    opens = false;
  }
  endRun();
  // Title case capitalises every such word; a question leaving one in lower case ("Does Preact support
  // React Server Components?") writes the others with capitals because they are names.
  const everyWord = found.length > 1 && found.length >= markable;
  return everyWord ? { words: [], runs: [] } : { words: found, runs };
}

/**
 * Words written with a capital after a small letter ("useEffectEvent", "getServerSideProps", "iPhone"),
 * as written: the names of things in code and products, however the rest of the question is typed.
 */
function camelCaseIn(question: string): string[] {
  return tokensOf(question).flatMap((token) =>
    token.kind === 'word' && INNER_CAPITAL.test(token.written) && !STOPWORDS.has(token.word.word)
      ? [token.written]
      : [],
  );
}

const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;

const CODE = /(?<![\p{L}\p{N}])\p{L}+\p{N}[\p{L}\p{N}]*(?![\p{L}\p{N}])/gu;

/** A text's codes of letters then digits as written, accents folded: "A3", "v11". */
function codesIn(text: string): string[] {
  return [...fold(text).matchAll(CODE)].map(([code]) => code);
}

/** A code as compared: lower case, a plural's "s" after its digits dropped ("MP3s" is "mp3"). */
const codeKey = (code: string) => code.toLowerCase().replace(/(?<=\p{N})s$/u, '');

/** A name as the question's reader shows it: with its capital, or as written when it has one inside. */
const shownName = (name: string) => (INNER_CAPITAL.test(name) ? name : asName(name));

// A colon opens one too: "Towels: who washes them?".
const SENTENCE_OPENER = /^[.!?:]$/u;
