// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.645,
  weights: {
    termCover: 1.761,
    contextCover: 1.119,
    unseenTerms: 1.252,
    phraseCover: 0.56,
    kindHeld: 0,
    kindExact: -0.207,
    openForm: -0.456,
    focus: 2.138,
    firstPassage: 1.41,
    figureAbsent: -0.284,
    negationAbsent: -0.587,
    termsElsewhere: -0.297,
  },
  threshold: 0.442,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4981 candidate units',
};
