import { extractFigures } from '../text/figures';
import { termOf, words } from '../text/tokenize';
import type { Constraints } from './question/constraints';
import { currenciesIn, periodsIn } from './stated';

// Whether a unit keeps what the question fixes (question/constraints.ts): the currency of an amount, the
// unit of a duration, the period of a rate, what "how many" counts. Whether it states a figure of the kind
// asked is kinds.ts's. The stand-in quotes; it never converts.

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
