import { asName } from '../../text/name-case';
import { termOf } from '../../text/tokenize';
import { INNER_CAPITAL } from '../stated';
import type { Rule } from './rule';

/**
 * A name the question states (a place, person, people or language: "in egypt", "Artur Oppman"), or any
 * word it writes with a capital ("in Safari", "useEffectEvent"), is one an answer must hold: a unit whose
 * passage does not name it never answers, however much else it shares. A name is held only as written: no
 * stand-in of the thesaurus stands for one.
 */
export const nameRule: Rule<'name'> = {
  name: 'name',
  applies: (question) => question.names.length > 0,
  breaks({ unit }, question, passages) {
    const written = passages.written(unit.passage);
    const unnamed = question.names.find((name) => !written.has(termOf(name.toLowerCase())));
    return unnamed === undefined ? undefined : `is in a passage that never names ${shownName(unnamed)}`;
  },
};

/** A name as the question's reader shows it: with its capital, or as written when it has one inside. */
const shownName = (name: string) => (INNER_CAPITAL.test(name) ? name : asName(name));
