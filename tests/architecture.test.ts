// The layout's rules, executable: which stage may import which, where packages and the DOM may appear, and
// what the page's first download may pull in. DESIGN.md draws the same picture; this file enforces it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaOf, importCircles, importsOf, sourceFiles, staticClosure } from './helpers/module-graph';

const files = sourceFiles('src');

/**
 * The pipeline's order: each area may import the ground, itself, and the areas listed. Data flows down
 * this list and never back up: the text rules know no stage, the question path knows no page.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  ground: [],
  text: [],
  retrieval: ['text'],
  'compiled-index': ['text', 'retrieval'],
  ingest: ['text', 'retrieval', 'compiled-index'],
  generation: ['text'],
  // The stand-in's reader: nothing of the Claude client's, and the client nothing of the reader's.
  reader: ['text'],
  ask: ['text', 'retrieval', 'compiled-index', 'generation'],
  evaluation: ['text', 'retrieval', 'compiled-index', 'generation', 'reader', 'ask'],
};
const PIPELINE = Object.keys(MAY_IMPORT);

/**
 * The page's order: the shell (the top: routes, loading the manual, the lazy chunks) imports features and
 * the kit; a feature imports the kit and the pipeline, never the shell; the kit (widgets, downloads,
 * workers, chunk loading) imports no part of the page but itself. `import()` counts.
 */
const UI_MAY_IMPORT: Record<string, (area: string) => boolean> = {
  'ui/shell': () => true,
  'ui/kit': (area) => area === 'ui/kit',
  feature: (area) => area !== 'ui/shell',
};
const uiRole = (area: string) => (area === 'ui/shell' || area === 'ui/kit' ? area : 'feature');

/** Packages with one home: the only areas (or files) allowed to import them. */
const PACKAGE_HOMES: Array<{ pattern: RegExp; allowed: (file: string) => boolean }> = [
  { pattern: /^@anthropic-ai\/sdk/, allowed: (file) => file === 'src/generation/claude.ts' },
  // The ingest cuts documents with it; the page draws an answer's inline Markdown from its tokens.
  {
    pattern: /^marked$/,
    allowed: (file) => areaOf(file) === 'ingest' || file === 'src/ui/ask/inline-markdown.tsx',
  },
  { pattern: /^preact/, allowed: (file) => areaOf(file).startsWith('ui') },
];

// A parameter or field holding the question's text: `question: string`, `(text: string)` of a question reader.
const QUESTION_TEXT =
  /\b(?:question|questionText|asked)\??\s*:\s*string\b|\bfunction\s+\w*[Qq]uestion\w*\(\s*\w+\s*:\s*string/;

// A browser global used as a value. Comments are removed first, so "…in the document." in prose is not one.
const DOM_GLOBAL = /\b(document|window|localStorage|sessionStorage|indexedDB|navigator|HTMLElement)\s*[.[(]/;
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm;

/**
 * A literal list of words at a module's top: a Set of strings, or a list typed as strings, spelt out or
 * split from one string. In the reader only its words.ts files may hold one (FEATURE_NAMES and the other
 * registries of names, and sets of answer kinds, are not words).
 */
const WORD_LIST = new RegExp(
  [
    String.raw`^(?:export )?const \w+(?:: ReadonlySet<string>)?\s*=\s*new Set(?:<string>)?\(\s*(?:\[\s*)?['\`]`,
    String.raw`^(?:export )?const \w+: readonly string\[\]\s*=\s*(?:\[\s*)?['\`]`,
    String.raw`^(?:export )?const \w+\s*=\s*['\`][^'\`]*['\`]\.split\(`,
  ].join('|'),
  'm',
);

/** Modules that the first download must not hold: each belongs to a chunk loaded later, or to a worker. */
const NOT_IN_FIRST_DOWNLOAD = [
  /^src\/compiled-index\/(container|postings-codec|parse|fetch|text-blocks)\.ts$/,
  /^src\/generation\/claude\.ts$/,
  /^src\/ingest\//,
  /^src\/evaluation\//,
  /^src\/ui\/eval\//,
  /^src\/ui\/own-documents\/own-corpus\.tsx$/,
  /^src\/ui\/ask\/result-view\.tsx$/,
  // Reading a question (typos, the thesaurus, evidence) and the text model: nothing reads words before the
  // first question; the page builds only the inverted index at load.
  /^src\/retrieval\/retrieve\.ts$/,
  /^src\/text\//,
];

describe('the layout', () => {
  it.each(PIPELINE)('%s imports only the stages before it', (area) => {
    const allowed = new Set(['ground', area, ...(MAY_IMPORT[area] ?? [])]);
    const broken = files
      .filter((file) => areaOf(file) === area)
      .flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => target?.startsWith('src/') && !allowed.has(areaOf(target)))
          .map(({ target }) => `${file} → ${target}`),
      );
    expect(broken).toEqual([]);
  });

  it('the page imports down its order: shell, then features, then the kit', () => {
    const broken = files
      .filter((file) => areaOf(file).startsWith('ui/'))
      .flatMap((file) => {
        const may = UI_MAY_IMPORT[uiRole(areaOf(file))] as (area: string) => boolean;
        return importsOf(file)
          .filter(({ target }) => target !== undefined && areaOf(target).startsWith('ui'))
          .filter(({ target }) => !may(areaOf(target as string)))
          .map(({ target }) => `${file} → ${target}`);
      });
    expect(broken).toEqual([]);
    // The rule reads every part of the page: a new folder under src/ui is a feature unless named here.
    expect(new Set(files.map(areaOf).filter((area) => area.startsWith('ui')))).toEqual(
      new Set(['ui/shell', 'ui/kit', 'ui/ask', 'ui/eval', 'ui/own-documents']),
    );
  });

  it('no module of src/ imports from outside it but packages and shipped data', () => {
    const outside = files.flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target !== undefined && !target.startsWith('src/'))
        .filter(({ target }) => !/^(eval|prompts)\/[\w.-]+\.(json|md)$/.test(target as string))
        .map(({ target }) => `${file} → ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it('holds only modules the engine or the page use: one that only scripts and tests import lives in scripts/', () => {
    const imported = new Set(files.flatMap((file) => importsOf(file).map(({ target }) => target)));
    // Entry points: the page's, and the workers it starts by URL.
    const entries = (file: string) => file === 'src/ui/shell/main.tsx' || /-worker\.ts$/.test(file);
    expect(files.filter((file) => !imported.has(file) && !entries(file))).toEqual([]);
  });

  it('no production module imports a test double', () => {
    const doubles = files.flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target?.startsWith('tests/'))
        .map(({ target }) => `${file} → ${target}`),
    );
    expect(doubles).toEqual([]);
  });

  it("reads the question's text only in reader/question/: the rest of the reader reads the Question value", () => {
    const outside = files.filter(
      (file) => areaOf(file) === 'reader' && !file.startsWith('src/reader/question/'),
    );
    const holdsText = outside.filter((file) =>
      QUESTION_TEXT.test(readFileSync(file, 'utf8').replace(COMMENT, '$1')),
    );
    expect(holdsText).toEqual([]);
    // The generator's request carries the question as typed: it goes straight to reader/question/.
    const passedOn = outside.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const reads = source.match(/\brequest\.question\b/g)?.length ?? 0;
      const handed = source.match(/questionAsRead\(request\.question\b/g)?.length ?? 0;
      return reads === handed
        ? []
        : [`${file}: request.question read ${reads - handed} time(s) outside reader/question/`];
    });
    expect(passedOn).toEqual([]);
    // The pattern must see what it forbids: the question folder itself takes the text.
    expect(QUESTION_TEXT.test(readFileSync('src/reader/question/question.ts', 'utf8'))).toBe(true);
  });

  it("keeps the reader's word lists in its words.ts files, each saying where it comes from", () => {
    const listing = files
      .filter((file) => areaOf(file) === 'reader' && !file.endsWith('/words.ts'))
      .filter((file) => WORD_LIST.test(readFileSync(file, 'utf8')));
    expect(listing).toEqual([]);
    // The rule is only as good as its pattern: it must see the lists words.ts holds.
    expect(WORD_LIST.test(readFileSync('src/reader/words.ts', 'utf8'))).toBe(true);
  });

  it('has no import circle', () => {
    expect(importCircles(files)).toEqual([]);
  });

  it.each(PACKAGE_HOMES.map((home) => [home.pattern.source, home] as const))(
    'imports %s only from its home',
    (_name, { pattern, allowed }) => {
      const strays = files.filter(
        (file) => !allowed(file) && importsOf(file).some(({ specifier }) => pattern.test(specifier)),
      );
      expect(strays).toEqual([]);
    },
  );

  it('no module of src/ imports a Node module: the same code runs in the page', () => {
    const node = files.filter((file) =>
      importsOf(file).some(({ specifier }) => specifier.startsWith('node:')),
    );
    expect(node).toEqual([]);
  });

  it('touches the DOM only in the page: the pipeline runs the same in Node and in a worker', () => {
    const touching = files
      .filter((file) => !areaOf(file).startsWith('ui'))
      .filter((file) => DOM_GLOBAL.test(readFileSync(file, 'utf8').replace(COMMENT, '$1')));
    expect(touching).toEqual([]);
  });

  it('keeps the index codec, the SDK, the ingest, the text model and the later chunks out of the first download', () => {
    const firstDownload = [...staticClosure('src/ui/shell/main.tsx')];
    const misplaced = firstDownload.filter((file) => NOT_IN_FIRST_DOWNLOAD.some((rule) => rule.test(file)));
    expect(misplaced).toEqual([]);
    // The rule above is only as good as the walk: it must reach the index the page builds at load, and
    // the question-time chunk must reach the reading the first download leaves to it.
    expect(firstDownload).toContain('src/retrieval/inverted-index.ts');
    expect([...staticClosure('src/ui/ask/question-time.ts')]).toEqual(
      expect.arrayContaining(['src/retrieval/retrieve.ts', 'src/text/tokenize.ts']),
    );
  });
});
