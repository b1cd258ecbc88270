// The questions labelled on documents kept on this device, kept with them: in localStorage beside the
// kept flag (one JSON value, so one write replaces it whole), only while the documents are kept, and
// parsed on the way back like anything another version of the page may have written.
import { z } from 'zod/mini';
import type { EvalQuestion } from '../../evaluation/eval-set';
import { safely } from './kept-flag';

export const KEPT_LABELS = 'sourcebound.kept-labels';

// eval/questions.json's fields; a label is checked whole again when a calibration reads the set.
const KeptLabelsSchema = z.object({
  version: z.literal(1),
  labels: z.array(
    z.object({
      question: z.string(),
      answerable: z.boolean(),
      passage: z.optional(z.string()),
      mustContain: z.optional(z.array(z.string())),
      requiresModel: z.optional(z.boolean()),
      passesGate: z.optional(z.boolean()),
      note: z.optional(z.string()),
    }),
  ),
});

/** Keeps `labels` in place of any kept before; whether the device took them. */
export const keepLabels = (storage: Storage | undefined, labels: readonly EvalQuestion[]): boolean =>
  storage !== undefined && safely(() => storage.setItem(KEPT_LABELS, JSON.stringify({ version: 1, labels })));

/** The labels kept, or none: nothing kept, storage off, or a value this page did not write. */
export function keptLabels(storage: Storage | undefined): EvalQuestion[] {
  let text: string | null = null;
  safely(() => {
    text = storage?.getItem(KEPT_LABELS) ?? null;
  });
  if (text === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return [];
  }
  const parsed = KeptLabelsSchema.safeParse(json);
  return parsed.success ? (parsed.data.labels as EvalQuestion[]) : [];
}

export const forgetLabels = (storage: Storage | undefined): void => {
  safely(() => storage?.removeItem(KEPT_LABELS));
};
