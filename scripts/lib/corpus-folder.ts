// A corpus folder as the command line reads it: every document under it, each real file once, no link
// to a folder followed (a `self -> .` link would repeat the corpus, two can loop), and every file left out
// named with why. Shared by `npm run ingest` and the index that `ask` and `eval` build when it is missing.
import { type Dirent, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { SourceFile } from '../../src/ingest/chunk';
import { type CompiledCorpus, type CompileOptions, compileCorpus } from '../../src/ingest/compile';
import { DOC_EXTENSIONS_IN_WORDS, docKindOf, MAX_FILE_BYTES, notADocument } from '../../src/ingest/doc-files';
import { IngestError } from '../../src/ingest/errors';
import { describeLeftOut, type LeftOut } from '../../src/ingest/left-out';
import { readText, UsageError } from './cli';

export const BUNDLED_CORPUS = 'corpus';
/** What the CLI and the page call the bundled corpus. */
export const BUNDLED_CORPUS_NAME = 'the library manual';

export interface ReadFolder {
  files: SourceFile[];
  leftOut: LeftOut[];
}

/** What a corpus is called in the words around its answers: the bundled manual, or its folder. */
export function corpusNameOf(folder: string): string {
  if (resolve(folder) === resolve(BUNDLED_CORPUS)) return BUNDLED_CORPUS_NAME;
  return `the documents in ${relative('.', folder) || '.'}/`;
}

/** Where the walk is and what it has found: the same for every folder under the corpus. */
interface Walk {
  folder: string;
  read: ReadFolder;
  seen: Map<string, string>;
  /** The corpus folder with its links resolved, to tell a file inside it from one a link leads out to. */
  realFolder: string | undefined;
}

/**
 * Every document under `folder`, read, sorted by path; whatever is not read is listed with why. A link
 * to a file outside the folder is left out unless `followLinks`: the corpus is what the folder holds.
 */
export function readCorpusFolder(folder: string, options: { followLinks?: boolean } = {}): ReadFolder {
  const read: ReadFolder = { files: [], leftOut: [] };
  const seen = new Map<string, string>();
  let realFolder: string | undefined;
  if (!options.followLinks) {
    try {
      realFolder = realpathSync(folder);
    } catch (error) {
      throw new UsageError(`cannot read corpus folder ${folder}: ${(error as NodeJS.ErrnoException).code}`);
    }
  }
  walk({ folder, read, seen, realFolder }, '');
  read.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  read.leftOut.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return read;
}

function walk(walking: Walk, at: string) {
  const { folder, read } = walking;
  let entries: Dirent[];
  try {
    entries = readdirSync(join(folder, at), { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (at === '') throw new UsageError(`cannot read corpus folder ${folder}: ${code}`);
    read.leftOut.push({
      path: `${at}/`,
      reason: `this folder could not be read (${code})`,
      fix: 'make it readable, or move it out of the corpus',
    });
    return;
  }
  for (const entry of entries) {
    const path = at === '' ? entry.name : `${at}/${entry.name}`;
    const absolute = join(folder, path);
    if (entry.isDirectory()) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') {
        read.leftOut.push({
          path: `${path}/`,
          reason: 'a hidden or tooling folder: not read',
          fix: 'move documents you want indexed out of it',
        });
      } else walk(walking, path);
      continue;
    }
    if (entry.isSymbolicLink() && isFolder(absolute)) {
      read.leftOut.push({
        path: `${path}/`,
        reason: 'a link to a folder: not followed (it can repeat the corpus or loop)',
        fix: 'copy the folder in, or ingest it on its own with --corpus',
      });
      continue;
    }
    readFile(walking, { path, absolute });
  }
}

function readFile({ read, seen, realFolder }: Walk, { path, absolute }: { path: string; absolute: string }) {
  if (docKindOf(path) === undefined) {
    read.leftOut.push(notADocument(path));
    return;
  }
  let real: string;
  let size: number;
  try {
    real = realpathSync(absolute);
    const stats = statSync(real);
    if (!stats.isFile()) {
      read.leftOut.push({ path, reason: 'not a regular file', fix: 'replace it with a file' });
      return;
    }
    size = stats.size;
  } catch (error) {
    read.leftOut.push({
      path,
      reason: `cannot be read (${(error as NodeJS.ErrnoException).code}): a link to nothing?`,
      fix: 'point the link at a file, or remove it',
    });
    return;
  }
  if (realFolder !== undefined && !real.startsWith(`${realFolder}${sep}`)) {
    read.leftOut.push({
      path,
      reason: 'a link to a file outside the folder: not read',
      fix: 'copy the file into the folder, or pass --follow-links to read it where it is',
    });
    return;
  }
  const earlier = seen.get(real);
  if (earlier !== undefined) {
    read.leftOut.push({
      path,
      reason: `the same file as ${earlier} (a link)`,
      fix: 'nothing to do: it is read once',
    });
    return;
  }
  seen.set(real, path);
  if (size > MAX_FILE_BYTES) {
    read.leftOut.push({
      path,
      reason: `is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB a file`,
      fix: 'split it into smaller files',
    });
    return;
  }
  try {
    read.files.push({ path, text: readText(absolute, 'corpus file') });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    read.leftOut.push({ path, reason: error.message, fix: 'make it readable' });
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    // A link to nothing: read as a file, and named as unreadable there.
    return false;
  }
}

/** The newest modification time under `folder` (the folder itself included), in ms. */
export function newestChange(folder: string): number {
  let newest = lstatSync(folder).mtimeMs;
  for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    try {
      newest = Math.max(newest, lstatSync(join(folder, entry)).mtimeMs);
    } catch {
      // Gone since it was listed: nothing newer to count.
    }
  }
  return newest;
}

/** A folder compiled: the index, and everything left out of it (files of the folder, files and sections of the corpus). */
export function compileFolder(
  options: { folder: string; followLinks?: boolean } & Omit<CompileOptions, 'files' | 'corpus'>,
): CompiledCorpus {
  const { folder, followLinks, ...compile } = options;
  const read = readCorpusFolder(folder, followLinks === undefined ? {} : { followLinks });
  try {
    const compiled = compileCorpus({ ...compile, files: read.files, corpus: corpusNameOf(folder) });
    return { index: compiled.index, leftOut: [...read.leftOut, ...compiled.leftOut] };
  } catch (error) {
    if (error instanceof IngestError) {
      const problems = [...read.leftOut.map(describeLeftOut), ...error.problems];
      throw new UsageError(`ingest of ${folder} failed:\n  ${problems.join('\n  ')}`);
    }
    throw error;
  }
}

/** `path` with every link in it resolved, as far as it exists: a file not yet written is its folder's real path. */
function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOf(parent), basename(path));
  }
}

/**
 * Refuses an output that would overwrite a document or land inside the corpus it is built from: an index
 * written there would replace a document, or be read as one by the next ingest.
 */
export function refuseOutputIntoCorpus(options: { out: string; folder: string; flag: string }): void {
  const { out, folder, flag } = options;
  if (docKindOf(out) !== undefined) {
    throw new UsageError(
      `${flag} ${out} names a document file (${DOC_EXTENSIONS_IN_WORDS}): an index is never written over one; choose a name such as index.bin`,
    );
  }
  const realFolder = realPathOf(resolve(folder));
  const realOut = realPathOf(resolve(out));
  if (realOut === realFolder || realOut.startsWith(`${realFolder}${sep}`)) {
    throw new UsageError(
      `${flag} ${out} lies inside the corpus folder ${folder}: write the index outside the documents it is built from`,
    );
  }
}
