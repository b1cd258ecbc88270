// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -4.702,
  weights: {
    termCover: 1.798,
    contextCover: 1.223,
    unseenTerms: 1.449,
    phraseCover: 0.422,
    kindHeld: 0,
    kindExact: -0.262,
    openForm: -0.44,
    focus: 1.999,
    firstPassage: 1.524,
    figureAbsent: -0.271,
    negationAbsent: -0.621,
  },
  threshold: 0.475,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6255 candidate units',
};
