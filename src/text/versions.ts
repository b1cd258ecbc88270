import { daysIn } from './days';
import { isMonthName } from './figures';
import { STOPWORDS, termOf } from './tokenize';

const VERSION = String.raw`v?\d+(?:\.(?:\d+|x))*`;
// A version ends where no digit, letter, ".digit" or ":digit" follows: a sentence's full stop is not
// part of it, and "Saturday 10:00" is a time.
const VERSION_END = String.raw`(?![\p{L}\p{N}]|[.:]\d)`;
// A name and the version written after it: "Preact 10.2.0", "Preact v11", "preact-render-to-string
// 5.2.4", "Node 18", "@preact/signals 1.2", "Preact 8.x". One line holds both, and a name ends in a
// letter or a digit: "…your bundler.\n\n1. Install" is none.
const NAMED_VERSION = new RegExp(
  String.raw`(?<![\p{L}\p{N}@/._-])([@\p{L}](?:[\p{L}\p{N}@/._-]*[\p{L}\p{N}])?)[ \t]+(${VERSION})${VERSION_END}`,
  'gu',
);
// A second version of the same name: "from Preact 8 to 10", "Node 18 or 20".
const SECOND_VERSION = new RegExp(
  String.raw`^[ \t]+(?:to|or|and|through|vs\.?|-|–)[ \t]+(${VERSION})${VERSION_END}`,
  'iu',
);
// A version that bounds the ones that do: "Node 18 or later", "Chrome 110 and newer", "v10+"; "Preact 8
// and earlier".
const AT_LEAST = /^(?:\+|[ \t]+(?:or|and)[ \t]+(?:later|newer|above|higher|greater|up|over|beyond))/iu;
const AT_MOST = /^[ \t]+(?:or|and)[ \t]+(?:earlier|older|below|lower|under)/iu;
// How a text marks a name: a capital first ("Preact", "Node", "TypeScript"), or the characters of a
// package's name ("preact-render-to-string", "@preact/signals").
const MARKED_NAME = /^\p{Lu}|[@/._-]/u;
// Four digits alone are a year ("Since 2002", "the Scotland Act 1998"): the reader's rule on years
// covers those, as its date rules cover a month or a day and its number ("June 1755", "Saturday 14").
const YEAR = /^[12]\d{3}$/u;

/** One name written with a version. */
export interface NamedVersion {
  /** The name as the text model reads it ("preact" of "Preact"), so a question in lower case meets it. */
  name: string;
  /** The version's parts, its "v" and any "x" dropped: "v11" → ["11"], "8.x" → ["8"]. */
  parts: string[];
  /** As written: "Preact v11". */
  text: string;
  /** Written as a bound ("Node 18 or later", "Preact 8 and earlier"): it covers the versions past it. */
  bound?: 'at-least' | 'at-most';
}

const partsOf = (version: string) =>
  version
    .replace(/^v/u, '')
    .split('.')
    .filter((part) => part !== 'x');

function named(text: string, marked: boolean): NamedVersion[] {
  return [...text.matchAll(NAMED_VERSION)].flatMap((match): NamedVersion[] => {
    const [written, name, version] = match as unknown as [string, string, string];
    const word = name.toLowerCase();
    if (STOPWORDS.has(word) || word.length < 2 || isMonthName(word) || daysIn(word).size > 0) return [];
    if (YEAR.test(version) || (marked && !MARKED_NAME.test(name))) return [];
    const after = text.slice(match.index + written.length);
    const term = termOf(word);
    const bound = AT_LEAST.test(after) ? 'at-least' : AT_MOST.test(after) ? 'at-most' : undefined;
    const first: NamedVersion = {
      name: term,
      parts: partsOf(version),
      text: written,
      ...(bound && { bound }),
    };
    const second = SECOND_VERSION.exec(after);
    if (second === null) return [first];
    return [first, { name: term, parts: partsOf(second[1] as string), text: `${name} ${second[1]}` }];
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
 * before a number are not ("there's 7 of us", "room 5"). A bound asked ("adults 65 and over") is a
 * condition, not a version the answer must state.
 */
export function versionsAsked(question: string, known: ReadonlySet<string>): NamedVersion[] {
  return named(question, false).filter((version) => known.has(version.name) && version.bound === undefined);
}

/** -1, 0 or 1 as `a` comes before, is, or comes after `b`, compared to the places both are written to. */
function compare(a: NamedVersion, b: NamedVersion): number {
  const shared = Math.min(a.parts.length, b.parts.length);
  for (let at = 0; at < shared; at++) {
    const difference = Number(a.parts[at]) - Number(b.parts[at]);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/**
 * Whether a version stated covers one asked: the same written to fewer places ("10" and "10.11.0";
 * "10.x" and "10.23"), or inside a bound ("Node 18 or later" covers "node 20").
 */
export function covers(stated: NamedVersion, asked: NamedVersion): boolean {
  const order = compare(asked, stated);
  if (stated.bound === 'at-least') return order >= 0;
  if (stated.bound === 'at-most') return order <= 0;
  return order === 0;
}

/**
 * How `stated` gives a name the question asks a version of only in other versions ("says Preact v10,
 * not preact v11"); undefined when it states none of that name, or one covering a version asked. Of a
 * name asked in two versions ("from preact 8 to 10"), either will do.
 */
export function otherVersion(
  asked: readonly NamedVersion[],
  stated: readonly NamedVersion[],
): string | undefined {
  for (const name of new Set(asked.map((version) => version.name))) {
    const askedOf = asked.filter((version) => version.name === name);
    const statedOf = stated.filter((version) => version.name === name);
    const [first] = statedOf;
    if (first !== undefined && !statedOf.some((one) => askedOf.some((other) => covers(one, other)))) {
      return `says ${first.text}, not ${(askedOf[0] as NamedVersion).text}`;
    }
  }
  return undefined;
}
