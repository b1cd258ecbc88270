// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.998,
  weights: {
    termCover: 1.869,
    contextCover: 1.208,
    unseenTerms: 1.473,
    phraseCover: 0.478,
    kindHeld: 0,
    kindExact: -0.032,
    openForm: -0.401,
    focus: 1.956,
    firstPassage: 1.501,
    figureAbsent: -0.249,
    negationAbsent: -0.636,
  },
  threshold: 0.471,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6281 candidate units',
};
