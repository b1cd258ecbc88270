import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseIndex } from '../../src/compiled-index/parse';
import { runScript } from '../helpers/run-script';
import { scratchForFile } from '../helpers/scratch';

// A corpus folder as people keep one, from the command line: real processes, real files, no key.

vi.setConfig({ testTimeout: 60_000 });
const work = scratchForFile('folder');
const REPOSITORY = resolve('.');
const REAL_DOCS = resolve('../shared/benchmarks/realdocs/preact/docs');

const run = (script: string, args: string[], cwd = REPOSITORY) => runScript({ script, args, cwd });

function folder(name: string, files: Record<string, string>): string {
  const root = join(work, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('npm run ingest on a folder of real docs', () => {
  it('reads .md, .mdx, .markdown and .txt, lists everything else, and exits 0 unless --strict', () => {
    const corpus = folder('mixed', {
      'guide.md': '---\ntitle: Guide\n---\n# Guide\nRead it.\n',
      'api.mdx': "import X from './x';\n\n# API\nCall it.\n",
      'old.markdown': '# Old\nStill here.\n',
      'faq.txt': 'Ask at the desk.\n\nOr by mail.\n',
      'logo.png': 'not text',
    });
    const out = join(work, 'mixed.bin');
    const result = run('ingest', ['--corpus', corpus, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/5 passages from 4 files/);
    expect(result.stderr).toMatch(/1 left out of .*mixed:\n {2}logo\.png: not a documentation file/);
    expect(parseIndex(readFileSync(out)).passages.map((passage) => passage.id)).toEqual([
      'api#api',
      'faq#faq',
      'faq#faq-2',
      'guide#guide',
      'old#old',
    ]);
    const strict = run('ingest', ['--corpus', corpus, '--out', join(work, 'strict.bin'), '--strict']);
    expect(strict.code).toBe(1);
    expect(existsSync(join(work, 'strict.bin'))).toBe(false);
  });

  it('says --strict in its usage', () => {
    expect(run('ingest', ['--bogus']).stderr).toMatch(/--strict: exit 1/);
  });

  it('never follows a link to a folder (self -> .), saying what it skipped', () => {
    const corpus = folder('looped', { 'a.md': '# A\nText.\n', 'sub/b.md': '# B\nMore.\n' });
    symlinkSync('.', join(corpus, 'self'));
    symlinkSync('..', join(corpus, 'sub', 'up'));
    symlinkSync('a.md', join(corpus, 'again.md'));
    const out = join(work, 'looped.bin');
    const result = run('ingest', ['--corpus', corpus, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/2 passages from 2 files/);
    expect(result.stderr).toMatch(/self\/: a link to a folder: not followed/);
    expect(result.stderr).toMatch(/sub\/up\/: a link to a folder: not followed/);
    expect(result.stderr).toMatch(/again\.md: the same file as a\.md/);
    expect(parseIndex(readFileSync(out)).passages.map((passage) => passage.file)).toEqual([
      'a.md',
      'sub/b.md',
    ]);
  });

  it('leaves out a link to a file outside the folder by name, and reads it only with --follow-links', () => {
    const corpus = folder('linked/corpus', { 'rules.md': '# Rules\nBe quiet.\n' });
    folder('linked/secret', { 'private.md': '# Private\nThe safe code is 4711.\n' });
    symlinkSync('../secret/private.md', join(corpus, 'notes.md'));
    const out = join(work, 'linked.bin');
    const result = run('ingest', ['--corpus', corpus, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /notes\.md: a link to a file outside the folder: not read — .*--follow-links/,
    );
    expect(parseIndex(readFileSync(out)).passages.map((passage) => passage.file)).toEqual(['rules.md']);
    const followed = run('ingest', ['--corpus', corpus, '--out', out, '--follow-links']);
    expect(followed.code).toBe(0);
    expect(parseIndex(readFileSync(out)).passages.map((passage) => passage.file)).toEqual([
      'notes.md',
      'rules.md',
    ]);
  });

  it('leaves out a file too deep for the lexer, names it, and indexes the rest', () => {
    const corpus = folder('deep', { 'ok.md': '# Ok\nFine.\n', 'deep.md': `# Deep\n${'>'.repeat(2000)} x\n` });
    const result = run('ingest', ['--corpus', corpus, '--out', join(work, 'deep.bin')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/deep\.md line 2: nests block quotes or lists 2000 levels deep/);
    expect(result.stdout).toMatch(/1 passages from 1 files/);
  });

  it('ingests the shared Preact docs whole: 33 files, none left out', (context) => {
    if (!existsSync(REAL_DOCS)) context.skip(`SKIP: the shared real docs set is not at ${REAL_DOCS}`);
    const out = join(work, 'preact.bin');
    const result = run('ingest', ['--corpus', REAL_DOCS, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/passages from 33 files/);
    const passages = parseIndex(readFileSync(out)).passages;
    // Docs-site syntax stays out of the prose: no front matter, no <toc>, no comment.
    const prose = passages.map((passage) => passage.text.replace(/```[\s\S]*?```/gu, '')).join('\n');
    expect(prose).not.toMatch(/<toc>|<!--|^description: /mu);
    expect(passages.map((passage) => passage.id)).toContain('guide/v10/hooks#useid');
  });
});

describe('the quick start on a fresh clone: no build step before npm run ask', () => {
  it('compiles the missing index from corpus/, says so on stderr, and answers', () => {
    // A checkout with no generated/ folder: the repository's files linked in, nothing built.
    const clone = join(work, 'clone');
    mkdirSync(clone);
    for (const entry of ['corpus', 'package.json', 'node_modules']) {
      symlinkSync(join(REPOSITORY, entry), join(clone, entry));
    }
    const first = run('ask', ['How long can I borrow a DVD for?'], clone);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/compiling generated\/index\.bin from corpus\/ \(there is none yet\)/);
    expect(first.stderr).toMatch(/quoting the library manual/);
    expect(first.stdout).toMatch(/7 days/);
    expect(existsSync(join(clone, 'generated/index.bin'))).toBe(true);

    const second = run('ask', ['How long can I borrow a DVD for?'], clone);
    expect(second.stderr).not.toMatch(/compiling/);
    expect(second.stdout).toMatch(/7 days/);

    // The same index `npm run ingest` writes, thesaurus and all: the quick start asks what the site asks.
    expect(run('ingest', ['--quiet', '--out', 'ingested.bin'], clone).code).toBe(0);
    expect(readFileSync(join(clone, 'generated/index.bin'))).toEqual(
      readFileSync(join(clone, 'ingested.bin')),
    );
  });

  it('rebuilds an index older than corpus/, and never one named with --index', () => {
    const clone = join(work, 'stale');
    mkdirSync(join(clone, 'generated'), { recursive: true });
    cpSync(join(REPOSITORY, 'corpus'), join(clone, 'corpus'), { recursive: true });
    for (const entry of ['package.json', 'node_modules']) {
      symlinkSync(join(REPOSITORY, entry), join(clone, entry));
    }
    expect(run('ingest', ['--quiet'], clone).code).toBe(0);
    writeFileSync(
      join(clone, 'corpus/05-events.md'),
      '# Events\n\n## Film nights\n\nFilm nights are on Fridays.\n',
    );
    const named = run('ask', ['--index', 'generated/index.bin', 'When are film nights?'], clone);
    expect(named.stderr).not.toMatch(/compiling/);
    const stale = run('ask', ['When are film nights?'], clone);
    expect(stale.stderr).toMatch(
      /compiling generated\/index\.bin from corpus\/ \(corpus\/ has changed since it was built\)/,
    );
    expect(stale.stdout).toMatch(/05-events#film-nights/);
  });

  it('names a corpus that is not the manual by its folder, never as "the manual"', () => {
    const corpus = folder('garden', { 'roses.md': '# Roses\n\n## Pruning\n\nPrune roses in late winter.\n' });
    const out = join(work, 'garden.bin');
    run('ingest', ['--corpus', corpus, '--out', out]);
    const result = run('ask', ['--index', out, 'When should I prune roses?']);
    expect(result.stderr).toMatch(/quoting the documents in .*garden\//);
    expect(result.stderr + result.stdout).not.toMatch(/manual/);
  });
});
