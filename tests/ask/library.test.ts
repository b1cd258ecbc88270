import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask, createEngine, retrieverOf } from '../../src/ask/engine';
import { DEFAULT_GATE } from '../../src/config';
import { bestOf, calibrate, calibrationLabels, parseEvalSet } from '../../src/evaluation/eval-set';
import { createExtractiveClient } from '../../src/reader/extractive';
import { libraryIndex } from '../helpers/engine';
import { neverCalled } from '../helpers/scripted';

// The bundled corpus, end to end with no key: what `npm run ask` does, without the terminal.
const engine = createEngine(libraryIndex());

describe('the library manual', () => {
  it('answers the DVD question citing the loan periods table', async () => {
    const result = await ask({
      engine,
      client: createExtractiveClient(),
      question: 'How long can I borrow a DVD for?',
    });
    expect(result).toMatchObject({ status: 'answered', citations: ['02-borrowing#loan-periods'] });
    expect(result.status === 'answered' && result.answer).toContain('7 days');
  });

  it.each([
    'What is the wifi password?',
    'Is there parking outside the building?',
    'What is the capital of France?',
  ])('refuses %j at the gate, without calling a model', async (question) => {
    const client = neverCalled();
    const result = await ask({ engine, client, question });
    expect(result).toMatchObject({ status: 'refused', reason: 'no_relevant_context' });
    expect(client.calls).toHaveLength(0);
  });

  it('has the sections the manual was specified with', () => {
    const ids = new Set(engine.passages.map((passage) => passage.id));
    const specified = [
      '01-membership#who-can-join',
      '01-membership#renewal-and-expiry',
      '02-borrowing#loan-periods',
      '02-borrowing#holds',
      '02-borrowing#interlibrary-loan',
      '03-fines-and-fees#overdue-charges',
      '03-fines-and-fees#lost-and-damaged-items',
      '03-fines-and-fees#appeals',
      '03-fines-and-fees#borrowing-suspension',
      '04-spaces#study-rooms',
      '04-spaces#computers-and-wifi',
      '04-spaces#quiet-areas',
      '04-spaces#opening-hours',
    ];
    for (const id of specified) expect(ids).toContain(id);
    expect(ids.size).toBe(16);
  });

  it('has the ids the evaluation set relies on', () => {
    const ids = new Set(engine.passages.map((passage) => passage.id));
    const questions = JSON.parse(readFileSync('eval/questions.json', 'utf8')) as Array<{ passage?: string }>;
    for (const { passage } of questions) if (passage !== undefined) expect(ids).toContain(passage);
  });

  it('never says what it must not', () => {
    const text = readdirSync('corpus')
      .map((name) => readFileSync(join('corpus', name), 'utf8'))
      .join('\n');
    expect(text).not.toMatch(/head librarian|budget|parking|car park|refund|password/i);
  });
});
describe('the shipped gate', () => {
  // The threshold is measured, not chosen: if the corpus, the eval set or the retrieval model moves the
  // gap, this fails until the threshold is re-measured with `npm run eval -- --calibrate`.
  it('is the midpoint that calibration measures on the shipped corpus and evaluation set', () => {
    const items = parseEvalSet(JSON.parse(readFileSync('eval/questions.json', 'utf8')));
    const rows = items.map((item) => ({
      ...calibrationLabels(item),
      ...bestOf(retrieverOf(engine).retrieve(item.question, 1)),
    }));
    const { midpoint, overlapping } = calibrate(rows);
    expect(overlapping).toEqual([]);
    expect(midpoint?.toFixed(3)).toBe(DEFAULT_GATE.threshold.toFixed(3));
  });
});
