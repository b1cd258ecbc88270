import { brokenConstraint } from '../constraints';
import type { Rule } from './rule';

/**
 * What the question fixes about its answer (question/constraints.ts) the unit must keep: "30.00 BOB" is
 * not a price in US dollars, "2 hours a day" is not hours per week, a sentence naming the phone number
 * without one gives none.
 */
export const constraintRule: Rule<'constraint'> = {
  name: 'constraint',
  applies: () => true,
  breaks: ({ core, about }, question) =>
    brokenConstraint({ constraints: question.constraints, unit: core, about }),
};
