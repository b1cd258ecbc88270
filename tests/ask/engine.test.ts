import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ask, changedWhatWasFound, createEngine, retrieverOf } from '../../src/ask/engine';
import { MAX_QUESTION_CHARS } from '../../src/config';
import { createClaudeClient } from '../../src/generation/claude';
import { GenerationUnavailableError } from '../../src/generation/errors';
import { promptFor } from '../../src/generation/prompts';
import { createExtractiveClient } from '../../src/reader/extractive';
import type { AskResult, Refused, Scored } from '../../src/types';
import { libraryIndex, tinyEngine } from '../helpers/engine';
import { neverCalled, outcome, replying, throwing } from '../helpers/scripted';

const engine = tinyEngine();
const CAT_QUESTION = 'How many hours a day does a cat sleep?';
const NO_ANSWER = { answered: false, answer: '', citations: [] };

function refused(result: AskResult): Refused {
  if (result.status !== 'refused') throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
  return result;
}

describe('ask: the gate', () => {
  it('never calls the generator for a question the corpus does not cover', async () => {
    const client = neverCalled();
    const result = refused(await ask({ engine, client, question: 'What is the capital of France?' }));
    expect(result.reason).toBe('no_relevant_context');
    expect(client.calls).toHaveLength(0);
    expect(result.generator).toBeUndefined();
    expect(result.context).toEqual([]);
  });

  it('reads a question with zero-width spaces and soft hyphens inside its words as typed without them (issue 35)', async () => {
    const library = createEngine(libraryIndex());
    const plain = await ask({
      engine: library,
      client: createExtractiveClient(),
      question: 'How long can I borrow a DVD?',
    });
    const hidden = await ask({
      engine: library,
      client: createExtractiveClient(),
      question: 'How long can I bor\u200Brow a D\u00ADVD?',
    });
    expect(plain.status).toBe('answered');
    expect(hidden.status).toBe('answered');
    expect(hidden.passages[0]?.score).toBeCloseTo(plain.passages[0]?.score ?? Number.NaN, 10);
  });

  it('refuses below the threshold and says by how much, with the passages it did find', async () => {
    const strict = tinyEngine({ threshold: 0.99 });
    const client = neverCalled();
    const result = refused(await ask({ engine: strict, client, question: CAT_QUESTION }));
    expect(result.reason).toBe('no_relevant_context');
    expect(result.detail).toMatch(/below the threshold 0\.990/);
    expect(result.passages[0]?.passage.id).toBe('pets#cats');
    expect(client.calls).toHaveLength(0);
  });

  it('refuses a question whose best passage does not lead by the minimum margin', async () => {
    const picky = tinyEngine({ minMargin: 0.99 });
    const result = refused(
      await ask({
        engine: picky,
        client: neverCalled(),
        question: 'How often does a dog or a cat need water?',
      }),
    );
    expect(result.reason).toBe('no_relevant_context');
    expect(result.detail).toMatch(/minimum margin/);
  });

  it('takes a question of exactly the length limit', async () => {
    const question = `${'cat '.repeat(MAX_QUESTION_CHARS / 4 - 1)}cats`;
    expect(question).toHaveLength(MAX_QUESTION_CHARS);
    const client = replying({ answered: false, answer: '', citations: [] });
    const result = refused(await ask({ engine, client, question }));
    expect(result.reason).toBe('model_reported_no_answer');
  });

  it.each([
    ['empty', ''],
    ['whitespace', '   \n\t '],
    ['one character too long', `${'cat '.repeat(MAX_QUESTION_CHARS / 4)}s`],
  ])('refuses an invalid question (%s) before retrieval', async (_name, question) => {
    const result = refused(await ask({ engine, client: neverCalled(), question }));
    expect(result.reason).toBe('invalid_question');
    expect(result.passages).toEqual([]);
  });

  it('says why a question is invalid: empty, or how long against the limit', async () => {
    const empty = refused(await ask({ engine, client: neverCalled(), question: ' ' }));
    expect(empty.detail).toBe('the question is empty');
    const question = 'cat '.repeat(300).trim();
    const long = refused(await ask({ engine, client: neverCalled(), question }));
    expect(long.detail).toBe(`the question is 1199 characters long; the limit is ${MAX_QUESTION_CHARS}`);
  });
});

describe('ask: the passages a result shows', () => {
  const library = createEngine(libraryIndex());
  const question = 'How long can I borrow a DVD for, and what does a late one cost?';

  it('shows five retrieved passages however small the context, and gives the generator only the context', async () => {
    const narrow = { ...library, contextSize: 3 };
    const client = replying(NO_ANSWER);
    const result = await ask({ engine: narrow, client, question });
    expect(result.passages).toHaveLength(5);
    expect(result.context.length).toBeLessThanOrEqual(3);
    expect(client.calls[0]?.passages).toHaveLength(result.context.length);
  });

  it('shows as many passages as the context holds when it is larger than five', async () => {
    const wide = { ...library, contextSize: 7 };
    const result = await ask({ engine: wide, client: replying(NO_ANSWER), question });
    expect(result.passages).toHaveLength(7);
  });
});

describe('ask: what the request carried', () => {
  it('records the budget once passages were sent, and none when the gate stopped the question', async () => {
    const sent = refused(await ask({ engine, client: replying(NO_ANSWER), question: CAT_QUESTION }));
    expect(sent.budget).toMatchObject({ maxChars: 24_000, elided: [] });
    expect(sent.budget?.sentChars).toBeGreaterThan(0);
    const stopped = refused(
      await ask({ engine, client: neverCalled(), question: 'What is the wifi password?' }),
    );
    expect(stopped.reason).toBe('no_relevant_context');
    expect(Object.keys(stopped)).not.toContain('budget');
  });
});

describe('ask: how the question was read', () => {
  it('says which word it read as another, and says nothing when the question was read as written', async () => {
    const typo = await ask({
      engine: tinyEngine(),
      client: createExtractiveClient(),
      question: 'How much sun do tomatto plants need?',
    });
    expect(typo.passages[0]?.passage.id).toBe('garden#tomatoes');
    expect(typo.reading).toEqual({
      readAs: [{ written: 'tomatto', readAs: 'tomato' }],
      expanded: [],
      names: [],
    });
    const plain = await ask({
      engine: tinyEngine(),
      client: createExtractiveClient(),
      question: 'How much sun do tomato plants need?',
    });
    expect(plain.reading).toBeUndefined();
  });

  it('says whether a word read as another changed what was found, against the question as typed', async () => {
    const library = createEngine(libraryIndex());
    const standIn = createExtractiveClient();
    // "DVD" alone finds the loan periods: reading "borow" as "borrow" finds the same passages.
    const unneeded = await ask({ engine: library, client: standIn, question: 'How long can I borow a DVD?' });
    expect(unneeded.reading?.readAs).toEqual([{ written: 'borow', readAs: 'borrow' }]);
    expect(unneeded.correctionChanged).toBe(false);
    // "hourz" as typed is no word of the manual: read as "hours", the opening hours are found.
    const needed = await ask({ engine: library, client: standIn, question: 'What are the opening hourz?' });
    expect(needed.reading?.readAs).toEqual([{ written: 'hourz', readAs: 'hours' }]);
    expect(needed.correctionChanged).toBe(true);
    expect(needed.context[0]?.passage.id).toBe('04-spaces#opening-hours');
    const plain = await ask({ engine: library, client: standIn, question: 'What are the opening hours?' });
    expect(Object.keys(plain)).not.toContain('correctionChanged');
  });

  it('compares the gate verdict and the context passages, in any order', () => {
    const library = createEngine(libraryIndex());
    const retrieved = retrieverOf(library).retrieve('How long can I borrow a DVD for?', 5);
    expect(changedWhatWasFound(library, { scored: retrieved }, { scored: [...retrieved] })).toBe(false);
    // The same passages, reordered below the best: the context holds the same ones.
    const [best, ...rest] = retrieved;
    expect(
      changedWhatWasFound(library, { scored: retrieved }, { scored: [best as Scored, ...rest.reverse()] }),
    ).toBe(false);
    // Nothing found as typed: the gate refuses what the corrected question passed.
    expect(changedWhatWasFound(library, { scored: retrieved }, { scored: [] })).toBe(true);
    // Another passage in the context, the verdict the same.
    const other = retrieverOf(library).retrieve('What are the opening hours?', 5);
    expect(changedWhatWasFound(library, { scored: retrieved }, { scored: other })).toBe(true);
  });

  it('compares contexts drawn from a reorder, and gate verdicts from what the gate read', () => {
    const library = createEngine(libraryIndex());
    const retrieved = retrieverOf(library).retrieve('How long can I borrow a DVD for?', 5);
    const other = retrieverOf(library).retrieve('What are the opening hours?', 5);
    // The gate read the same passages; the reorders put others in the context.
    expect(
      changedWhatWasFound(
        library,
        { scored: retrieved, ordered: retrieved },
        { scored: retrieved, ordered: other },
      ),
    ).toBe(true);
    // Another reading the gate refuses, the same context drawn: still a change.
    expect(
      changedWhatWasFound(
        library,
        { scored: retrieved, ordered: retrieved },
        { scored: [], ordered: retrieved },
      ),
    ).toBe(true);
    expect(
      changedWhatWasFound(
        library,
        { scored: other, ordered: retrieved },
        { scored: retrieved, ordered: retrieved },
      ),
    ).toBe(false);
  });

  it('tells a verdict changed by the margin alone, and the same passages in another order, from other passages', () => {
    const library = createEngine(libraryIndex());
    // Three passages in the context, and a margin the best must lead by.
    const wide = { ...library, contextSize: 3, gate: { ...library.gate, threshold: 0.05, minMargin: 0.1 } };
    const retrieved = retrieverOf(library).retrieve('How long can I borrow a DVD for?', 5);
    const [loans, limits, suspension, interlibrary] = retrieved as [Scored, Scored, Scored, Scored];
    expect(loans.score - limits.score).toBeGreaterThan(0.1);
    expect(interlibrary.score).toBeGreaterThan(0.05);
    const corrected = [loans, limits, suspension];
    // The same three passages, the best no longer leading by the margin: refused where it passed.
    const close = { ...loans, score: limits.score + 0.01 };
    expect(changedWhatWasFound(wide, { scored: corrected }, { scored: [close, limits, suspension] })).toBe(
      true,
    );
    // The same three in another order: nothing changed.
    expect(changedWhatWasFound(wide, { scored: corrected }, { scored: [loans, suspension, limits] })).toBe(
      false,
    );
    // As many passages, one of them another.
    expect(changedWhatWasFound(wide, { scored: corrected }, { scored: [loans, limits, interlibrary] })).toBe(
      true,
    );
  });

  it('says which names it read that the documents never use, and reads them as names an answer must hold', async () => {
    const named = await ask({
      engine: tinyEngine(),
      client: createExtractiveClient(),
      question: 'How often do tomato plants need water in egypt?',
    });
    expect(named.reading).toEqual({ readAs: [], expanded: [], names: ['egypt'] });
    // Past the gate, where the same question without the name is answered: no sentence names Egypt.
    expect(refused(named).reason).toBe('model_reported_no_answer');
    const unnamed = await ask({
      engine: tinyEngine(),
      client: createExtractiveClient(),
      question: 'How often do tomato plants need water?',
    });
    expect(unnamed.status).toBe('answered');
  });

  it('gives the generator the reading, so the stand-in answers a typo as retrieval read it', async () => {
    const client = replying(NO_ANSWER);
    await ask({ engine: tinyEngine(), client, question: 'How much sun do tomatto plants need?' });
    expect(client.calls[0]?.reading?.readAs).toEqual([{ written: 'tomatto', readAs: 'tomato' }]);
  });
});

describe('ask: what the generator is given', () => {
  it('passes only passages that cleared the threshold, with the prompt', async () => {
    const client = replying({ answered: true, answer: 'About 15 hours a day.', citations: ['pets#cats'] });
    await ask({ engine, client, question: CAT_QUESTION });
    const request = client.calls[0];
    expect(request?.passages.map((passage) => passage.id)).toEqual(['pets#cats']);
    // The application's own prompt for the version the index was built for, never a text from the file.
    expect(request?.prompt).toEqual(promptFor('answer.v1'));
    expect(request?.question).toBe(CAT_QUESTION);
  });

  it('gives at most the context size of the passages that cleared the threshold, best first', async () => {
    const question = 'How often does a dog or a cat need water?';
    const open = { ...engine, gate: { ...engine.gate, threshold: 0.01 } };
    expect((await ask({ engine: open, client: replying(NO_ANSWER), question })).context).toHaveLength(3);
    const client = replying(NO_ANSWER);
    const result = await ask({ engine: { ...open, contextSize: 1 }, client, question });
    expect(result.context.map(({ passage }) => passage.id)).toEqual([result.passages[0]?.passage.id]);
    expect(client.calls[0]?.passages).toHaveLength(1);
  });

  it('takes a passage that scores exactly the threshold as context', async () => {
    const [best] = retrieverOf(engine).retrieve(CAT_QUESTION, 1);
    const exact = { ...engine, gate: { ...engine.gate, threshold: best?.score ?? Number.NaN } };
    const client = replying(NO_ANSWER);
    const result = await ask({ engine: exact, client, question: CAT_QUESTION });
    expect(result.context.map(({ passage }) => passage.id)).toEqual(['pets#cats']);
    expect(client.calls[0]?.passages.map((passage) => passage.id)).toEqual(['pets#cats']);
  });
});

describe('ask: one test per way a model can go wrong', () => {
  it('answers when the reply cites a passage from its context', async () => {
    const client = replying({
      answered: true,
      answer: ' About 15 hours a day. ',
      citations: ['pets#cats', 'pets#cats'],
    });
    const result = await ask({ engine, client, question: CAT_QUESTION });
    expect(result).toMatchObject({
      status: 'answered',
      answer: 'About 15 hours a day.',
      citations: ['pets#cats'],
      context: [{ passage: expect.objectContaining({ id: 'pets#cats' }), score: expect.any(Number) }],
      promptVersion: 'answer.v1',
      generator: client.info,
    });
  });

  it('refuses a citation of a passage that does not exist: fabricated_citation', async () => {
    const client = replying({ answered: true, answer: '15 hours.', citations: ['pets#lions'] });
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result.reason).toBe('fabricated_citation');
    expect(result.detail).toContain('pets#lions');
    expect(result.raw).toContain('pets#lions');
  });

  it('refuses a real passage that was not in this context: fabricated_citation', async () => {
    const client = replying({ answered: true, answer: '15 hours.', citations: ['garden#tomatoes'] });
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result.reason).toBe('fabricated_citation');
    expect(result.detail).toContain('in the corpus, not in this context');
  });

  it('refuses an answer that cites nothing: missing_citation', async () => {
    const client = replying({ answered: true, answer: '15 hours.', citations: [] });
    expect(refused(await ask({ engine, client, question: CAT_QUESTION })).reason).toBe('missing_citation');
  });

  it('refuses an empty answer that claims to be one: unparseable_response', async () => {
    const client = replying({ answered: true, answer: '  ', citations: ['pets#cats'] });
    expect(refused(await ask({ engine, client, question: CAT_QUESTION })).reason).toBe(
      'unparseable_response',
    );
  });

  it('refuses a figure no cited passage holds, saying which and where it looked', async () => {
    const client = replying({ answered: true, answer: 'About 16 hours a day.', citations: ['pets#cats'] });
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result).toMatchObject({
      reason: 'ungrounded_figure',
      failed: { kind: 'figure', figure: '16 hours', checkedAgainst: ['pets#cats'] },
    });
  });

  it('carries no failed check on a refusal that has none', async () => {
    const client = replying({ answered: true, answer: '15 hours.', citations: ['pets#lions'] });
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result.reason).toBe('fabricated_citation');
    expect(result).not.toHaveProperty('failed');
  });

  it('under prompt v2, refuses an answer whose citation has no quote, whatever client sent it', async () => {
    const v2 = { ...engine, promptVersion: 'answer.v2' };
    const reply = { answered: true, answer: 'About 15 hours a day.', citations: [{ id: 'pets#cats' }] };
    const client = outcome({ ok: true, reply, raw: JSON.stringify(reply) });
    const result = refused(await ask({ engine: v2, client, question: CAT_QUESTION }));
    expect(result).toMatchObject({
      reason: 'unsupported_quote',
      detail: 'the citation of pets#cats has no quote',
    });
    // The same reply under a prompt that asks for ids only is an answer.
    expect((await ask({ engine, client, question: CAT_QUESTION })).status).toBe('answered');
  });

  it('refuses a reply that is not the schema, keeping what was sent', async () => {
    const client = replying('Sure! Cats sleep a lot.');
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result.reason).toBe('unparseable_response');
    expect(result.raw).toBe('Sure! Cats sleep a lot.');
  });

  it('believes a model that says it could not answer: model_reported_no_answer', async () => {
    const client = replying({
      answered: false,
      answer: 'The passages do not say.',
      citations: ['pets#cats'],
    });
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result.reason).toBe('model_reported_no_answer');
    expect(result.detail).toBe('in the model\'s own words: "The passages do not say."');
  });

  const saidNoAnswer = async (answer: string) =>
    refused(
      await ask({
        engine,
        client: replying({ answered: false, answer, citations: [] }),
        question: CAT_QUESTION,
      }),
    );

  it('shows no figure of a model’s no-answer words that no passage given holds (issue 35)', async () => {
    const result = await saidNoAnswer('The passages do not say, but I know cats sleep 99 hours a day.');
    expect(result.reason).toBe('model_reported_no_answer');
    expect(result.detail).not.toContain('99');
    expect(result.detail).toMatch(
      /^the generator reported that the passages do not answer the question \(its own words are left out/u,
    );
  });

  it('shows a model’s no-answer words, marked as its words, when the passages given hold their figures', async () => {
    const words = 'The passages say cats sleep about 15 hours a day, not how many of those are naps.';
    expect((await saidNoAnswer(words)).detail).toBe(`in the model's own words: ${JSON.stringify(words)}`);
  });

  it('gives a plain detail when the model says no answer without words', async () => {
    for (const answer of ['', ' \n ']) {
      const client = replying({ answered: false, answer, citations: [] });
      const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
      expect(result.detail).toBe('the generator reported that the passages do not answer the question');
    }
  });

  it('gives the words of a model that says no answer without the white space around them', async () => {
    const client = replying({ answered: false, answer: ' The passages do not say.\n', citations: [] });
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result.detail).toBe('in the model\'s own words: "The passages do not say."');
  });

  it('passes a client failure through as its refusal, with code and raw', async () => {
    const client = outcome({
      ok: false,
      reason: 'model_unavailable',
      code: 'authentication',
      detail: 'key rejected',
    });
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result).toMatchObject({
      reason: 'model_unavailable',
      code: 'authentication',
      detail: 'key rejected',
    });
    expect(result).not.toHaveProperty('raw');
  });

  it('refuses, not throws, when the client cannot be reached', async () => {
    const client = throwing(new GenerationUnavailableError('connection', 'could not connect'));
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'connection', generator: client.info });
  });

  it('refuses, not throws, when the caller cancels the request', async () => {
    const controller = new AbortController();
    controller.abort();
    const client = throwing(new DOMException('aborted', 'AbortError'));
    const result = refused(await ask({ engine, client, question: CAT_QUESTION, signal: controller.signal }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'aborted' });
  });

  it('rethrows an AbortError nobody asked for', async () => {
    const error = new DOMException('aborted', 'AbortError');
    await expect(ask({ engine, client: throwing(error), question: CAT_QUESTION })).rejects.toBe(error);
  });

  it('rethrows a bug even when the caller has cancelled: only an AbortError is a cancel', async () => {
    const controller = new AbortController();
    controller.abort();
    const signal = controller.signal;
    for (const error of [new TypeError('x is undefined'), { name: 'AbortError', message: 'not an Error' }]) {
      await expect(ask({ engine, client: throwing(error), question: CAT_QUESTION, signal })).rejects.toBe(
        error,
      );
    }
  });

  it('rethrows a TypeError: a bug in our code is not a refusal', async () => {
    const client = throwing(new TypeError('cannot read properties of undefined'));
    await expect(ask({ engine, client, question: CAT_QUESTION })).rejects.toThrow(TypeError);
  });

  it('rethrows an error no client was meant to throw', async () => {
    const client = throwing(new Error('something else'));
    await expect(ask({ engine, client, question: CAT_QUESTION })).rejects.toThrow('something else');
  });

  it('fails the caller when a never-called client is called', async () => {
    await expect(ask({ engine, client: neverCalled(), question: CAT_QUESTION })).rejects.toThrow(
      /generator was called/,
    );
  });
});

describe('ask: the extractive stand-in end to end', () => {
  it('quotes the sentence that answers and cites its passage', async () => {
    const result = await ask({
      engine,
      client: createExtractiveClient(),
      question: 'How long a walk does a dog need?',
    });
    expect(result).toMatchObject({ status: 'answered', citations: ['pets#dogs'] });
    expect(result.status === 'answered' && result.answer).toContain('30 minutes');
  });
});

describe('ask: any reply at all', () => {
  const citation = fc.oneof(
    fc.constantFrom('pets#cats', 'pets#dogs', 'garden#tomatoes', 'pets#lions', ''),
    fc.string(),
  );
  const replyLike = fc.oneof(
    fc.record({
      answered: fc.boolean(),
      answer: fc.string(),
      citations: fc.array(citation, { maxLength: 4 }),
    }),
    fc.jsonValue(),
    fc.string(),
  );

  it('returns an AskResult, never an answer citing outside its context', async () => {
    await fc.assert(
      fc.asyncProperty(
        replyLike,
        fc.constantFrom(CAT_QUESTION, 'How long a walk does a dog need?'),
        async (reply, question) => {
          const client = replying(reply);
          const result = await ask({ engine, client, question });
          expect(['answered', 'refused']).toContain(result.status);
          if (result.status === 'answered') {
            // Compared with what the client was actually given, not with what ask() says it gave.
            const given = (client.calls[0]?.passages ?? []).map((passage) => passage.id);
            expect(result.citations.length).toBeGreaterThan(0);
            for (const id of result.citations) expect(given).toContain(id);
            expect(result.answer.trim()).not.toBe('');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ask: through the real Claude client, with an injected fetch', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const claude = (respond: () => Promise<Response>) =>
    createClaudeClient({ apiKey: 'sk-test', fetch: respond as typeof fetch, maxRetries: 0 });

  it('refuses with model_unavailable when the API cannot be reached', async () => {
    const client = claude(async () => {
      throw new TypeError('fetch failed');
    });
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'connection' });
    expect(result.generator?.kind).toBe('claude');
  });

  it('refuses with model_unavailable (authentication) when the key is rejected', async () => {
    const client = claude(async () =>
      json({ type: 'error', error: { type: 'authentication_error', message: 'no' } }, 401),
    );
    const result = refused(await ask({ engine, client, question: CAT_QUESTION }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'authentication' });
  });

  it('verifies what Claude cites like any other reply', async () => {
    const text = JSON.stringify({ answered: true, answer: '15 hours.', citations: ['garden#tomatoes'] });
    const client = claude(async () =>
      json({
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-opus-5',
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      }),
    );
    expect(refused(await ask({ engine, client, question: CAT_QUESTION })).reason).toBe('fabricated_citation');
  });
});

describe('ask: the deadline per question', () => {
  const CAT = 'How many hours a day does a cat sleep?';

  it('times out also when the caller gave a signal it never aborted', async () => {
    const deaf = {
      info: { kind: 'scripted', name: 'deaf' } as const,
      generate: () => new Promise<never>(() => {}),
    };
    const signal = new AbortController().signal;
    const result = refused(await ask({ engine, client: deaf, question: CAT, signal, deadlineMs: 20 }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'timeout' });
  });

  it('rethrows an AbortError that neither the caller nor the deadline caused', async () => {
    const stray = Object.assign(new Error('aborted by something else'), { name: 'AbortError' });
    await expect(ask({ engine, client: throwing(stray), question: CAT })).rejects.toBe(stray);
  });

  it('leaves no timer behind once the question is done', async () => {
    vi.useFakeTimers();
    try {
      await ask({ engine, client: replying(NO_ANSWER), question: CAT });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses as a timeout when the body stalls after the headers', async () => {
    // Headers, then nothing: the SDK's own timeout covers only the wait for headers.
    const stalled = () =>
      new Response(new ReadableStream({ start() {} }), { headers: { 'content-type': 'application/json' } });
    const fetch = async () => stalled();
    const client = createClaudeClient({ apiKey: 'test-key', fetch, maxRetries: 0 });
    const result = refused(await ask({ engine, client, question: CAT, deadlineMs: 30 }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'timeout' });
    expect(result.detail).toMatch(
      /no answer within 0\.03 s \(connecting, the reply and any retries together\)/,
    );
  });

  it('holds for a client that ignores its signal altogether', async () => {
    const deaf = {
      info: { kind: 'scripted', name: 'deaf' } as const,
      generate: () => new Promise<never>(() => {}),
    };
    const result = refused(await ask({ engine, client: deaf, question: CAT, deadlineMs: 20 }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'timeout' });
  });

  it('covers the retries: waits the server asks for cannot add up past it', async () => {
    const fetch = async () =>
      new Response(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'busy' } }), {
        status: 529,
        headers: { 'content-type': 'application/json', 'retry-after': '15' },
      });
    const retries: number[] = [];
    const client = createClaudeClient({
      apiKey: 'test-key',
      fetch,
      maxRetries: 5,
      onRetry: ({ waitMs }) => retries.push(waitMs),
    });
    const result = refused(await ask({ engine, client, question: CAT, deadlineMs: 40 }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'timeout' });
    expect(retries).toEqual([15_000]);
  });

  it("keeps the caller's cancel a cancel, not a timeout", async () => {
    const cancel = new AbortController();
    const deaf = {
      info: { kind: 'scripted', name: 'deaf' } as const,
      generate: () => {
        cancel.abort();
        return new Promise<never>(() => {});
      },
    };
    const result = refused(await ask({ engine, client: deaf, question: CAT, signal: cancel.signal }));
    expect(result).toMatchObject({ reason: 'model_unavailable', code: 'aborted' });
  });
});
