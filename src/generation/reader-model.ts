// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.11,
  weights: {
    termCover: 1.804,
    contextCover: 1.19,
    unseenTerms: 1.871,
    phraseCover: 0.743,
    kindHeld: 0,
    kindExact: -0.039,
    openForm: -0.466,
    focus: 1.911,
    firstPassage: 1.412,
    figureAbsent: -0.458,
    negationAbsent: -0.614,
  },
  threshold: 0.428,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6832 candidate units',
};
