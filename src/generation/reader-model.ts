// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.897,
  weights: {
    termCover: 1.851,
    contextCover: 1.226,
    unseenTerms: 1.445,
    phraseCover: 0.422,
    kindHeld: 0,
    kindExact: -0.127,
    openForm: -0.34,
    focus: 1.926,
    firstPassage: 1.484,
    figureAbsent: -0.452,
    negationAbsent: -0.622,
  },
  threshold: 0.448,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6752 candidate units',
};
