import { describe, expect, it } from 'vitest';
import { type CompiledIndex, IndexLoadError, parseIndex } from '../../src/index-file';
import type { Passage } from '../../src/types';
import { tinyIndex } from '../helpers/engine';

describe('parseIndex', () => {
  it('accepts what the ingest writes, after a JSON round trip', () => {
    const index = tinyIndex();
    expect(parseIndex(JSON.parse(JSON.stringify(index)))).toEqual(index);
  });

  it('rejects something that is not an index, naming the path', () => {
    expect(() => parseIndex({ format: 'other' })).toThrow(IndexLoadError);
    expect(() => parseIndex({ format: 'other' })).toThrow(/format/);
  });

  it.each([
    ['a duplicate passage id', (i: CompiledIndex) => i.passages.push({ ...(i.passages[0] as Passage) })],
    ['vectors that do not match the passages', (i: CompiledIndex) => i.vectors.pop()],
    ['idf that does not match the terms', (i: CompiledIndex) => i.model.idf.pop()],
    ['a vector term outside the vocabulary', (i: CompiledIndex) => i.vectors[0]?.ids.push(1e6)],
    ['a threshold above 1', (i: CompiledIndex) => Object.assign(i.gate, { threshold: 2 })],
  ])('rejects %s', (_name, corrupt) => {
    const index = tinyIndex();
    corrupt(index);
    expect(() => parseIndex(index)).toThrow(IndexLoadError);
  });
});
