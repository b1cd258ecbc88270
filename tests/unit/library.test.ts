import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask, createEngine } from '../../src/engine';
import { createExtractiveClient } from '../../src/generation/extractive';
import { neverCalled } from '../../src/generation/scripted';
import { libraryIndex } from '../helpers/engine';

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

  it('has the ids the evaluation set and the README rely on', () => {
    const ids = new Set(engine.retriever.passages.map((passage) => passage.id));
    const questions = JSON.parse(readFileSync('eval/questions.json', 'utf8')) as Array<{ passage?: string }>;
    for (const { passage } of questions) if (passage !== undefined) expect(ids).toContain(passage);
  });

  it('never says what it must not', () => {
    const text = readdirSync('corpus')
      .map((name) => readFileSync(join('corpus', name), 'utf8'))
      .join('\n');
    expect(text).not.toMatch(/\b(head librarian|budget|parking|refund|password)\b/i);
  });
});

describe('src/', () => {
  // The site runs src/ in the browser unchanged; file and process access belongs in scripts/.
  const NODE_ONLY =
    /from\s+['"](node:[\w/]+|fs|path|os|child_process|process|url|util)['"]|\bprocess\.|\brequire\(/u;

  function sources(folder: string): string[] {
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/u.test(name))
      .map((name) => join(folder, name));
  }

  it('imports no Node-only module and touches no process global', () => {
    const offenders = sources('src').filter((file) => NODE_ONLY.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
