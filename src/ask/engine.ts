import { PostingsNotLoaded, PostingsUnavailableError } from '../compiled-index/posting-shards';
import { TextNotLoaded, TextUnavailableError } from '../compiled-index/text-blocks';
import type { PostingSource } from '../compiled-index/types';
import {
  GATE_EVIDENCE,
  MAX_CONTEXT_CHARS,
  MAX_QUESTION_CHARS,
  QUESTION_DEADLINE_MS,
  THESAURUS_WEIGHT,
} from '../config';
import { fitToBudget } from '../generation/budget';
import { GenerationUnavailableError } from '../generation/errors';
import { promptFor } from '../generation/prompts';
import { replyVersionOf, verificationRuleOf } from '../generation/reply-version';
import { eitherSignal, untilAborted } from '../generation/waiting';
import { type Retriever, retrieverOn } from '../retrieval/retrieve';
import type {
  AskResult,
  ContextBudget,
  GenerationClient,
  GenerationOutcome,
  Refused,
  Scored,
} from '../types';
import { rescored } from './encoder-evidence';
import type { Engine } from './engine-setup';
import { contextOf, gate } from './gate';
import { noAnswerDetail } from './no-answer';
import { verify } from './verify';

/** How many retrieved passages a result shows, whatever the context size: enough to see why. */
export const SHOWN_PASSAGES = 5;

export { createEngine, type Engine } from './engine-setup';
export { withSemantic } from './semantic-setup';

/**
 * How `engine` reads questions, with the shipped thesaurus weight and evidence model. Made here, at
 * question time, not in `createEngine`: the question reading and the text model stay out of the page's
 * first download. Only closures over the index built at load, so making one per question costs nothing.
 */
export function retrieverOf(engine: Engine): Retriever {
  return retrieverOn({
    invertedIndex: engine.invertedIndex,
    passages: engine.passages,
    thesaurus: engine.thesaurus,
    expansionWeight: engine.expansionWeight ?? THESAURUS_WEIGHT,
    evidence: engine.semantic?.model.evidence ?? GATE_EVIDENCE,
    ...(engine.semantic === undefined
      ? {}
      : { semantic: { channel: engine.semantic.channel, settings: engine.semantic.model.settings } }),
  });
}

export interface AskOptions {
  engine: Engine;
  client: GenerationClient;
  question: string;
  /** The caller's cancel (the page's Cancel button, Ctrl-C at the command line). */
  signal?: AbortSignal;
  /** How long the generator may take, retries included; default QUESTION_DEADLINE_MS. */
  deadlineMs?: number;
  /**
   * Told, in words for anyone, what the question waits for while parts of the index are fetched (a large
   * index in the page), and undefined once they are here.
   */
  onFetching?: (words: string | undefined) => void;
}

/**
 * Whether reading a word as another found something else than the question as typed: another gate
 * verdict, or other passages in the context. A correction that changed neither is noise to the visitor.
 */
export function changedWhatWasFound(engine: Engine, corrected: Found, asTyped: Found): boolean {
  if (gate(corrected.scored, engine.gate).pass !== gate(asTyped.scored, engine.gate).pass) return true;
  const ids = (found: Found) =>
    contextOf(found.ordered ?? found.scored, engine)
      .map(({ passage }) => passage.id)
      .sort();
  return ids(corrected).join('\n') !== ids(asTyped).join('\n');
}

/**
 * What one reading of a question found: `scored`, what the gate reads, in retrieval's order; `ordered`,
 * what the context is drawn from (the same, or reordered with the encoder: EncoderGate.rerank).
 */
export interface Found {
  scored: readonly Scored[];
  ordered?: readonly Scored[];
}

/** How many times one reading of a question may wait for parts of the index before it is a bug of ours. */
const MAX_TEXT_ROUNDS = 64;

/** How long fetching the parts of the index a question reads may take (text and postings), all together. */
export const TEXT_DEADLINE_MS = 30_000;

/** What fetching a part gives up with, on a cancel or at the deadline: the kind of part's own error. */
type GivingUp = (message: string, code: 'aborted' | 'timeout') => Error;

/** A kind of part an index keeps beside its file, as ask() waits for it. */
interface LazyParts {
  parts: Pick<PostingSource, 'missing' | 'load'>;
  /** Whether `error` is this kind's "not here yet". */
  lacks: (error: unknown) => boolean;
  givesUp: GivingUp;
  /** What it is, for the deadline's message. */
  what: string;
  /** What the question waits for while it is fetched, in words for anyone. */
  waitingFor: string;
}

const PASSAGE_TEXT = 'the passage text';

/** The kinds of part `engine` fetches as questions need them: the postings first, then the text. */
function lazyPartsOf({ shards, texts }: Engine): LazyParts[] {
  const kinds: LazyParts[] = [];
  if (shards !== undefined) {
    kinds.push({
      parts: shards,
      lacks: (error) => error instanceof PostingsNotLoaded,
      givesUp: (message, code) => new PostingsUnavailableError(message, code),
      what: 'the postings',
      waitingFor: 'Fetching the part of the index its words need…',
    });
  }
  if (texts !== undefined) {
    kinds.push({
      parts: texts,
      lacks: (error) => error instanceof TextNotLoaded,
      givesUp: (message, code) => new TextUnavailableError(message, code),
      what: PASSAGE_TEXT,
      waitingFor: 'Fetching the text of the passages it reads…',
    });
  }
  return kinds;
}

/**
 * `reading()` (retrieval, which reads the postings of the question's terms and the text of the passages
 * it weighs: slips, compounds, the soft match, the thesaurus words shown), run again after fetching the
 * shards of postings it reached and lacked, then the blocks of passage text, then the blocks of the
 * passages it returned: everything after retrieval (the reader, the verifier, the page) reads their text
 * at once. With the whole index in memory (the command line, a small index) it runs once. Fetching fails
 * as TextUnavailableError or PostingsUnavailableError.
 */
async function withText<T extends { scored: readonly Scored[] }>(
  engine: Engine,
  options: Pick<AskOptions, 'signal' | 'onFetching'>,
  reading: () => T,
): Promise<T> {
  const { signal, onFetching } = options;
  const kinds = lazyPartsOf(engine);
  if (kinds.length === 0) return reading();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), TEXT_DEADLINE_MS);
  const waiting = eitherSignal([signal, deadline.signal]);
  const fetching = async (fetch: () => Promise<void>, { givesUp, what, waitingFor }: LazyParts) => {
    onFetching?.(waitingFor);
    try {
      await untilAborted(fetch(), waiting);
      onFetching?.(undefined);
    } catch (error) {
      // The fetch's own failure (TextUnavailableError, PostingsUnavailableError) or a bug of ours, as it came.
      if (!waiting.aborted) throw error;
      // untilAborted gave up: the caller's cancel, or else this wait's deadline.
      throw signal?.aborted === true
        ? givesUp('the request was cancelled', 'aborted')
        : givesUp(`${what} did not arrive within ${TEXT_DEADLINE_MS / 1000} s`, 'timeout');
    }
  };
  try {
    return await readWithParts({ engine, kinds, reading, fetching, waiting });
  } finally {
    clearTimeout(timer);
  }
}

async function readWithParts<T extends { scored: readonly Scored[] }>(options: {
  engine: Engine;
  kinds: readonly LazyParts[];
  reading: () => T;
  fetching: (fetch: () => Promise<void>, kind: LazyParts) => Promise<void>;
  waiting: AbortSignal;
}): Promise<T> {
  const { engine, kinds, reading, fetching, waiting } = options;
  for (let round = 0; round < MAX_TEXT_ROUNDS; round++) {
    let found: T;
    try {
      found = reading();
    } catch (error) {
      if (!kinds.some(({ lacks }) => lacks(error))) throw error;
      // Every part of every kind this reading reaches, not only the first: each kind's parts not here are
      // read as absent while the kinds after it are named. The first kind that lacks some is fetched: the
      // postings before the text, as which passages a question reaches, so which text it reads, depends
      // on them.
      const missing = kinds.map((): number[] => []);
      const named = kinds.reduceRight<() => unknown>(
        (inner, { parts }, at) =>
          () => {
            missing[at] = parts.missing(inner);
          },
        reading,
      );
      named();
      const next = missing.findIndex((parts) => parts.length > 0);
      if (next < 0)
        throw new Error('retrieval read a part of the index it lacked, and naming them found none');
      const kind = kinds[next] as LazyParts;
      await fetching(() => kind.parts.load(missing[next] as number[], waiting), kind);
      continue;
    }
    const { texts } = engine;
    if (texts !== undefined) {
      // The blocks of the passages it returned, those not here: what reading their text would lack.
      const passages = found.scored.map((scored) => scored.passage);
      const lacking = texts.missing(() => passages.map((passage) => passage.text));
      // The text is the last kind (lazyPartsOf).
      const text = kinds[kinds.length - 1] as LazyParts;
      if (lacking.length > 0) await fetching(() => texts.load(lacking, waiting), text);
    }
    return found;
  }
  throw new Error(`retrieval still read parts of the index it lacked after ${MAX_TEXT_ROUNDS} fetches`);
}

/** A cancel the caller asked for; an AbortError nobody asked for is not one, and is rethrown. */
const isRequestedAbort = (error: unknown, signal: AbortSignal | undefined) =>
  error instanceof Error && error.name === 'AbortError' && signal?.aborted === true;

/**
 * retrieve → gate → generate → verify. Every expected way to fail ends in a refusal with a named reason;
 * a bug (TypeError and the like, or any error a client was not meant to throw) is rethrown.
 */
export async function ask(options: AskOptions): Promise<AskResult> {
  const { engine, client, signal } = options;
  const question = options.question.trim();
  const base: Pick<
    AskResult,
    'question' | 'threshold' | 'promptVersion' | 'reading' | 'correctionChanged' | 'semantic'
  > = {
    question,
    threshold: engine.gate.threshold,
    promptVersion: engine.promptVersion,
    ...(engine.semantic === undefined
      ? {}
      : {
          semantic: {
            table: engine.semantic.channel.table.digest,
            ...(engine.semantic.encoder === undefined
              ? { model: engine.semantic.model.version }
              : { model: engine.semantic.encoder.gate.version, encoder: engine.semantic.encoder.encoder.id }),
          },
        }),
  };
  type RefusalFields = Omit<Refused, 'status' | keyof typeof base | 'passages' | 'context' | 'budget'>;
  // Set once the context is fitted to the budget: every result after that point records it.
  let sent: ContextBudget | undefined;
  const refuse = (fields: RefusalFields, passages: Scored[] = [], context: Scored[] = []): Refused => ({
    status: 'refused',
    ...base,
    passages,
    context,
    ...(sent === undefined ? {} : { budget: sent }),
    ...fields,
  });

  if (question === '') {
    return refuse({ reason: 'invalid_question', detail: 'the question is empty' });
  }
  if (question.length > MAX_QUESTION_CHARS) {
    return refuse({
      reason: 'invalid_question',
      detail: `the question is ${question.length} characters long; the limit is ${MAX_QUESTION_CHARS}`,
    });
  }

  const retriever = retrieverOf(engine);
  const limit = Math.max(SHOWN_PASSAGES, engine.contextSize);
  const encoder = engine.semantic?.encoder;
  // With a sentence encoder, each passage's evidence is its gate model's, which reads the encoder too,
  // and the context may be drawn from more of retrieval's passages, reordered (EncoderGate.rerank).
  const depth = Math.max(limit, encoder?.gate.rerank?.depth ?? 0);
  const read = async (asWritten: boolean) => {
    const found = await withText(engine, options, () => retriever.read(question, depth, { asWritten }));
    if (encoder === undefined) return { scored: found.scored, ordered: found.scored, reading: found.reading };
    const { gated, ordered } = await rescored({
      use: encoder,
      question,
      scored: found.scored,
      features: found.features,
      gates: limit,
    });
    return { scored: gated, ordered, reading: found.reading };
  };
  let found: Awaited<ReturnType<typeof read>>;
  // The question as read, and as typed when a slip was read: both may need passage text fetched.
  let asTyped: Awaited<ReturnType<typeof read>> | undefined;
  try {
    found = await read(false);
    if (found.reading.readAs.length > 0) asTyped = await read(true);
  } catch (error) {
    if (error instanceof PostingsUnavailableError) {
      return refuse({ reason: 'postings_unavailable', code: error.code, detail: error.message });
    }
    if (!(error instanceof TextUnavailableError)) throw error;
    return refuse({ reason: 'passage_text_unavailable', code: error.code, detail: error.message });
  }
  const { scored: retrieved, ordered, reading } = found;
  if (reading.readAs.length > 0 || reading.expanded.length > 0 || reading.names.length > 0) {
    Object.assign(base, { reading });
  }
  const verdict = gate(retrieved, engine.gate);
  if (asTyped !== undefined) {
    Object.assign(base, { correctionChanged: changedWhatWasFound(engine, found, asTyped) });
  }
  if (!verdict.pass) {
    return refuse({ reason: 'no_relevant_context', detail: verdict.detail }, retrieved);
  }

  const context = contextOf(ordered, engine);
  const generator = client.info;
  const fitted = fitToBudget({
    question,
    passages: context.map((scored) => scored.passage),
    maxChars: MAX_CONTEXT_CHARS,
  });
  sent = fitted.budget;

  const deadlineMs = options.deadlineMs ?? QUESTION_DEADLINE_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deadlineMs);
  const waiting = eitherSignal([signal, deadline.signal]);
  const timedOut = () => deadline.signal.aborted && signal?.aborted !== true;
  const timeout = {
    reason: 'model_unavailable',
    code: 'timeout',
    detail: `no answer within ${deadlineMs / 1000} s (connecting, the reply and any retries together); ask again later`,
    generator,
  } as const;

  let outcome: GenerationOutcome;
  try {
    // The deadline holds even for a client that does not listen to its signal.
    outcome = await untilAborted(
      client.generate({
        question,
        passages: fitted.passages,
        prompt: promptFor(engine.promptVersion),
        reading,
        signal: waiting,
      }),
      waiting,
    );
  } catch (error) {
    if (timedOut() && error instanceof Error && error.name === 'AbortError') {
      return refuse(timeout, retrieved, context);
    }
    if (error instanceof GenerationUnavailableError) {
      const fields = {
        reason: 'model_unavailable',
        code: error.code,
        detail: error.message,
        generator,
      } as const;
      return refuse(fields, retrieved, context);
    }
    if (isRequestedAbort(error, signal)) {
      const fields = {
        reason: 'model_unavailable',
        code: 'aborted',
        detail: 'the request was cancelled',
        generator,
      } as const;
      return refuse(fields, retrieved, context);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }

  if (!outcome.ok) {
    const { reason, code, detail, raw } = outcome;
    return refuse(
      { reason, code, detail, generator, ...(raw === undefined ? {} : { raw }) },
      retrieved,
      context,
    );
  }

  const { reply, raw } = outcome;
  // Believed in this direction only: a model that says it could not answer is never argued with. Its
  // words are another matter: they are checked before anyone sees them.
  if (!reply.answered) {
    const detail = noAnswerDetail({ said: reply.answer, generator, passages: fitted.passages });
    return refuse({ reason: 'model_reported_no_answer', detail, generator, raw }, retrieved, context);
  }

  const checked = verify({
    reply,
    context: context.map((scored) => scored.passage),
    corpusIds: engine.corpusIds,
    ...verificationRuleOf(replyVersionOf(engine.promptVersion)),
  });
  if (!checked.ok) {
    const { reason, detail, failed } = checked;
    return refuse(
      { reason, detail, generator, raw, ...(failed === undefined ? {} : { failed }) },
      retrieved,
      context,
    );
  }
  return {
    status: 'answered',
    ...base,
    budget: fitted.budget,
    passages: retrieved,
    context,
    answer: reply.answer.trim(),
    citations: checked.citations,
    quotes: checked.quotes,
    generator,
    raw,
  };
}
