import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calibratedGate, runCalibration } from '../../src/evaluation/calibration-run';
import { gardenEngine } from '../helpers/engine';

const engine = gardenEngine();
const QUESTIONS = readFileSync('tests/fixtures/other-corpus-questions.json', 'utf8');

describe('runCalibration', () => {
  it('measures the gap and its midpoint as npm run eval -- --calibrate does, and gives the gate it implies', () => {
    const run = runCalibration(engine, QUESTIONS);
    if (!run.ok) throw new Error(run.message);
    expect(run.questions).toBe(4);
    expect(run.calibration.answerable.map((row) => row.question)).toEqual([
      'When should I prune roses?',
      'How many hours of sun do tomato plants need?',
    ]);
    expect(run.calibration.highestUnanswerable).toBeCloseTo(0.346, 3);
    expect(run.calibration.lowestAnswerable).toBeCloseTo(0.754, 3);
    const gate = calibratedGate(run, 0, new Date('2026-12-02T12:00:00Z'));
    expect(gate).toEqual({
      threshold: 0.55,
      minMargin: 0,
      source:
        'midpoint of the gap on 4 questions of your own, measured in the page on 2026-12-02: ' +
        'lowest answerable 0.754, highest gate-decidable unanswerable 0.346',
    });
  });

  it('gives no gate when the groups overlap, and names the questions on the wrong side', () => {
    const overlapping = JSON.stringify([
      {
        question: 'When should I prune roses?',
        answerable: true,
        passage: 'garden#roses',
        mustContain: ['winter'],
      },
      { question: 'Prune roses in late winter?', answerable: false },
    ]);
    const run = runCalibration(engine, overlapping);
    if (!run.ok) throw new Error(run.message);
    expect(calibratedGate(run, 0)).toBeUndefined();
    expect(run.calibration.overlapping.map((row) => row.question)).toContain('Prune roses in late winter?');
  });

  it.each([
    ['text that is not JSON', '[{', /the questions are not JSON/],
    ['JSON that is not an evaluation set', '[{"question": ""}]', /not a valid evaluation set/],
    [
      'a set with no unanswerable question',
      JSON.stringify([{ question: 'Roses?', answerable: true, passage: 'garden#roses', mustContain: ['x'] }]),
      /cannot calibrate/,
    ],
  ])('refuses %s, saying why', (_name, text, message) => {
    const run = runCalibration(engine, text);
    expect(run.ok).toBe(false);
    expect(!run.ok && run.message).toMatch(message);
  });
});
