// The visitor's own documents, read at the edge: which dropped or picked files are documents, which are
// too large to index in a page, which cannot be read. Nothing here leaves the device.
import type { SourceFile } from '../../ingest/chunk';
import { DOC_EXTENSIONS_IN_WORDS, docKindOf, MAX_FILE_BYTES, notADocument } from '../../ingest/doc-files';
import type { LeftOut } from '../../ingest/left-out';

export { MAX_FILE_BYTES };
/** A corpus larger than this in all is refused: a page is not the place for it. */
export const MAX_CORPUS_BYTES = 50 * 1024 * 1024;

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
  | { ok: true; files: SourceFile[]; leftOut: LeftOut[] }
  | { ok: false; problems: string[]; leftOut: LeftOut[] };

/**
 * Reads the documents among `picked` (Markdown, MDX, plain text). Every file that cannot be used is left
 * out and listed with its reason (not a document, too large, unreadable), and the rest read: a folder
 * holds images too, and one bad file should not cost the visitor the others. Only a corpus with nothing
 * to read, or too large in all, is refused.
 */
export async function readPickedFiles(picked: readonly PickedFile[]): Promise<ReadOutcome> {
  if (picked.length === 0)
    return { ok: false, problems: ['No files arrived: drop or choose Markdown files.'], leftOut: [] };
  const leftOut: LeftOut[] = [];
  const documents: PickedFile[] = [];
  for (const file of picked) {
    const path = pathOf(file);
    if (docKindOf(file.name) === undefined) leftOut.push(notADocument(path));
    else if (file.size > MAX_FILE_BYTES) {
      leftOut.push({
        path,
        reason: `is ${megabytes(file.size)}; the limit is ${megabytes(MAX_FILE_BYTES)} a file`,
        fix: 'split it into smaller files',
      });
    } else documents.push(file);
  }
  const total = documents.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_CORPUS_BYTES) {
    const problem = `the documents come to ${megabytes(total)}; the limit is ${megabytes(MAX_CORPUS_BYTES)} in all`;
    return { ok: false, problems: [problem], leftOut };
  }
  const files: SourceFile[] = [];
  for (const file of documents) {
    const path = pathOf(file);
    try {
      files.push({ path, text: await file.text() });
    } catch (error) {
      // A file moved or deleted since it was picked, or one the browser may not read.
      if (!(error instanceof DOMException || error instanceof TypeError)) throw error;
      leftOut.push({
        path,
        reason: `could not be read (${error.message || error.name})`,
        fix: 'check that it is still there and readable, then bring it again',
      });
    }
  }
  if (files.length === 0) {
    const problem =
      documents.length === 0
        ? `None of these files is a document (${DOC_EXTENSIONS_IN_WORDS}), so there is nothing to index.`
        : 'None of these files could be used, so there is nothing to index.';
    return { ok: false, problems: [problem], leftOut };
  }
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

const pathOf = (file: PickedFile) => file.webkitRelativePath || file.name;

/**
 * What the page calls the documents: the folder they came in when they all came in one
 * ("the folder docs"), "your documents" otherwise.
 */
export function corpusName(paths: readonly string[]): string {
  const folders = new Set(paths.map((path) => (path.includes('/') ? path.split('/')[0] : undefined)));
  const [folder] = folders;
  return folders.size === 1 && folder !== undefined ? `the folder ${folder}` : 'your documents';
}
