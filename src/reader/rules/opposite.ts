import { lemmaCandidates } from '../../text/lemma';
import { oppositesOf } from '../../text/opposites';
import { STOPWORDS, termOf, tokenize, words } from '../../text/tokenize';
import type { AnswerKind } from '../question/form';
import type { Rule } from './rule';

/**
 * A unit stating the opposite of a word the question asks about, and not the word itself: "Lanes 1 and 2
 * are for fast swimmers." for "Which lanes are for slow swimmers?", a look-alike SQuAD's unanswerable
 * questions are often made by. Only where the question asks which thing, who or where: a yes/no question
 * is answered by the opposite ("Will I lose my account?" – "it is kept"), and a time, a figure or a
 * duration by a range ("open 9:00 to 20:00" says when the library closes). Nor when the unit states both
 * poles ("open 6 days a week and closed on public holidays").
 */
export const oppositeRule: Rule<'opposite'> = {
  name: 'opposite',
  applies: (question) => OPPOSABLE_KINDS.has(question.shape.kind),
  breaks({ stated }, question) {
    const { shape, words: askedWords } = question;
    const statedWords = new Set(words(stated));
    const statedTerms = new Set(tokenize(stated));
    // An adjective compared is also read as its base, against a unit's adjective compared: "oldest" says
    // the opposite of "youngest" ("old", "young"). Only compared against compared: "closest" is no
    // opposite of "open", though "close" (shut) is, nor "letter" of "prevent".
    const statedBases = new Set([...statedWords].flatMap(basesCompared));
    const askedBases = new Set([...askedWords].flatMap(basesCompared));
    for (const word of askedWords) {
      if (!shape.terms.includes(termOf(word)) || statedTerms.has(termOf(word))) continue;
      for (const opposite of oppositesOf(word)) {
        if (!statedWords.has(opposite) || askedWords.has(opposite)) continue;
        const bothPoles = [...oppositesOf(opposite)].some((other) => statedWords.has(other));
        if (!bothPoles) return `says "${opposite}", not "${word}"`;
      }
      for (const opposite of basesCompared(word).flatMap((base) => [...oppositesOf(base)])) {
        // A small word is no pole: "offer" is read as "off" too, whose opposite "on" is no comparison.
        if (STOPWORDS.has(opposite) || !statedBases.has(opposite) || askedBases.has(opposite)) continue;
        const bothPoles = [...oppositesOf(opposite)].some((other) => statedBases.has(other));
        if (!bothPoles) return `says "${opposite}", not "${word}"`;
      }
    }
    return undefined;
  },
};

/**
 * The bases a comparative or superlative may be made from ("oldest" → "old", "later" → "late", "best" →
 * "good"), as the thesaurus looks words up (`lemmaCandidates`); none for a word that is neither.
 */
function basesCompared(word: string): string[] {
  return /(?:er|est)$/u.test(word) ? lemmaCandidates(word).filter((form) => form !== word) : [];
}

const OPPOSABLE_KINDS: ReadonlySet<AnswerKind> = new Set(['thing', 'person', 'member', 'place']);
