// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.146,
  weights: {
    termCover: 1.809,
    contextCover: 1.176,
    unseenTerms: 1.824,
    phraseCover: 0.768,
    kindHeld: 0,
    kindExact: -0.081,
    openForm: -0.439,
    focus: 1.924,
    firstPassage: 1.435,
  },
  threshold: 0.419,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6862 candidate units',
};
