// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.66,
  weights: {
    termCover: 1.771,
    contextCover: 1.103,
    unseenTerms: 1.185,
    phraseCover: 0.54,
    kindHeld: 0,
    kindExact: -0.214,
    openForm: -0.445,
    focus: 2.135,
    firstPassage: 1.458,
    figureAbsent: -0.17,
    negationAbsent: -0.588,
    termsElsewhere: -0.272,
  },
  threshold: 0.445,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4972 candidate units',
};
