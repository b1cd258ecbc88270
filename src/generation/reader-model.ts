// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.649,
  weights: {
    termCover: 1.828,
    contextCover: 1.074,
    unseenTerms: 1.072,
    phraseCover: 0.48,
    kindHeld: 0,
    kindExact: -0.192,
    openForm: -0.435,
    focus: 2.089,
    firstPassage: 1.505,
    figureAbsent: -0.182,
    negationAbsent: -0.553,
    termsElsewhere: -0.395,
  },
  threshold: 0.463,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 5910 candidate units',
};
