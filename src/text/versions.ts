import { isMonthName } from './figures';
import { STOPWORDS, termOf } from './tokenize';

// A name and the version written after it: "Preact 10.2.0", "Preact v11", "preact-render-to-string
// 5.2.4", "Node 18", "@preact/signals 1.2", "Preact 8.x". A version ends where no digit, letter or
// ".digit" follows, so a sentence's full stop is not part of it.
// One line holds both, and a name ends in a letter or a digit: "…your bundler.\n\n1. Install" is none.
const NAMED_VERSION =
  /(?<![\p{L}\p{N}@/._-])([@\p{L}](?:[\p{L}\p{N}@/._-]*[\p{L}\p{N}])?)[ \t]+(v?\d+(?:\.(?:\d+|x))*)(?![\p{L}\p{N}]|\.\d)/gu;
// How a text marks a name: a capital first ("Preact", "Node", "TypeScript"), or the characters of a
// package's name ("preact-render-to-string", "@preact/signals").
const MARKED_NAME = /^\p{Lu}|[@/._-]/u;
// Four digits alone are a year ("Since 2002", "the Scotland Act 1998"): the reader's rule on years
// covers those, as its date rules cover a month and its day ("June 1755", "October 9").
const YEAR = /^[12]\d{3}$/u;

/** One name written with a version. */
export interface NamedVersion {
  /** The name as the text model reads it ("preact" of "Preact"), so a question in lower case meets it. */
  name: string;
  /** The version's parts, its "v" and any "x" dropped: "v11" → ["11"], "8.x" → ["8"]. */
  parts: string[];
  /** As written: "Preact v11". */
  text: string;
}

function named(text: string, marked: boolean): NamedVersion[] {
  return [...text.matchAll(NAMED_VERSION)].flatMap((match): NamedVersion[] => {
    const [written, name, version] = match as unknown as [string, string, string];
    const word = name.toLowerCase();
    if (STOPWORDS.has(word) || word.length < 2 || isMonthName(word) || YEAR.test(version)) return [];
    if (marked && !MARKED_NAME.test(name)) return [];
    const parts = version
      .replace(/^v/u, '')
      .split('.')
      .filter((part) => part !== 'x');
    return [{ name: termOf(word), parts, text: written }];
  });
}

/**
 * The versions a text writes after a name it marks as one: "Preact 10.2.0", "Node 18". A word written
 * in lower case before a number is no name ("study rooms 5", "costs 2.00").
 */
export const versionsIn = (text: string): NamedVersion[] => named(text, true);

/**
 * The versions a question writes after a word, whatever its case ("in preact v11", "upgrade guide
 * preact 7 to 8"): people type names in lower case. Only the names `known` are versions; other words
 * before a number are not ("there's 7 of us", "room 5").
 */
export function versionsAsked(question: string, known: ReadonlySet<string>): NamedVersion[] {
  return named(question, false).filter((version) => known.has(version.name));
}

/**
 * Whether two versions of a name can be the same: one is the other written to fewer places ("10" and
 * "10.11.0"; "10.x" and "10.23").
 */
export function sameVersion(a: NamedVersion, b: NamedVersion): boolean {
  const shared = Math.min(a.parts.length, b.parts.length);
  return a.parts.slice(0, shared).every((part, at) => Number(part) === Number(b.parts[at]));
}

/**
 * How `stated` gives a name the question asks a version of only in other versions ("says Preact v10,
 * not preact v11"); undefined when it states none of that name, or one of the versions asked. Of a name
 * asked in two versions ("from Preact 8 to Preact 10"), either will do.
 */
export function otherVersion(
  asked: readonly NamedVersion[],
  stated: readonly NamedVersion[],
): string | undefined {
  for (const name of new Set(asked.map((version) => version.name))) {
    const askedOf = asked.filter((version) => version.name === name);
    const statedOf = stated.filter((version) => version.name === name);
    const [first] = statedOf;
    if (first !== undefined && !statedOf.some((one) => askedOf.some((other) => sameVersion(one, other)))) {
      return `says ${first.text}, not ${(askedOf[0] as NamedVersion).text}`;
    }
  }
  return undefined;
}
