// The ingest as the page runs it on the visitor's documents: the same compileIndex as `npm run ingest`,
// with the gate marked as not calibrated for them. Imported by the ingest worker (and tests) only, so the
// Markdown lexer is downloaded when a visitor brings documents, not before.

import type { CompiledIndex } from '../compiled-index/types';
import { uncalibratedGate } from '../config';
import type { SourceFile } from './chunk';
import { compileIndex } from './compile';
import { IngestError } from './errors';

export type CompileOutcome = { ok: true; index: CompiledIndex } | { ok: false; problems: string[] };

/** Every problem of the corpus (duplicate ids with both places, files with no heading…), or its index. */
export function compileOwnCorpus(files: SourceFile[]): CompileOutcome {
  try {
    return { ok: true, index: compileIndex({ files, gate: uncalibratedGate() }) };
  } catch (error) {
    if (error instanceof IngestError) return { ok: false, problems: error.problems };
    throw error;
  }
}
