// Retrieval scores as people read them, everywhere they are shown (page, command line, details): three
// decimals, enough to tell apart the scores the gate compares (0.133 against 0.129).

/** `0.13312` → `"0.133"`; no score (an empty group, a question nothing matched) → `"—"`. */
export const formatScore = (score: number | undefined): string =>
  score === undefined ? '—' : score.toFixed(3);

/** A score as it is stored once measured (a calibrated threshold): `0.13312` → `0.133`. */
export const roundScore = (score: number): number => Number(score.toFixed(3));
