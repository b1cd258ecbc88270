// The ingest as the page runs it on the visitor's documents: the same compileCorpus as `npm run ingest`,
// with the gate marked as not calibrated for them. Imported by the ingest worker (and tests) only, so the
// Markdown lexer is downloaded when a visitor brings documents, not before.

import type { CompiledIndex } from '../compiled-index/types';
import { uncalibratedGate } from '../config';
import type { SourceFile } from './chunk';
import { compileCorpus } from './compile';
import { IngestError } from './errors';
import type { LeftOut } from './left-out';

export type CompileOutcome =
  | { ok: true; index: CompiledIndex; leftOut: LeftOut[] }
  | { ok: false; problems: string[] };

/** The index of what can be used, with every file left out and why; or why nothing could be. */
export function compileOwnCorpus(options: {
  files: SourceFile[];
  /** What the page calls them: "your documents", or the folder they came in. */
  corpus: string;
  /** Called as each file starts, with its place in `files`, then with `files.length` (see chunkCorpus). */
  onFile?: (index: number) => void;
}): CompileOutcome {
  try {
    return { ok: true, ...compileCorpus({ ...options, gate: uncalibratedGate() }) };
  } catch (error) {
    if (error instanceof IngestError) return { ok: false, problems: error.problems };
    throw error;
  }
}
