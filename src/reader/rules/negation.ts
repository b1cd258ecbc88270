import { oppositesOf } from '../../text/opposites';
import { words } from '../../text/tokenize';
import { negates } from '../stated';
import type { Rule } from './rule';

/**
 * "What does the TEU not do?", "Who did she not work for?": a question that asks what is not so. A
 * sentence with no negation, and no opposite of a word asked ("closed" for "not open"), states what is so:
 * the look-alike SQuAD's unanswerable questions are often made by. A yes/no question is answered either
 * way (question.ts reads no negated ask in one).
 */
export const negationRule: Rule<'negation'> = {
  name: 'negation',
  applies: (question) => question.negatedAsk,
  breaks({ stated }, question) {
    const statedWords = new Set(words(stated));
    const opposes = question.askingWords.some((word) =>
      [...oppositesOf(word)].some((opposite) => statedWords.has(opposite)),
    );
    return !negates(stated) && !opposes ? 'states no negation' : undefined;
  },
};
