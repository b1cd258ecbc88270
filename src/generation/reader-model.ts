// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.703,
  weights: {
    termCover: 1.799,
    contextCover: 1.225,
    unseenTerms: 1.45,
    phraseCover: 0.424,
    kindHeld: 0,
    kindExact: -0.263,
    openForm: -0.438,
    focus: 1.999,
    firstPassage: 1.522,
    figureAbsent: -0.295,
    negationAbsent: -0.61,
  },
  threshold: 0.475,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6215 candidate units',
};
