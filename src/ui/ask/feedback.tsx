import { useState } from 'preact/hooks';
import type { EvalQuestion } from '../../evaluation/eval-set';
import type { AskResult } from '../../types';
import {
  addFeedback,
  feedbackMessage,
  labelOf,
  VERDICT_WORDS,
  type Verdict,
  verdictsFor,
} from '../own-documents/feedback';

/**
 * Under a result on the visitor's documents: was it right? Each button adds the question, labelled, to
 * the set the calibration panel measures, and says so beside the buttons (a live region, so a screen
 * reader hears it too). A second click never adds the question twice: it says it is there, or relabels it.
 */
export function Feedback({
  result,
  labels,
  onLabels,
}: {
  result: AskResult;
  labels: readonly EvalQuestion[];
  onLabels: (labels: EvalQuestion[]) => void;
}) {
  const [said, setSaid] = useState<{ verdict: Verdict; message: string } | undefined>(undefined);
  const verdicts = verdictsFor(result);
  if (verdicts.length === 0) return null;
  const choose = (verdict: Verdict) => {
    const item = labelOf(result, verdict);
    if (item === undefined) return;
    const { set, outcome } = addFeedback(labels, item);
    if (outcome !== 'unchanged') onLabels(set);
    setSaid({ verdict, message: feedbackMessage(outcome, item, set) });
  };
  return (
    <fieldset class="feedback">
      <legend>{result.status === 'answered' ? 'Was this answer right?' : 'Was it right to refuse?'}</legend>
      <p class="settings-help">Your verdict joins your labelled questions, for calibration.</p>
      <div class="feedback-buttons">
        {verdicts.map((verdict) => (
          <button
            key={verdict}
            type="button"
            aria-pressed={said?.verdict === verdict}
            onClick={() => choose(verdict)}
          >
            {VERDICT_WORDS[verdict]}
          </button>
        ))}
      </div>
      <p class="feedback-status" role="status">
        {said?.message ?? ''}
      </p>
    </fieldset>
  );
}
