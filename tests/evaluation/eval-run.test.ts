import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ask } from '../../src/ask/engine';
import { createEngine, type Engine } from '../../src/ask/engine-setup';
import { contextOf, gate } from '../../src/ask/gate';
import {
  type EvalRun,
  flips,
  nextFlipThreshold,
  outcomeAt,
  riskCoverage,
  runEvaluation,
  twoByTwo,
} from '../../src/evaluation/eval-run';
import { type EvalQuestion, judge, parseEvalSet } from '../../src/evaluation/eval-set';
import { createExtractiveClient } from '../../src/reader/extractive';
import type { AskResult, GenerationClient, GenerationRequest, Scored } from '../../src/types';
import { gardenEngine, libraryIndex, tinyEngine } from '../helpers/engine';
import { replying, throwing } from '../helpers/scripted';

const client = createExtractiveClient();
const hasModel = false;
const libraryQuestions = parseEvalSet(JSON.parse(readFileSync('eval/questions.json', 'utf8')));

/** A client that counts its calls and otherwise is the stand-in. */
function counting(inner: GenerationClient): GenerationClient & { calls: GenerationRequest[] } {
  const calls: GenerationRequest[] = [];
  return {
    info: inner.info,
    calls,
    generate: (request) => {
      calls.push(request);
      return inner.generate(request);
    },
  };
}

const run = async (engine: Engine, items: readonly EvalQuestion[], options = {}) => {
  const result = await runEvaluation({ engine, items, client, ask, ...options });
  if (result === undefined) throw new Error('the run was not meant to be aborted');
  return result;
};

describe('outcomeAt', () => {
  const library = createEngine(libraryIndex());
  // Beyond the set: a question that is only white space (invalid at every threshold) and one nothing matches.
  const extra: EvalQuestion[] = [
    { question: '   ', answerable: false },
    { question: 'Quixotic zeppelins?', answerable: false },
  ];
  const cases: Array<[string, () => Engine, EvalQuestion[]]> = [
    ['the bundled manual with eval/questions.json', () => library, [...libraryQuestions, ...extra]],
    [
      'the bundled manual with a minimum margin, so some questions are refused for it',
      () => ({ ...library, gate: { ...library.gate, minMargin: 0.15 } }),
      libraryQuestions,
    ],
    [
      'tests/fixtures/other-corpus with its questions',
      gardenEngine,
      parseEvalSet(JSON.parse(readFileSync('tests/fixtures/other-corpus-questions.json', 'utf8'))),
    ],
  ];

  describe.each(cases)('on %s', (_name, engineOf, items) => {
    let engine: Engine;
    let recorded: EvalRun;
    let thresholds: number[];
    beforeAll(async () => {
      engine = engineOf();
      recorded = await run(engine, items);
      // Every score that can move an outcome, and its neighbours on both sides: where an off-by-one lives.
      const scores = outcomeAt(recorded, Number.POSITIVE_INFINITY).flatMap((outcome) =>
        outcome.result.passages.map(({ score }) => score),
      );
      thresholds = scores.flatMap((score) => [score, score - 1e-9, score + 1e-9]);
    });

    it('gives, at any threshold, what a fresh ask with that threshold returns, and the same verdict', async () => {
      const threshold = fc.oneof(
        fc.double({ min: -0.05, max: 1.05, noNaN: true }),
        fc.constantFrom(...thresholds),
      );
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: items.length - 1 }), threshold, async (index, at) => {
          const item = items[index] as EvalQuestion;
          const fresh = await ask({
            engine: { ...engine, gate: { ...engine.gate, threshold: at } },
            client,
            question: item.question,
          });
          const outcome = outcomeAt(recorded, at)[index];
          expect(outcome?.result).toEqual(fresh);
          expect(outcome?.judgement).toEqual(judge({ item, result: fresh, hasModel }));
          expect(outcome?.status).toBe(fresh.status);
          expect(outcome?.reason).toBe(fresh.status === 'refused' ? fresh.reason : undefined);
        }),
        { numRuns: 150 },
      );
    });
  });

  it('covers refusals for the minimum margin in the margin case, so that case tests something', async () => {
    const strict = await run({ ...library, gate: { ...library.gate, minMargin: 0.15 } }, libraryQuestions);
    const details = outcomeAt(strict, 0.133).map((outcome) =>
      outcome.result.status === 'refused' ? outcome.result.detail : '',
    );
    expect(details.some((detail) => /minimum margin/.test(detail))).toBe(true);
  });

  it('labels each question answerable or not, and marks those beyond the gate', async () => {
    const outcomes = outcomeAt(await run(library, libraryQuestions), 0.133);
    const head = outcomes.find((outcome) => outcome.question === 'Who is the head librarian?');
    expect(head).toMatchObject({ answerable: false, beyondGate: true });
    expect(outcomes[0]).toMatchObject({ answerable: true, beyondGate: false });
    // Its best score is its top passage's, and passes the gate, as its label `passesGate` says.
    expect(head?.bestScore).toBe(head?.result.passages[0]?.score);
    expect(head?.bestScore).toBeGreaterThanOrEqual(0.133);
  });
});

// The tiny corpus, with a stand-in whose answers are known: the curve can be worked out by hand.
const HAND_MADE: EvalQuestion[] = [
  {
    question: 'How many hours a day does a cat sleep?',
    answerable: true,
    passage: 'pets#cats',
    mustContain: ['15 hours'],
  },
  {
    question: 'How long a walk does a dog need?',
    answerable: true,
    passage: 'pets#dogs',
    mustContain: ['30 minutes'],
  },
  // The stand-in quotes the summer figures: an answer, and a wrong one.
  { question: 'How many hours of sun do tomato plants need in winter?', answerable: false },
  { question: 'What is the capital of France?', answerable: false },
  { question: 'Does a dog need water?', answerable: false, requiresModel: true },
];

describe('riskCoverage', () => {
  it('sweeps every best score and every step of a context, and one above, leaving SKIP questions out', async () => {
    const recorded = await run(tinyEngine(), HAND_MADE);
    const best = outcomeAt(recorded, 0).map((outcome) => outcome.bestScore);
    // What the figures below were worked out from: cat 0.755 > tomato 0.555 > dog-water 0.486 > dog 0.483 > France 0.
    expect(best.map((score) => score.toFixed(3))).toEqual(['0.755', '0.483', '0.555', '0.000', '0.486']);
    const all = riskCoverage(recorded).map(({ threshold, coverage, risk, answered, decided }) => ({
      threshold: threshold.toFixed(3),
      coverage,
      risk,
      answered,
      decided,
    }));
    // The steps where one more passage joins a context are swept too: there the generator may answer
    // differently. Here the stand-in does not, so each such point repeats the best score below it.
    const steps = recorded.questions.flatMap((q) => q.steps.map(({ breakpoint }) => breakpoint.toFixed(3)));
    expect(all.map(({ threshold }) => threshold)).toEqual(expect.arrayContaining(steps));
    const atBest = new Set([...best.map((score) => score.toFixed(3)), '0.756']);
    all.forEach((point, i) => {
      if (atBest.has(point.threshold)) return;
      const below = all
        .slice(0, i)
        .reverse()
        .find(({ threshold }) => atBest.has(threshold));
      expect({ ...point, threshold: below?.threshold }).toEqual(below);
    });
    const curve = all.filter(({ threshold }) => atBest.has(threshold));
    expect(curve).toEqual([
      // France is never answered; cat, dog and tomato are, and tomato is wrong.
      { threshold: '0.000', coverage: 3 / 4, risk: 1 / 3, answered: 3, decided: 4 },
      { threshold: '0.483', coverage: 3 / 4, risk: 1 / 3, answered: 3, decided: 4 },
      // Above the dog: only the cat and the tomato.
      { threshold: '0.486', coverage: 2 / 4, risk: 1 / 2, answered: 2, decided: 4 },
      { threshold: '0.555', coverage: 2 / 4, risk: 1 / 2, answered: 2, decided: 4 },
      { threshold: '0.755', coverage: 1 / 4, risk: 0, answered: 1, decided: 4 },
      // Above everything: nothing answered, so no risk to speak of.
      { threshold: '0.756', coverage: 0, risk: undefined, answered: 0, decided: 4 },
    ]);
  });
});

describe('twoByTwo', () => {
  it('counts answered and refused against answerable and unanswerable, SKIP apart', async () => {
    const recorded = await run(tinyEngine(), HAND_MADE);
    expect(twoByTwo(outcomeAt(recorded, 0.5))).toEqual({
      answered: { answerable: 1, unanswerable: 1 },
      refused: { answerable: 1, unanswerable: 1 },
      skipped: 1,
    });
  });

  it('gives the bundled set at the shipped threshold as npm run eval -- --no-model does: all answerable answered', async () => {
    const recorded = await run(createEngine(libraryIndex()), libraryQuestions);
    expect(twoByTwo(outcomeAt(recorded, 0.133))).toEqual({
      answered: { answerable: 14, unanswerable: 0 },
      refused: { answerable: 0, unanswerable: 8 },
      skipped: 0,
    });
  });
});

describe('flips', () => {
  it('lists the questions that a higher threshold refuses, with their old and new verdicts', async () => {
    const recorded = await run(tinyEngine(), HAND_MADE);
    const changed = flips(recorded, 0.3, 0.5).map(({ from, to }) => [
      from.question,
      `${from.status} ${from.judgement.verdict}`,
      `${to.status} ${to.judgement.verdict}`,
    ]);
    expect(changed).toEqual([
      ['How long a walk does a dog need?', 'answered PASS', 'refused FAIL'],
      // SKIP both times, but no longer answered: a change of status is a flip on its own.
      ['Does a dog need water?', 'answered SKIP', 'refused SKIP'],
    ]);
  });

  it('lists a question that a lower threshold lets through, and none when nothing changes', async () => {
    const recorded = await run(tinyEngine(), HAND_MADE);
    expect(flips(recorded, 0.6, 0.7)).toEqual([]);
    const lower = flips(recorded, 0.6, 0.5).map(({ from, to }) => [
      from.question,
      `${from.status} ${from.judgement.verdict}`,
      `${to.status} ${to.judgement.verdict}`,
    ]);
    expect(lower).toEqual([
      ['How many hours of sun do tomato plants need in winter?', 'refused PASS', 'answered FAIL'],
    ]);
  });
});

describe('outcomeAt, where a passage below the top contextSize outscores them', () => {
  // Evidence need not follow retrieval's order (with the encoder, "Does the library sell coffee?" scored
  // its fourth passage highest). An ask() that follows the engine's gate and context rules exactly, on
  // passages whose fourth outscores the three above it.
  const engine = tinyEngine();
  const retrieved: Scored[] = [0.1, 0.15, 0.05, 0.25, 0.02].map((score, i) => ({
    passage: { id: `f#p${i}`, file: 'f.md', line: 1, trail: ['T'], text: '' },
    score,
  }));
  const fakeAsk = (async ({ engine: asked, question }) => {
    const base = { question, threshold: asked.gate.threshold, promptVersion: asked.promptVersion };
    const verdict = gate(retrieved, asked.gate);
    const context = verdict.pass ? contextOf(retrieved, asked) : [];
    const result: AskResult = verdict.pass
      ? {
          ...base,
          status: 'refused',
          reason: 'model_reported_no_answer',
          detail: `read ${context.map(({ passage }) => passage.id).join(', ')}`,
          passages: retrieved,
          context,
        }
      : {
          ...base,
          status: 'refused',
          reason: 'no_relevant_context',
          detail: verdict.detail ?? '',
          passages: retrieved,
          context,
        };
    return result;
  }) as typeof ask;

  it('gives, at every threshold, what that ask() gives: the fourth passage alone between 0.15 and 0.25', async () => {
    const recorded = await runEvaluation({
      engine,
      items: [{ question: 'Anything?', answerable: false }],
      client,
      ask: fakeAsk,
    });
    if (recorded === undefined) throw new Error('the run was not meant to be aborted');
    for (let at = 0; at <= 0.3; at += 0.005) {
      const fresh = await fakeAsk({
        engine: { ...engine, gate: { ...engine.gate, threshold: at } },
        client,
        question: 'Anything?',
      });
      expect(outcomeAt(recorded, at)[0]?.result).toEqual(fresh);
    }
    expect(outcomeAt(recorded, 0.2)[0]?.result.context.map(({ passage }) => passage.id)).toEqual(['f#p3']);
  });
});

describe('runEvaluation', () => {
  it('reports progress after each question and yields to the event loop between them', async () => {
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    const seen: Array<[number, number, boolean]> = [];
    await run(tinyEngine(), HAND_MADE.slice(0, 3), {
      onProgress: (done: number, total: number) => seen.push([done, total, timerRan]),
    });
    expect(seen).toEqual([
      [0, 3, false],
      [1, 3, false],
      [2, 3, true],
      [3, 3, true],
    ]);
  });

  it('asks the generator once per score at which a passage joins the context, never with the gate shut', async () => {
    const counted = counting(client);
    const engine = tinyEngine();
    await runEvaluation({ engine, items: HAND_MADE, client: counted, ask });
    // France retrieves nothing; each of the other four retrieves three passages of distinct scores.
    expect(counted.calls).toHaveLength(4 * 3);
  });

  it('stops when the signal aborts and resolves to undefined, asking nothing more', async () => {
    const controller = new AbortController();
    const counted = counting(client);
    const result = await runEvaluation({
      engine: tinyEngine(),
      items: HAND_MADE,
      client: counted,
      ask,
      signal: controller.signal,
      onProgress: (done) => done === 1 && controller.abort(),
    });
    expect(result).toBeUndefined();
    expect(new Set(counted.calls.map((call) => call.question))).toEqual(new Set([HAND_MADE[0]?.question]));
  });

  it('keeps nothing asked under a signal that aborted during the question', async () => {
    const controller = new AbortController();
    const aborting: GenerationClient = {
      info: client.info,
      generate: async (request) => {
        controller.abort();
        return client.generate(request);
      },
    };
    const result = await runEvaluation({
      engine: tinyEngine(),
      items: HAND_MADE,
      client: aborting,
      ask,
      signal: controller.signal,
    });
    expect(result).toBeUndefined();
  });

  it('judges questions that need a model SKIP with the stand-in, and not with another client', async () => {
    const items = HAND_MADE.slice(4);
    const standIn = await run(tinyEngine(), items);
    expect(outcomeAt(standIn, 0.3)[0]?.judgement.verdict).toBe('SKIP');
    const model = await run(tinyEngine(), items, {
      client: replying({ answered: false, answer: '', citations: [] }),
    });
    expect(model.hasModel).toBe(true);
    expect(outcomeAt(model, 0.3)[0]?.judgement.verdict).toBe('PASS');
  });

  it('rejects with a bug in the client instead of recording it', async () => {
    await expect(
      runEvaluation({
        engine: tinyEngine(),
        items: HAND_MADE,
        client: throwing(new RangeError('oops')),
        ask,
      }),
    ).rejects.toThrow('oops');
  });
});

describe('nextFlipThreshold: the slider’s keyboard step', () => {
  let library: EvalRun;
  beforeAll(async () => {
    library = await run(createEngine(libraryIndex()), libraryQuestions);
  });

  it('steps up to the nearest threshold where a question changes, and nothing changes between', () => {
    const from = 0.133;
    const next = nextFlipThreshold({ run: library, from, direction: 'up' }) as number;
    expect(next).toBeGreaterThan(from);
    expect(flips(library, from, next).length).toBeGreaterThan(0);
    for (let between = from + 0.001; between < next - 1e-9; between += 0.001) {
      expect(flips(library, from, Number(between.toFixed(3)))).toEqual([]);
    }
  });

  it('steps down the same way, and stops where nothing is left to change', () => {
    const from = 0.3;
    const previous = nextFlipThreshold({ run: library, from, direction: 'down' }) as number;
    expect(previous).toBeLessThan(from);
    expect(flips(library, from, previous).length).toBeGreaterThan(0);
    for (let between = previous + 0.001; between < from - 1e-9; between += 0.001) {
      expect(flips(library, from, Number(between.toFixed(3)))).toEqual([]);
    }
    expect(nextFlipThreshold({ run: library, from: 5, direction: 'up' })).toBeUndefined();
  });

  it('walks every flip of the run, a step at a time, from 0 to above every score', () => {
    const visited: number[] = [];
    for (
      let at: number | undefined = 0;
      at !== undefined;
      at = nextFlipThreshold({ run: library, from: at, direction: 'up' })
    ) {
      visited.push(at);
    }
    const last = visited.at(-1) as number;
    // At the last step every question the gate can refuse is refused.
    expect(outcomeAt(library, last).every((outcome) => outcome.status === 'refused')).toBe(true);
    expect(new Set(visited.map((t) => t.toFixed(3))).size).toBe(visited.length);
  });
});
