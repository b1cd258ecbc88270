import { extractFigures } from '../text/figures';
import { termOf, words } from '../text/tokenize';
import { assertNever } from '../types';
import type { Constraints } from './question/constraints';
import { type AnswerKind, VERSION_NUMBER } from './question/form';
import { currenciesIn, periodsIn, SIDE, sideOfWord } from './stated';

// Whether a unit keeps what the question fixes (question/constraints.ts): the currency of an amount, the
// unit of a duration, the period of a rate, what "how many" counts; and whether it states a figure of the
// kind asked. The stand-in quotes; it never converts.

/** The first constraint `unit` breaks, in plain words, or undefined when it keeps them all. */
export function brokenConstraint(options: {
  constraints: Constraints;
  unit: string;
  /** The lead-in or header the unit is read with. */
  about?: string;
}): string | undefined {
  const { constraints, unit, about = '' } = options;
  const figures = extractFigures(unit);
  if (constraints.currencies.size > 0) {
    const stated = new Set([
      ...figures.flatMap((figure) => (figure.kind === 'amount' && figure.unit !== '' ? [figure.unit] : [])),
      ...currenciesIn(unit),
    ]);
    const asked = [...constraints.currencies];
    if (!asked.some((code) => stated.has(code))) {
      if (stated.size > 0) return `states ${[...stated].join(', ')}, not ${asked.join(', ')}`;
      // A question that names a currency asks for a price in it, whatever its form ("what is the overdue
      // charge in euros?"): a unit stating no amount gives none. Nor does one saying who pays nothing
      // ("Junior card holders pay no overdue charges"): the stand-in cannot tell whether that is the
      // price asked about, and refuses rather than guess. An amount naming no currency ("5.00") may be it.
      if (!figures.some((figure) => figure.kind === 'amount')) {
        return `states no amount in ${asked.join(', ')}`;
      }
    }
  }
  if (constraints.unit !== undefined) {
    const units = new Set(figures.flatMap((figure) => (figure.kind === 'duration' ? [figure.unit] : [])));
    if (units.size > 0 && !units.has(constraints.unit)) {
      return `states ${[...units].map((unit) => `${unit}s`).join(', ')}, not ${constraints.unit}s`;
    }
  }
  if (constraints.counted !== undefined && !countsAskedThing(constraints, unit, about)) {
    return `states no number of ${constraints.countedWord ?? constraints.counted}`;
  }
  if (constraints.value !== undefined && !constraints.value.pattern.test(unit)) {
    return `states no ${constraints.value.what}`;
  }
  if (constraints.period !== undefined) {
    const periods = periodsIn(unit);
    if (periods.size > 0 && !periods.has(constraints.period)) {
      return `gives a figure per ${[...periods].join(', ')}, not per ${constraints.period}`;
    }
  }
  return undefined;
}

/** Whether a figure of `unit` counts what "how many" asks about: "6 study rooms" for "how many rooms". */
export function countsAskedThing(constraints: Constraints, unit: string, about = ''): boolean {
  const { counted } = constraints;
  if (counted === undefined) return true;
  const figures = extractFigures(unit);
  if (figures.some((figure) => figure.kind === 'duration' && counted.includes(termOf(figure.unit))))
    return true;
  // A number counts the noun right after it, or after one word more ("6 study rooms"); a duration counts
  // its unit. "15 minutes after the start of a booking" counts minutes, not bookings.
  const countsIt = (figure: (typeof figures)[number]) =>
    figure.kind !== 'duration' && figure.counts.slice(0, 2).some((word) => counted.includes(word));
  if (figures.some(countsIt)) return true;
  // A table cell counts what its column's header names: "Renewals" over "| Books | 21 days | 3 |".
  const byHeader = constraints.countedByHeader ?? counted;
  return figures.length > 0 && words(about).some((word) => byHeader.includes(termOf(word)));
}

const MEASURED_KINDS: ReadonlySet<AnswerKind> = new Set(['time', 'duration']);

/**
 * Whether `unit` writes `figureText` with the side asked right after it, at any of its places: "30 days
 * before it expires", "7 days in advance", "45 days after the due date".
 */
function onSide(unit: string, figureText: string, side: 'before' | 'after'): boolean {
  for (let at = unit.indexOf(figureText); at >= 0; at = unit.indexOf(figureText, at + 1)) {
    const next = SIDE_NEXT.exec(unit.slice(at + figureText.length))?.[1];
    if (next !== undefined && sideOfWord(next) === side) return true;
  }
  return false;
}

const SIDE_NEXT = new RegExp(String.raw`^\s+(${SIDE})\b`, 'iu');

const FREQUENCY = /\b(?:hourly|daily|weekly|monthly|yearly|annually|once|twice|every)\b/iu;
/**
 * A unit that says something costs nothing answers "how much" as well as a price does: "free", "no
 * charge", "costs nothing", "pay no overdue charges", "no fees".
 */
export const FREE = /\b(?:free|costs? nothing|pays? no(?:thing)?|no (?:\w+ )?(?:charges?|fees?|costs?))\b/iu;

/**
 * Whether `unit` states a figure of exactly the kind asked: a duration for "how long", an amount (or
 * "free") for "how much", a clock time for "what time", a number counting the thing for "how many".
 * Forms that ask for no figure are met by any unit.
 */
export function statesAskedFigure(options: {
  kind: AnswerKind;
  constraints: Constraints;
  unit: string;
  about?: string;
}): boolean {
  const { kind, constraints, unit, about = '' } = options;
  const figures = extractFigures(unit);
  const has = (...kinds: string[]) => figures.some((figure) => kinds.includes(figure.kind));
  // Measured from an event, the span must be on the side asked: "30 days before", not "12 months after".
  // A time question is answered by a clock time as well ("How late are you open after Christmas?").
  const side = constraints.measuredFrom;
  if (side !== undefined && MEASURED_KINDS.has(kind)) {
    return (
      (kind === 'time' && has('time')) ||
      figures.some((figure) => figure.kind === 'duration' && onSide(unit, figure.text, side))
    );
  }
  switch (kind) {
    case 'amount':
      return has('amount', 'percent') || FREE.test(unit);
    case 'count':
      return has('number', 'duration') && countsAskedThing(constraints, unit, about);
    case 'duration':
      return has('duration') || FREQUENCY.test(unit);
    case 'time':
      return constraints.clock ? has('time') : has('time', 'date', 'duration', 'number');
    case 'age':
    case 'measure':
      return has('number', 'duration');
    case 'version':
      return VERSION_NUMBER.test(unit);
    case 'person':
    case 'member':
    case 'place':
    case 'yes_no':
    case 'thing':
      return true;
    default:
      return assertNever(kind);
  }
}
