import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ask, createEngine } from '../../src/ask/engine';
import { judgeReply, parseRecordedReplies } from '../../src/evaluation/eval-set';
import { createReplayClient } from '../../src/generation/replay';
import { libraryIndex } from '../helpers/engine';

// Recorded replies whose figures are written in other digit forms (fullwidth, Arabic-Indic, Devanagari,
// Bengali, Persian, mathematical bold, superscript, circled) or with a letter for a digit.
const REPLIES = parseRecordedReplies(
  JSON.parse(readFileSync('tests/fixtures/replies/digit-forms.json', 'utf8')),
);

describe('figures written in other digit forms', () => {
  const engine = createEngine(libraryIndex());

  it.each(
    REPLIES.map((item) => [`${item.kind}: ${item.reply && JSON.stringify(item.reply).slice(30, 80)}`, item]),
  )('a wrong figure in another script is not passed as no figure at all (%s)', async (_name, item) => {
    const client = createReplayClient({
      raw: JSON.stringify(item.reply),
      info: { kind: 'scripted', name: item.kind },
    });
    const result = await ask({ engine, client, question: item.question });
    const { outcome, met } = judgeReply(item, result);
    expect(met, `${item.note}: got ${outcome}`).toBe(true);
  });
});
