// The compiled index as bytes: written by the ingest, bundled with the site, read by the command line and
// by the page's index worker. This module only reads the container and decodes the postings; it knows no
// schema, so the worker that runs it carries no zod. What it returns is still untrusted: check.ts
// checks it (checkIndex) before anything uses it.
//
// One binary file, little-endian:
//   "SBIX"  u32 version
//   32 bytes: the SHA-256 of everything after them, checked before anything else is read, so a
//   damaged or edited file (one flipped bit of a threshold, of a posting) never loads as another index
//   u32 n, n bytes of UTF-8 JSON: the header (model, terms, gate, prompt, counts)
//   u32 n, n bytes of UTF-8 JSON: the passages, as columns (one array per field)
//   u32 n, n bytes: the postings (src/retrieval/postings.ts)
// The header and the passages are JSON because they are small or text; the postings, which are most of
// a large index, are binary, because as JSON numbers they were 9× the size and took seconds to load.

import { passageFactors } from '../retrieval/inverted-index';
import type { Passage } from '../types';
import { decodePostings, encodePostings, encodePostingsHead, PostingsFormatError } from './postings-codec';
import { sha256Bytes } from './sha256';
import { type CompiledIndex, isHead, type PassageColumns, type RawIndex } from './types';
import { INDEX_VERSION, IndexLoadError } from './version';

const MAGIC = [0x53, 0x42, 0x49, 0x58]; // "SBIX"
const SECTIONS = ['header', 'passages', 'postings'] as const;
const DIGEST_AT = 8;
const DIGEST_LENGTH = 32;
const CONTENT_AT = DIGEST_AT + DIGEST_LENGTH;

const invalid = (message: string) => new IndexLoadError(`not a valid sourcebound index: ${message}`);

/** The passages as columns; without their text when `withText` is false (it is never read then). */
export function columnsOf(
  passages: readonly Passage[],
  withText = true,
): Omit<PassageColumns, 'text'> & Partial<Pick<PassageColumns, 'text'>> {
  const files: string[] = [];
  const fileIds = new Map<string, number>();
  const file = passages.map((passage) => {
    let id = fileIds.get(passage.file);
    if (id === undefined) {
      id = files.push(passage.file) - 1;
      fileIds.set(passage.file, id);
    }
    return id;
  });
  return {
    files,
    file,
    line: passages.map((passage) => passage.line),
    id: passages.map((passage) => passage.id),
    trail: passages.map((passage) => passage.trail),
    ...(withText ? { text: passages.map((passage) => passage.text) } : {}),
  };
}

// The header's fields, in the one order they are written: the schema's (check.ts).
const HEADER_FIELDS = [
  'format',
  'version',
  'model',
  'terms',
  'promptVersion',
  'gate',
  'contextSize',
  'corpus',
  'thesaurus',
  'textBlocks',
  'postingShards',
] as const satisfies ReadonlyArray<keyof CompiledIndex>;
// A field added to CompiledIndex must be given its place above, or it would not be written.
type Unwritten = Exclude<
  keyof CompiledIndex,
  'passages' | 'postings' | 'textSource' | 'postingSource' | (typeof HEADER_FIELDS)[number]
>;
true satisfies [Unwritten] extends [never] ? true : never;

/**
 * The bytes `npm run ingest` writes. The header's fields go in one fixed order, whatever the order of the
 * object's keys: an index read back (its fields in the schema's order) is written as the same bytes, so
 * the page, which hashes the index it holds, and the command line, which hashes the file, name one index
 * with one hash (a trace made in the page replays as made on the same index).
 */
export function serializeIndex(index: CompiledIndex): Uint8Array<ArrayBuffer> {
  const { passages, postings } = index;
  const header = {
    ...Object.fromEntries(
      HEADER_FIELDS.filter((field) => index[field] !== undefined).map((field) => [field, index[field]]),
    ),
    passageCount: passages.length,
    postingCount: isHead(postings)
      ? postings.counts.reduce((sum, count) => sum + count, 0)
      : postings.docs.length,
  };
  const encoder = new TextEncoder();
  return packSections([
    encoder.encode(JSON.stringify(header)),
    // Text kept in blocks is not the index file's (text-blocks.ts), and may not even be here (the page).
    encoder.encode(JSON.stringify(columnsOf(passages, index.textBlocks === undefined))),
    postingsSection(index),
  ]);
}

/** Every posting, or, for an index whose postings are in shards beside it, their head (postings-codec.ts). */
function postingsSection({ postings, postingShards, model, passages }: CompiledIndex): Uint8Array {
  if (postingShards === undefined) {
    if (isHead(postings)) throw new RangeError('an index read without its posting shards names none');
    return encodePostings(postings, passages.length);
  }
  if (isHead(postings)) return encodePostingsHead(postings);
  const counts = postings.starts.slice(1).map((end, t) => end - (postings.starts[t] as number));
  return encodePostingsHead({ counts, factors: passageFactors(model, postings, passages.length) });
}

/** The container around its three sections, in order: header, passages, postings. */
export function packSections(sections: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(CONTENT_AT + sections.reduce((sum, section) => sum + 4 + section.length, 0));
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(4, INDEX_VERSION, true);
  let at = CONTENT_AT;
  for (const section of sections) {
    view.setUint32(at, section.length, true);
    bytes.set(section, at + 4);
    at += 4 + section.length;
  }
  bytes.set(sha256Bytes(bytes.subarray(CONTENT_AT)), DIGEST_AT);
  return bytes;
}

/**
 * The steps of loading an index, in order, for a caller that times them (`npm run bench` reports each):
 * the SHA-256 check, the two JSON sections, the postings, then checkIndex (parse.ts).
 */
export type LoadStep = 'checksum' | 'header' | 'passages' | 'postings' | 'check';

/** Called as each step of a load ends. */
export type OnStep = (step: LoadStep) => void;

/** How a load is told about its steps and hashes the file. */
export interface ReadOptions {
  onStep?: OnStep;
  /**
   * The SHA-256 of the bytes after the digest. By default this module's own, which runs anywhere; a runtime
   * with a native one passes it: the command line node:crypto's, the page's worker WebCrypto's (through
   * readIndexFileAsync). At 100,000 passages the JavaScript digest was a third of the load.
   */
  sha256?: (content: Uint8Array) => Uint8Array;
}

const ignoreStep: OnStep = () => {};

/** Reads the sections of the container, in order; every length is checked against what is there. */
export function sectionsOf(bytes: Uint8Array, options: ReadOptions = {}): Uint8Array[] {
  const { onStep = ignoreStep, sha256 = sha256Bytes } = options;
  if (bytes.length < 8 || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw invalid('the file does not start with "SBIX"');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== INDEX_VERSION) {
    throw new IndexLoadError(
      `index format version ${version}; this build reads version ${INDEX_VERSION}: rebuild it with npm run ingest`,
    );
  }
  if (bytes.length < CONTENT_AT) throw invalid('the file is cut short before its checksum');
  const digest = sha256(bytes.subarray(CONTENT_AT));
  if (digest.length !== DIGEST_LENGTH || digest.some((byte, i) => bytes[DIGEST_AT + i] !== byte)) {
    throw new IndexLoadError(
      'the index file is damaged or has been altered: its content does not match the SHA-256 it was written with; rebuild it with npm run ingest',
    );
  }
  onStep('checksum');
  const sections: Uint8Array[] = [];
  let at = CONTENT_AT;
  for (const name of SECTIONS) {
    if (at + 4 > bytes.length) throw invalid(`the ${name} are missing`);
    const length = view.getUint32(at, true);
    if (at + 4 + length > bytes.length) throw invalid(`the ${name} section is cut short`);
    sections.push(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  if (at !== bytes.length) throw invalid(`${bytes.length - at} bytes after the postings`);
  return sections;
}

function json(bytes: Uint8Array, name: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TypeError) {
      throw invalid(`the ${name} are not JSON (${error.message})`);
    }
    throw error;
  }
}

/** The count `field` of the header, or an error naming it: the postings cannot be decoded without it. */
function countIn(header: unknown, field: string): number {
  const value =
    typeof header === 'object' && header !== null ? (header as Record<string, unknown>)[field] : undefined;
  if (!Number.isInteger(value) || (value as number) < 0) throw invalid(`header: ${field}: expected a count`);
  return value as number;
}

/**
 * Reads an index file: the container, both JSON sections, and the postings, decoded and checked against
 * the counts the header announces. The header and passages still need checkIndex (check.ts).
 */
export function readIndexFile(bytes: Uint8Array, options: ReadOptions = {}): RawIndex {
  const onStep = options.onStep ?? ignoreStep;
  const [headerBytes, passageBytes, postingBytes] = sectionsOf(bytes, options) as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  const header = json(headerBytes, 'header');
  onStep('header');
  const terms =
    typeof header === 'object' && header !== null ? (header as { terms?: unknown }).terms : undefined;
  if (!Array.isArray(terms)) throw invalid('header: terms: expected a list of terms');
  const shape = {
    termCount: terms.length,
    postingCount: countIn(header, 'postingCount'),
    passageCount: countIn(header, 'passageCount'),
  };
  const passages = json(passageBytes, 'passages');
  onStep('passages');
  // An index kept in shards holds only the head here (its lists are read as questions need them), decoded
  // by posting-shards.ts's decodedHead: not here, so that the page's worker, which only passes it on,
  // carries none of it.
  if (typeof header === 'object' && header !== null && 'postingShards' in header) {
    return { header, passages, postings: { head: postingBytes.slice(), shape } };
  }
  try {
    const postings = decodePostings(postingBytes, shape);
    onStep('postings');
    return { header, passages, postings };
  } catch (error) {
    if (error instanceof PostingsFormatError) throw invalid(`postings: ${error.message}`);
    throw error;
  }
}

/**
 * readIndexFile with the checksum computed by WebCrypto where the runtime has it (the page's worker on
 * https or localhost; Node). WebCrypto's digest is native but asynchronous, so it is computed first and
 * handed to the synchronous reader; without WebCrypto (a page on plain http) the reader hashes as usual.
 */
export async function readIndexFileAsync(
  bytes: Uint8Array<ArrayBuffer>,
  options: ReadOptions = {},
): Promise<RawIndex> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined || bytes.length < CONTENT_AT) return readIndexFile(bytes, options);
  const content = bytes.subarray(CONTENT_AT);
  let digest: Uint8Array;
  try {
    digest = new Uint8Array(await subtle.digest('SHA-256', content));
  } catch {
    // A WebCrypto that will not hash this (a browser's own limit, say) leaves the JavaScript one.
    return readIndexFile(bytes, options);
  }
  // The reader hashes exactly the bytes after the stored digest: `content`, whose digest this is.
  return readIndexFile(bytes, { ...options, sha256: () => digest });
}
