// The visitor's own documents, read at the edge: which dropped or picked files are Markdown, which are
// too large to index in a page, which cannot be read. Nothing here leaves the device.
import type { SourceFile } from '../../ingest/chunk';

/** A file larger than this is refused rather than indexed: a page is not the place for it. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** And a corpus larger than this in all. */
export const MAX_CORPUS_BYTES = 50 * 1024 * 1024;

const MARKDOWN = /\.(md|markdown)$/iu;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The part of a File this module reads; a test can give any object with these. */
export interface PickedFile {
  name: string;
  size: number;
  /** The path inside a picked folder, or "" for a file picked alone. */
  webkitRelativePath?: string;
  text(): Promise<string>;
}

export type ReadOutcome =
  | { ok: true; files: SourceFile[]; leftOut: string[] }
  | { ok: false; problems: string[]; leftOut: string[] };

/**
 * Reads the Markdown files among `picked`. Files that are not Markdown are left out and listed (a
 * folder holds images too); a Markdown file that is too large or cannot be read stops the whole corpus,
 * because indexing the rest would lose it without a word. Every problem is listed, not just the first.
 */
export async function readPickedFiles(picked: readonly PickedFile[]): Promise<ReadOutcome> {
  if (picked.length === 0)
    return { ok: false, problems: ['No files arrived: drop or choose Markdown files.'], leftOut: [] };
  const leftOut: string[] = [];
  const problems: string[] = [];
  const markdown: PickedFile[] = [];
  for (const file of picked) {
    const path = file.webkitRelativePath || file.name;
    if (!MARKDOWN.test(file.name)) leftOut.push(`${path} is not Markdown (.md or .markdown): left out`);
    else if (file.size > MAX_FILE_BYTES) {
      problems.push(`${path} is ${megabytes(file.size)}; the limit is ${megabytes(MAX_FILE_BYTES)} a file`);
    } else markdown.push(file);
  }
  const total = markdown.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_CORPUS_BYTES) {
    problems.push(
      `the Markdown files come to ${megabytes(total)}; the limit is ${megabytes(MAX_CORPUS_BYTES)} in all`,
    );
  }
  if (markdown.length === 0 && problems.length === 0) {
    problems.push('None of these files is Markdown (.md or .markdown), so there is nothing to index.');
  }
  const files: SourceFile[] = [];
  for (const file of markdown) {
    const path = file.webkitRelativePath || file.name;
    try {
      files.push({ path, text: await file.text() });
    } catch (error) {
      // A file moved or deleted since it was picked, or one the browser may not read.
      if (!(error instanceof DOMException || error instanceof TypeError)) throw error;
      problems.push(`${path} could not be read (${error.message || error.name})`);
    }
  }
  if (problems.length > 0) return { ok: false, problems, leftOut };
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files: withoutSharedFolder(files), leftOut };
}

/**
 * Paths inside the folder brought, not under it: a folder "handbook" picked or dropped gives
 * "handbook/setup.md", and its passages would all be cited as "handbook/setup#…". The folder's own
 * name says nothing the visitor does not know, and makes every id longer.
 */
function withoutSharedFolder(files: SourceFile[]): SourceFile[] {
  const [first] = files;
  const slash = first?.path.indexOf('/') ?? -1;
  if (first === undefined || slash <= 0) return files;
  const folder = first.path.slice(0, slash + 1);
  if (!files.every((file) => file.path.startsWith(folder))) return files;
  return files.map((file) => ({ ...file, path: file.path.slice(folder.length) }));
}
