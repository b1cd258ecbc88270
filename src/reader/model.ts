// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './read';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.679,
  weights: {
    termCover: 1.718,
    contextCover: 1.18,
    unseenTerms: 1.19,
    phraseCover: 0.64,
    kindExact: -0.146,
    openForm: -0.447,
    focus: 1.874,
    firstPassage: 1.376,
    negationAbsent: -0.596,
    termsElsewhere: -0.205,
  },
  threshold: 0.431,
  source:
    'npm run fit:reader (2026-12-05) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4704 candidate units',
};
