// An outage is not a refusal: the documents were never judged, Claude was simply not there to ask. The
// page and the command line give it its own heading and say its true cause while they wait.
import type { RetryNotice } from '../generation/waiting';
import type { RefusalReason } from '../types';

/** Codes of `model_unavailable` that mean Claude could not be reached, or could not answer, right now. */
const OUTAGE_CODES: ReadonlySet<string> = new Set([
  'connection',
  'timeout',
  'overloaded',
  'server_error',
  'rate_limited',
  'client_unavailable',
]);

/** The heading an outage is shown under, in place of "Refused". */
export const OUTAGE_HEADING = 'Claude could not be reached';

/** Whether a refusal is an outage (no answer was tried) rather than a judgement on the documents. */
export function isOutage(refusal: { reason: RefusalReason; code?: string | undefined }): boolean {
  return (
    refusal.reason === 'model_unavailable' && refusal.code !== undefined && OUTAGE_CODES.has(refusal.code)
  );
}

/** Why Claude is being asked again, by the status that came back (0: no response at all). */
function retryCause(status: number): string {
  if (status === 0) return 'Claude could not be reached';
  if (status === 429) return 'Claude is taking too many questions on your key right now';
  if (status === 529) return 'Claude is overloaded right now';
  if (status >= 500) return `Claude’s servers failed (HTTP ${status})`;
  return `Claude answered with an error (HTTP ${status})`;
}

/** "Claude could not be reached: retrying in 3 s." */
export function retryWords(notice: Pick<RetryNotice, 'status'>, secondsLeft: number): string {
  return `${retryCause(notice.status)}: retrying in ${Math.max(0, Math.ceil(secondsLeft))} s.`;
}
