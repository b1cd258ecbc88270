// The question, read once: everything the stand-in's reader takes from its text, in one value. Only this
// folder reads the question's text (tests/architecture.test.ts); the rules (../rules/) and the features
// (../read.ts) read this value.
import { stripCourtesy } from '../../text/courtesy';
import { daysIn } from '../../text/days';
import { extractFigures, type Figure } from '../../text/figures';
import { asName } from '../../text/name-case';
import { isName } from '../../text/names';
import { fold, STOPWORDS, tokenize, tokensOf, wholeWord, words } from '../../text/tokenize';
import { type NamedVersion, versionsAsked } from '../../text/versions';
import type { QuestionReading } from '../../types';
import { FIRST_YEAR, INNER_CAPITAL, LAST_YEAR, negates, yearsIn } from '../stated';
import { AUXILIARIES, CLAUSE_OPENERS, LEAD_PREPOSITIONS, QUESTION_WORDS } from '../words';
import { type Constraints, constraintsOf } from './constraints';
import { formClause } from './form';
import { CAPITALISED, type QuestionShape, readQuestion } from './shape';

/**
 * What the stand-in's reader takes from a question. `readPassages` replaces `shape` with one whose terms
 * leave out the small words the passages show were typed wrong ("dose"); the other fields keep them.
 */
export interface Question {
  /** Its form and answer kind, content terms and the things it names. */
  shape: QuestionShape;
  /** What it fixes about its answer: currency, unit, period, what it counts, a value by name. */
  constraints: Constraints;
  /** Its terms as the text model reads them, in order, stopwords out (`tokenize`). */
  termsInOrder: readonly string[];
  /** The same terms as a set. */
  writtenTerms: ReadonlySet<string>;
  /** Its words, lower case (`words`). */
  words: ReadonlySet<string>;
  /** The figures it states, but "one" (as often a pronoun) and what figures.ts could not read. */
  figures: readonly Figure[];
  /**
   * The figures it takes as given, a date or a count ("Who shot the film on 45 mm stock?"): none in a
   * yes/no question, which may ask whether the figure is so, nor in a condition ("if I borrow 25
   * items"). A year is left to the years.
   */
  premises: readonly Figure[];
  /** Whether it takes premises: not a yes/no question, and no condition. */
  takesPremises: boolean;
  /** The versions it names of names the passages write with versions ("in preact v11"). */
  versionsAmong: (versionedNames: ReadonlySet<string>) => NamedVersion[];
  /** Whether it says "not", "never"… anywhere. */
  negated: boolean;
  /** Whether its asking clause asks what is not so ("What does the TEU not do?"); never a yes/no question. */
  negatedAsk: boolean;
  /** The words of its asking clause, or none. */
  askingWords: readonly string[];
  /** The years it states. */
  years: readonly number[];
  /** The names it states: WordNet's, capitalised words, camelCase words. */
  names: readonly string[];
  /** Capitalised words written one after the other, two or more: "React Server Components". */
  nameRuns: readonly (readonly string[])[];
}

/** The question's text read once, as the stand-in reads it. */
export function readQuestionText(text: string): Question {
  const shape = readQuestion(text);
  // A condition: "what happens if I borrow 25 items?", "what card do I need when I'm 16?".
  const takesPremises = shape.kind !== 'yes_no' && !CONDITIONAL.test(text);
  // "one" is as often a pronoun as a number ("one of the computers", "a new one"): no figure asked.
  const figures = extractFigures(text).filter(
    (figure) => figure.kind !== 'garbled' && figure.text.toLowerCase() !== 'one',
  );
  const asking = formClause(text);
  const capitalised = capitalisedIn(text);
  return {
    shape,
    constraints: constraintsOf(text),
    termsInOrder: tokenize(text),
    writtenTerms: new Set(tokenize(text)),
    words: new Set(words(text)),
    figures,
    premises: takesPremises
      ? figures.filter((figure) => PREMISE_KINDS.has(figure.kind) && !looksLikeYear(figure))
      : [],
    takesPremises,
    versionsAmong: (versionedNames) => (takesPremises ? versionsAsked(text, versionedNames) : []),
    negated: negates(text),
    negatedAsk: asking !== undefined && shape.kind !== 'yes_no' && asksNegated(asking),
    askingWords: asking === undefined ? [] : words(asking),
    years: yearsIn(text),
    names: [...new Set([...words(text).filter(isName), ...capitalised.words, ...camelCaseIn(text)])],
    nameRuns: capitalised.runs,
  };
}

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

// The figures a question can take as given and a unit contradict: a date, a count of something. Not a
// duration, a time or an amount, which a question about a manual as often states as a condition
// ("a book 3 days late", "open at 10 am" against "open 9:00 to 17:00", "a book worth 20 BOB").
const PREMISE_KINDS: ReadonlySet<Figure['kind']> = new Set(['date', 'number']);
// A condition: "what happens if I borrow 25 items?", "what card do I need when I'm 16?". "When" opening
// the question asks the time instead.
const CONDITIONAL = /(?<![\p{L}])(?:if|unless|whenever|once)(?![\p{L}])|(?<=\p{L}[^\p{L}]+)when(?![\p{L}])/iu;

/** A number of four digits that may be a year ("In 2012 who…", "the 2005 lawsuits"). */
const looksLikeYear = (figure: Figure) =>
  figure.kind === 'number' &&
  Number.isInteger(figure.value) &&
  figure.value >= FIRST_YEAR &&
  figure.value <= LAST_YEAR;

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

// A colon opens one too: "Towels: who washes them?".
const SENTENCE_OPENER = /^[.!?:]$/u;
