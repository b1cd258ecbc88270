// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.681,
  weights: {
    termCover: 1.751,
    contextCover: 1.177,
    unseenTerms: 1.211,
    phraseCover: 0.622,
    kindHeld: 0,
    kindExact: -0.154,
    openForm: -0.434,
    focus: 1.845,
    firstPassage: 1.395,
    figureAbsent: 0.152,
    negationAbsent: -0.599,
    termsElsewhere: -0.247,
  },
  threshold: 0.431,
  source:
    'npm run fit:reader (2026-12-04) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 4797 candidate units',
};
