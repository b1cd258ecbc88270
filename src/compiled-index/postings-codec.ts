// The postings as bytes, for the index file (src/container.ts). Apart from postings.ts, which the page's
// first download needs for scoring: only the index worker, the ingest and the command line read or write
// these bytes, and a page chunk that did would otherwise pull the codec into the first download too.
import { MAX_TF, type Postings } from '../retrieval/postings';

// The byte layout, in three runs so that gzip sees like next to like:
//   1. every term's document frequency, LEB128 varints;
//   2. every posting's term frequency, LEB128 varints (mostly 1s, which gzip all but erases);
//   3. every posting's passage, as the gap to the previous passage of its term (the first posting of a
//      term counts from −1), Golomb–Rice coded, MSB first, zero bits to the end of the last byte.
// Rice coding spends about log2(passages / df) + 1.5 bits a gap, where a varint spends at least 8 and gzip
// cannot squeeze the random low bits out again. Its parameter follows from df and the passage count, so
// the file does not store it; it is computed with integers, so every JavaScript engine agrees.

export class PostingsFormatError extends Error {
  override name = 'PostingsFormatError';
}

/** The Rice parameter k for a term: the largest with 2^k ≤ 0.69 × the mean gap, passages / df. */
export function riceParameter(df: number, passageCount: number): number {
  let k = 0;
  // df · 100 · 2^(k+1) ≤ 69 · passages, in integers well inside 2^53.
  const limit = 69 * passageCount;
  let next = df * 200;
  while (k < 30 && next <= limit) {
    k++;
    next *= 2;
  }
  return k;
}

class ByteWriter {
  bytes = new Uint8Array(1024);
  length = 0;

  room(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (this.length + count > size) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  varint(value: number): void {
    this.room(5);
    let rest = value;
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.bytes[this.length++] = rest;
  }
}

/** Appends bits MSB first after what the byte writer holds. */
class BitWriter {
  #out: ByteWriter;
  #current = 0;
  #used = 0;

  constructor(out: ByteWriter) {
    this.#out = out;
  }

  bit(one: boolean): void {
    this.#current = (this.#current << 1) | (one ? 1 : 0);
    if (++this.#used === 8) this.#flush();
  }

  /** The low `count` bits of `value`, highest first. */
  bits(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) this.bit(((value >>> i) & 1) === 1);
  }

  #flush(): void {
    this.#out.room(1);
    this.#out.bytes[this.#out.length++] = this.#current;
    this.#current = 0;
    this.#used = 0;
  }

  end(): void {
    if (this.#used === 0) return;
    this.#current <<= 8 - this.#used;
    this.#flush();
  }
}

export function encodePostings(postings: Postings, passageCount: number): Uint8Array {
  const out = new ByteWriter();
  const termCount = postings.starts.length - 1;
  for (let t = 0; t < termCount; t++)
    out.varint((postings.starts[t + 1] as number) - (postings.starts[t] as number));
  for (const tf of postings.tfs) out.varint(tf);
  const bits = new BitWriter(out);
  for (let t = 0; t < termCount; t++) {
    const start = postings.starts[t] as number;
    const end = postings.starts[t + 1] as number;
    const k = riceParameter(end - start, passageCount);
    let previous = -1;
    for (let i = start; i < end; i++) {
      const doc = postings.docs[i] as number;
      const value = doc - previous - 1;
      for (let q = value >>> k; q > 0; q--) bits.bit(true);
      bits.bit(false);
      bits.bits(value, k);
      previous = doc;
    }
  }
  bits.end();
  return out.bytes.slice(0, out.length);
}

/** The 32 bits of `stream` from bit `p` on, highest first, as an int32; `stream` has 4 bytes to spare. */
function bitsAt(stream: Uint8Array, p: number): number {
  const i = p >>> 3;
  const shift = p & 7;
  const word =
    ((stream[i] as number) << 24) |
    ((stream[i + 1] as number) << 16) |
    ((stream[i + 2] as number) << 8) |
    (stream[i + 3] as number);
  // With shift 0 the fifth byte shifts out entirely: no branch needed.
  return (word << shift) | ((stream[i + 4] as number) >>> (8 - shift));
}

/**
 * Fills `docs` from the Rice-coded gaps; returns the bit position after the last. Apart from
 * decodePostings so that V8 optimises this loop on its own: it is nearly all of a load.
 */
function decodeGaps(
  stream: Uint8Array,
  streamBits: number,
  starts: Uint32Array,
  docs: Uint32Array,
  passageCount: number,
): number {
  const termCount = starts.length - 1;
  let p = 0;
  for (let t = 0; t < termCount; t++) {
    const start = starts[t] as number;
    const end = starts[t + 1] as number;
    const k = riceParameter(end - start, passageCount);
    // No gap exceeds the passage count, so a quotient above this is a corrupt file; checking it also keeps
    // every sum below in 32-bit integers, which V8 runs four times as fast as the same sums in doubles.
    const largestQuotient = passageCount >>> k;
    let doc = -1;
    for (let i = start; i < end; i++) {
      // The quotient in unary: count the ones before the first zero, up to 32 bits at a time.
      let quotient = 0;
      let bits = bitsAt(stream, p);
      let ones = Math.clz32(~bits);
      while (ones === 32) {
        quotient += 32;
        p += 32;
        if (p > streamBits) throw new PostingsFormatError(`postings end inside the passages of term ${t}`);
        bits = bitsAt(stream, p);
        ones = Math.clz32(~bits);
      }
      p += ones + 1;
      // The remainder: the k bits after the zero, from the same window when they are in it.
      let remainder = 0;
      if (k > 0) remainder = (ones + 1 + k <= 32 ? bits << (ones + 1) : bitsAt(stream, p)) >>> (32 - k);
      p += k;
      if (p > streamBits) throw new PostingsFormatError(`postings end inside the passages of term ${t}`);
      quotient += ones;
      if (quotient > largestQuotient)
        throw new PostingsFormatError(`term ${t} has a gap past the last passage`);
      doc = (doc + (quotient << k) + remainder + 1) | 0;
      // Every gap is at least 1, so passages ascend; past the last one the file is wrong.
      if (doc >= passageCount)
        throw new PostingsFormatError(`term ${t} names passage ${doc} of ${passageCount}`);
      docs[i] = doc;
    }
  }
  return p;
}

/**
 * Reads what encodePostings wrote, checking everything a scorer relies on: passages ascending and in
 * range within each term, every frequency at least 1, and no byte left over or missing.
 */
export function decodePostings(
  bytes: Uint8Array,
  shape: { termCount: number; postingCount: number; passageCount: number },
): Postings {
  const { termCount, postingCount, passageCount } = shape;
  // Every term takes a byte at least, and so does every posting's frequency: counts past the bytes are a
  // corrupt header, refused before they size an allocation (4e9 postings asked for 24 GB).
  if (termCount > bytes.length || postingCount > bytes.length) {
    throw new PostingsFormatError(
      `${termCount} terms and ${postingCount} postings cannot fit in ${bytes.length} bytes`,
    );
  }
  let at = 0;
  // LEB128, inlined by hand where it runs once per posting.
  const varint = (what: string): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (at >= bytes.length) throw new PostingsFormatError(`postings end inside ${what}`);
      const byte = bytes[at++] as number;
      if (shift === 28 && byte > 0x0f) throw new PostingsFormatError(`${what} is larger than 32 bits`);
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  };

  const starts = new Uint32Array(termCount + 1);
  let total = 0;
  for (let t = 0; t < termCount; t++) {
    starts[t] = total;
    const count = varint(`the document frequency of term ${t}`);
    if (count === 0) throw new PostingsFormatError(`term ${t} occurs in no passage`);
    total += count;
    if (total > postingCount)
      throw new PostingsFormatError(`more than the ${postingCount} postings announced`);
  }
  starts[termCount] = total;
  if (total !== postingCount) {
    throw new PostingsFormatError(`${total} postings where ${postingCount} were announced`);
  }

  const tfs = new Uint16Array(postingCount);
  for (let i = 0; i < postingCount; i++) {
    // Nearly every frequency is one byte; the rest take the general path.
    let tf = bytes[at] ?? 0x80;
    if (tf < 0x80) at++;
    else tf = varint('a term frequency');
    if (tf < 1 || tf > MAX_TF) throw new PostingsFormatError(`term frequency ${tf} is out of range`);
    tfs[i] = tf;
  }

  // The bit stream, copied with 8 zero bytes after it so that a 32-bit window never reads past the end.
  const streamBits = (bytes.length - at) * 8;
  const stream = new Uint8Array(bytes.length - at + 8);
  stream.set(bytes.subarray(at));
  const docs = new Uint32Array(postingCount);
  const p = decodeGaps(stream, streamBits, starts, docs, passageCount);
  const usedBytes = Math.ceil(p / 8);
  if (
    usedBytes * 8 !== streamBits ||
    (p < streamBits && bitsAt(stream, p) >>> (32 - (streamBits - p)) !== 0)
  ) {
    throw new PostingsFormatError(
      `${streamBits / 8 - usedBytes} bytes after the postings, or padding that is not zero`,
    );
  }
  return { starts, docs, tfs };
}

// An index kept in shards (posting-shards.ts) holds, in its own file, what every question needs before
// any list: each term's document frequency, LEB128 varints as above, then each passage's scorer factor
// (inverted-index.ts's passageFactors), float32 little-endian (the scorer rounds the factors it derives to
// float32 too, so both give the same scores), so that no list has to be read to score.
// Each shard beside it is encodePostings of its terms, whole.

/** A sharded index's postings as its file holds them: document frequencies and passage factors. */
export interface PostingsHead {
  counts: Uint32Array;
  factors: Float64Array;
}

/** The head as the index file holds it, not decoded yet, and the counts the header announces. */
export interface PostingsHeadBytes {
  head: Uint8Array;
  shape: { termCount: number; postingCount: number; passageCount: number };
}

export function encodePostingsHead(head: PostingsHead): Uint8Array {
  const out = new ByteWriter();
  for (const count of head.counts) out.varint(count);
  const at = out.length;
  out.room(head.factors.length * 4);
  out.length += head.factors.length * 4;
  const view = new DataView(out.bytes.buffer, out.bytes.byteOffset + at, head.factors.length * 4);
  for (const [doc, factor] of head.factors.entries()) view.setFloat32(doc * 4, factor, true);
  return out.bytes.slice(0, out.length);
}

/** Reads what encodePostingsHead wrote: every count at least 1 and adding up, every factor finite. */
export function decodePostingsHead(
  bytes: Uint8Array,
  shape: { termCount: number; postingCount: number; passageCount: number },
): PostingsHead {
  const { termCount, postingCount, passageCount } = shape;
  if (termCount > bytes.length || passageCount * 4 > bytes.length) {
    throw new PostingsFormatError(
      `${termCount} terms and ${passageCount} passages cannot fit in ${bytes.length} bytes`,
    );
  }
  const counts = new Uint32Array(termCount);
  let at = 0;
  let total = 0;
  for (let t = 0; t < termCount; t++) {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= bytes.length)
        throw new PostingsFormatError(`postings end inside the document frequency of term ${t}`);
      const byte = bytes[at++] as number;
      if (shift === 28 && byte > 0x0f)
        throw new PostingsFormatError(`the document frequency of term ${t} is larger than 32 bits`);
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    if (value === 0 || value > passageCount)
      throw new PostingsFormatError(`term ${t} occurs in ${value} of ${passageCount} passages`);
    counts[t] = value;
    total += value;
  }
  if (total !== postingCount)
    throw new PostingsFormatError(`${total} postings where ${postingCount} were announced`);
  if (bytes.length - at !== passageCount * 4) {
    throw new PostingsFormatError(
      `${bytes.length - at} bytes of passage factors for ${passageCount} passages`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, passageCount * 4);
  const factors = new Float64Array(passageCount);
  for (let doc = 0; doc < passageCount; doc++) {
    const factor = view.getFloat32(doc * 4, true);
    if (!Number.isFinite(factor) || factor < 0)
      throw new PostingsFormatError(`passage ${doc} has factor ${factor}`);
    factors[doc] = factor;
  }
  return { counts, factors };
}

/** The postings of terms `first` up to `end`, as a shard of their own: their positions counted from 0. */
export function postingsOf(postings: Postings, first: number, end: number): Postings {
  const from = postings.starts[first] as number;
  const to = postings.starts[end] as number;
  return {
    starts: postings.starts.slice(first, end + 1).map((start) => start - from),
    docs: postings.docs.slice(from, to),
    tfs: postings.tfs.slice(from, to),
  };
}

/**
 * A shard's bytes decoded and checked, as decodePostings checks a whole index, and against the head:
 * each of its terms in as many passages as the index's file says.
 */
export function decodeShard(
  bytes: Uint8Array,
  shard: { first: number; counts: ArrayLike<number>; passageCount: number; termCount: number },
): Postings {
  const { first, counts, passageCount, termCount } = shard;
  let postingCount = 0;
  for (let t = first; t < first + termCount; t++) postingCount += counts[t] as number;
  const postings = decodePostings(bytes, { termCount, postingCount, passageCount });
  for (let t = 0; t < termCount; t++) {
    const count = (postings.starts[t + 1] as number) - (postings.starts[t] as number);
    if (count !== counts[first + t]) {
      throw new PostingsFormatError(
        `term ${first + t} is in ${count} passages here and ${counts[first + t]} in the index`,
      );
    }
  }
  return postings;
}
