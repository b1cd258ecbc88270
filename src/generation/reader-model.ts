// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.674,
  weights: {
    termCover: 1.755,
    contextCover: 1.176,
    unseenTerms: 1.214,
    phraseCover: 0.622,
    kindHeld: 0,
    kindExact: -0.162,
    openForm: -0.433,
    focus: 1.844,
    firstPassage: 1.393,
    figureAbsent: 0.153,
    negationAbsent: -0.598,
    termsElsewhere: -0.247,
  },
  threshold: 0.431,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4802 candidate units',
};
