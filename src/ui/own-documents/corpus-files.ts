// The visitor's own documents, sorted at the edge: which dropped or picked files are documents, and which
// are too large to index in a page. Their text is read by the ingest worker, a file at a time, as it
// indexes them (ingest-worker.ts); one that cannot be read is left out then. Nothing here leaves the device.
import { DOC_EXTENSIONS_IN_WORDS, docKindOf, MAX_FILE_BYTES, notADocument } from '../../ingest/doc-files';
import type { LeftOut } from '../../ingest/left-out';

export { MAX_FILE_BYTES };
/** A corpus larger than this in all is refused: a page is not the place for it. */
export const MAX_CORPUS_BYTES = 50 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * A file picked or dropped: a File, or a Blob with a name (the ingest worker is sent the file itself, and
 * only a Blob crosses to a worker).
 */
export type PickedFile = Blob & {
  readonly name: string;
  /** The path inside a picked or dropped folder, or "" for a file picked alone. */
  readonly webkitRelativePath?: string;
};

/** A document to index: its path in the corpus, and the file its text is read from when its turn comes. */
export interface BroughtFile {
  path: string;
  file: Blob;
}

export type PickOutcome =
  | { ok: true; files: BroughtFile[]; leftOut: LeftOut[] }
  | { ok: false; problems: string[]; leftOut: LeftOut[] };

/**
 * The documents among `picked` (Markdown, MDX, plain text), by their path in the corpus, sorted, not yet
 * read. Every file that cannot be used is left out and listed with its reason (not a document, too
 * large), and the rest kept: a folder holds images too, and one bad file should not cost the visitor the
 * others. Only a corpus with no document, or too large in all, is refused.
 */
export function pickDocuments(picked: readonly PickedFile[]): PickOutcome {
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
  if (documents.length === 0) {
    const problem = `None of these files is a document (${DOC_EXTENSIONS_IN_WORDS}), so there is nothing to index.`;
    return { ok: false, problems: [problem], leftOut };
  }
  const files = documents.map((file) => ({ path: pathOf(file), file }));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files: withoutSharedFolder(files), leftOut };
}

/**
 * Paths inside the folder brought, not under it: a folder "handbook" picked or dropped gives
 * "handbook/setup.md", and its passages would all be cited as "handbook/setup#…". The folder's own
 * name says nothing the visitor does not know, and makes every id longer.
 */
function withoutSharedFolder(files: BroughtFile[]): BroughtFile[] {
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
