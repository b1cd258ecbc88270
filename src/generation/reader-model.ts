// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.682,
  weights: {
    termCover: 1.747,
    contextCover: 1.17,
    unseenTerms: 1.208,
    phraseCover: 0.626,
    kindHeld: 0,
    kindExact: -0.156,
    openForm: -0.433,
    focus: 1.846,
    firstPassage: 1.4,
    figureAbsent: 0.081,
    negationAbsent: -0.598,
    termsElsewhere: -0.241,
  },
  threshold: 0.431,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4816 candidate units',
};
