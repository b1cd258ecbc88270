// A corpus folder as the ingest reads it, shared by every script that compiles an index.
import { readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { SourceFile } from '../src/ingest/chunk';
import { readText, UsageError } from './cli';

export const BUNDLED_CORPUS = 'corpus';
const MARKDOWN = new Set(['.md', '.markdown']);

function markdownFiles(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    throw new UsageError(`cannot read corpus folder ${folder}: ${(error as NodeJS.ErrnoException).code}`);
  }
  return entries
    .filter((entry) => MARKDOWN.has(extname(entry).toLowerCase()) && isFile(join(folder, entry)))
    .map((entry) => entry.split('\\').join('/'))
    .sort();
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch (error) {
    // A link to nowhere is a file the user meant to include: say so rather than skip it.
    throw new UsageError(`cannot read corpus file ${path}: ${(error as NodeJS.ErrnoException).code}`);
  }
}

/** Every Markdown file under `folder`, with its path relative to it, sorted. */
export function readCorpusFolder(folder: string): SourceFile[] {
  return markdownFiles(folder).map((path) => ({ path, text: readText(join(folder, path), 'corpus file') }));
}
