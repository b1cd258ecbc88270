// The sentence encoder's measuring helpers (scripts/lib/encoder.ts, scripts/measure/encoder-gate.ts), with a fake
// model in place of the 28 MB one.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type EncoderModel, embedder, encoderFeaturesOn } from '../../scripts/lib/encoder';
import { mcnemar } from '../../scripts/measure/encoder-gate';

/** A model whose vector of a text is its length and its count of "a", recording what it was asked. */
function fakeModel() {
  const asked: string[] = [];
  const model: EncoderModel = {
    embed: async (input) => {
      asked.push(...input);
      return input.map((text) => [text.length, [...text].filter((c) => c === 'a').length]);
    },
  };
  return { model, asked };
}

const cacheFile = () => join(mkdtempSync(join(tmpdir(), 'encoder-')), 'cache.json');

describe('embedder', () => {
  it('embeds each text once, however often it is added', async () => {
    const { model, asked } = fakeModel();
    const encoder = embedder(model);
    await encoder.add(['aa', 'bb', 'aa'], 'texts');
    await encoder.add(['bb', 'ab'], 'texts');
    expect(asked).toEqual(['aa', 'bb', 'ab']);
    expect(encoder.cosine('aa', 'aa')).toBeCloseTo(1);
  });

  it('embeds nothing on a rerun that reads the cache it saved', async () => {
    const path = cacheFile();
    const first = embedder(fakeModel().model, path);
    await first.add(['aa', 'bb'], 'texts');
    first.save();
    const rerun = fakeModel();
    const again = embedder(rerun.model, path);
    await again.add(['bb', 'aa'], 'texts');
    expect(rerun.asked).toEqual([]);
    expect(again.cosine('aa', 'bb')).toBeCloseTo(first.cosine('aa', 'bb'));
  });

  it('rebuilds a cache written for another encoder instead of reading its vectors', async () => {
    const path = cacheFile();
    const first = embedder(fakeModel().model, path);
    await first.add(['aa'], 'texts');
    first.save();
    const file = JSON.parse(readFileSync(path, 'utf8')) as { encoder: string };
    writeFileSync(path, JSON.stringify({ ...file, encoder: 'another encoder' }));
    const rerun = fakeModel();
    await embedder(rerun.model, path).add(['aa'], 'texts');
    expect(rerun.asked).toEqual(['aa']);
  });

  it('says which text was never embedded', async () => {
    const encoder = embedder(fakeModel().model);
    await encoder.add(['aa'], 'texts');
    expect(() => encoder.cosine('aa', 'zz')).toThrow(/"zz" not embedded/u);
  });
});

describe('encoderFeaturesOn', () => {
  it('reads the best retrieved, the nearest retrieved and the nearest in the corpus', async () => {
    const encoder = embedder(fakeModel().model);
    const passage = (text: string) => ({ trail: ['h'], text });
    const [near, far, between] = [passage('aaaa'), passage('bbbb'), passage('abab')];
    const passages = [near, far, between];
    await encoder.add(['aa', ...passages.map((p) => `h\n${p.text}`)], 'texts');
    const read = encoderFeaturesOn({ encoder, passages });
    const features = read('aa', [far, between]);
    expect(features.encoderBest).toBeCloseTo(encoder.cosine('aa', 'h\nbbbb'));
    expect(features.encoderTop).toBeCloseTo(encoder.cosine('aa', 'h\nabab'));
    expect(features.encoderAny).toBeCloseTo(encoder.cosine('aa', 'h\naaaa'));
    expect(features.encoderAny).toBeGreaterThan(features.encoderTop);
  });
});

describe('mcnemar', () => {
  it('is 1 when the two models disagree evenly', () => {
    expect(mcnemar(5, 5)).toBe(1);
  });

  it('is the exact two-sided binomial tail', () => {
    // 0 against 5: 2 × (1/2)^5.
    expect(mcnemar(5, 0)).toBeCloseTo(2 / 32);
    expect(mcnemar(0, 5)).toBeCloseTo(2 / 32);
  });

  it('is small when one model alone lets many more through', () => {
    expect(mcnemar(47, 0)).toBeLessThan(1e-10);
  });
});
