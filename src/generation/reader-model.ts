// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.138,
  weights: {
    termCover: 1.825,
    contextCover: 1.186,
    unseenTerms: 1.757,
    phraseCover: 0.724,
    kindHeld: 0,
    kindExact: -0.087,
    openForm: -0.404,
    focus: 1.931,
    firstPassage: 1.432,
  },
  threshold: 0.416,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6882 candidate units',
};
