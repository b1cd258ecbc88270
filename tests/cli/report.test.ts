import { describe, expect, it } from 'vitest';
import { describe as describeResult } from '../../scripts/lib/report';
import { ask, createEngine } from '../../src/ask/engine';
import type { GenerationClient, GenerationOutcome } from '../../src/types';
import { libraryIndex } from '../helpers/engine';

const engine = createEngine(libraryIndex());

const failing = (outcome: Extract<GenerationOutcome, { ok: false }>): GenerationClient => ({
  info: { kind: 'claude', name: 'claude-test' },
  generate: async () => outcome,
});

describe('the command line, on a question Claude could not answer', () => {
  it('calls an outage by its name, as the page does, not a refusal', async () => {
    const result = await ask({
      engine,
      client: failing({
        ok: false,
        reason: 'model_unavailable',
        code: 'timeout',
        detail: 'Claude did not start answering within 15 s',
      }),
      question: 'How long can I borrow a DVD for?',
    });
    const printed = describeResult(result);
    expect(printed).toMatch(/^not answered: claude could not be reached: model_unavailable \(timeout\)$/m);
    expect(printed).not.toMatch(/^refused:/m);
  });

  it('still calls a rejected key a refusal: it is fixed in the key, not by waiting (guard)', async () => {
    const result = await ask({
      engine,
      client: failing({ ok: false, reason: 'model_unavailable', code: 'authentication', detail: 'HTTP 401' }),
      question: 'How long can I borrow a DVD for?',
    });
    expect(describeResult(result)).toMatch(/^refused: model_unavailable \(authentication\)$/m);
  });
});
