// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.681,
  weights: {
    termCover: 1.747,
    contextCover: 1.167,
    unseenTerms: 1.194,
    phraseCover: 0.63,
    kindHeld: 0,
    kindExact: -0.157,
    openForm: -0.436,
    focus: 1.846,
    firstPassage: 1.398,
    figureAbsent: 0.029,
    negationAbsent: -0.596,
    termsElsewhere: -0.222,
  },
  threshold: 0.431,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4807 candidate units',
};
