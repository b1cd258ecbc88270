import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkCorpus, type SourceFile } from '../../src/ingest/chunk';
import { IngestError } from '../../src/ingest/errors';
import { slugify } from '../../src/ingest/slug';

const WHITESPACE = /\s+/g;
const MARKDOWN_EXTENSION = /\.(?:md|markdown)$/;
const NOTHING_TO_CITE = 'corpus is empty: no heading has any text under it';
const DUPLICATE_PROBLEM = /^duplicate id (\S+): (\S+) line (\d+) and (\S+) line (\d+)$/;

const md = (...lines: string[]) => lines.join('\n');
const file = (path: string, ...lines: string[]): SourceFile => ({ path, text: md(...lines) });
const nonWhitespace = (text: string) => text.replace(WHITESPACE, '');

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

const problemsOf = (files: SourceFile[]) => ingestErrorOf(files).problems;

describe('chunkCorpus', () => {
  it('cuts a file into one passage per heading, with its id, file, line, trail and text', () => {
    const passages = chunkCorpus([
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

  it('keeps subfolders in the id and drops a .md or .markdown extension', () => {
    const passages = chunkCorpus([
      file('guides/setup.md', '# Install', 'Run it.'),
      file('notes.markdown', '# Install', 'Run it.'),
      file('README', '# Install', 'Run it.'),
    ]);
    expect(passages.map((passage) => passage.id)).toEqual([
      'guides/setup#install',
      'notes#install',
      'README#install',
    ]);
    expect(passages[0]?.file).toBe('guides/setup.md');
  });

  it('builds the trail from the top heading down and cuts it when the depth goes back up', () => {
    const passages = chunkCorpus([
      file('a.md', '# Borrowing', '## Holds', '### Expiry', 'x', '## Renewal', 'y', '# Fines', 'z'),
    ]);
    expect(passages.map((passage) => passage.trail)).toEqual([
      ['Borrowing', 'Holds', 'Expiry'],
      ['Borrowing', 'Renewal'],
      ['Fines'],
    ]);
  });

  it('keeps a trail entry per heading when a heading skips a level', () => {
    const [passage] = chunkCorpus([file('a.md', '# Top', '### Deep', 'x')]);
    expect(passage?.trail).toEqual(['Top', 'Deep']);
  });

  it('gives a trail its headings as plain text, without inline Markdown', () => {
    const [passage] = chunkCorpus([file('a.md', '# The `renew` **command**', 'x')]);
    expect(passage?.trail).toEqual(['The renew command']);
    expect(passage?.id).toBe('a#the-renew-command');
  });

  it('does not treat a # inside a code fence as a heading', () => {
    const passages = chunkCorpus([file('a.md', '# Setup', '```sh', '# install it', 'npm i', '```')]);
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text).toBe('```sh\n# install it\nnpm i\n```');
  });

  it('does not treat a # inside a table cell as a heading', () => {
    const passages = chunkCorpus([file('a.md', '# Rooms', '| # | Name |', '|---|---|', '| # 1 | Quiet |')]);
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text).toContain('| # 1 | Quiet |');
  });

  it('leaves a heading inside a blockquote or a list item in the text of its section', () => {
    const passages = chunkCorpus([file('a.md', '# Rules', '> # Quoted', '', '- # Listed')]);
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text).toBe('> # Quoted\n\n- # Listed');
  });

  it('recognises a setext heading and cites the line of its text', () => {
    const passages = chunkCorpus([
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
    const passages = chunkCorpus([file('a.md', '# Borrowing', '', '## Holds', 'x')]);
    expect(passages).toEqual([
      { id: 'a#holds', file: 'a.md', line: 3, trail: ['Borrowing', 'Holds'], text: 'x' },
    ]);
  });

  it('trims blank lines around the text but keeps the indentation of its first line', () => {
    const [passage] = chunkCorpus([file('a.md', '# Code', '', '   ', '    indented code', '', '  ', '')]);
    expect(passage?.text).toBe('    indented code');
  });

  it('accepts CRLF line endings and strips a byte-order mark', () => {
    const passages = chunkCorpus([
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
      const passages = chunkCorpus([{ path: 'a.md', text }], { maxChars: 110 });
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
      const passages = chunkCorpus([file('a.md', '# Top', body)], { maxChars: body.length });
      expect(passages.map((passage) => passage.text)).toEqual([body]);
    });

    it('keeps a table whole even past the size target', () => {
      const rows = Array.from({ length: 20 }, (_, row) => `| ${row} | ${paragraph('t')} |`);
      const table = md('| n | text |', '|---|---|', ...rows);
      const passages = chunkCorpus([file('a.md', '# Rooms', 'Before.', '', table, '', 'After.')], {
        maxChars: 100,
      });
      expect(passages.map((passage) => passage.text)).toEqual(['Before.', table, 'After.']);
      expect(passages.map((passage) => passage.id)).toEqual(['a#rooms', 'a#rooms-2', 'a#rooms-3']);
    });

    it('keeps a code block whole even past the size target', () => {
      const fence = md('```', ...Array.from({ length: 10 }, () => paragraph('c')), '```');
      const passages = chunkCorpus([file('a.md', '# Code', fence)], { maxChars: 60 });
      expect(passages.map((passage) => passage.text)).toEqual([fence]);
    });

    it('uses a 1200-character target by default', () => {
      const long = 'x'.repeat(1000);
      const passages = chunkCorpus([file('a.md', '# Top', long, '', 'y'.repeat(198), '', 'z')]);
      expect(passages.map((passage) => passage.text.length)).toEqual([1200, 1]);
    });

    it('rejects a size target that is not a positive number', () => {
      const files = [file('a.md', '# Top', 'x')];
      expect(() => chunkCorpus(files, { maxChars: 0 })).toThrow(RangeError);
      expect(() => chunkCorpus(files, { maxChars: Number.NaN })).toThrow(
        'maxChars must be a positive number',
      );
    });
  });

  describe('problems', () => {
    it('throws an IngestError whose message lists every problem, one a line', () => {
      const error = ingestErrorOf([file('a.md', 'no heading'), file('b.md', 'none either')]);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe('IngestError');
      expect(error.problems).toHaveLength(2);
      expect(error.message).toBe(error.problems.join('\n'));
    });

    it('names both places of a duplicate id', () => {
      const problems = problemsOf([
        file('02-borrowing.md', '# Borrowing', '## Holds', 'a', '## Holds', 'b', '## **Holds**', 'c'),
      ]);
      expect(problems).toEqual([
        'duplicate id 02-borrowing#holds: 02-borrowing.md line 2 and 02-borrowing.md line 4',
        'duplicate id 02-borrowing#holds: 02-borrowing.md line 2 and 02-borrowing.md line 6',
      ]);
    });

    it('counts the id of a heading with an empty body as taken', () => {
      expect(problemsOf([file('a.md', '# Holds', '## Holds', 'x')])).toEqual([
        'duplicate id a#holds: a.md line 1 and a.md line 2',
      ]);
    });

    it('catches an id shared by two files with the same stem', () => {
      expect(problemsOf([file('a.md', '# Holds', 'x'), file('a.markdown', '# Holds', 'y')])).toEqual([
        'duplicate id a#holds: a.md line 1 and a.markdown line 1',
      ]);
    });

    it('catches a part id that clashes with the id of another heading', () => {
      const text = md('# Holds', 'a'.repeat(30), '', 'b'.repeat(30), '# Holds 2', 'c');
      expect(() => chunkCorpus([{ path: 'a.md', text }], { maxChars: 40 })).toThrow(
        'duplicate id a#holds-2: a.md line 1 and a.md line 5',
      );
    });

    it('fails a file with no heading', () => {
      expect(problemsOf([file('notes.md', 'Just some text.', '', '    # indented, so code')])).toEqual([
        'notes.md: no heading found; every passage needs one to be cited by',
      ]);
    });

    it('fails a file with text before its first heading, naming the line', () => {
      expect(problemsOf([file('a.md', '', '', 'Preamble.', '# Top', 'x')])).toEqual([
        'a.md line 3: text before the first heading; every passage needs one to be cited by',
      ]);
    });

    it('fails a corpus with no files', () => {
      expect(problemsOf([])).toEqual(['corpus is empty: no Markdown files']);
    });

    it('names each blank file', () => {
      expect(problemsOf([file('a.md', ''), { path: 'b.md', text: '\uFEFF \r\n\t' }])).toEqual([
        'a.md: file is empty',
        'b.md: file is empty',
      ]);
    });

    it('fails a corpus where no heading has any text under it', () => {
      expect(problemsOf([file('a.md', '# Title', '## Subtitle')])).toEqual([
        'corpus is empty: no heading has any text under it',
      ]);
    });

    it('collects every problem in the corpus before throwing', () => {
      const problems = problemsOf([
        file('a.md', '# Holds', 'x', '# Holds', 'y'),
        file('b.md', 'no heading'),
        file('c.md', '  '),
        file('d.md', 'intro', '# D', 'z'),
        file('e.md', '# Fines', 'ok'),
        file('f.md', '# Fines', 'x', '# Fines', 'y'),
      ]);
      expect(problems).toEqual([
        'b.md: no heading found; every passage needs one to be cited by',
        'c.md: file is empty',
        'd.md line 1: text before the first heading; every passage needs one to be cited by',
        'duplicate id a#holds: a.md line 1 and a.md line 3',
        'duplicate id f#fines: f.md line 1 and f.md line 3',
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

            const passages = chunkCorpus([{ path: 'a.md', text }], { maxChars });
            const rebuilt = headings.flatMap(({ line, heading }) => [
              heading,
              ...passages.filter((passage) => passage.line === line).map((passage) => passage.text),
            ]);
            expect(nonWhitespace(rebuilt.join('\n'))).toBe(nonWhitespace(text));
          },
        ),
      );
    });

    it('either gives unique ids or throws an IngestError naming each clash', () => {
      // Titles that meet on one slug (`holds`), and ones a part id can run into (`holds-2`). Titles are
      // unique within a file, so that clashes of slugs and of parts both show up often enough.
      const clashingTitle = fc.constantFrom('Holds', 'holds', 'Holds 2', 'Holds 3', '**Fines**', 'Fines', '');
      const paragraph = fc.integer({ min: 10, max: 60 }).map((length) => 'w'.repeat(length));
      const sourceFile = fc.record({
        path: fc.constantFrom('a.md', 'a.markdown', 'b.md', 'sub/a.md'),
        sections: fc.uniqueArray(
          fc.record({ title: clashingTitle, body: fc.array(paragraph, { maxLength: 3 }) }),
          { minLength: 1, maxLength: 4, selector: ({ title }) => title },
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
                .map(({ title: heading, body }) => [`# ${heading}`, ...body].join('\n\n'))
                .join('\n\n'),
            }));
            const headingIds = corpus.flatMap(({ path, sections }) =>
              sections.map(
                ({ title: heading }) => `${path.replace(MARKDOWN_EXTENSION, '')}#${slugify(heading)}`,
              ),
            );
            const headingClashes = new Set(
              headingIds.filter((id, index) => headingIds.indexOf(id) !== index),
            );

            let passages: ReturnType<typeof chunkCorpus>;
            try {
              passages = chunkCorpus(files, { maxChars });
            } catch (error) {
              if (!(error instanceof IngestError)) throw error;
              const problems = error.problems;
              if (problems[0] === NOTHING_TO_CITE) {
                expect(problems).toHaveLength(1);
                expect(headingClashes.size).toBe(0);
                return;
              }
              const clashes = problems.map((problem) => DUPLICATE_PROBLEM.exec(problem));
              for (const clash of clashes) {
                expect(clash).not.toBeNull();
                expect(`${clash?.[2]} ${clash?.[3]}`).not.toBe(`${clash?.[4]} ${clash?.[5]}`);
              }
              const namedIds = clashes.map((clash) => clash?.[1]);
              for (const id of headingClashes) expect(namedIds).toContain(id);
              return;
            }
            expect(headingClashes.size).toBe(0);
            const ids = passages.map((passage) => passage.id);
            expect(new Set(ids).size).toBe(ids.length);
          },
        ),
        { numRuns: 500 },
      );
    });
  });
});
