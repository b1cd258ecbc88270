import { yearsIn } from '../stated';
import type { Rule } from './rule';

/**
 * A year the question states, in passages that state years, is what it is about ("What happened in
 * 1987?" of a history): a unit that does not state it never answers. In passages that state none, a year
 * is only when the question is asked ("How much is a card in 2025?"); a number counting something is no
 * year ("1000 pages"); and other figures are as often conditions ("I'm 15"): those rule a unit out only
 * when it states them with another value (the other-figure rule). A year is stated as a year, or as the
 * same number otherwise written ("some 2,000 people" holds the 2000 of "where did 2000 people gather?").
 */
export const yearRule: Rule<'year'> = {
  name: 'year',
  applies: (question) => question.years.length > 0,
  breaks({ stated, figures }, question, passages) {
    if (!passages.statesYears) return undefined;
    const statedYears = yearsIn(stated);
    const missing = question.years.find(
      (year) => !statedYears.includes(year) && !figures.some((figure) => figure.value === year),
    );
    return missing === undefined ? undefined : `does not say ${missing}`;
  },
};
