import { STOPWORDS, termOf, tokenize, words } from '../../text/tokenize';
import { currenciesIn, DURATION_UNITS, periodsIn, SIDE, sideOfWord } from '../stated';

// What a question fixes about the form of its answer beyond its kind: the currency of an amount ("in US
// dollars"), the unit of a duration ("how many hours"), the period of a rate ("per week"). A unit stating
// the figure in another currency, unit or period does not answer it: "30.00 BOB" is not a price in US
// dollars, and "2 hours a day" is not hours per week. The stand-in quotes; it never converts.

/** What the question fixes, each empty when it fixes nothing. */
export interface Constraints {
  currencies: ReadonlySet<string>;
  /** 'day', 'week', 'hour', …: the unit of "how many hours". */
  unit?: string;
  /** The period of a rate: "per week", "a month", "weekly" → 'week'. */
  period?: string;
  /**
   * A span measured from an event on one side of it: "how early can I renew before it expires?" asks for
   * a duration "before" ("30 days before it expires"), which "12 months after the day…" is not.
   */
  measuredFrom?: 'before' | 'after';
  /** What "how many" counts, stemmed: "how many study rooms" → ['studi', 'room'], "how many days overdue" → ['day', 'overdu']. */
  counted?: string[];
  /** The word as the question wrote it: "rooms". */
  countedWord?: string;
  /** For "how many times": what a table column's header may say is counted, the question's terms. */
  countedByHeader?: string[];
  /** "What time…", "how late…": a clock time answers, a day does not. */
  clock: boolean;
  /** A value asked for by what it is ("the phone number", "the email address"): the unit must show one. */
  value?: { what: string; pattern: RegExp };
}

// Values asked for by name, and what shows one. A sentence that mentions "phone number" without giving
// one does not answer "what's the phone number?". A closed, general list.
const VALUES: ReadonlyArray<{ asked: RegExp; what: string; pattern: RegExp }> = [
  {
    asked: /\b(?:phone|telephone|fax|mobile)\s+(?:number|no)\b/iu,
    what: 'phone number',
    pattern: /\d[\d\s()-]{5,}\d/u,
  },
  { asked: /\be-?mail\b/iu, what: 'email address', pattern: /\S@\S/u },
  {
    asked: /\b(?:website|web\s+site|url|web\s+address)\b/iu,
    what: 'web address',
    pattern: /https?:\/\/|www\.|\w\.(?:com|org|net)\b/iu,
  },
  // A name is capitalised inside a sentence, or quoted: "the castle is called Mont-Saint-Michel".
  { asked: /\bname\s+of\b|\bcalled\b/iu, what: 'name', pattern: /(?<=\S\s+)\p{Lu}\p{L}+|["“‘']\p{L}/u },
  {
    asked: /\b(?:password|passcode|pin)\b/iu,
    what: 'password',
    pattern: /\b(?:password|passcode|pin)\b\s*(?:is|:)\s*\S/iu,
  },
];
// A question that opens by asking for something: "what's the email address for…", "tell me the PIN".
const ASKS_FOR_VALUE = /^\s*(?:what(?:'s|’s)?|which|tell\s+me|give\s+me)\s/iu;

// "How early…" or "how late…" measured from an event ("how early can I renew before it expires?", "how
// late after closing…") asks how long before or after it: a duration answers ("30 days before").
const ASKS_CLOCK = new RegExp(
  String.raw`\b(?:what\s+time|what\s+hour|how\s+(?:late|early)(?![^.?!;]*\b(?:${SIDE})\b))\b`,
  'iu',
);
// Not "how long … before", which as often asks the span until an event ("how long do you keep my
// account before I have to start over?" – "kept for 6 months after expiry").
const MEASURED_FROM = new RegExp(String.raw`\bhow\s+(?:early|late|soon)\b[^.?!;]*?\b(${SIDE})\b`, 'iu');
const UNIT_WORD = new RegExp(`^(${DURATION_UNITS.join('|')})s?$`, 'u');
const HOW_MANY = /\bhow\s+many\s+((?:[\p{L}'’-]+\s*){1,4})/iu;
// A question asking for one period's worth fixes the period as a rate does: "how much is a card for just
// one month?" is not answered by a price per year. Read in questions only: in a passage, "one week" is
// as often how long something lasts.
const ONE_PERIOD = new RegExp(
  String.raw`\b(?:for|in)\s+(?:just\s+|only\s+)?(?:one|1)\s+(${DURATION_UNITS.join('|')})\b`,
  'iu',
);
const TIMES = /^times?$/u;

/** What `question` fixes about its answer. */
export function constraintsOf(question: string): Constraints {
  const constraints: Constraints = { currencies: currenciesIn(question), clock: ASKS_CLOCK.test(question) };
  const measuredFrom = MEASURED_FROM.exec(question)?.[1];
  if (measuredFrom !== undefined) constraints.measuredFrom = sideOfWord(measuredFrom);
  const howMany = HOW_MANY.exec(question);
  if (howMany) {
    const run: string[] = [];
    for (const word of words(howMany[1] as string)) {
      if (STOPWORDS.has(word)) break;
      run.push(word);
    }
    if (run.length > 0) {
      // "how many days overdue": the unit is the first word; the thing may be any word of the run.
      const unit = UNIT_WORD.exec(run[0] as string)?.[1];
      if (unit !== undefined) constraints.unit = unit;
      constraints.counted = run.map(termOf);
      constraints.countedWord = run.join(' ');
      // "How many times can I renew a book?" counts renewals: "times" counts what the question does, as a
      // column's header says it ("Renewals"); a number in a sentence still counts times.
      if (TIMES.test(run[0] as string)) constraints.countedByHeader = tokenize(question);
    }
  }
  if (ASKS_FOR_VALUE.test(question)) {
    const value = VALUES.find(({ asked }) => asked.test(question));
    if (value !== undefined) constraints.value = { what: value.what, pattern: value.pattern };
  }
  const [period = ONE_PERIOD.exec(question)?.[1]?.toLowerCase()] = periodsIn(question);
  if (period !== undefined && period !== constraints.unit) constraints.period = period;
  return constraints;
}
