import { describe, expect, it } from 'vitest';
import { reportRecord } from '../../scripts/lib/report-record';
import { ask, createEngine, withSemantic } from '../../src/ask/engine';
import { DEFAULT_GATE, uncalibratedGate } from '../../src/config';
import { createExtractiveClient } from '../../src/reader/extractive';
import { type SemanticModel, semanticChannel, type WordVectors } from '../../src/retrieval/semantic';
import { libraryIndex } from '../helpers/engine';

// A table of two dimensions: "film" and "dvd" point one way, "mortgage" the other.
const table: WordVectors = {
  terms: ['dvd', 'film', 'mortgag'],
  dimensions: 2,
  vectors: Float32Array.from([1, 0, 0.96, 0.28, 0, 1]),
  digest: 'a'.repeat(64),
};

const model = (threshold: number): SemanticModel => ({
  version: 'test-model',
  settings: { weight: 0, minSimilarity: 0.6, neighbours: 3 },
  evidence: { bias: -3, weights: { cosine: 4, weightedCoverage: 2, close: 3 }, source: 'test' },
  threshold,
  source: 'fitted for this test',
});

function semanticEngine(threshold: number, gate = DEFAULT_GATE) {
  const engine = createEngine({ ...libraryIndex(), gate });
  return withSemantic(engine, {
    channel: semanticChannel(table, engine.invertedIndex.vocabulary),
    model: model(threshold),
  });
}

describe('withSemantic', () => {
  it('gives the shipped gate the model’s threshold, and an uncalibrated one too, still marked so', () => {
    expect(semanticEngine(0.3).gate).toMatchObject({ threshold: 0.3, source: 'fitted for this test' });
    const uncalibrated = semanticEngine(0.3, uncalibratedGate()).gate;
    expect(uncalibrated.threshold).toBe(0.3);
    expect(uncalibrated.source).toMatch(/^NOT CALIBRATED for this corpus: the semantic channel/);
  });

  it('keeps a threshold a person set for the index', () => {
    const own = { threshold: 0.5, minMargin: 0, source: 'set with --threshold 0.5' };
    expect(semanticEngine(0.3, own).gate).toEqual(own);
  });
});

describe('ask with the semantic channel', () => {
  const client = createExtractiveClient();

  it('records which table and model read the question, and scores passages by the model’s evidence', async () => {
    const result = await ask({
      engine: semanticEngine(0.01),
      client,
      question: 'How long can I borrow a DVD for?',
    });
    expect(result.semantic).toEqual({ table: 'a'.repeat(64), model: 'test-model' });
    const best = result.passages[0]?.score ?? 0;
    expect(best).toBeGreaterThan(0);
    expect(best).toBeLessThan(1);
    expect(reportRecord(result).channels).toEqual(['lexical', 'semantic']);
    const lexical = await ask({
      engine: createEngine(libraryIndex()),
      client,
      question: 'How long can I borrow a DVD for?',
    });
    expect(lexical.semantic).toBeUndefined();
    expect(reportRecord(lexical).channels).toEqual(['lexical']);
  });

  it('gives a passage credit for a word close in meaning that it lacks', async () => {
    const engine = semanticEngine(0.01);
    const [withFilm, withMortgage] = await Promise.all(
      ['How long can I borrow a film?', 'How long can I borrow a mortgage?'].map((question) =>
        ask({ engine, client, question }),
      ),
    );
    const scoreAt = (result: typeof withFilm, id: string) =>
      result?.passages.find(({ passage }) => passage.id === id)?.score ?? 0;
    expect(scoreAt(withFilm, '02-borrowing#loan-periods')).toBeGreaterThan(
      scoreAt(withMortgage, '02-borrowing#loan-periods'),
    );
  });
});

describe('reportRecord', () => {
  it('gives the fields a labelled set is scored from, for an answer and a gate refusal', async () => {
    const engine = createEngine(libraryIndex());
    const client = createExtractiveClient();
    const answered = reportRecord(
      await ask({ engine, client, question: 'How long can I borrow a DVD for?' }),
    );
    expect(answered).toMatchObject({ status: 'answered', reason: null, channels: ['lexical'] });
    expect(answered.context.length).toBeGreaterThan(0);
    expect(answered.citations).toContain('02-borrowing#loan-periods');
    const refused = reportRecord(await ask({ engine, client, question: 'What is the capital of France?' }));
    expect(refused).toMatchObject({
      status: 'refused',
      reason: 'no_relevant_context',
      context: [],
      citations: [],
    });
    expect(JSON.parse(JSON.stringify(refused))).toEqual(refused);
  });
});
