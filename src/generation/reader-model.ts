// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.697,
  weights: {
    termCover: 1.803,
    contextCover: 1.193,
    unseenTerms: 1.15,
    phraseCover: 0.533,
    kindHeld: 0,
    kindExact: -0.181,
    openForm: -0.442,
    focus: 2.071,
    firstPassage: 1.425,
    figureAbsent: -0.279,
    negationAbsent: -0.588,
    termsElsewhere: -0.266,
  },
  threshold: 0.45,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4898 candidate units',
};
