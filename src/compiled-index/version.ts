// What every reader of an index file agrees on, apart from the code that reads one: the page's first
// download checks an index (check.ts) but never decodes one itself, so it needs these and not the
// codec in container.ts.

export const INDEX_FORMAT = 'sourcebound-index';
// 3: a SHA-256 of the content; the prompt's version instead of its text; gate and context bounded.
// 4: terms stemmed anew (suffixes stripped until none is left, "al" and "er" only after enough of a
// word): a version-3 index holds terms ("app" for "appeal") a question is no longer read as.
// 5: the thesaurus keyed by dictionary words ("film"), not terms: a version-4 index's keys are stems.
// 6: a final "ll" after enough of a word folded to one "l" ("cancelled" → "cancel"): a version-5 index
// holds "cancell", which a question's "cancel" is no longer read as.
export const INDEX_VERSION = 6;

export class IndexLoadError extends Error {
  override name = 'IndexLoadError';
}

/** What an index may set the gate and context to: a file from elsewhere cannot open the gate or flood the context. */
export const INDEX_LIMITS = {
  /**
   * At least `atLeast`, below `below` (1 would refuse everything). The floor is a bound, not a fit: the
   * lowest threshold any calibration here has given is 0.081 (the semantic channel, semantic-model.ts),
   * and at 0.0001 one shared word in a long passage opens the gate. An index's SHA-256 proves it is
   * undamaged, not who wrote it, so a rewritten header must not be able to open the gate.
   */
  threshold: { atLeast: 0.01, below: 1 },
  contextSize: { min: 1, max: 10 },
} as const;
