// One question's outcome as `npm run eval -- --report FILE` writes it: the fields a labelled set written
// outside the project is scored from, and nothing that needs this code to read.
import type { AskResult } from '../../src/types';

export interface ReportRecord {
  question: string;
  status: AskResult['status'];
  /** The refusal's reason; null for an answer. */
  reason: string | null;
  /** The best retrieved passage's score (what the gate compared), null when nothing was retrieved. */
  bestScore: number | null;
  /** The ids of the passages given to the generator, best first; empty when the gate refused. */
  context: string[];
  /** The ids an answer cites; empty for a refusal. */
  citations: string[];
  /**
   * What read the question: always the words, the word vectors when the semantic channel was on
   * (`semantic`), and the sentence encoder when it read the question too (`encoder`).
   */
  channels: Array<'lexical' | 'semantic' | 'encoder'>;
}

export function reportRecord(result: AskResult): ReportRecord {
  return {
    question: result.question,
    status: result.status,
    reason: result.status === 'refused' ? result.reason : null,
    bestScore: result.passages[0]?.score ?? null,
    context: result.context.map(({ passage }) => passage.id),
    citations: result.status === 'answered' ? result.citations : [],
    channels:
      result.semantic === undefined
        ? ['lexical']
        : ['lexical', 'semantic', ...(result.semantic.encoder === undefined ? [] : ['encoder' as const])],
  };
}
