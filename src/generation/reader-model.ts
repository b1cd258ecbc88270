// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.68,
  weights: {
    termCover: 1.815,
    contextCover: 1.216,
    unseenTerms: 1.419,
    phraseCover: 0.396,
    kindHeld: 0,
    kindExact: -0.293,
    openForm: -0.416,
    focus: 2.038,
    firstPassage: 1.52,
    figureAbsent: -0.268,
    negationAbsent: -0.618,
  },
  threshold: 0.467,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6255 candidate units',
};
