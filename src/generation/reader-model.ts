// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.676,
  weights: {
    termCover: 1.733,
    contextCover: 1.154,
    unseenTerms: 1.178,
    phraseCover: 0.651,
    kindHeld: 0,
    kindExact: -0.167,
    openForm: -0.427,
    focus: 1.852,
    firstPassage: 1.393,
    figureAbsent: -0.288,
    negationAbsent: -0.589,
    termsElsewhere: -0.21,
  },
  threshold: 0.428,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4870 candidate units',
};
