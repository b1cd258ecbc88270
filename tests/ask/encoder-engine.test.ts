import { describe, expect, it } from 'vitest';
import { reportRecord } from '../../scripts/lib/report-record';
import { encodedText, encoderEvidence, KEPT_PASSAGE_VECTORS, rescored } from '../../src/ask/encoder-evidence';
import { ask, createEngine, retrieverOf, withSemantic } from '../../src/ask/engine';
import { DEFAULT_GATE } from '../../src/config';
import { parseTrace, traceOf } from '../../src/evaluation/trace';
import { createExtractiveClient } from '../../src/reader/extractive';
import { evidenceScore, NO_EVIDENCE } from '../../src/retrieval/evidence';
import {
  type EncoderGate,
  type SemanticModel,
  type SentenceEncoder,
  semanticChannel,
  type WordVectors,
} from '../../src/retrieval/semantic';
import type { Passage } from '../../src/types';
import { libraryIndex } from '../helpers/engine';

const table: WordVectors = {
  terms: ['dvd', 'film'],
  dimensions: 2,
  vectors: Float32Array.from([1, 0, 0.96, 0.28]),
  digest: 'b'.repeat(64),
};

/**
 * A stand-in encoder of two dimensions: a text that mentions a loan ("borrow", "loan") points one way,
 * every other text the other, so that the question about borrowing is near the loan passages in meaning
 * and a question about the weather near none of them. It counts what it was asked to embed.
 */
function fakeEncoder(id = 'fake-encoder@1') {
  const embedded: string[] = [];
  const encoder: SentenceEncoder = {
    id,
    async embed(texts) {
      embedded.push(...texts);
      return texts.map((text) =>
        /borrow|loan/iu.test(text) ? Float32Array.of(1, 0) : Float32Array.of(0, 1),
      );
    },
  };
  return { encoder, embedded };
}

/** The encoder gate weighs the encoder alone, so that what it decides is plain to see. */
const model = (encoder = 'fake-encoder@1'): SemanticModel => ({
  version: 'words-model',
  settings: { weight: 0, minSimilarity: 0.6, neighbours: 3 },
  evidence: { bias: -3, weights: { cosine: 4 }, source: 'test' },
  threshold: 0.05,
  source: 'fitted without the encoder',
  encoder: {
    encoder,
    version: 'encoder-model',
    evidence: { bias: -2, weights: { encoderBest: 2, encoderTop: 2 }, source: 'test' },
    threshold: 0.6,
    source: 'fitted with the encoder',
  },
});

/** `model()` whose encoder gate draws the context from the words' first 10 passages, reordered. */
const reranking = (weight: number): SemanticModel => {
  const fitted = model();
  return { ...fitted, encoder: { ...(fitted.encoder as EncoderGate), rerank: { depth: 10, weight } } };
};

function engineWith(encoder: SentenceEncoder | undefined, gate = DEFAULT_GATE, fitted = model()) {
  const engine = createEngine({ ...libraryIndex(), gate });
  return withSemantic(engine, {
    channel: semanticChannel(table, engine.invertedIndex.vocabulary),
    model: fitted,
    ...(encoder === undefined ? {} : { encoder }),
  });
}

const client = createExtractiveClient();

describe('withSemantic with a sentence encoder', () => {
  it('takes the encoder gate’s threshold and source, and the model’s own without an encoder', () => {
    expect(engineWith(fakeEncoder().encoder).gate).toMatchObject({
      threshold: 0.6,
      source: 'fitted with the encoder',
    });
    expect(engineWith(undefined).gate).toMatchObject({
      threshold: 0.05,
      source: 'fitted without the encoder',
    });
  });

  it('does not read the encoder beside a threshold a person set: that was measured without it', () => {
    const own = { threshold: 0.5, minMargin: 0, source: 'set with --threshold 0.5' };
    const engine = engineWith(fakeEncoder().encoder, own);
    expect(engine.gate).toEqual(own);
    expect(engine.semantic?.encoder).toBeUndefined();
  });

  it('refuses to pair a gate with an encoder it was not fitted with', () => {
    expect(() => engineWith(fakeEncoder('another-encoder@2').encoder)).toThrow(/fitted with fake-encoder@1/u);
    const engine = createEngine(libraryIndex());
    const { version, settings, evidence, threshold, source } = model();
    expect(() =>
      withSemantic(engine, {
        channel: semanticChannel(table, engine.invertedIndex.vocabulary),
        model: { version, settings, evidence, threshold, source },
        encoder: fakeEncoder().encoder,
      }),
    ).toThrow(/fitted with undefined/u);
  });
});

describe('ask with a sentence encoder', () => {
  it('scores each passage by the encoder gate and records the encoder and its model', async () => {
    const { encoder } = fakeEncoder();
    const result = await ask({
      engine: engineWith(encoder),
      client,
      question: 'How long can I borrow a DVD for?',
    });
    expect(result.semantic).toEqual({
      table: 'b'.repeat(64),
      model: 'encoder-model',
      encoder: 'fake-encoder@1',
    });
    expect(result.threshold).toBe(0.6);
    // The question and the first passage point the same way: both features are 1, whatever the words.
    const expected = evidenceScore(NO_EVIDENCE, model().encoder?.evidence ?? model().evidence, {
      encoderBest: 1,
      encoderTop: 1,
    });
    expect(result.passages[0]?.score).toBeCloseTo(expected, 10);
    expect(result.passages.every(({ score }) => score === result.passages[0]?.score)).toBe(true);
    expect(result.status).toBe('answered');
    expect(reportRecord(result).channels).toEqual(['lexical', 'semantic', 'encoder']);
  });

  it('lets the encoder refuse what the words alone would pass', async () => {
    const question = 'How long can I borrow a DVD for?';
    const words = await ask({ engine: engineWith(undefined), client, question });
    expect(words.status === 'refused' && words.reason === 'no_relevant_context').toBe(false);
    // An encoder that finds no passage near any question: a passage (heading trail, new line, text) one
    // way, a question the other.
    const apart: SentenceEncoder = {
      id: 'fake-encoder@1',
      embed: async (texts) =>
        texts.map((text) => (text.includes('\n') ? Float32Array.of(1, 0) : Float32Array.of(0, 1))),
    };
    const withEncoder = await ask({ engine: engineWith(apart), client, question });
    expect(withEncoder).toMatchObject({ status: 'refused', reason: 'no_relevant_context' });
    expect(withEncoder.context).toEqual([]);
  });

  it('keeps retrieval’s order: the encoder weighs in on whether to answer, not on which passage is first', async () => {
    const question = 'Can I use the computers to borrow e-books?';
    const words = await ask({ engine: engineWith(undefined), client, question });
    const encoded = await ask({ engine: engineWith(fakeEncoder().encoder), client, question });
    const ids = (result: typeof words) => result.passages.map(({ passage }) => passage.id);
    expect(ids(encoded)).toEqual(ids(words));
  });

  it('with a rerank, draws the context from the words’ first passages by score plus the weighted cosine; the gate reads the words’ order', async () => {
    const question = 'Can I use the computers to borrow e-books?';
    const plain = engineWith(fakeEncoder().encoder);
    const engine = engineWith(fakeEncoder().encoder, DEFAULT_GATE, reranking(5));
    const words = await ask({ engine: plain, client, question });
    const reordered = await ask({ engine, client, question });
    // What the gate read and what the result shows are the words' own, scored alike.
    expect(reordered.passages).toEqual(words.passages);
    expect(reordered.status === 'refused').toBe(words.status === 'refused');
    // The context: the words' first 10 by retrieval score plus 5 times the cosine (1 for a passage about
    // loans, as the question is, else 0), the first contextSize of them.
    const { scored, features } = retrieverOf(engine).read(question, 10);
    const near = (text: string) => (/borrow|loan/iu.test(text) ? 1 : 0);
    const expected = scored
      .map((found, at) => ({
        id: found.passage.id,
        order: (features[at]?.cosine ?? 0) + 5 * near(encodedText(found.passage)),
      }))
      .sort((a, b) => b.order - a.order)
      .slice(0, engine.contextSize)
      .map(({ id }) => id);
    expect(reordered.context.map(({ passage }) => passage.id)).toEqual(expected);
    // The reorder is seen: a passage the words ranked below the first contextSize comes in.
    const shown = words.context.map(({ passage }) => passage.id);
    expect(expected.some((id) => !shown.includes(id))).toBe(true);
  });

  it('embeds a passage once per engine, and the question each time', async () => {
    const { encoder, embedded } = fakeEncoder();
    const engine = engineWith(encoder);
    const question = 'How long can I borrow a DVD for?';
    const first = await ask({ engine, client, question });
    const passages = first.passages.map(({ passage }) => encodedText(passage));
    expect(embedded).toEqual([question, ...passages]);
    await ask({ engine, client, question });
    expect(embedded).toEqual([question, ...passages, question]);
  });

  it('records the encoder in a trace, which a replay without it reports as another channel', async () => {
    const result = await ask({
      engine: engineWith(fakeEncoder().encoder),
      client,
      question: 'How long can I borrow a DVD?',
    });
    const trace = parseTrace(JSON.parse(JSON.stringify(await traceOf(result, 'c'.repeat(64), 'test'))));
    expect(trace.semantic).toEqual({
      table: 'b'.repeat(64),
      model: 'encoder-model',
      encoder: 'fake-encoder@1',
    });
  });
});

describe('encoderEvidence', () => {
  const passage = (id: string, text: string): Passage => ({ id, file: 'd.md', line: 1, trail: ['T'], text });

  it('is the cosine at the first passage and the highest over all of them, never below 0', async () => {
    const { encoder } = fakeEncoder();
    const use = {
      encoder,
      gate: model().encoder as NonNullable<SemanticModel['encoder']>,
      passageVectors: new Map(),
    };
    const evidence = await encoderEvidence(use, 'borrow?', [
      passage('a', 'weather'),
      passage('b', 'loan rules'),
    ]);
    expect(evidence).toEqual({ encoderBest: 0, encoderTop: 1 });
    expect(await encoderEvidence(use, 'borrow?', [])).toEqual({ encoderBest: 0, encoderTop: 0 });
  });

  it('keeps at most KEPT_PASSAGE_VECTORS passage vectors, dropping the oldest first', async () => {
    const { encoder } = fakeEncoder();
    const use = {
      encoder,
      gate: model().encoder as NonNullable<SemanticModel['encoder']>,
      passageVectors: new Map(),
    };
    for (let k = 0; k <= KEPT_PASSAGE_VECTORS; k += 512) {
      const batch = Array.from({ length: 512 }, (_, j) => passage(`p${k + j}`, 'text'));
      await encoderEvidence(use, 'q', batch);
    }
    expect(use.passageVectors.size).toBe(KEPT_PASSAGE_VECTORS);
    expect(use.passageVectors.has('p0')).toBe(false);
    expect(use.passageVectors.has(`p${KEPT_PASSAGE_VECTORS + 511}`)).toBe(true);
  });

  it('takes a wrong count of vectors from an encoder as a bug', async () => {
    const encoder: SentenceEncoder = { id: 'fake-encoder@1', embed: async () => [Float32Array.of(1, 0)] };
    const use = {
      encoder,
      gate: model().encoder as NonNullable<SemanticModel['encoder']>,
      passageVectors: new Map(),
    };
    await expect(encoderEvidence(use, 'q', [passage('a', 'x')])).rejects.toThrow(/1 vectors for 2 texts/u);
  });
});

describe('rescored', () => {
  const passage = (id: string, text: string): Passage => ({ id, file: 'd.md', line: 1, trail: ['T'], text });
  // Retrieval's scores as the gate's evidence would have them, and the retrieval score (`cosine`) apart: the
  // reorder reads the latter.
  const scored = [passage('a', 'weather'), passage('b', 'snow'), passage('c', 'loan rules')].map(
    (found, at) => ({ passage: found, score: 0.1 * (at + 1) }),
  );
  const features = scored.map((_, at) => ({ ...NO_EVIDENCE, cosine: 0.5 - at / 10 }));

  it('without a rerank, reads and embeds only the passages the gate reads, in their order', async () => {
    const { encoder, embedded } = fakeEncoder();
    const use = { encoder, gate: model().encoder as EncoderGate, passageVectors: new Map() };
    const { gated, ordered } = await rescored({ use, question: 'borrow?', scored, features, gates: 2 });
    expect(gated.map(({ passage }) => passage.id)).toEqual(['a', 'b']);
    expect(ordered).toEqual(gated);
    expect(embedded).toEqual(['borrow?', ...scored.slice(0, 2).map(({ passage: p }) => encodedText(p))]);
    // The gate's evidence is of those two alone: neither is near the question.
    const expected = evidenceScore(NO_EVIDENCE, use.gate.evidence, { encoderBest: 0, encoderTop: 0 });
    expect(gated[0]?.score).toBeCloseTo(expected, 10);
  });

  it('with a rerank, orders every passage by retrieval score plus the weighted cosine, the gate’s evidence still of the first', async () => {
    const { encoder } = fakeEncoder();
    const gate = reranking(0.3).encoder as EncoderGate;
    const use = { encoder, gate, passageVectors: new Map() };
    const { gated, ordered } = await rescored({ use, question: 'borrow?', scored, features, gates: 2 });
    expect(gated.map(({ passage }) => passage.id)).toEqual(['a', 'b']);
    // c: 0.3 + 0.3 × 1 = 0.6, above a's 0.5 and b's 0.4.
    expect(ordered.map(({ passage }) => passage.id)).toEqual(['c', 'a', 'b']);
    const expected = evidenceScore(NO_EVIDENCE, gate.evidence, { encoderBest: 0, encoderTop: 0 });
    expect(ordered.every(({ score }) => Math.abs(score - expected) < 1e-12)).toBe(true);
    // A smaller weight leaves the words' order: 0.3 + 0.05 is below b's 0.4.
    const light = { encoder, gate: reranking(0.05).encoder as EncoderGate, passageVectors: new Map() };
    const kept = await rescored({ use: light, question: 'borrow?', scored, features, gates: 2 });
    expect(kept.ordered.map(({ passage }) => passage.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('evidenceScore', () => {
  it('will not read a model fitted with the encoder without the encoder’s evidence', () => {
    expect(() => evidenceScore(NO_EVIDENCE, { bias: 0, weights: { encoderTop: 1 }, source: 't' })).toThrow(
      /encoderTop/u,
    );
  });
});
