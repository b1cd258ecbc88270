// How a question was read, in plain words: the one home of those words, for the page and the terminal.
// A question is not always read as typed (a slip of the keyboard, a word the corpus lacks, a name typed
// in lower case), and whoever asked should see what was actually asked.
import { asName } from '../text/name-case';
import type { QuestionReading } from '../types';

/** One sentence per way the question was not read as written; none when it was. */
export function describeReading(reading: QuestionReading | undefined): string[] {
  if (reading === undefined) return [];
  return [
    ...reading.readAs.map(({ written, readAs }) => `Read “${written}” as “${readAs}”.`),
    ...reading.expanded.map(
      ({ written, terms }) => `Read “${written}” as ${terms.map((term) => `“${term}”`).join(' or ')}.`,
    ),
    ...reading.names.map((name) =>
      name === asName(name)
        ? `“${name}” is a name the documents never use.`
        : `Read “${name}” as the name “${asName(name)}”, which the documents never use.`,
    ),
  ];
}
