import { describe, expect, it } from 'vitest';
import type { Passage } from '../../../src/types';
import { exampleQuestions, questionFromHeading } from '../../../src/ui/ask/example-questions';
import { libraryIndex } from '../../helpers/engine';

const passage = (file: string, trail: string[]): Passage => ({
  id: `${file}#${trail.length}`,
  file,
  line: 1,
  trail,
  text: 'Some text.',
});

describe('example questions from headings', () => {
  it('asks about a heading in sentence case, and keeps a heading that is a question one', () => {
    expect(questionFromHeading('Loan Periods')).toBe('What about loan periods?');
    expect(questionFromHeading('Computers and Wifi')).toBe('What about computers and wifi?');
    expect(questionFromHeading('Who Can Join')).toBe('Who can join?');
    expect(questionFromHeading('How do I install it?')).toBe('How do I install it?');
    // Capitals and code stay as written: they are names.
    expect(questionFromHeading('DVD Returns')).toBe('What about DVD returns?');
    expect(questionFromHeading('Using useState')).toBe('What about using useState?');
  });

  it('takes the first section of each of the first documents, so they follow what is loaded', () => {
    expect(exampleQuestions(libraryIndex().passages, 3)).toEqual([
      'Who can join?',
      'What about loan periods?',
      'What about overdue charges?',
    ]);
    const other = [
      passage('a.md', ['Setup']),
      passage('a.md', ['Setup', 'Installing the Tool']),
      passage('a.md', ['Setup', 'Upgrading']),
      passage('b.md', ['Troubleshooting']),
    ];
    expect(exampleQuestions(other, 3)).toEqual([
      'What about installing the tool?',
      'What about troubleshooting?',
    ]);
  });

  it('offers none for documents without headings, and never the same question twice', () => {
    expect(exampleQuestions([passage('a.md', [])], 3)).toEqual([]);
    expect(exampleQuestions([passage('a.md', ['Fees']), passage('b.md', ['Fees'])], 3)).toEqual([
      'What about fees?',
    ]);
  });
});
