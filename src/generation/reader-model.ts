// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.658,
  weights: {
    termCover: 1.758,
    contextCover: 1.124,
    unseenTerms: 1.249,
    phraseCover: 0.557,
    kindHeld: 0,
    kindExact: -0.206,
    openForm: -0.457,
    focus: 2.131,
    firstPassage: 1.427,
    figureAbsent: -0.284,
    negationAbsent: -0.589,
    termsElsewhere: -0.27,
  },
  threshold: 0.443,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4970 candidate units',
};
