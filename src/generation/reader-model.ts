// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.1,
  weights: {
    termCover: 1.825,
    contextCover: 1.2,
    unseenTerms: 1.805,
    phraseCover: 0.691,
    kindHeld: 0,
    kindExact: -0.05,
    openForm: -0.426,
    focus: 1.92,
    firstPassage: 1.409,
    figureAbsent: -0.451,
    negationAbsent: -0.609,
  },
  threshold: 0.426,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6835 candidate units',
};
