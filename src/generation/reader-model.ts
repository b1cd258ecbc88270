// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.905,
  weights: {
    termCover: 1.854,
    contextCover: 1.241,
    unseenTerms: 1.451,
    phraseCover: 0.419,
    kindHeld: 0,
    kindExact: -0.125,
    openForm: -0.333,
    focus: 1.945,
    firstPassage: 1.475,
    figureAbsent: -0.136,
    negationAbsent: -0.651,
  },
  threshold: 0.449,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6122 candidate units',
};
