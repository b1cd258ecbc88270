import { codeKey } from '../stated';
import type { Rule } from './rule';

/**
 * A code of letters then digits the question states ("a3", "v11", "mp3"): a paper size, a version, a
 * format, which the text model reads as a word and a number. Not a time or an ordinal ("9am", "1st"):
 * digits first. A unit whose passage does not write it never answers.
 */
export const codeRule = {
  name: 'code',
  applies: (question) => question.codes.length > 0,
  breaks({ unit }, question, passages) {
    const codes = passages.codes(unit.passage);
    const uncoded = question.codes.find((code) => !codes.has(codeKey(code)));
    return uncoded === undefined ? undefined : `is in a passage that never names ${uncoded}`;
  },
} as const satisfies Rule<'code'>;
