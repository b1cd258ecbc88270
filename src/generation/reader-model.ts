// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.984,
  weights: {
    termCover: 1.858,
    contextCover: 1.203,
    unseenTerms: 1.47,
    phraseCover: 0.487,
    kindHeld: 0,
    kindExact: -0.033,
    openForm: -0.386,
    focus: 1.883,
    firstPassage: 1.487,
    figureAbsent: -0.46,
    negationAbsent: -0.614,
  },
  threshold: 0.463,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6852 candidate units',
};
