// The refusal reasons, in one place: the closed set every stage, schema and view reads, and what each
// means to a person.
import { MAX_QUESTION_CHARS } from '../config';
import { assertNever } from '../types';

/**
 * Why a question was not answered. A closed set: a `switch` over it ends in `assertNever`, so a new
 * reason is a compile error wherever it is not handled yet; the eval and trace schemas read this list.
 */
export const REFUSAL_REASONS = [
  'invalid_question',
  'no_relevant_context',
  'model_reported_no_answer',
  'missing_citation',
  'fabricated_citation',
  'unsupported_quote',
  'ungrounded_figure',
  'unparseable_response',
  'model_unavailable',
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface Explanation {
  /** What happened, in plain words. */
  summary: string;
  /** What a person can do about it. */
  nextStep: string;
}

/** Each refusal reason sends a reader somewhere different; this says where. */
export function explainRefusal(reason: RefusalReason, code?: string): Explanation {
  switch (reason) {
    case 'invalid_question':
      return {
        summary: 'That is not a question the engine can take.',
        nextStep: `Type a question of up to ${MAX_QUESTION_CHARS.toLocaleString('en')} characters.`,
      };
    case 'no_relevant_context':
      return {
        summary: 'Nothing in the documents is close enough to this question.',
        nextStep: 'Try other words, or ask a person: the documents may not cover it.',
      };
    case 'model_reported_no_answer':
      return code === 'stop_refusal'
        ? {
            summary: 'The model declined to answer this question.',
            nextStep: 'Ask a person, or ask differently.',
          }
        : {
            summary: 'Related passages were found, but they do not answer this question.',
            nextStep: 'Read the passages below, or ask a person.',
          };
    case 'missing_citation':
      return {
        summary: 'The model answered without citing any passage, so the answer was discarded.',
        nextStep: 'Ask again; an answer is only shown with its sources.',
      };
    case 'fabricated_citation':
      return {
        summary: 'The model cited a passage it was not given, so the answer was discarded.',
        nextStep: 'Ask again, or read the passages below yourself.',
      };
    case 'unsupported_quote':
      return {
        summary: 'A quote given as support is not in the passage it cites, so the answer was discarded.',
        nextStep: 'Ask again, or read the passage below yourself.',
      };
    case 'ungrounded_figure':
      return {
        summary: 'The answer states a figure that none of its sources holds, so it was discarded.',
        nextStep: 'Read the cited passages below for the figure they do give.',
      };
    case 'unparseable_response':
      return {
        summary: 'The reply could not be read as an answer, so it was discarded.',
        nextStep: 'Ask again.',
      };
    case 'model_unavailable':
      return explainUnavailable(code);
    default:
      return assertNever(reason);
  }
}

/** `model_unavailable` covers causes with different remedies; the client's code tells them apart. */
function explainUnavailable(code: string | undefined): Explanation {
  switch (code) {
    case 'aborted':
      return { summary: 'You cancelled the request.', nextStep: 'Ask again when you are ready.' };
    case 'authentication':
      return {
        summary: 'Your API key was rejected.',
        nextStep: 'Check the key in Settings, or forget it to use the extractive stand-in.',
      };
    case 'connection':
    case 'timeout':
      return {
        summary: 'The Claude API could not be reached.',
        nextStep: 'Check the connection and ask again; without a key the stand-in works offline.',
      };
    case 'rate_limited':
      return {
        summary: 'Too many requests for this key right now.',
        nextStep: 'Wait a minute and ask again.',
      };
    case 'overloaded':
    case 'server_error':
      return { summary: 'The Claude API is having trouble.', nextStep: 'Ask again in a little while.' };
    default:
      return {
        summary: 'The model could not be asked.',
        nextStep: 'The detail says why: check the key and the model in Settings, or ask without a key.',
      };
  }
}
