// Example questions for the first screen, made from the headings of the documents loaded, never written
// by hand: they follow whatever the visitor loads. Part of the first download, so it uses no text rules
// (src/text is fetched with the first question): a heading's words, cased as a sentence, and a question
// mark.
import type { Passage } from '../../types';

/** A heading that starts with one of these is a question already: "Who Can Join" → "Who can join?". */
const QUESTION_WORDS = new Set([
  'are',
  'can',
  'do',
  'does',
  'how',
  'is',
  'should',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
]);

/**
 * A word in title case ("Periods") in lower case; names in capitals and code ("DVD", "useState") kept,
 * and "I".
 */
const TITLE_CASE = /^\p{Lu}[\p{Ll}'’-]*$/u;
const asInSentence = (word: string) => (word !== 'I' && TITLE_CASE.test(word) ? word.toLowerCase() : word);

/** "Loan Periods" → "What about loan periods?"; "Who Can Join" → "Who can join?". */
export function questionFromHeading(heading: string): string {
  const words = heading
    .trim()
    .replace(/[?.:!]+$/u, '')
    .split(/\s+/u);
  const [first = '', ...rest] = words;
  if (QUESTION_WORDS.has(first.toLowerCase())) {
    return (
      `${first.charAt(0).toUpperCase()}${first.slice(1).toLowerCase()} ${rest.map(asInSentence).join(' ')}`.trimEnd() +
      '?'
    );
  }
  return `What about ${words.map(asInSentence).join(' ')}?`;
}

/**
 * Up to `count` questions, one from each of the first documents: the heading of its first section (a
 * passage under the document's own title), or the title when the document has no sections.
 */
export function exampleQuestions(passages: readonly Passage[], count: number): string[] {
  const firstOfFile = new Map<string, Passage>();
  for (const passage of passages) {
    const chosen = firstOfFile.get(passage.file);
    if (chosen === undefined || (chosen.trail.length < 2 && passage.trail.length >= 2)) {
      firstOfFile.set(passage.file, passage);
    }
  }
  const questions = [...firstOfFile.values()].flatMap((passage) => {
    const heading = passage.trail.at(-1);
    return heading === undefined || heading.trim() === '' ? [] : [questionFromHeading(heading)];
  });
  return [...new Set(questions)].slice(0, count);
}
