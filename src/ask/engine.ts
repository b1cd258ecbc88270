import { MAX_QUESTION_CHARS } from '../config';
import { GenerationUnavailableError } from '../generation/errors';
import { promptFor } from '../generation/prompts';
import { replyVersionOf } from '../generation/reply-version';
import type { AskResult, GenerationClient, GenerationOutcome, Refused, Scored } from '../types';
import type { Engine } from './engine-setup';
import { gate } from './gate';
import { verify } from './verify';

/** How many retrieved passages a result shows, whatever the context size: enough to see why. */
const SHOWN_PASSAGES = 5;

export { createEngine, type Engine } from './engine-setup';

export interface AskOptions {
  engine: Engine;
  client: GenerationClient;
  question: string;
  signal?: AbortSignal;
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
  const base = { question, threshold: engine.gate.threshold, promptVersion: engine.promptVersion };
  type RefusalFields = Omit<Refused, 'status' | keyof typeof base | 'passages' | 'context'>;
  const refuse = (fields: RefusalFields, passages: Scored[] = [], context: Scored[] = []): Refused => ({
    status: 'refused',
    ...base,
    passages,
    context,
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

  const retrieved = engine.retriever.retrieve(question, Math.max(SHOWN_PASSAGES, engine.contextSize));
  const verdict = gate(retrieved, engine.gate);
  if (!verdict.pass) {
    return refuse({ reason: 'no_relevant_context', detail: verdict.detail }, retrieved);
  }

  // A passage that could not pass the gate on its own is not evidence, so it is not context either.
  const context = retrieved
    .slice(0, engine.contextSize)
    .filter((scored) => scored.score >= engine.gate.threshold);
  const generator = client.info;

  let outcome: GenerationOutcome;
  try {
    outcome = await client.generate({
      question,
      passages: context.map((scored) => scored.passage),
      prompt: promptFor(engine.promptVersion),
      signal,
    });
  } catch (error) {
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
  // Believed in this direction only: a model that says it could not answer is never argued with.
  if (!reply.answered) {
    const said = reply.answer.trim();
    const detail = said === '' ? 'the generator reported that the passages do not answer the question' : said;
    return refuse({ reason: 'model_reported_no_answer', detail, generator, raw }, retrieved, context);
  }

  const checked = verify({
    reply,
    context: context.map((scored) => scored.passage),
    corpusIds: engine.corpusIds,
    quotesRequired: replyVersionOf(engine.promptVersion) >= 2,
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
    passages: retrieved,
    context,
    answer: reply.answer.trim(),
    citations: checked.citations,
    quotes: checked.quotes,
    generator,
    raw,
  };
}
