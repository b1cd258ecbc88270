// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.662,
  weights: {
    termCover: 1.741,
    contextCover: 1.161,
    unseenTerms: 1.208,
    phraseCover: 0.639,
    kindHeld: 0,
    kindExact: -0.17,
    openForm: -0.431,
    focus: 1.844,
    firstPassage: 1.385,
    figureAbsent: -0.182,
    negationAbsent: -0.592,
    termsElsewhere: -0.243,
  },
  threshold: 0.428,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4868 candidate units',
};
