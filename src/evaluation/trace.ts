// A record anyone can replay: one question's result with everything that decided it, and the content
// hash of the index it was decided on. `npm run ask -- --trace FILE` replays it offline: the recorded
// reply goes through the same gate and verifier again and must reach the same verdict; if the index has
// changed since, the trace says whether the passages it rested on are still the same.
import { z } from 'zod';
import { ask, type Engine } from '../ask/engine';
import { createOutcomeReplayClient, createReplayClient } from '../generation/replay';
import { parseReply } from '../generation/reply';
import { replyVersionOf } from '../generation/reply-version';
import { describeIssues } from '../issues';
import { createExtractiveClient } from '../reader/extractive';
import { type AskResult, type GenerationClient, REFUSAL_REASONS } from '../types';

export const TRACE_FORMAT = 'sourcebound-trace';

/** SHA-256 of `bytes`, as hex: the page and Node both have Web Crypto. */
export async function sha256(bytes: Uint8Array<ArrayBuffer> | string): Promise<string> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const digest = await crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const PassageRecordSchema = z.object({
  id: z.string().min(1),
  score: z.number(),
  /** SHA-256 of the passage's text when the result was made. */
  textHash: z.string().regex(/^[0-9a-f]{64}$/u),
});

export const TraceSchema = z
  .object({
    format: z.literal(TRACE_FORMAT),
    // 2: the whole verdict (quotes too) is recorded and compared, not the status and reason alone.
    version: z.literal(2),
    /** SHA-256 of the compiled index file the result was decided on. */
    indexHash: z.string().regex(/^[0-9a-f]{64}$/u),
    question: z.string(),
    threshold: z.number(),
    thresholdSource: z.string(),
    promptVersion: z.string().min(1),
    /** The word vectors and fitted model of the semantic channel; absent when words alone decided. */
    semantic: z
      .object({
        table: z.string().regex(/^[0-9a-f]{64}$/u),
        model: z.string().min(1),
        /** The sentence encoder that read the question too; absent when the word vectors alone did. */
        encoder: z.string().min(1).optional(),
      })
      .strict()
      .optional(),
    generator: z.object({ kind: z.enum(['claude', 'extractive', 'scripted']), name: z.string() }).optional(),
    /** What the model sent, exactly; absent when no generator was asked or none replied. */
    raw: z.string().optional(),
    passages: z.array(PassageRecordSchema),
    context: z.array(PassageRecordSchema),
    verdict: z.discriminatedUnion('status', [
      z.object({
        status: z.literal('answered'),
        answer: z.string(),
        citations: z.array(z.string()),
        quotes: z.array(z.object({ id: z.string(), quote: z.string() })),
      }),
      z.object({
        status: z.literal('refused'),
        reason: z.enum(REFUSAL_REASONS),
        code: z.string().optional(),
        detail: z.string(),
      }),
    ]),
  })
  .strict();

export type Trace = z.infer<typeof TraceSchema>;

export class TraceError extends Error {
  override name = 'TraceError';
}

export function parseTrace(json: unknown): Trace {
  const parsed = TraceSchema.safeParse(json);
  if (!parsed.success) throw new TraceError(`not a valid sourcebound trace: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** The trace of `result`, decided on the index whose file hashes to `indexHash`. */
export async function traceOf(result: AskResult, indexHash: string, gateSource: string): Promise<Trace> {
  const record = async (scored: AskResult['passages']) =>
    Promise.all(
      scored.map(async ({ passage, score }) => ({
        id: passage.id,
        score,
        textHash: await sha256(passage.text),
      })),
    );
  return {
    format: TRACE_FORMAT,
    version: 2,
    indexHash,
    question: result.question,
    threshold: result.threshold,
    thresholdSource: gateSource,
    promptVersion: result.promptVersion,
    ...(result.semantic === undefined ? {} : { semantic: result.semantic }),
    ...(result.generator === undefined ? {} : { generator: result.generator }),
    ...(result.raw === undefined ? {} : { raw: result.raw }),
    passages: await record(result.passages),
    context: await record(result.context),
    verdict:
      result.status === 'answered'
        ? { status: 'answered', answer: result.answer, citations: result.citations, quotes: result.quotes }
        : {
            status: 'refused',
            reason: result.reason,
            ...(result.code === undefined ? {} : { code: result.code }),
            detail: result.detail,
          },
  };
}

const verdictOf = (verdict: Trace['verdict']) =>
  verdict.status === 'answered' ? 'answered' : `refused: ${verdict.reason}`;

/** One field of a replayed result that is not what the trace recorded, each side as JSON. */
export interface Difference {
  field: string;
  recorded: string;
  now: string;
}

export type Replay =
  | { outcome: 'same'; verdict: string; indexChanged: boolean }
  | { outcome: 'different'; recorded: string; now: string; differences: Difference[]; result: AskResult }
  | { outcome: 'index-changed'; changed: string[] };

/** Scores are recomputed from the same postings, so they agree to the last bits; this allows for a platform's rounding. */
const SCORE_TOLERANCE = 1e-9;

type PassageRecords = Trace['passages'];

const sameRecords = (recorded: PassageRecords, now: AskResult['passages']) =>
  recorded.length === now.length &&
  recorded.every(
    (record, at) =>
      record.id === now[at]?.passage.id &&
      Math.abs(record.score - (now[at]?.score ?? Number.NaN)) <= SCORE_TOLERANCE,
  );

const listed = (records: PassageRecords | AskResult['passages']) =>
  JSON.stringify(records.map((record) => ('passage' in record ? record.passage.id : record.id)));

/**
 * Every field of the whole verdict that differs between the trace and its replay: a forged answer,
 * citations or quotes, another reason or detail, a changed raw reply, another prompt version, or passages
 * that are not the ones retrieved. A trace that differs in any of them is not the same verdict.
 */
// Where a quote stands is the verifier's finding from the quote and the passage, both compared already;
// a trace records what was quoted.
const quotedText = (quotes: ReadonlyArray<{ id: string; quote: string }>) =>
  quotes.map(({ id, quote }) => ({ id, quote }));

/**
 * Every field of the verdict and of what decided it that `result` (replayed on a gate whose source is
 * `gateSource`) does not share with the trace.
 */
export function verdictDifferences(trace: Trace, result: AskResult, gateSource: string): Difference[] {
  const recorded = trace.verdict;
  const fields: Array<[string, unknown, unknown]> = [
    ['status', recorded.status, result.status],
    ['threshold', trace.threshold, result.threshold],
    ['threshold source', trace.thresholdSource, gateSource],
    ['prompt version', trace.promptVersion, result.promptVersion],
    ['semantic channel', trace.semantic ?? 'off', result.semantic ?? 'off'],
    [
      'answer',
      recorded.status === 'answered' ? recorded.answer : undefined,
      result.status === 'answered' ? result.answer : undefined,
    ],
    [
      'citations',
      recorded.status === 'answered' ? recorded.citations : undefined,
      result.status === 'answered' ? result.citations : undefined,
    ],
    [
      'quotes',
      recorded.status === 'answered' ? quotedText(recorded.quotes) : undefined,
      result.status === 'answered' ? quotedText(result.quotes) : undefined,
    ],
    [
      'reason',
      recorded.status === 'refused' ? recorded.reason : undefined,
      result.status === 'refused' ? result.reason : undefined,
    ],
    [
      'code',
      recorded.status === 'refused' ? recorded.code : undefined,
      result.status === 'refused' ? result.code : undefined,
    ],
    [
      'detail',
      recorded.status === 'refused' ? recorded.detail : undefined,
      result.status === 'refused' ? result.detail : undefined,
    ],
    ['raw reply', trace.raw, result.raw],
  ];
  const differences = fields
    .filter(([, before, after]) => JSON.stringify(before) !== JSON.stringify(after))
    .map(([field, before, after]) => ({
      field,
      recorded: JSON.stringify(before) ?? 'nothing',
      now: JSON.stringify(after) ?? 'nothing',
    }));
  if (!sameRecords(trace.passages, result.passages)) {
    differences.push({
      field: 'passages retrieved',
      recorded: listed(trace.passages),
      now: listed(result.passages),
    });
  }
  if (!sameRecords(trace.context, result.context)) {
    differences.push({ field: 'context', recorded: listed(trace.context), now: listed(result.context) });
  }
  return differences;
}

/** Refusals a generator itself can return (GenerationOutcome), as opposed to the gate's or the verifier's. */
const GENERATOR_REASONS: ReadonlySet<string> = new Set([
  'model_unavailable',
  'unparseable_response',
  'model_reported_no_answer',
]);

/**
 * The client that plays the generator's part of a trace again. A reply that parses is replayed through
 * the parser and the verifier; a failure the generator itself reported (a refusal stop, a reply with no
 * text, an unreachable API) is replayed as that failure, raw text and all, because reparsing the raw
 * text would not reach it; and when no generator was asked, there is nothing to play.
 */
function clientFor(trace: Trace): GenerationClient {
  // The stand-in's no-answer words are this code's own (they hold its scores, which no passage does) and
  // are shown unchecked, so a reply recorded from it replays as its; any other is replayed as scripted.
  const info =
    trace.generator?.kind === 'extractive'
      ? trace.generator
      : ({ kind: 'scripted', name: 'replayed from a trace' } as const);
  const { verdict, raw } = trace;
  const parses = raw !== undefined && parseReply(raw, replyVersionOf(trace.promptVersion)).ok;
  if (raw !== undefined && parses) return createReplayClient({ raw, info });
  if (
    verdict.status === 'refused' &&
    trace.generator !== undefined &&
    GENERATOR_REASONS.has(verdict.reason)
  ) {
    return createOutcomeReplayClient({
      info,
      outcome: {
        ok: false,
        reason: verdict.reason as 'model_unavailable' | 'unparseable_response' | 'model_reported_no_answer',
        code: verdict.code ?? 'unknown',
        detail: verdict.detail,
        ...(raw === undefined ? {} : { raw }),
      },
    });
  }
  if (raw !== undefined) return createReplayClient({ raw, info });
  // No reply was recorded, because no generator was asked. If the replay gets past the gate this time,
  // it has nothing to play: a refusal saying so, which differs from the recorded verdict.
  return createOutcomeReplayClient({
    info,
    outcome: {
      ok: false,
      reason: 'model_unavailable',
      code: 'not_recorded',
      detail: 'the trace holds no reply: no generator was asked when it was made',
    },
  });
}

const STAND_IN_REPLY = "the stand-in's own reply, word for word";
const NOT_STAND_IN_REPLY = 'a reply the stand-in does not give on this context';

/**
 * Whether the generator the trace names is the one that wrote its reply, as far as can be known offline.
 * The stand-in is deterministic: asked again, it gives its recorded reply word for word, and no other
 * generator's reply. A stand-in's reply labelled as Claude's, or Claude's labelled as the stand-in's
 * (whose no-answer words are shown unchecked), is a difference.
 */
async function generatorDifference(trace: Trace, engine: Engine): Promise<Difference | undefined> {
  if (trace.raw === undefined || trace.generator === undefined) return undefined;
  const again = await ask({ engine, client: createExtractiveClient(), question: trace.question });
  if (again.generator?.kind !== 'extractive') return undefined;
  const standIns = again.raw === trace.raw;
  if (standIns === (trace.generator.kind === 'extractive')) return undefined;
  return {
    field: 'generator',
    recorded: JSON.stringify(trace.generator),
    now: standIns ? STAND_IN_REPLY : NOT_STAND_IN_REPLY,
  };
}

/**
 * Replays `trace` on `engine` (whose index file hashes to `indexHash`). When the index has changed, the
 * replay goes ahead only if every passage the result was decided on (all it retrieved, and its context) is
 * still there with the same text; otherwise it says which are not.
 */
export async function replayTrace(trace: Trace, engine: Engine, indexHash: string): Promise<Replay> {
  const indexChanged = indexHash !== trace.indexHash;
  if (indexChanged) {
    const byId = new Map(engine.passages.map((passage) => [passage.id, passage]));
    const changed: string[] = [];
    // Every passage retrieved, not only the context: a gate refusal rests on them all (and has no context);
    // and the context too, which a reorder (EncoderGate.rerank) may draw from past the passages shown.
    const decidedOn = new Map([...trace.passages, ...trace.context].map((record) => [record.id, record]));
    for (const { id, textHash } of decidedOn.values()) {
      const passage = byId.get(id);
      if (passage === undefined) changed.push(`${id} is no longer in the index`);
      else if ((await sha256(passage.text)) !== textHash) changed.push(`${id} has changed`);
    }
    if (changed.length > 0) return { outcome: 'index-changed', changed };
  }
  const result = await ask({ engine, client: clientFor(trace), question: trace.question });
  const recorded = verdictOf(trace.verdict);
  const now = result.status === 'answered' ? 'answered' : `refused: ${result.reason}`;
  const differences = verdictDifferences(trace, result, engine.gate.source);
  const generator = await generatorDifference(trace, engine);
  if (generator !== undefined) differences.push(generator);
  if (differences.length > 0) return { outcome: 'different', recorded, now, differences, result };
  return { outcome: 'same', verdict: now, indexChanged };
}
