// A corpus folder and a prompt file as the ingest reads them, shared by every script that compiles an index.
import { readdirSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { SourceFile } from '../src/ingest/chunk';
import type { Prompt } from '../src/types';
import { readText, UsageError } from './cli';

export const BUNDLED_CORPUS = 'corpus';
/** The prompt `npm run ingest` ships with. */
export const DEFAULT_PROMPT = 'prompts/answer.v2.md';
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

/** A prompt file; its version is the file name without its extension (`answer.v2`). */
export function readPrompt(path: string): Prompt {
  return { version: basename(path, extname(path)), text: readText(path, 'prompt') };
}
