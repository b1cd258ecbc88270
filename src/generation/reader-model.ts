// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.683,
  weights: {
    termCover: 1.727,
    contextCover: 1.166,
    unseenTerms: 1.195,
    phraseCover: 0.626,
    kindHeld: 0,
    kindExact: -0.149,
    openForm: -0.437,
    focus: 1.868,
    firstPassage: 1.398,
    figureAbsent: 0.029,
    negationAbsent: -0.595,
    termsElsewhere: -0.221,
  },
  threshold: 0.431,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4807 candidate units',
};
