// What a question asks about: the kind of answer its form asks for, its content terms, and the things it
// names ("the head librarian", "a Visitor card", a capitalised name). Read once per question
// (question.ts); every unit is checked against it (../answerability.ts).
import { stripCourtesy } from '../../text/courtesy';
import { STOPWORDS, termOf, tokensOf, words } from '../../text/tokenize';
import {
  ASKS_OF_SUBJECT,
  BE,
  DO_AND_MODALS,
  FILLER_WORDS,
  NAMING_WORDS,
  PHRASE_BREAKERS,
  PHRASE_OPENERS,
  PRONOUN_ONE,
  RUN_ENDING_VERBS,
} from '../words';
import { type AnswerKind, formWordsOf, questionForm } from './form';

/** A word that is neither part of a thing the question names nor one a unit must share. */
const namesNothing = (word: string) =>
  PHRASE_BREAKERS.has(word) || NAMING_WORDS.has(word) || FILLER_WORDS.has(word);
// A capitalised word after these opens a sentence, not a name: "…on Sunday? Thanks!", "…? Cheers".
const SENTENCE_MARK = /^[.!?]$/u;
export const CAPITALISED = /^\p{Lu}/u;

/** A thing the question names, e.g. "head librarian" → terms ['head', 'librarian']. */
export interface Phrase {
  text: string;
  /** Stemmed, as `tokenize` gives them. */
  terms: string[];
  words: string[];
}

/** A question read once, for checking many units against it. */
export interface QuestionShape {
  kind: AnswerKind;
  /** The question's content terms, each once (`tokenize`, stopwords out, stemmed). */
  terms: string[];
  /** Each term's word as the question wrote it, for messages: 'magazin' → 'magazine'. */
  wordOf: ReadonlyMap<string, string>;
  phrases: Phrase[];
}

interface OpenPhrase {
  /** Each word as written (for messages) and as the text model reads it (for its term). */
  words: Array<{ written: string; word: string }>;
  /** Started by a capitalised word, not a determiner: only capitalised words continue it. */
  capitalsOnly: boolean;
  /** The subject after an auxiliary: the run may end in the verb ("does the library open"). */
  subject: boolean;
  /** A subject named without a determiner: its one word ("are dogs allowed"). */
  bare?: boolean;
}

/**
 * The things a question names: a run of content words after a determiner ("the head librarian") or
 * after "how many" / "how much" ("how many study rooms"), and a run of capitalised words anywhere but at
 * the start ("Saturday"). "What time does the library open on Saturday?" → [library], [Saturday]: the
 * answer type after "what" ("time") is not a thing named, nor is what the subject does ("open").
 */
export function phrasesOf(question: string): Phrase[] {
  const phrases: Phrase[] = [];
  let current: OpenPhrase | undefined;
  let previous = '';
  let beforePrevious = '';
  let previousOpened = false;
  let afterSentenceMark = false;
  const close = (ender: string) => {
    const run = current?.words ?? [];
    // After "does" the subject is followed by its verb: "does the library open on…" → library. Unless
    // the verb is the word that ended the run: "does the pool manager have…" → pool manager.
    const endsInVerb = current?.subject === true && run.length > 1 && !RUN_ENDING_VERBS.has(ender);
    const named = endsInVerb ? run.slice(0, -1) : run;
    if (named.length > 0) {
      phrases.push({
        text: named.map(({ written }) => written).join(' '),
        words: named.map(({ written }) => written),
        terms: named.map(({ word }) => termOf(word)),
      });
    }
    current = undefined;
  };
  // Read as the text model reads words: "the error boundary's method" names "error boundary", and
  // "an inter-library loan" one thing, "inter-library loan".
  tokensOf(question).forEach((token, position) => {
    const folded = token.kind === 'word' ? token.word.word : '';
    const read = { written: token.written, word: folded };
    const before = previous;
    const twoBefore = beforePrevious;
    const opensSentence = afterSentenceMark;
    const beforeOpened = previousOpened;
    previousOpened = position === 0 || opensSentence;
    beforePrevious = previous;
    previous = folded;
    afterSentenceMark = token.kind === 'mark' && SENTENCE_MARK.test(token.written);
    if (PRONOUN_ONE.has(folded) && current !== undefined) {
      // "a new one" points back at something named before; it names nothing to look for.
      current = undefined;
      return;
    }
    if (folded === '' || namesNothing(folded)) {
      close(folded);
      return;
    }
    if (STOPWORDS.has(folded)) {
      close(folded);
      if (PHRASE_OPENERS.has(folded)) {
        current = { words: [], capitalsOnly: false, subject: DO_AND_MODALS.has(before) };
      }
      return;
    }
    const capitalised = position > 0 && !opensSentence && CAPITALISED.test(token.written);
    if (before === 'who' && !capitalised) {
      // "Who cleans the sauna?": what the person does is what the question is about; "The sauna is for
      // adults only." names people, but not who cleans.
      close(folded);
      phrases.push({ text: token.written, words: [token.written], terms: [termOf(folded)] });
      return;
    }
    if (current !== undefined && (!current.capitalsOnly || capitalised) && !current.bare) {
      current.words.push(read);
      return;
    }
    close(folded);
    // The subject of an auxiliary, named without a determiner: "Are dogs allowed…?" is about dogs, and a
    // unit that does not name them does not answer it, however much else it shares.
    // A form of "be" has its subject after it where it opens the question ("Are dogs allowed?") or follows
    // "how much", "when", "where"…; in "What device is used…", "Who is responsible…" what follows is said
    // of the subject.
    const bareSubject =
      DO_AND_MODALS.has(before) ||
      (BE.has(before) && (beforeOpened || ASKS_OF_SUBJECT.has(twoBefore))) ||
      (before === 'there' && BE.has(twoBefore));
    if (capitalised) current = { words: [read], capitalsOnly: true, subject: false };
    // One word: with no determiner to start it, where the subject ends and its verb begins is a guess
    // ("does setState batch updates").
    else if (bareSubject) current = { words: [read], capitalsOnly: false, subject: true, bare: true };
  });
  close('');
  return phrases;
}

export function readQuestion(question: string): QuestionShape {
  const form = questionForm(question);
  // "long" of "how long", "time" of "what time": the form of the answer, not a thing it is about; nor
  // "times" of a second question's "how many times?".
  const formWords = formWordsOf(question, form);
  const wordOf = new Map<string, string>();
  // Courtesy is no part of what is asked: "Hi! … Cheers" must not be looked for in the answer.
  for (const word of words(stripCourtesy(question))) {
    if (word === '' || STOPWORDS.has(word) || namesNothing(word)) continue;
    if (PRONOUN_ONE.has(word) || formWords.has(word)) continue;
    if (!wordOf.has(termOf(word))) wordOf.set(termOf(word), word);
  }
  // "how many times can I renew a book?" names a book; "times" says what is counted, as a form.
  const phrases = phrasesOf(question).flatMap((phrase): Phrase[] => {
    const kept = phrase.words.flatMap((written, at) =>
      formWords.has(words(written)[0] ?? written.toLowerCase()) ? [] : [at],
    );
    if (kept.length === phrase.words.length) return [phrase];
    if (kept.length === 0) return [];
    const named = kept.map((at) => phrase.words[at] as string);
    return [{ text: named.join(' '), words: named, terms: kept.map((at) => phrase.terms[at] as string) }];
  });
  return { kind: form.kind, terms: [...wordOf.keys()], wordOf, phrases };
}
