// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.907,
  weights: {
    termCover: 1.882,
    contextCover: 1.179,
    unseenTerms: 1.399,
    phraseCover: 0.454,
    kindHeld: 0,
    kindExact: -0.132,
    openForm: -0.357,
    focus: 2.007,
    firstPassage: 1.496,
    figureAbsent: -0.244,
    negationAbsent: -0.635,
  },
  threshold: 0.456,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6250 candidate units',
};
