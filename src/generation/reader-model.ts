import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.123,
  weights: {
    termCover: 1.822,
    contextCover: 1.25,
    unseenTerms: 1.752,
    phraseCover: 0.593,
    kindHeld: 0,
    kindExact: -0.05,
    openForm: -0.392,
    focus: 1.946,
    firstPassage: 1.431,
  },
  threshold: 0.41,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6908 candidate units',
};
