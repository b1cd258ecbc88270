// What each refusal reason means to a person. The closed set itself is vocabulary every stage shares, so
// it lives in the ground (src/types.ts); the words for it live here, and nowhere else.
import { MAX_QUESTION_CHARS, RELATED_SHARE, RELATED_SHOWN } from '../config';
import { assertNever, type Passage, type RefusalReason, type Scored } from '../types';

export interface Explanation {
  /** What happened, in one plain sentence. */
  summary: string;
  /** What a person can do about it, in one. */
  nextStep: string;
  /** The failure left no model to answer (key, network, rate limit): the stand-in can answer instead. */
  standInInstead: boolean;
  /** The key was refused: the person fixes it in Settings. */
  fixKey: boolean;
  /**
   * The sections found that are about the question but did not answer it, best first: listed by title
   * after `summary`, which then ends in a colon. Empty for every other refusal.
   */
  related: Passage[];
}

export interface RefusalToExplain {
  reason: RefusalReason;
  /** The sub-cause, for `model_unavailable` and `model_reported_no_answer`. */
  code?: string | undefined;
  /** Who was asked: the stand-in's own faults cannot be fixed by asking again. */
  generator?: { kind: 'claude' | 'extractive' | 'scripted' } | undefined;
  /** The passages retrieved, best first, and the threshold they were judged against: which are related. */
  passages?: readonly Scored[] | undefined;
  threshold?: number | undefined;
  /** The passages the generator was given: for `model_reported_no_answer`, the related ones. */
  context?: readonly Scored[] | undefined;
}

const plain = (summary: string, nextStep: string): Explanation => ({
  summary,
  nextStep,
  standInInstead: false,
  fixKey: false,
  related: [],
});

const listing = (related: Passage[], summary: string, nextStep: string): Explanation => ({
  ...plain(summary, nextStep),
  related,
});

/**
 * The passages of a gate refusal that are about the question: the best RELATED_SHOWN of those retrieved
 * whose score reaches RELATED_SHARE of the threshold. Retrieval found them by the question's words (or
 * words near them in meaning), so a person should see them before reading "nothing here".
 */
export function relatedPassages(passages: readonly Scored[], threshold: number): Passage[] {
  return [...passages]
    .filter((scored) => scored.score >= threshold * RELATED_SHARE)
    .sort((a, b) => b.score - a.score)
    .slice(0, RELATED_SHOWN)
    .map((scored) => scored.passage);
}

const RELATED_NEXT = 'Read them, try other words, or ask a person.';

// When the stand-in's own answer fails a check, asking again gives the same answer: the fault is ours.
const STAND_IN_FAULT_NEXT = 'Open the passages below and read them yourself, or ask a person.';

/** Each refusal sends a reader somewhere different; this says where, in words for anyone. */
export function explainRefusal({
  reason,
  code,
  generator,
  passages = [],
  threshold = Number.POSITIVE_INFINITY,
  context = [],
}: RefusalToExplain): Explanation {
  const standIn = generator?.kind === 'extractive';
  switch (reason) {
    case 'invalid_question':
      return plain(
        'That question is empty or too long to look up.',
        `Type a question of up to ${MAX_QUESTION_CHARS.toLocaleString('en')} characters.`,
      );
    case 'no_relevant_context': {
      // Two kinds, never confused: nothing found near the question, or sections near it that fell short.
      // Only the first may say the documents are not about it; the second must not read as "no".
      const related = relatedPassages(passages, threshold);
      return related.length === 0
        ? plain(
            'Nothing in these documents came close to this question.',
            'Try the words the documents would use, or ask a person.',
          )
        : listing(related, 'These sections are related, but none of them clearly answers it:', RELATED_NEXT);
    }
    case 'model_reported_no_answer': {
      if (code === 'stop_refusal') {
        return plain('Claude declined to answer this question.', 'Ask a person, or ask it in other words.');
      }
      const given = context.map((scored) => scored.passage);
      // A generator is only ever asked with context; without it (a bare reason) there is no list to end in.
      if (given.length === 0) {
        return plain(
          'The passages found are about this, but none of them answers it.',
          'Try other words, or ask a person.',
        );
      }
      return standIn
        ? listing(
            given,
            'These sections are related, but the stand-in found no sentence in them it could quote as the answer:',
            RELATED_NEXT,
          )
        : listing(
            given,
            'These sections are related, but Claude found no answer to it in them:',
            'Read them, or ask a person.',
          );
    }
    case 'missing_citation':
      return standIn
        ? plain('The stand-in gave an answer without its source, so it is not shown.', STAND_IN_FAULT_NEXT)
        : plain(
            'The answer came without its source, so it is not shown.',
            'Ask again: an answer is only shown with its source.',
          );
    case 'fabricated_citation':
      return standIn
        ? plain(
            'The stand-in cited a passage it was not given, so its answer is not shown.',
            STAND_IN_FAULT_NEXT,
          )
        : plain(
            'The answer cited a passage it was not given, so it is not shown.',
            'Ask again, or open the passages below and read them yourself.',
          );
    case 'unsupported_quote':
      return standIn
        ? plain(
            'The sentence the stand-in picked could not be checked against its passage, so it is not shown.',
            STAND_IN_FAULT_NEXT,
          )
        : plain(
            'The answer quoted words that are not in its source, so it is not shown.',
            'Ask again, or open the passage below and read it yourself.',
          );
    case 'ungrounded_figure':
      return plain(
        'The answer gave a number that its sources do not contain, so it is not shown.',
        'Open the cited passages below for the number they do give.',
      );
    case 'unparseable_response':
      return standIn
        ? plain('The stand-in’s answer could not be read, so it is not shown.', STAND_IN_FAULT_NEXT)
        : plain(
            'Claude’s reply could not be read as an answer.',
            'Ask again, or answer with the stand-in instead.',
          );
    case 'model_unavailable':
      return explainUnavailable(code);
    case 'passage_text_unavailable':
      if (code === 'aborted') return plain('You cancelled the question.', 'Ask it again when you are ready.');
      return code === 'damaged'
        ? plain(
            'The text of a passage this question needs arrived damaged (it does not match its checksum), so it was not answered.',
            'Ask again later, or tell the site’s owner; questions that read other passages still work.',
          )
        : plain(
            'The text of the passages this question needs could not be fetched, so it was not answered.',
            'Check the connection and ask again; questions that read other passages still work.',
          );
    case 'postings_unavailable':
      if (code === 'aborted') return plain('You cancelled the question.', 'Ask it again when you are ready.');
      return code === 'damaged'
        ? plain(
            'Part of the index this question’s words need arrived damaged (it does not match its checksum), so it was not answered.',
            'Ask again later, or tell the site’s owner; questions with other words still work.',
          )
        : plain(
            'Part of the index this question’s words need could not be fetched, so it was not answered.',
            'Check the connection and ask again; questions with other words may still work.',
          );
    default:
      return assertNever(reason);
  }
}

const noModel = (summary: string, nextStep: string, fixKey = false): Explanation => ({
  summary,
  nextStep,
  standInInstead: true,
  fixKey,
  related: [],
});

/** `model_unavailable` covers causes with different remedies; the client's code tells them apart. */
function explainUnavailable(code: string | undefined): Explanation {
  switch (code) {
    case 'aborted':
      return plain('You cancelled the question.', 'Ask again when you are ready.');
    case 'authentication':
      return noModel(
        'Claude did not accept your API key.',
        'Fix the key in Settings, at the end of this page, or answer with the stand-in instead.',
        true,
      );
    case 'permission':
      return noModel(
        'Your API key is not allowed to use this model.',
        'Check the key and the model in Settings, at the end of this page, or answer with the stand-in instead.',
        true,
      );
    case 'connection':
      return noModel(
        'No connection to Claude could be made.',
        'Check your connection and ask again, or answer with the stand-in instead: it works offline.',
      );
    case 'timeout':
      return noModel(
        'Claude did not answer in time.',
        'Check your connection and ask again, or answer with the stand-in instead: it works offline.',
      );
    case 'rate_limited':
      return noModel(
        'Claude is taking too many questions on your key right now.',
        'Wait a minute and ask again, or answer with the stand-in instead.',
      );
    case 'overloaded':
    case 'server_error':
      return noModel(
        'Claude is having trouble right now.',
        'Ask again in a little while, or answer with the stand-in instead.',
      );
    case 'client_unavailable':
      return noModel(
        'The page could not load what talks to Claude (are you offline?).',
        'Answer with the stand-in instead, or connect and ask again.',
      );
    default:
      return noModel(
        'Claude could not be asked.',
        'Check the key and the model in Settings, at the end of this page, or answer with the stand-in instead.',
        true,
      );
  }
}
