// The compiled index's shapes, as read from a file and as checked. Both the codec (container.ts) and the
// check (check.ts) speak them, so they live apart from both: neither module imports the other.
import type { RetrievalModel } from '../retrieval/model';
import type { Postings } from '../retrieval/postings';
import type { GateSettings, Passage } from '../types';
import type { INDEX_FORMAT, INDEX_VERSION } from './version';

/**
 * The passages as columns rather than one object each: at 100,000 passages the repeated keys were most
 * of the section, and checking a column is one pass over an array. `file` indexes `files`.
 */
export interface PassageColumns {
  files: string[];
  file: number[];
  line: number[];
  id: string[];
  trail: string[][];
  text: string[];
}

/** An index file read but not yet checked: the JSON sections as parsed, the postings decoded. */
export interface RawIndex {
  header: unknown;
  passages: unknown;
  postings: Postings;
}

export interface CompiledIndex {
  format: typeof INDEX_FORMAT;
  version: typeof INDEX_VERSION;
  passages: Passage[];
  model: RetrievalModel;
  terms: string[];
  postings: Postings;
  /** The version of the shipped system prompt the index was built for: the text is the application's. */
  promptVersion: string;
  gate: GateSettings;
  contextSize: number;
}
