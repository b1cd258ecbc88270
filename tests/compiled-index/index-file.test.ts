import { describe, expect, it } from 'vitest';
import { packSections, sectionsOf } from '../../src/compiled-index/container';
import { parseIndex, serializeIndex } from '../../src/compiled-index/parse';
import type { CompiledIndex } from '../../src/compiled-index/types';
import { IndexLoadError } from '../../src/compiled-index/version';
import { tinyIndex } from '../helpers/engine';

/** Rewrites one JSON section (0 header, 1 passages) of a serialized index, keeping the rest. */
function withSection(
  bytes: Uint8Array,
  which: 0 | 1,
  edit: (json: Record<string, unknown>) => unknown,
): Uint8Array {
  const sections = sectionsOf(bytes);
  const json = JSON.parse(new TextDecoder().decode(sections[which]));
  sections[which] = new TextEncoder().encode(JSON.stringify(edit(json)));
  return packSections(sections);
}

describe('parseIndex', () => {
  it('reads back exactly what serializeIndex wrote', () => {
    const index = tinyIndex();
    expect(parseIndex(serializeIndex(index))).toEqual(index);
  });

  it('writes the same bytes for the same corpus', () => {
    expect(serializeIndex(tinyIndex())).toEqual(serializeIndex(tinyIndex()));
  });

  it('rejects something that is not an index, saying so', () => {
    const json = new TextEncoder().encode('{"format":"sourcebound-index"}');
    expect(() => parseIndex(json)).toThrow(IndexLoadError);
    expect(() => parseIndex(json)).toThrow(/does not start with "SBIX"/);
  });

  it('rejects an index of another format version, saying to rebuild it', () => {
    const bytes = serializeIndex(tinyIndex());
    new DataView(bytes.buffer).setUint32(4, 1, true);
    expect(() => parseIndex(bytes)).toThrow(/version 1.*npm run ingest/);
  });

  it.each([
    ['cut short', (b: Uint8Array) => b.subarray(0, b.length - 3), /postings section is cut short/],
    ['with bytes after its end', (b: Uint8Array) => new Uint8Array([...b, 0]), /1 bytes after the postings/],
    ['cut inside the header', (b: Uint8Array) => b.subarray(0, 10), /header are missing/],
  ])('rejects a file %s', (_name, corrupt, message) => {
    expect(() => parseIndex(corrupt(serializeIndex(tinyIndex())))).toThrow(message);
  });

  type Columns = { id: string[]; file: number[]; line: number[]; trail: string[][]; text: string[] };
  const dropLast = (c: Columns) => {
    for (const name of ['id', 'file', 'line', 'trail', 'text'] as const) c[name].pop();
    return c;
  };
  it.each([
    [
      'a duplicate passage id',
      (c: Columns) => ({ ...c, id: [c.id[1], ...c.id.slice(1)] }),
      /duplicate passage id/,
    ],
    ['fewer passages than announced', dropLast, /passages where the header announces/],
    [
      'a passage without a heading trail',
      (c: Columns) => ({ ...c, trail: [[], ...c.trail.slice(1)] }),
      /passages: trail: expected heading trails/,
    ],
    [
      'columns of different lengths',
      (c: Columns) => ({ ...c, line: c.line.slice(1) }),
      /2 line values for 3 ids/,
    ],
    [
      'a file that is not listed',
      (c: Columns) => ({ ...c, file: [9, ...c.file.slice(1)] }),
      /names a file that is not listed/,
    ],
    [
      'a line number of 0',
      (c: Columns) => ({ ...c, line: [0, ...c.line.slice(1)] }),
      /line: expected line numbers from 1/,
    ],
  ])('rejects passages with %s', (_name, edit, message) => {
    const bytes = withSection(serializeIndex(tinyIndex()), 1, (json) => edit(json as unknown as Columns));
    expect(() => parseIndex(bytes)).toThrow(IndexLoadError);
    expect(() => parseIndex(bytes)).toThrow(message);
  });

  it.each([
    [
      'a threshold above 1',
      (h: Record<string, unknown>) => ({ ...h, gate: { ...(h.gate as object), threshold: 2 } }),
      /gate\.threshold/,
    ],
    [
      'terms out of order',
      (h: Record<string, unknown>) => ({ ...h, terms: [...(h.terms as string[])].reverse() }),
      /not sorted/,
    ],
    [
      'an unknown retrieval model',
      (h: Record<string, unknown>) => ({ ...h, model: { kind: 'dense' } }),
      /model/,
    ],
    [
      'more postings than the file holds',
      (h: Record<string, unknown>) => ({ ...h, postingCount: 10_000 }),
      /postings:/,
    ],
    [
      'fewer terms than the postings list',
      (h: Record<string, unknown>) => ({ ...h, terms: (h.terms as string[]).slice(1) }),
      /postings:/,
    ],
  ])('rejects a header with %s', (_name, edit, message) => {
    const bytes = withSection(serializeIndex(tinyIndex()), 0, edit);
    expect(() => parseIndex(bytes)).toThrow(IndexLoadError);
    expect(() => parseIndex(bytes)).toThrow(message);
  });

  it.each([
    [
      'no vocabulary',
      (h: Record<string, unknown>) => ({ ...h, terms: undefined }),
      /header: terms: expected a list/,
    ],
    [
      'a passage count that is not a count',
      (h: Record<string, unknown>) => ({ ...h, passageCount: -1 }),
      /header: passageCount: expected a count/,
    ],
    ['no header object at all', () => 'header', /header: terms: expected a list/],
  ])('rejects, before decoding the postings, a header with %s', (_name, edit, message) => {
    expect(() => parseIndex(withSection(serializeIndex(tinyIndex()), 0, edit))).toThrow(message);
  });

  it('rejects a section that is not UTF-8', () => {
    const sections = sectionsOf(serializeIndex(tinyIndex()));
    sections[1] = new Uint8Array([0x5b, 0xff, 0x5d]);
    expect(() => parseIndex(packSections(sections))).toThrow(/the passages are not JSON/);
  });

  it('rejects a JSON section that is not JSON', () => {
    const bytes = serializeIndex(tinyIndex());
    bytes[12] = 0x7b; // "{": an unfinished object
    bytes[13] = 0x7b;
    expect(() => parseIndex(bytes)).toThrow(/header are not JSON/);
  });

  it('keeps the retrieval model and gate it was compiled with', () => {
    const index: CompiledIndex = { ...tinyIndex({ threshold: 0.25 }), model: { kind: 'tfidf' } };
    const read = parseIndex(serializeIndex(index));
    expect(read.model).toEqual({ kind: 'tfidf' });
    expect(read.gate.threshold).toBe(0.25);
  });
});
