import { Lexer } from 'marked';
import { describe, expect, it } from 'vitest';
import { chunkCorpus, type SourceFile } from '../../src/ingest/chunk';
import { describeLeftOut } from '../../src/ingest/left-out';

// What real documentation sets hold that the bundled manual does not: each case a few lines written
// here in the syntax of a common docs generator (VitePress, Docusaurus, MDX, Vue), never copied from one.

const md = (...lines: string[]) => lines.join('\n');
const file = (path: string, ...lines: string[]): SourceFile => ({ path, text: md(...lines) });
const chunk = (...files: SourceFile[]) => chunkCorpus(files);
const only = (...lines: string[]) => {
  const { passages, leftOut } = chunk(file('guide/page.md', ...lines));
  expect(leftOut).toEqual([]);
  return passages;
};

describe('front matter', () => {
  it('reads YAML front matter without indexing it, and keeps heading lines as in the file', () => {
    const passages = only(
      '---',
      'title: Hooks',
      'description: Compose behaviour',
      '---',
      '',
      '# Hooks',
      'Text.',
    );
    expect(passages).toEqual([
      { id: 'guide/page#hooks', file: 'guide/page.md', line: 6, trail: ['Hooks'], text: 'Text.' },
    ]);
  });

  it('names the first passage after the title when text comes before the first heading', () => {
    const passages = only(
      '---',
      'title: "Getting started: a tour"',
      '---',
      'Welcome.',
      '',
      '## Install',
      'Run it.',
    );
    expect(passages.map(({ id, line, trail, text }) => ({ id, line, trail, text }))).toEqual([
      {
        id: 'guide/page#getting-started-a-tour',
        line: 4,
        trail: ['Getting started: a tour'],
        text: 'Welcome.',
      },
      { id: 'guide/page#install', line: 6, trail: ['Install'], text: 'Run it.' },
    ]);
  });

  it('reads TOML front matter (+++) the same way', () => {
    const passages = only('+++', "title = 'Config'", 'weight = 3', '+++', 'Set it.');
    expect(passages).toMatchObject([{ id: 'guide/page#config', trail: ['Config'], text: 'Set it.' }]);
  });

  it('names the passage after the file when there is no title', () => {
    expect(only('Intro text.')).toMatchObject([{ id: 'guide/page#page', trail: ['page'], line: 1 }]);
  });

  it('makes a file with no heading one passage named after its title, cut like any long section', () => {
    const long = 'w'.repeat(700);
    const { passages } = chunkCorpus([file('notes.md', '---', 'title: Notes', '---', long, '', long)]);
    expect(passages.map((passage) => passage.id)).toEqual(['notes#notes', 'notes#notes-2']);
  });

  it('reads a lone --- at the top as a thematic break, not front matter', () => {
    expect(only('---', '# Top', 'x')).toMatchObject([{ id: 'guide/page#top', text: 'x' }]);
  });
});

describe('HTML comments and tags', () => {
  it('drops HTML comments, on a line of their own, inline, or over several lines', () => {
    const passages = only(
      '<!-- generated: do not edit -->',
      '# Keys',
      'Use stable keys <!-- TODO: example --> always.',
      '',
      '<!--',
      '> an analogy commented out',
      '',
      '> over two paragraphs',
      '-->',
      '',
      'Never use the index.',
    );
    expect(passages).toMatchObject([
      { id: 'guide/page#keys', line: 2, text: 'Use stable keys  always.\n\nNever use the index.' },
    ]);
  });

  it('keeps the text inside tags and components and drops the tags (Vue, JSX, HTML)', () => {
    const passages = only(
      '# Links',
      '<toc></toc>',
      '',
      'Press <kbd>Ctrl</kbd> or see <SomeLink href="/x" :active="true">the guide</SomeLink>.',
      '',
      '<Tabs',
      '  groupId="pm" values={[{ label: "npm", value: "npm" }]}',
      '  onChange={(tab) => tab > 1}>',
      'Install it first.',
      '</Tabs>',
    );
    expect(passages[0]?.text).toBe('Press Ctrl or see the guide.\n\nInstall it first.');
  });

  it('leaves angle brackets that are not tags as they are', () => {
    const passages = only('# Types', 'Use Array<T> when a < b, or mail <a@b.org> and <https://example.org>.');
    expect(passages[0]?.text).toBe('Use Array<T> when a < b, or mail <a@b.org> and <https://example.org>.');
  });

  it('keeps code fences and code spans verbatim, tags and comments included', () => {
    const fence = md('```html', '<!-- kept -->', '<div class="app"></div>', '```');
    const passages = only('# Mount', 'Render into `<div id="app">`:', '', fence);
    expect(passages[0]?.text).toBe(`Render into \`<div id="app">\`:\n\n${fence}`);
  });

  it('reads a < that never closes on its line as text, not as a tag eating the rest', () => {
    const passages = only('# Compare', 'If a <b and c then stop.', '', 'Next paragraph.');
    expect(passages[0]?.text).toBe('If a <b and c then stop.\n\nNext paragraph.');
  });

  it('drops the content of script and style elements', () => {
    expect(only('# Page', '<style>', '.x { color: red }', '</style>', 'Text.')[0]?.text).toBe('Text.');
  });
});

describe('docs-site syntax', () => {
  it('reduces VitePress containers to their content and title', () => {
    const passages = only(
      '# Build',
      '::: tip Faster builds',
      'Use the cache.',
      ':::',
      '',
      '::: warning',
      'Not on CI.',
      ':::',
    );
    expect(passages[0]?.text).toBe('Faster builds\nUse the cache.\n\nNot on CI.');
  });

  it('reduces Docusaurus admonitions and GitHub alerts to their content', () => {
    const passages = only(
      '# Notes',
      ':::note[Heads up]',
      'Keep it short.',
      ':::',
      '',
      '> [!WARNING]',
      '> Back up first.',
    );
    expect(passages[0]?.text).toBe('Heads up\nKeep it short.\n\n>\n> Back up first.');
  });

  it('drops MDX import and export lines, multi-line ones too, and {/* */} comments', () => {
    const passages = chunk(
      file(
        'docs/intro.mdx',
        "import Tabs from '@theme/Tabs';",
        'import {',
        '  TabItem,',
        "} from '@theme/TabItem';",
        '',
        'export const meta = { sidebar: false };',
        '',
        '# Intro',
        '{/* a note for editors */}',
        'Import your data first.',
      ),
    ).passages;
    expect(passages).toMatchObject([{ id: 'docs/intro#intro', line: 8, text: 'Import your data first.' }]);
  });

  it('drops VitePress <<< includes of files that are not in the corpus', () => {
    expect(only('# Example', '<<< @/snippets/snippet.js{2}', '', 'As shown.')[0]?.text).toBe('As shown.');
  });

  it('drops twoslash markers from twoslash fences only', () => {
    const passages = only(
      '# Types',
      '```ts twoslash',
      '// @errors: 2322',
      'const count: number = 1',
      '//    ^?',
      '// ---cut---',
      '```',
      '',
      '```ts',
      '// @ts-expect-error kept: not a twoslash fence',
      '```',
    );
    expect(passages[0]?.text).toBe(
      md(
        '```ts twoslash',
        'const count: number = 1',
        '```',
        '',
        '```ts',
        '// @ts-expect-error kept: not a twoslash fence',
        '```',
      ),
    );
  });
});

describe('link reference definitions', () => {
  it('indexes none: a section of only definitions is no passage, and the text before them stays', () => {
    const passages = only(
      '# Streams',
      'Use [`pipeline`][] to join [streams][].',
      '',
      '[`pipeline`]: #streampipeline',
      '[streams]: https://example.org/streams',
      '## Links',
      '[a]: https://example.org/a',
      '[b]: https://example.org/b',
    );
    expect(passages.map((passage) => [passage.id, passage.text])).toEqual([
      ['guide/page#streams', 'Use [`pipeline`][] to join [streams][].'],
    ]);
  });
});

describe('plain text and other files', () => {
  it('reads .txt as one passage per blank-line-separated block under the file name', () => {
    const { passages } = chunk(
      file('faq/returns.txt', 'Returns take 5 days.', '', '', 'Refunds take 10 days.', 'By card.'),
    );
    expect(passages).toEqual([
      {
        id: 'faq/returns#returns',
        file: 'faq/returns.txt',
        line: 1,
        trail: ['returns'],
        text: 'Returns take 5 days.',
      },
      {
        id: 'faq/returns#returns-2',
        file: 'faq/returns.txt',
        line: 4,
        trail: ['returns'],
        text: 'Refunds take 10 days.\nBy card.',
      },
    ]);
  });

  it('lists anything else as left out, with what to do', () => {
    const { leftOut } = chunk(file('a.md', '# A', 'x'), file('logo.svg', '<svg/>'));
    expect(leftOut.map(describeLeftOut)).toEqual([
      'logo.svg: not a documentation file (.md, .mdx, .markdown or .txt) — convert it to Markdown or plain text to include it',
    ]);
  });
});

describe('cutting long sections', () => {
  const items = Array.from({ length: 8 }, (_, index) => `- reason number ${index} ${'x'.repeat(20)}`);

  it('never separates a lead-in sentence from the list it introduces', () => {
    const passages = chunkCorpus(
      [file('a.md', '# The Why', 'w'.repeat(150), '', 'The reasons are:', '', ...items)],
      {
        maxChars: 200,
      },
    ).passages;
    expect(passages.map((passage) => passage.text)).toEqual([
      'w'.repeat(150),
      md('The reasons are:', '', ...items),
    ]);
    // The same body without the lead-in colon is cut between the paragraph and the list, as before.
    const plain = chunkCorpus(
      [file('a.md', '# The Why', 'w'.repeat(150), '', 'Reasons follow.', '', ...items)],
      {
        maxChars: 200,
      },
    ).passages;
    expect(plain.map((passage) => passage.text)).toEqual([
      `${'w'.repeat(150)}\n\nReasons follow.`,
      md(...items),
    ]);
  });

  it('never separates a lead-in sentence from its table', () => {
    const table = md(
      '| Day | Hours |',
      '|---|---|',
      ...Array.from({ length: 6 }, (_, day) => `| ${day} | 9–17 ${'y'.repeat(20)} |`),
    );
    const { passages } = chunkCorpus(
      [file('a.md', '# Hours', 'z'.repeat(80), '', 'The opening hours are:', table)],
      {
        maxChars: 120,
      },
    );
    expect(passages.map((passage) => passage.text)).toEqual([
      'z'.repeat(80),
      md('The opening hours are:', table),
    ]);
  });
});

describe('a budget before the lexer (issue 15, finding 4)', () => {
  const healthy = file('ok.md', '# Fine', 'Still indexed.');

  it.each([
    [
      '2,000 nested block quotes',
      `# Deep\n${'>'.repeat(2000)} x`,
      /nests block quotes or lists 2000 levels deep/,
    ],
    ['emphasis nested 3,000 deep', `# Deep\n${'*a '.repeat(3000)}b${' c*'.repeat(3000)}`, /opens emphasis/],
    ['strong emphasis in one run', `# Deep\n${'**'.repeat(4500)}x${'**'.repeat(4500)}`, /opens emphasis/],
    [
      'strikethrough nested 3,000 deep',
      `# Deep\n${'~~a '.repeat(3000)}x${' a~~'.repeat(3000)}`,
      /opens emphasis/,
    ],
    [
      'lists nested 1,400 deep',
      `# Deep\n${Array.from({ length: 1400 }, (_, depth) => `${'  '.repeat(depth)}- x`).join('\n')}`,
      /nests block quotes or lists \d+ levels deep/,
    ],
    [
      'lists nested 600 deep inside a block quote',
      `# Deep\n${Array.from({ length: 600 }, (_, depth) => `> ${'  '.repeat(depth)}- x`).join('\n')}`,
      /nests block quotes or lists \d+ levels deep/,
    ],
  ])('leaves out a file with %s, naming it, and indexes the rest', (_case, text, reason) => {
    const { passages, leftOut } = chunkCorpus([{ path: 'deep.md', text }, healthy]);
    expect(passages.map((passage) => passage.id)).toEqual(['ok#fine']);
    expect(leftOut).toHaveLength(1);
    expect(leftOut[0]).toMatchObject({ path: 'deep.md', reason: expect.stringMatching(reason) });
    expect(leftOut[0]?.line).toBeGreaterThan(1);
    expect(leftOut[0]?.fix).not.toBe('');
  });

  it('leaves out a file over the size limit before reading its Markdown', () => {
    const { leftOut } = chunkCorpus([
      { path: 'huge.md', text: `# Huge\n${'x'.repeat(2 * 1024 * 1024)}` },
      healthy,
    ]);
    expect(leftOut).toMatchObject([
      { path: 'huge.md', reason: expect.stringMatching(/the limit is 2,097,152 a file/) },
    ]);
  });

  it('keeps nesting real documents use', () => {
    const nested = Array.from(
      { length: 12 },
      (_, depth) => `${'  '.repeat(depth)}- level ${depth} *em* __strong__`,
    );
    expect(only('# Nested', '> > quoted', '', ...nested)[0]?.text).toContain('level 11');
  });

  it('catches whatever the lexer throws on one file and names it, keeping the rest', () => {
    const lex = (markdown: string) => {
      if (markdown.includes('poison')) throw new RangeError('Maximum call stack size exceeded');
      return Lexer.lex(markdown, { gfm: true });
    };
    const { passages, leftOut } = chunkCorpus([file('bad.md', '# Bad', 'poison'), healthy], { lex });
    expect(passages.map((passage) => passage.id)).toEqual(['ok#fine']);
    expect(leftOut.map(describeLeftOut)).toEqual([
      'bad.md: the Markdown reader failed on it (RangeError: Maximum call stack size exceeded) — look for deeply nested or unclosed markup and simplify it',
    ]);
  });
});
