// A dropped folder arrives as file-system entries, not files: walked here, each file keeping its path
// inside the drop ("notes/garden.md"), as a picked folder's files keep theirs.
import type { LeftOut } from '../../ingest/left-out';
import type { PickedFile } from './corpus-files';

/** The parts of the entries API this walk uses; a test can give plain objects with these. */
export interface DroppedEntry {
  name: string;
  /** "/notes/garden.md": the path inside the drop, with a leading slash. */
  fullPath: string;
  isFile: boolean;
  isDirectory: boolean;
}
interface FileEntry extends DroppedEntry {
  file(success: (file: File) => void, failure: (error: DOMException) => void): void;
}
interface DirectoryEntry extends DroppedEntry {
  createReader(): {
    readEntries(success: (entries: DroppedEntry[]) => void, failure: (error: DOMException) => void): void;
  };
}

export interface Walked {
  files: PickedFile[];
  /** Folders that could not be listed: their files would be missing without a word otherwise. */
  leftOut: LeftOut[];
}

// "/notes/garden.md" → "notes/garden.md", as a picked folder's files name themselves.
const LEADING_SLASH = /^\//u;
const pathOf = (entry: DroppedEntry) => entry.fullPath.replace(LEADING_SLASH, '') || entry.name;

/** Whether a drop holds a folder: only then are the entries walked instead of the files taken. */
export const holdsFolder = (entries: readonly DroppedEntry[]) => entries.some((entry) => entry.isDirectory);

/** Every file under the dropped entries, folders walked to the bottom. */
export async function walkEntries(entries: readonly DroppedEntry[]): Promise<Walked> {
  const walked: Walked = { files: [], leftOut: [] };
  for (const entry of entries) await walk(entry, walked);
  return walked;
}

async function walk(entry: DroppedEntry, walked: Walked): Promise<void> {
  const path = pathOf(entry);
  if (entry.isFile) {
    try {
      walked.files.push(await fileOf(entry as FileEntry, path));
    } catch (error) {
      if (!(error instanceof DOMException)) throw error;
      walked.leftOut.push({
        path,
        reason: `could not be read (${error.message || error.name})`,
        fix: 'check that it is still there and readable, then drop it again',
      });
    }
  } else if (entry.isDirectory) {
    let children: DroppedEntry[];
    try {
      children = await listed(entry as DirectoryEntry);
    } catch (error) {
      if (!(error instanceof DOMException)) throw error;
      walked.leftOut.push({
        path: `${path}/`,
        reason: `this folder could not be read (${error.message || error.name})`,
        fix: 'check that it is still there and readable, then drop it again',
      });
      return;
    }
    for (const child of children) await walk(child, walked);
  }
}

/**
 * The entry's File, as pickDocuments takes it: the File itself (only a Blob crosses to the ingest
 * worker), with its path inside the drop, which a dropped File does not carry, as its own property.
 */
function fileOf(entry: FileEntry, path: string): Promise<PickedFile> {
  return new Promise((resolve, reject) =>
    entry.file((file) => {
      Object.defineProperty(file, 'webkitRelativePath', { value: path });
      resolve(file);
    }, reject),
  );
}

/** A folder's entries: readEntries gives them in batches (100 at a time in Chromium) until it gives none. */
async function listed(directory: DirectoryEntry): Promise<DroppedEntry[]> {
  const reader = directory.createReader();
  const all: DroppedEntry[] = [];
  for (;;) {
    const batch = await new Promise<DroppedEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}
