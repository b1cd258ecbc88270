import { asName } from '../../text/name-case';
import { termOf } from '../../text/tokenize';
import type { Rule } from './rule';

/**
 * A name of several words is named only where they are written together: a passage on React and on
 * server components does not name React Server Components.
 */
export const nameRunRule: Rule<'name run'> = {
  name: 'name run',
  applies: (question) => question.nameRuns.length > 0,
  breaks({ unit }, question, passages) {
    const written = passages.writtenInOrder(unit.passage);
    const unnamed = question.nameRuns.find((run) => !written.some((terms) => writesRun(terms, run)));
    return unnamed === undefined
      ? undefined
      : `is in a passage that never names ${unnamed.map(asName).join(' ')}`;
  },
};

const writesRun = (written: readonly string[], run: readonly string[]) =>
  written.some((_, at) => run.every((word, offset) => written[at + offset] === termOf(word)));
