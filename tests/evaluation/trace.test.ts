import { describe, expect, it } from 'vitest';
import { ask, createEngine } from '../../src/ask/engine';
import { serializeIndex } from '../../src/compiled-index/parse';
import { parseTrace, replayTrace, sha256, type Trace, TraceError, traceOf } from '../../src/evaluation/trace';
import { createExtractiveClient } from '../../src/reader/extractive';
import { tinyIndex } from '../helpers/engine';
import { outcome, replying } from '../helpers/scripted';

// Prompt v2: the stand-in's citations carry quotes, which the replayed reply is parsed for.
const V2 = 'answer.v2';
const index = { ...tinyIndex(), promptVersion: V2 };
const engine = createEngine(index);
const hash = () => sha256(serializeIndex(index));
const CAT = 'How many hours a day does a cat sleep?';

describe('traces', () => {
  it('hashes like sha256sum', async () => {
    expect(await sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('record what decided a result, survive JSON, and replay to the same verdict', async () => {
    const result = await ask({ engine, client: createExtractiveClient(), question: CAT });
    const trace = parseTrace(
      JSON.parse(JSON.stringify(await traceOf(result, await hash(), index.gate.source))),
    );
    expect(trace).toMatchObject({
      question: CAT,
      verdict: { status: 'answered' },
      generator: { kind: 'extractive' },
    });
    expect(trace.context.map((record) => record.id)).toEqual(['pets#cats']);
    expect(await replayTrace(trace, engine, await hash())).toEqual({
      outcome: 'same',
      verdict: 'answered',
      indexChanged: false,
    });
  });

  it('replay a stand-in answer relabelled as Claude, or a threshold rewritten, as a different verdict (issue 35)', async () => {
    const result = await ask({ engine, client: createExtractiveClient(), question: CAT });
    const trace = await traceOf(result, await hash(), index.gate.source);
    const relabelled: Trace = { ...trace, generator: { kind: 'claude', name: 'claude-opus-5' } };
    expect(await replayTrace(relabelled, engine, await hash())).toMatchObject({
      outcome: 'different',
      differences: [
        {
          field: 'generator',
          recorded: JSON.stringify(relabelled.generator),
          now: expect.stringMatching(/stand-in's own reply/),
        },
      ],
    });
    const lowered: Trace = { ...trace, threshold: 0.0001, thresholdSource: 'calibrated, says the file' };
    const replayed = await replayTrace(lowered, engine, await hash());
    expect(replayed.outcome).toBe('different');
    expect(replayed.outcome === 'different' && replayed.differences.map(({ field }) => field)).toEqual([
      'threshold',
      'threshold source',
    ]);
  });

  it("replay a model's reply labelled as the stand-in's as a different verdict: its no-answer words would go unchecked", async () => {
    const reply = { answered: false, answer: 'I know DVDs can be borrowed for 99 days.', citations: [] };
    const claude = replying(reply, { kind: 'claude', name: 'claude-opus-5' });
    const result = await ask({ engine, client: claude, question: CAT });
    const trace = await traceOf(result, await hash(), index.gate.source);
    expect(trace.raw).toBeDefined();
    expect(await replayTrace(trace, engine, await hash())).toMatchObject({ outcome: 'same' });
    const relabelled: Trace = { ...trace, generator: { kind: 'extractive', name: 'extractive stand-in' } };
    expect(await replayTrace(relabelled, engine, await hash())).toMatchObject({
      outcome: 'different',
      differences: expect.arrayContaining([expect.objectContaining({ field: 'generator' })]),
    });
  });

  it('replay a model that could not be reached as that refusal, with its code', async () => {
    const unreachable = outcome({
      ok: false,
      reason: 'model_unavailable',
      code: 'network',
      detail: 'offline',
    });
    const result = await ask({ engine, client: unreachable, question: CAT });
    const trace = await traceOf(result, await hash(), index.gate.source);
    expect(trace.verdict).toEqual({
      status: 'refused',
      reason: 'model_unavailable',
      code: 'network',
      detail: 'offline',
    });
    expect(await replayTrace(trace, engine, await hash())).toMatchObject({
      outcome: 'same',
      verdict: 'refused: model_unavailable',
    });
  });

  it('say a gate refusal now gets past the gate on a laxer index, with nothing recorded to play', async () => {
    const strict = createEngine({ ...tinyIndex({ threshold: 0.99 }), promptVersion: V2 });
    const result = await ask({ engine: strict, client: createExtractiveClient(), question: CAT });
    const trace = await traceOf(result, 'a'.repeat(64), 'strict');
    expect(await replayTrace(trace, engine, await hash())).toMatchObject({
      outcome: 'different',
      recorded: 'refused: no_relevant_context',
      now: 'refused: model_unavailable',
    });
  });

  it('name the passages that changed when the index did', async () => {
    const result = await ask({ engine, client: createExtractiveClient(), question: CAT });
    const trace = await traceOf(result, await hash(), index.gate.source);
    const edited = { ...tinyIndex(), promptVersion: V2 };
    edited.passages = edited.passages.map((p) =>
      p.id === 'pets#cats' ? { ...p, text: 'Cats sleep 20 hours.' } : p,
    );
    expect(await replayTrace(trace, createEngine(edited), 'b'.repeat(64))).toEqual({
      outcome: 'index-changed',
      changed: ['pets#cats has changed'],
    });
    // An index changed elsewhere, the passages it rested on the same: replayed, and said so.
    expect(await replayTrace(trace, engine, 'c'.repeat(64))).toEqual({
      outcome: 'same',
      verdict: 'answered',
      indexChanged: true,
    });
  });

  it.each([
    [
      'a refusal stop, whose raw text is no reply',
      {
        ok: false,
        reason: 'model_reported_no_answer',
        code: 'refusal',
        detail: 'declined',
        raw: "I can't help with that.",
      },
    ],
    [
      'a reply with no text, and so no raw',
      { ok: false, reason: 'unparseable_response', code: 'no_text', detail: 'no text' },
    ],
  ] as const)('replay %s as the failure it was, not as a reply to parse', async (_name, failure) => {
    const result = await ask({ engine, client: outcome(failure), question: CAT });
    const trace = await traceOf(result, await hash(), index.gate.source);
    expect(await replayTrace(trace, engine, await hash())).toEqual({
      outcome: 'same',
      verdict: `refused: ${failure.reason}`,
      indexChanged: false,
    });
  });

  it('hold a gate refusal to every passage it retrieved when the index has changed', async () => {
    const strict = createEngine({ ...tinyIndex({ threshold: 0.99 }), promptVersion: V2 });
    const result = await ask({ engine: strict, client: createExtractiveClient(), question: CAT });
    const trace = await traceOf(result, await hash(), index.gate.source);
    expect(trace.context).toEqual([]);
    const edited = { ...tinyIndex({ threshold: 0.99 }), promptVersion: V2 };
    edited.passages = edited.passages.map((p) => (p.id === 'pets#cats' ? { ...p, text: 'Cats nap.' } : p));
    expect(await replayTrace(trace, createEngine(edited), 'd'.repeat(64))).toEqual({
      outcome: 'index-changed',
      changed: ['pets#cats has changed'],
    });
  });

  it('hold a trace to its context too, which a reorder may draw from past the passages shown', async () => {
    const result = await ask({ engine, client: createExtractiveClient(), question: CAT });
    const trace = await traceOf(result, await hash(), index.gate.source);
    // As a reorder (EncoderGate.rerank) records it: a context passage the shown passages do not hold.
    const shownOnly = { ...trace, passages: trace.passages.filter(({ id }) => id !== 'pets#cats') };
    expect(shownOnly.context.map(({ id }) => id)).toContain('pets#cats');
    const edited = { ...tinyIndex(), promptVersion: V2 };
    edited.passages = edited.passages.map((p) => (p.id === 'pets#cats' ? { ...p, text: 'Cats nap.' } : p));
    expect(await replayTrace(shownOnly, createEngine(edited), 'e'.repeat(64))).toEqual({
      outcome: 'index-changed',
      changed: ['pets#cats has changed'],
    });
  });

  describe('compare the whole verdict, naming the field that differs', async () => {
    const answered = await traceOf(
      await ask({ engine, client: createExtractiveClient(), question: CAT }),
      await hash(),
      index.gate.source,
    );
    const gated = await traceOf(
      await ask({ engine, client: createExtractiveClient(), question: 'What colour is the moon?' }),
      await hash(),
      index.gate.source,
    );
    const forge = (trace: Trace, edit: (trace: Trace) => Trace) => edit(structuredClone(trace));
    const answer = (trace: Trace) => trace.verdict as Extract<Trace['verdict'], { status: 'answered' }>;
    const refusal = (trace: Trace) => trace.verdict as Extract<Trace['verdict'], { status: 'refused' }>;

    it.each<[string, Trace, (trace: Trace) => void, string]>([
      [
        'a forged answer',
        answered,
        (t) => {
          answer(t).answer = 'Cats sleep 20 hours a day.';
        },
        'answer',
      ],
      [
        'forged citations',
        answered,
        (t) => {
          answer(t).citations = ['pets#dogs'];
        },
        'citations',
      ],
      [
        'a forged quote',
        answered,
        (t) => {
          answer(t).quotes = [{ id: 'pets#cats', quote: 'cats never sleep' }];
        },
        'quotes',
      ],
      [
        'another prompt version',
        answered,
        (t) => {
          t.promptVersion = 'answer.v1';
        },
        'prompt version',
      ],
      [
        'an empty passage list',
        answered,
        (t) => {
          t.passages = [];
        },
        'passages retrieved',
      ],
      [
        'an empty context',
        answered,
        (t) => {
          t.context = [];
        },
        'context',
      ],
      [
        'a forged refusal detail',
        gated,
        (t) => {
          refusal(t).detail = 'the model was unavailable';
        },
        'detail',
      ],
      [
        'a raw reply where none was sent',
        gated,
        (t) => {
          t.raw = '{"answered":true}';
        },
        'raw reply',
      ],
    ])('a trace with %s does not replay as the same verdict', async (_name, trace, edit, field) => {
      const forged = forge(trace, (copy) => {
        edit(copy);
        return copy;
      });
      const replayed = await replayTrace(parseTrace(forged), engine, await hash());
      expect(replayed.outcome).toBe('different');
      if (replayed.outcome !== 'different') return;
      expect(replayed.differences.map((difference) => difference.field)).toContain(field);
    });

    it('a changed raw reply is replayed, and what it changes is named', async () => {
      const reply = JSON.parse(answered.raw as string);
      reply.answer = 'Cats sleep about 15 hours a day, and dogs 20.';
      const forged = { ...answered, raw: JSON.stringify(reply) };
      const replayed = await replayTrace(parseTrace(forged), engine, await hash());
      expect(replayed.outcome).toBe('different');
    });

    it('an untouched trace still replays as the same verdict', async () => {
      expect((await replayTrace(answered, engine, await hash())).outcome).toBe('same');
      expect((await replayTrace(gated, engine, await hash())).outcome).toBe('same');
    });
  });

  it('reject a file that is not a trace', () => {
    expect(() => parseTrace({ format: 'sourcebound-trace', version: 2 })).toThrow(TraceError);
  });
});
