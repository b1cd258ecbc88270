// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.905,
  weights: {
    termCover: 1.87,
    contextCover: 1.231,
    unseenTerms: 1.443,
    phraseCover: 0.407,
    kindHeld: 0,
    kindExact: -0.119,
    openForm: -0.353,
    focus: 2,
    firstPassage: 1.486,
    figureAbsent: -0.135,
    negationAbsent: -0.652,
  },
  threshold: 0.455,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6119 candidate units',
};
