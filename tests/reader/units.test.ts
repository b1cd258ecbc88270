import { describe, expect, it } from 'vitest';
import { textOf, unitsOf } from '../../src/reader/units';
import type { Passage } from '../../src/types';

// What a passage is read as: the pieces an answer can be. The first block names the kinds of unit; the
// tests after it were each written for a change to units.ts that no test noticed
// (docs/mutation-survivors.md).

const passage = (text: string): Passage => ({ id: 'f#p', file: 'f.md', line: 1, trail: ['F'], text });

/** Every unit as the text it stands for: its kind, core, what is shown and what it is read with. */
function read(text: string) {
  const p = passage(text);
  return unitsOf(p).map((unit) => ({
    kind: unit.kind,
    core: textOf(p, unit.core),
    shown: unit.shown.map((span) => textOf(p, span)),
    ...(unit.about === undefined ? {} : { about: textOf(p, unit.about) }),
  }));
}
const cores = (text: string) => read(text).map((unit) => unit.core);
const sentence = (core: string) => ({ kind: 'sentence', core, shown: [core] });
/** An item as read: after its lead-in and with it, or on its own. */
const item = (core: string, leadIn?: string) =>
  leadIn === undefined
    ? { kind: 'item', core, shown: [core] }
    : { kind: 'item', core, shown: [leadIn, core], about: leadIn };
const HOURS = 'The hours are:';

describe('units of a passage', () => {
  const show = (text: string) => {
    const p = passage(text);
    return unitsOf(p).map((unit) => ({
      kind: unit.kind,
      core: textOf(p, unit.core),
      shown: unit.shown.map((span) => textOf(p, span)),
    }));
  };

  it('gives a table row with its header, skipping the separator', () => {
    expect(show('| Item | Loan |\n|---|---|\n| Books | 21 days |')).toEqual([
      { kind: 'row', core: '| Books | 21 days |', shown: ['| Item | Loan |', '| Books | 21 days |'] },
    ]);
  });

  it('gives a list item with the sentence that leads into the list, and the lead-in with its whole list', () => {
    expect(show('Hours are set. The hours are:\n\n- Monday: 9:00.\n- Sunday: closed.')).toEqual([
      { kind: 'sentence', core: 'Hours are set.', shown: ['Hours are set.'] },
      {
        kind: 'lead-in',
        core: 'The hours are:',
        shown: ['The hours are:\n\n- Monday: 9:00.\n- Sunday: closed.'],
      },
      { kind: 'item', core: 'Monday: 9:00.', shown: ['The hours are:', 'Monday: 9:00.'] },
      { kind: 'item', core: 'Sunday: closed.', shown: ['The hours are:', 'Sunday: closed.'] },
    ]);
  });

  it('reads a block quote sentence by sentence, its line markers no part of any sentence', () => {
    expect(show('> It replaces componentDidCatch.\n> This hook was introduced with Preact 10.2.0.')).toEqual([
      { kind: 'sentence', core: 'It replaces componentDidCatch.', shown: ['It replaces componentDidCatch.'] },
      {
        kind: 'sentence',
        core: 'This hook was introduced with Preact 10.2.0.',
        shown: ['This hook was introduced with Preact 10.2.0.'],
      },
    ]);
    // A quoted blank line ends the paragraph, as a blank line does.
    expect(show('> Not alone!\n>\n> it took a while.').map((unit) => unit.core)).toEqual([
      'Not alone!',
      'it took a while.',
    ]);
    // Quoted code holds no sentence, and a quoted list is a list.
    expect(show('> Try this:\n> ```\n> const A = lazy(() => 1);\n> ```\n> Then go.')).toEqual([
      { kind: 'sentence', core: 'Try this:', shown: ['Try this:'] },
      { kind: 'sentence', core: 'Then go.', shown: ['Then go.'] },
    ]);
    expect(show('> The hours are:\n> - Monday: 9:00.').map((unit) => unit.kind)).toEqual(['lead-in', 'item']);
    // A quoted fence line shown inside an unquoted code block is code: it closes nothing.
    expect(
      show('```md\n> ```js\n> const secret = 1;\n```\nAfter the code.').map((unit) => unit.core),
    ).toEqual(['After the code.']);
    // A `>` that does not begin a line is text, not a marker: it stays inside the sentence.
    expect(show('Compare. > Then go.').map((unit) => unit.core)).toEqual(['Compare. > Then go.']);
  });

  it('shows no item with a sentence before its list that does not say it leads into it', () => {
    expect(show('The pool is open daily.\n\n- Monday: 9:00.')[1]).toEqual({
      kind: 'item',
      core: 'Monday: 9:00.',
      shown: ['Monday: 9:00.'],
    });
  });

  it('answers with the list after a sentence, colon or not: the list says what the sentence points to', () => {
    const [sentence] = show(
      'It can be installed from the extension store of your browser.\n\n- For Chrome\n- For Firefox',
    );
    expect(sentence).toEqual({
      kind: 'lead-in',
      core: 'It can be installed from the extension store of your browser.',
      shown: ['It can be installed from the extension store of your browser.\n\n- For Chrome\n- For Firefox'],
    });
    // Only the paragraph's last sentence, and only right before the list.
    expect(show('First. Second.\n\n- Item').map((unit) => unit.kind)).toEqual([
      'sentence',
      'lead-in',
      'item',
    ]);
    expect(show('Before.\n\n```\ncode\n```\n\n- Item').map((unit) => unit.kind)).toEqual([
      'sentence',
      'item',
    ]);
  });

  it('keeps an item’s continuation line with the item', () => {
    expect(show('- A long item\n  that goes on.\n- Next.').map((unit) => unit.core)).toEqual([
      'A long item\n  that goes on.',
      'Next.',
    ]);
  });

  it('reads nothing inside a code fence or a line of HTML tags', () => {
    expect(
      show('Run it.\n\n```js\nconst a = 1. Then b.\n```\n<toc></toc>\nDone.').map((unit) => unit.core),
    ).toEqual(['Run it.', 'Done.']);
  });
});

describe('units of a passage: sentences', () => {
  it('shows a sentence without the spaces that indent it or trail after it', () => {
    expect(cores('First.\n\n  An indented paragraph.\n\nA hard break at the end.  ')).toEqual([
      'First.',
      'An indented paragraph.',
      'A hard break at the end.',
    ]);
  });

  it('ends a sentence at a full stop followed by more than one space', () => {
    expect(cores('Holds last a week.  Renewals are free.')).toEqual([
      'Holds last a week.',
      'Renewals are free.',
    ]);
  });

  it('does not end a sentence at a full stop followed by a lower-case word: "9 a.m. on weekdays"', () => {
    expect(cores('The desk opens at 9 a.m. on weekdays.')).toEqual(['The desk opens at 9 a.m. on weekdays.']);
  });

  it('reads a sentence that starts or ends with an HTML tag, and skips a line of tags alone, indented or spaced', () => {
    expect(
      cores(
        '<b>Note:</b> the desk closes at 5.\n\nPress <kbd>Enter</kbd>\n  <toc></toc>\nThen <p> </p>\n<p> </p>\nwait.',
      ),
    ).toEqual(['<b>Note:</b> the desk closes at 5.', 'Press <kbd>Enter</kbd>', 'Then <p> </p>', 'wait.']);
  });

  it('shows a blockquote’s sentence without its marker, however the marker is written', () => {
    expect(
      cores('Intro.\n\n> Members may renew twice.\n\n  > Holds last a week.\n\n>Fines are waived.'),
    ).toEqual(['Intro.', 'Members may renew twice.', 'Holds last a week.', 'Fines are waived.']);
  });

  it('ends a sentence at a quoted line break, however the quote’s markers are written', () => {
    const quoted = '> Use it once.  \n>Then again.\n  > Then more.\n>> Nested too.\n> >  Spaced out.';
    expect(cores(quoted)).toEqual([
      'Use it once.',
      'Then again.',
      'Then more.',
      'Nested too.',
      'Spaced out.',
    ]);
    expect(cores('>> Nested.')).toEqual(['Nested.']);
  });

  it('keeps the first words of a sentence that holds a ">"', () => {
    expect(cores('Intro.\n\nLoans > 3 weeks need a renewal.')).toEqual([
      'Intro.',
      'Loans > 3 weeks need a renewal.',
    ]);
  });

  it('reads an empty blockquote line as no sentence', () => {
    expect(read('Intro.\n\n>\n\nDone.')).toEqual([sentence('Intro.'), sentence('Done.')]);
  });

  it('reads nothing inside an indented code fence, and takes a fence mentioned mid-sentence for no fence', () => {
    expect(
      cores('Intro.\n\n  ```\n  const a = 1. Then b.\n  ```\n\nWrite ``` to open a block. Done.'),
    ).toEqual(['Intro.', 'Write ``` to open a block.', 'Done.']);
  });
});

describe('units of a passage: lists', () => {
  it('reads numbered items, ten and over too, and an indented item as an item of its own', () => {
    expect(cores('1. First.\n9. Ninth.\n10. Tenth.\n  - Nested.')).toEqual([
      'First.',
      'Ninth.',
      'Tenth.',
      'Nested.',
    ]);
  });

  it('reads each item of a list after its lead-in with the lead-in', () => {
    expect(read(`${HOURS}\n\n- Monday: 9:00.`)[1]).toEqual(item('Monday: 9:00.', HOURS));
  });

  it('keeps an item’s continuation line that is not indented with the item', () => {
    expect(cores('- A long item\nthat goes on.\n- Next.')).toEqual(['A long item\nthat goes on.', 'Next.']);
  });

  it('ends an item at a line of spaces: the paragraph after it is not part of it', () => {
    expect(cores('- First item.\n   \nA paragraph after the list.')).toEqual([
      'First item.',
      'A paragraph after the list.',
    ]);
  });

  it('reads an empty item as no unit, and a lead-in whose items are all empty as a sentence', () => {
    expect(read(`${HOURS}\n\n- `)).toEqual([sentence(HOURS)]);
  });

  it('takes no lead-in from a sentence with a colon that does not end it: "Note: … at 7:30."', () => {
    expect(read('Note: the pool opens at 7:30.\n\n- Bring a towel.')[1]).toEqual(item('Bring a towel.'));
  });

  it('takes no lead-in from a sentence before a table or a code fence between it and the list', () => {
    for (const between of ['| a | b |\n|---|---|\n| x | y |', '```\nnpm test\n```']) {
      expect(read(`Do this:\n\n${between}\n\n- Then stop.`).at(-1)).toEqual(item('Then stop.'));
    }
  });

  it('keeps a list open across a paragraph indented under an item: the items after it keep the lead-in', () => {
    const text = `${HOURS}\n\n- Monday: 9.\n\n  Also on holidays.\n\n Not at night.\n- Sunday: closed.`;
    expect(read(text)).toEqual([
      { kind: 'lead-in', core: HOURS, shown: [text] },
      item('Monday: 9.', HOURS),
      sentence('Also on holidays.'),
      sentence('Not at night.'),
      item('Sunday: closed.', HOURS),
    ]);
  });

  it('ends a paragraph indented under an item at the next item, whose continuation line stays with it', () => {
    const text = `${HOURS}\n\n- Monday: 9.\n\n  Also on holidays.\n- Sunday: closed.\nClosed at noon.`;
    expect(read(text).slice(2)).toEqual([
      sentence('Also on holidays.'),
      item('Sunday: closed.\nClosed at noon.', HOURS),
    ]);
  });

  it('ends a list at a paragraph that is not indented: a later list does not take the first one’s lead-in', () => {
    expect(read(`${HOURS}\n\n- Monday: 9.\n\nThat is all.\n\n- Bring a card.`).at(-1)).toEqual(
      item('Bring a card.'),
    );
  });
});

describe('units of a passage: tables', () => {
  it('reads a row with an empty cell, and no row whose every cell is empty', () => {
    expect(cores('| Item | Loan |\n|---|---|\n| Magazines |  |\n|  |  |\n| Books | 21 days |')).toEqual([
      '| Magazines |  |',
      '| Books | 21 days |',
    ]);
  });
});
