import { describeMissingKind, holdsKind } from '../kinds';
import { OPEN_KINDS } from '../question/form';
import type { Rule } from './rule';

/**
 * A unit holding no answer of the kind the question's form asks for (no one for "who", no amount for
 * "how much", no place for "where") never answers. Forms that ask for no particular kind (yes/no, what,
 * which) are met by any unit.
 */
export const kindRule: Rule<'kind'> = {
  name: 'kind',
  applies: (question) => !OPEN_KINDS.has(question.shape.kind),
  breaks: ({ core }, question) =>
    holdsKind(question.shape.kind, core, question.writtenTerms)
      ? undefined
      : describeMissingKind(question.shape.kind),
};
