// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.644,
  weights: {
    termCover: 1.809,
    contextCover: 1.307,
    unseenTerms: 1.151,
    phraseCover: 0.327,
    kindHeld: 0,
    kindExact: -0.212,
    openForm: -0.414,
    focus: 2,
    firstPassage: 1.46,
    figureAbsent: -0.243,
    negationAbsent: -0.605,
    termsElsewhere: -0.396,
  },
  threshold: 0.439,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6255 candidate units',
};
