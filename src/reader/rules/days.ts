import { daysIn } from '../../text/days';
import type { Rule } from './rule';

/**
 * A day of the week a question asks the time of, in a passage that gives days ("When do you close on
 * Friday?"): "The library is open 6 days a week" does not say; "Monday to Friday: 9:00 to 20:00" does. A
 * unit must state one of the days asked. Only for a time: elsewhere a day is as often a condition the
 * answer need not repeat ("Can I return books on Sunday?" – "at any time in the book drop"); and only in a
 * passage that names days, as a passage about the book drop says when without one.
 */
export const daysRule = {
  name: 'days',
  applies: (question) => question.days.size > 0,
  breaks({ unit, stated }, question, passages) {
    const missing =
      passages.namesDays(unit.passage) && [...daysIn(stated)].every((day) => !question.days.has(day));
    return missing ? 'names none of the days asked about' : undefined;
  },
} as const satisfies Rule<'days'>;
