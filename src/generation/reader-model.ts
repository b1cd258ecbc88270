// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.668,
  weights: {
    termCover: 1.817,
    contextCover: 1.275,
    unseenTerms: 1.1,
    phraseCover: 0.353,
    kindHeld: 0,
    kindExact: -0.195,
    openForm: -0.429,
    focus: 2.071,
    firstPassage: 1.463,
    figureAbsent: -0.232,
    negationAbsent: -0.595,
    termsElsewhere: -0.435,
  },
  threshold: 0.449,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6264 candidate units',
};
