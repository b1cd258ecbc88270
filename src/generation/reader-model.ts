// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.672,
  weights: {
    termCover: 1.8,
    contextCover: 1.226,
    unseenTerms: 1.447,
    phraseCover: 0.412,
    kindHeld: 0,
    kindExact: -0.268,
    openForm: -0.437,
    focus: 1.995,
    firstPassage: 1.506,
    figureAbsent: -0.264,
    negationAbsent: -0.65,
  },
  threshold: 0.474,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6265 candidate units',
};
