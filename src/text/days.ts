import { fold } from './tokenize';

// The days of the week a text states, ranges spelt out: "Monday to Friday" states Wednesday too, as
// "weekdays" does. Timetables give a day's hours that way, so a question about one day meets the range.

export const DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const FULL_NAME = /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?$/iu;
// Short forms only with their capital ("Mon", "MON"), and only joined to another day or before a colon
// ("Mon–Fri", "Sat & Sun", "Sat:"): alone, "sat", "wed" and "sun" are other words.
const SHORT_FORM = /^(mon|tues?|weds?|thu|thurs?|fri|sat|sun)$/iu;
const CAPITAL = /^\p{Lu}/u;
const SHORT_FORMS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WORD = /\p{L}+/gu;
// What joins the two ends of a range, a short form's dot before it: "to", "through (to)", "till", "until"
// or any dash ("Mon.–Fri.", "Mon‒Fri", "Mon−Fri").
const RANGE_JOIN = /^\.?\s*(?:[-‐‑‒–—−]|to|through(?:\s+to)?|thru|till|until)\s*$/iu;
// What joins two days of a list: "Sat & Sun", "Sat, Sun", "Sat and Sun", "Sat/Sun".
const LIST_JOIN = /^\.?\s*(?:[,&/]|and|or)\s*$/iu;
const BEFORE_COLON = /^\.?\s*:/u;
const WEEKDAYS = /(?<![\p{L}\p{N}])week-?days?(?![\p{L}\p{N}])/iu;
const WEEKENDS = /(?<![\p{L}\p{N}])week-?ends?(?![\p{L}\p{N}])/iu;

interface DayWord {
  day: number;
  short: boolean;
  start: number;
  end: number;
}

function dayWordsOf(text: string): DayWord[] {
  const found: DayWord[] = [];
  for (const match of text.matchAll(WORD)) {
    const [word] = match;
    const full = FULL_NAME.exec(word);
    const short = full === null && CAPITAL.test(word) ? SHORT_FORM.exec(word) : null;
    const name = full?.[1] ?? short?.[1];
    if (name === undefined) continue;
    const start = match.index;
    const day = SHORT_FORMS.indexOf(name.toLowerCase().slice(0, 3));
    found.push({ day, short: full === null, start, end: start + word.length });
  }
  return found;
}

/** The days of the week `text` states (0 is Monday): each day of a range, and of "weekdays" or "weekends". */
export function daysIn(text: string): Set<number> {
  const folded = fold(text);
  const days = new Set<number>();
  const dayWords = dayWordsOf(folded);
  const joined = new Set<DayWord>();
  for (const [at, first] of dayWords.entries()) {
    const last = dayWords[at + 1];
    if (last === undefined) continue;
    const between = folded.slice(first.end, last.start);
    if (LIST_JOIN.test(between)) joined.add(first).add(last);
    if (!RANGE_JOIN.test(between)) continue;
    joined.add(first).add(last);
    // A range runs forward and may wrap: "Friday to Monday" is four days.
    for (let day = first.day; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === last.day) break;
    }
  }
  for (const word of dayWords) {
    if (!word.short || joined.has(word) || BEFORE_COLON.test(folded.slice(word.end))) days.add(word.day);
  }
  if (WEEKDAYS.test(folded)) for (const day of [0, 1, 2, 3, 4]) days.add(day);
  if (WEEKENDS.test(folded)) for (const day of [5, 6]) days.add(day);
  return days;
}
