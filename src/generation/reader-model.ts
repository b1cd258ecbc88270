// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.727,
  weights: {
    termCover: 1.813,
    contextCover: 1.35,
    unseenTerms: 1.241,
    phraseCover: 0.335,
    kindHeld: 0,
    kindExact: -0.258,
    openForm: -0.422,
    focus: 2.01,
    firstPassage: 1.521,
    figureAbsent: -0.246,
    negationAbsent: -0.61,
  },
  threshold: 0.449,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6255 candidate units',
};
