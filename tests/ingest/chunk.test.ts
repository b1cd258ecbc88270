import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChunkOptions, chunkCorpus, type SourceFile } from '../../src/ingest/chunk';
import { IngestError } from '../../src/ingest/errors';
import { describeLeftOut } from '../../src/ingest/left-out';

const WHITESPACE = /\s+/g;
const SECTION_CLASH =
  /^(\S+) line (\d+): section left out: its id (\S+) is taken by (\S+) line (\d+) as well/;

const md = (...lines: string[]) => lines.join('\n');
const file = (path: string, ...lines: string[]): SourceFile => ({ path, text: md(...lines) });
const nonWhitespace = (text: string) => text.replace(WHITESPACE, '');
/** The passages of a corpus that must yield some. */
const chunk = (files: SourceFile[], options?: ChunkOptions) => chunkCorpus(files, options).passages;
/** What the corpus left out, one line each, as the CLI and the page list it. */
const leftOutOf = (files: SourceFile[], options?: ChunkOptions) =>
  chunkCorpus(files, options).leftOut.map(describeLeftOut);

/** The IngestError chunkCorpus threw; fails the test when it returned or threw something else. */
function ingestErrorOf(files: SourceFile[]): IngestError {
  try {
    chunkCorpus(files);
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
  throw new Error('chunkCorpus returned; expected an IngestError');
}

describe('chunkCorpus', () => {
  it('reads each file when it comes to it, leaving out by name one that cannot be read', () => {
    const read: string[] = [];
    const lazy = (path: string, text: () => string): SourceFile => ({
      path,
      get text() {
        read.push(path);
        return text();
      },
    });
    const gone = () => {
      throw new DOMException('A requested file could not be read', 'NotReadableError');
    };
    const onFile = (index: number) => read.push(`start ${index}`);
    const { passages, leftOut } = chunkCorpus(
      [lazy('a.md', gone), lazy('b.md', () => md('# B', '', 'Bees.')), lazy('c.md', gone)],
      { onFile },
    );
    expect(read).toEqual(['start 0', 'a.md', 'start 1', 'b.md', 'start 2', 'c.md', 'start 3']);
    expect(passages.map((passage) => passage.id)).toEqual(['b#b']);
    expect(leftOut.map(describeLeftOut)).toEqual([
      'a.md: could not be read (A requested file could not be read) — check that it is still there and readable, then bring it again',
      'c.md: could not be read (A requested file could not be read) — check that it is still there and readable, then bring it again',
    ]);
    expect(() => chunkCorpus([lazy('a.md', gone)])).toThrow(IngestError);
  });

  it('rethrows an error reading a file that is not a failed read: a bug of ours', () => {
    const bug: SourceFile = {
      path: 'a.md',
      get text(): string {
        throw new RangeError('a bug');
      },
    };
    expect(() => chunkCorpus([bug])).toThrow(RangeError);
  });

  it('cuts a file into one passage per heading, with its id, file, line, trail and text', () => {
    const passages = chunk([
      file(
        '02-borrowing.md',
        '# Borrowing',
        '',
        'Bring your card.',
        '',
        '## Holds',
        '',
        'Place a hold at the desk.',
        'It lasts a week.',
      ),
    ]);
    expect(passages).toEqual([
      {
        id: '02-borrowing#borrowing',
        file: '02-borrowing.md',
        line: 1,
        trail: ['Borrowing'],
        text: 'Bring your card.',
      },
      {
        id: '02-borrowing#holds',
        file: '02-borrowing.md',
        line: 5,
        trail: ['Borrowing', 'Holds'],
        text: 'Place a hold at the desk.\nIt lasts a week.',
      },
    ]);
  });

  it('keeps subfolders in the id and drops a .md, .mdx or .markdown extension', () => {
    const passages = chunk([
      file('guides/setup.md', '# Install', 'Run it.'),
      file('notes.markdown', '# Install', 'Run it.'),
      file('page.MDX', '# Install', 'Run it.'),
    ]);
    expect(passages.map((passage) => passage.id)).toEqual([
      'guides/setup#install',
      'notes#install',
      'page#install',
    ]);
    expect(passages[0]?.file).toBe('guides/setup.md');
  });

  it('builds the trail from the top heading down and cuts it when the depth goes back up', () => {
    const passages = chunk([
      file('a.md', '# Borrowing', '## Holds', '### Expiry', 'x', '## Renewal', 'y', '# Fines', 'z'),
    ]);
    expect(passages.map((passage) => passage.trail)).toEqual([
      ['Borrowing', 'Holds', 'Expiry'],
      ['Borrowing', 'Renewal'],
      ['Fines'],
    ]);
  });

  it('keeps a trail entry per heading when a heading skips a level', () => {
    const [passage] = chunk([file('a.md', '# Top', '### Deep', 'x')]);
    expect(passage?.trail).toEqual(['Top', 'Deep']);
  });

  it('gives a trail its headings as plain text, without inline Markdown', () => {
    const [passage] = chunk([file('a.md', '# The `renew` **command**', 'x')]);
    expect(passage?.trail).toEqual(['The renew command']);
    expect(passage?.id).toBe('a#the-renew-command');
  });

  it('does not treat a # inside a code fence as a heading', () => {
    const passages = chunk([file('a.md', '# Setup', '```sh', '# install it', 'npm i', '```')]);
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text).toBe('```sh\n# install it\nnpm i\n```');
  });

  it('does not treat a # inside a table cell as a heading', () => {
    const passages = chunk([file('a.md', '# Rooms', '| # | Name |', '|---|---|', '| # 1 | Quiet |')]);
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text).toContain('| # 1 | Quiet |');
  });

  it('leaves a heading inside a blockquote or a list item in the text of its section', () => {
    const passages = chunk([file('a.md', '# Rules', '> # Quoted', '', '- # Listed')]);
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text).toBe('> # Quoted\n\n- # Listed');
  });

  it('recognises a setext heading and cites the line of its text', () => {
    const passages = chunk([
      file('a.md', '# Top', 'x', '', 'Opening hours', '-------------', 'Nine to five.'),
    ]);
    expect(passages[1]).toMatchObject({
      id: 'a#opening-hours',
      line: 4,
      trail: ['Top', 'Opening hours'],
      text: 'Nine to five.',
    });
  });

  it('yields no passage for a heading with an empty body, but keeps it in the trail', () => {
    const passages = chunk([file('a.md', '# Borrowing', '', '## Holds', 'x')]);
    expect(passages).toEqual([
      { id: 'a#holds', file: 'a.md', line: 3, trail: ['Borrowing', 'Holds'], text: 'x' },
    ]);
  });

  it('trims blank lines around the text but keeps the indentation of its first line', () => {
    const [passage] = chunk([file('a.md', '# Code', '', '   ', '    indented code', '', '  ', '')]);
    expect(passage?.text).toBe('    indented code');
  });

  it('accepts CRLF line endings and strips a byte-order mark', () => {
    const passages = chunk([
      { path: 'a.md', text: '\uFEFF# Top\r\n\r\nOne.\r\nTwo.\r\n\r\n## Next\r\nThree.\r\n' },
    ]);
    expect(passages).toEqual([
      { id: 'a#top', file: 'a.md', line: 1, trail: ['Top'], text: 'One.\nTwo.' },
      { id: 'a#next', file: 'a.md', line: 6, trail: ['Top', 'Next'], text: 'Three.' },
    ]);
  });

  describe('size target', () => {
    const paragraph = (letter: string) => letter.repeat(50);

    it('splits a long body between blocks, numbering the parts after the first', () => {
      const text = md('# Top', '', '## Holds', '', paragraph('a'), '', paragraph('b'), '', paragraph('c'));
      const passages = chunk([{ path: 'a.md', text }], { maxChars: 110 });
      expect(passages).toEqual([
        {
          id: 'a#holds',
          file: 'a.md',
          line: 3,
          trail: ['Top', 'Holds'],
          text: `${paragraph('a')}\n\n${paragraph('b')}`,
        },
        { id: 'a#holds-2', file: 'a.md', line: 3, trail: ['Top', 'Holds'], text: paragraph('c') },
      ]);
    });

    it('does not split a body exactly at the target', () => {
      const body = `${paragraph('a')}\n\n${paragraph('b')}`;
      const passages = chunk([file('a.md', '# Top', body)], { maxChars: body.length });
      expect(passages.map((passage) => passage.text)).toEqual([body]);
    });

    it('keeps a table whole even past the size target', () => {
      const rows = Array.from({ length: 20 }, (_, row) => `| ${row} | ${paragraph('t')} |`);
      const table = md('| n | text |', '|---|---|', ...rows);
      const passages = chunk([file('a.md', '# Rooms', 'Before.', '', table, '', 'After.')], {
        maxChars: 100,
      });
      expect(passages.map((passage) => passage.text)).toEqual(['Before.', table, 'After.']);
      expect(passages.map((passage) => passage.id)).toEqual(['a#rooms', 'a#rooms-2', 'a#rooms-3']);
    });

    it('keeps a code block whole even past the size target', () => {
      const fence = md('```', ...Array.from({ length: 10 }, () => paragraph('c')), '```');
      const passages = chunk([file('a.md', '# Code', fence)], { maxChars: 60 });
      expect(passages.map((passage) => passage.text)).toEqual([fence]);
    });

    it('uses a 1200-character target by default', () => {
      const long = 'x'.repeat(1000);
      const passages = chunk([file('a.md', '# Top', long, '', 'y'.repeat(198), '', 'z')]);
      expect(passages.map((passage) => passage.text.length)).toEqual([1200, 1]);
    });

    it('rejects a size target that is not a positive number', () => {
      const files = [file('a.md', '# Top', 'x')];
      expect(() => chunk(files, { maxChars: 0 })).toThrow(RangeError);
      expect(() => chunk(files, { maxChars: Number.NaN })).toThrow('maxChars must be a positive number');
    });
  });

  describe('what is left out', () => {
    it('throws an IngestError listing every problem, one a line, only when nothing can be indexed', () => {
      const error = ingestErrorOf([file('a.md', ''), file('b.png', 'x')]);
      expect(error.name).toBe('IngestError');
      expect(error.problems).toEqual([
        'a.md: has no text to index (front matter, comments and markup aside) — add text under a heading, or leave the file out of the folder',
        'b.png: not a documentation file (.md, .mdx, .markdown or .txt) — convert it to Markdown or plain text to include it',
        'corpus is empty: no file has any text to index',
      ]);
      expect(error.message).toBe(error.problems.join('\n'));
    });

    it('fails a corpus with no files', () => {
      expect(ingestErrorOf([]).problems).toEqual(['corpus is empty: no documentation files']);
    });

    it('indexes the rest of a corpus and lists each file it left out, with what to do', () => {
      const { passages, leftOut } = chunkCorpus([
        file('a.md', '# Fines', 'ok'),
        file('b.md', ' \r\n\t'),
        file('c.html', '<h1>Page</h1>'),
        file('d.md', '# Title', '## Subtitle'),
      ]);
      expect(passages.map((passage) => passage.id)).toEqual(['a#fines']);
      expect(leftOut.map((item) => [item.path, item.reason])).toEqual([
        ['b.md', 'has no text to index (front matter, comments and markup aside)'],
        ['c.html', 'not a documentation file (.md, .mdx, .markdown or .txt)'],
        ['d.md', 'has no text to index (front matter, comments and markup aside)'],
      ]);
      for (const item of leftOut) expect(item.fix).not.toBe('');
    });

    it('leaves out a file whose headings would cost the inline lexer more than its budget, at the heading that passed it', () => {
      const heading = (letter: string) => `# ${`${letter}_`.repeat(12_000)}`;
      const { passages, leftOut } = chunkCorpus([
        file('ok.md', '# Fines', 'ok'),
        file('runs.md', '# Intro', 'text', heading('a'), 'more', heading('b'), 'more'),
      ]);
      expect(passages.map((passage) => passage.id)).toEqual(['ok#fines']);
      expect(leftOut.map((item) => [item.path, item.line])).toEqual([['runs.md', 5]]);
      expect(leftOut[0]?.reason).toMatch(/headings are too long for the Markdown reader/);
    });

    it('reads a paragraph of intraword runs as text, its emphasis never looked for', () => {
      const runs = 'a_a*a!'.repeat(5_000);
      expect(chunk([file('runs.md', '# Runs', runs)]).map((passage) => passage.text)).toEqual([runs]);
    });

    it('tells repeated headings apart by their parent heading, readably and the same every run', () => {
      const cli = file(
        'guide/cli.md',
        '# CLI',
        '## vite',
        '### Usage',
        'vite [root]',
        '### Options',
        'a',
        '## vite build',
        '### Usage',
        'vite build [root]',
        '### Options',
        'b',
      );
      const ids = chunk([cli]).map((passage) => passage.id);
      expect(ids).toEqual([
        'guide/cli#vite-usage',
        'guide/cli#vite-options',
        'guide/cli#vite-build-usage',
        'guide/cli#vite-build-options',
      ]);
      expect(chunk([cli]).map((passage) => passage.id)).toEqual(ids);
    });

    it('uses the anchor a heading names for itself ({#id})', () => {
      const [passage] = chunk([file('a.md', '# Build options {#build-opts}', 'x')]);
      expect(passage).toMatchObject({ id: 'a#build-opts', trail: ['Build options'] });
    });

    it('numbers a heading repeated under the same parent as GitHub numbers its anchors, losing no section', () => {
      const changelog = file(
        'CHANGELOG.md',
        '# Changes',
        '## 1.0.0',
        '### Bug Fixes',
        'a',
        '### Bug Fixes',
        'b',
        '### Bug Fixes',
        'c',
        '## 0.9.0',
        '### Bug Fixes',
        'd',
      );
      const { passages, leftOut } = chunkCorpus([changelog]);
      expect(passages.map((passage) => [passage.id, passage.text])).toEqual([
        ['CHANGELOG#1-0-0-bug-fixes', 'a'],
        ['CHANGELOG#1-0-0-bug-fixes-1', 'b'],
        ['CHANGELOG#1-0-0-bug-fixes-2', 'c'],
        ['CHANGELOG#0-9-0-bug-fixes', 'd'],
      ]);
      expect(leftOut).toEqual([]);
    });

    it('leaves out a section whose id clashes with another file’s, naming both places, and keeps the rest', () => {
      const { passages, leftOut } = chunkCorpus([
        file('02-borrowing.md', '# Borrowing', 'a', '# Fines', 'c'),
        file('02-borrowing.txt', 'b'),
        file('02-borrowing.markdown', '# Borrowing', 'b'),
      ]);
      expect(passages.map((passage) => passage.id)).toEqual([
        '02-borrowing#borrowing',
        '02-borrowing#fines',
        '02-borrowing#02-borrowing',
      ]);
      expect(leftOut.map(describeLeftOut)).toEqual([
        '02-borrowing.markdown line 1: section left out: its id 02-borrowing#borrowing is taken by 02-borrowing.md line 1 as well — rename one of the two headings, or give one an anchor of its own ({#another-id})',
      ]);
    });

    it('catches an id shared by two files with the same stem', () => {
      expect(leftOutOf([file('a.md', '# Holds', 'x'), file('a.markdown', '# Holds', 'y')])).toEqual([
        expect.stringMatching(
          /^a\.markdown line 1: section left out: its id a#holds is taken by a\.md line 1 as well/,
        ),
      ]);
    });

    it('gives a heading whose id a part already has the next free number, so both are kept', () => {
      const text = md('# Holds', 'a'.repeat(30), '', 'b'.repeat(30), '# Holds 2', 'c');
      const { passages, leftOut } = chunkCorpus([{ path: 'a.md', text }], { maxChars: 40 });
      expect(passages.map((passage) => passage.id)).toEqual(['a#holds', 'a#holds-2', 'a#holds-2-1']);
      expect(leftOut).toEqual([]);
    });

    it('numbers a repeated heading past the ids the parts of an earlier one took', () => {
      const long = 'x'.repeat(30);
      const text = md('# Log', '## Fixes', long, '', long, '## Fixes', 'b', '## Fixes', 'c');
      const ids = chunkCorpus([{ path: 'c.md', text }], { maxChars: 40 }).passages.map((p) => p.id);
      expect(ids).toEqual(['c#log-fixes', 'c#log-fixes-2', 'c#log-fixes-1', 'c#log-fixes-3']);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('tells a repeated anchor apart by its parent, and reports, never renames, an anchor that clashes', () => {
      const cli = file('cli.md', '# Build', '## Usage {#usage}', 'a', '# Serve', '## Usage {#usage}', 'b');
      expect(chunk([cli]).map((passage) => passage.id)).toEqual(['cli#build-usage', 'cli#serve-usage']);
      expect(leftOutOf([file('d.md', '# Guide', '## Setup', 'a', '## Install {#setup}', 'b')])).toEqual([
        expect.stringMatching(
          /^d\.md line 4: section left out: its id d#guide-setup is taken by d\.md line 2 as well/,
        ),
      ]);
    });
  });

  describe('properties', () => {
    const word = fc.constantFrom(
      'alpha',
      'beta',
      'a#b',
      'x|y',
      '`#`',
      '*em*',
      'déjà',
      '1.',
      '&',
      '\\#',
      'end.',
    );
    const line = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(' '));
    const cell = fc.constantFrom('#', '# one', '## two', 'plain', '`code`');
    const block = fc.oneof(
      fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n')),
      fc
        .array(fc.constantFrom('# comment', '## not a heading', 'let x = 1;', ''), { maxLength: 4 })
        .chain((lines) => fc.constantFrom('```', '~~~').map((fence) => md(fence, ...lines, fence))),
      fc
        .array(fc.tuple(cell, cell), { minLength: 1, maxLength: 4 })
        .map((rows) =>
          md('| # | name |', '|---|---|', ...rows.map(([left, right]) => `| ${left} | ${right} |`)),
        ),
      fc
        .array(line, { minLength: 1, maxLength: 3 })
        .map((items) => items.map((item) => `- ${item}`).join('\n')),
      fc.constantFrom('- # heading in a list', '> # heading in a quote', '    # indented code', '---'),
    );
    const title = fc.constantFrom('Holds', 'Lost & Found', '**Fines**', '`renew`', 'Déjà vu', '!!!', '#tag');
    const section = fc.record({
      depth: fc.integer({ min: 1, max: 6 }),
      title,
      blocks: fc.array(block, { maxLength: 4 }),
    });
    const separator = fc.constantFrom('\n\n', '\n\n\n', '\r\n\r\n');

    it('never loses text: heading lines and passage texts hold every non-space character, in order', () => {
      fc.assert(
        fc.property(
          fc.array(section, { minLength: 1, maxLength: 6 }),
          separator,
          fc.boolean(),
          fc.integer({ min: 1, max: 300 }),
          (sections, joint, withBom, maxChars) => {
            let text = withBom ? '\uFEFF' : '';
            const headings: { line: number; heading: string }[] = [];
            sections.forEach(({ depth, title: words, blocks }, index) => {
              // The index suffix keeps ids apart: this property is about text, not about clashes.
              const heading = `${'#'.repeat(depth)} ${words} s${index}`;
              headings.push({ line: text.split('\n').length, heading });
              text += [heading, ...blocks].join(joint) + joint;
            });
            // A last paragraph, so that some heading always has text under it.
            text += 'the end';

            const passages = chunk([{ path: 'a.md', text }], { maxChars });
            const rebuilt = headings.flatMap(({ line, heading }) => [
              heading,
              ...passages.filter((passage) => passage.line === line).map((passage) => passage.text),
            ]);
            expect(nonWhitespace(rebuilt.join('\n'))).toBe(nonWhitespace(text));
          },
        ),
      );
    });

    it('gives unique ids, and every section it leaves out names the clash and both places', () => {
      // Titles that meet on one slug (`holds`), and ones a part id can run into (`holds-2`).
      const clashingTitle = fc.constantFrom('Holds', 'holds', 'Holds 2', 'Holds 3', '**Fines**', 'Fines', '');
      const paragraph = fc.integer({ min: 10, max: 60 }).map((length) => 'w'.repeat(length));
      const sourceFile = fc.record({
        path: fc.constantFrom('a.md', 'a.markdown', 'b.md', 'sub/a.md'),
        sections: fc.array(
          fc.record({
            depth: fc.integer({ min: 1, max: 3 }),
            title: clashingTitle,
            body: fc.array(paragraph, { minLength: 1, maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
      });

      fc.assert(
        fc.property(
          fc.uniqueArray(sourceFile, { minLength: 1, maxLength: 3, selector: ({ path }) => path }),
          fc.integer({ min: 20, max: 120 }),
          (corpus, maxChars) => {
            const files = corpus.map(({ path, sections }) => ({
              path,
              text: sections
                .map(({ depth, title: heading, body }) =>
                  [`${'#'.repeat(depth)} ${heading}`, ...body].join('\n\n'),
                )
                .join('\n\n'),
            }));
            const { passages, leftOut } = chunkCorpus(files, { maxChars });
            const ids = passages.map((passage) => passage.id);
            expect(new Set(ids).size).toBe(ids.length);
            for (const line of leftOut.map(describeLeftOut)) {
              const clash = SECTION_CLASH.exec(line);
              expect(clash).not.toBeNull();
              expect(ids).toContain(clash?.[3]);
              expect(`${clash?.[1]} ${clash?.[2]}`).not.toBe(`${clash?.[4]} ${clash?.[5]}`);
            }
            // Every section is a passage or left out: nothing goes missing without a word.
            const sectionCount = corpus.reduce((sum, { sections }) => sum + sections.length, 0);
            expect(
              new Set(passages.map((passage) => `${passage.file} ${passage.line}`)).size + leftOut.length,
            ).toBe(sectionCount);
          },
        ),
        { numRuns: 500 },
      );
    });
  });
});

describe('chunkCorpus: onFile', () => {
  it('is called as each file starts, in order, then once with the number of files, even for a file left out', () => {
    const started: number[] = [];
    chunkCorpus(
      [
        { path: 'a.md', text: '# A\n\nText.\n' },
        { path: 'b.png', text: 'not a document' },
        { path: 'c.md', text: '# C\n\nMore text.\n' },
      ],
      { onFile: (index) => started.push(index) },
    );
    expect(started).toEqual([0, 1, 2, 3]);
  });
});
