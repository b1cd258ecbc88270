// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.109,
  weights: {
    termCover: 1.793,
    contextCover: 1.158,
    unseenTerms: 1.805,
    phraseCover: 0.766,
    kindHeld: 0,
    kindExact: -0.065,
    openForm: -0.421,
    focus: 1.912,
    firstPassage: 1.429,
    figureAbsent: -0.461,
    negationAbsent: -0.612,
  },
  threshold: 0.429,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6862 candidate units',
};
