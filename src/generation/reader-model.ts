import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.209,
  weights: {
    termCover: 1.933,
    contextCover: 1.37,
    unseenTerms: 1.767,
    phraseCover: 0.526,
    kindHeld: 0,
    kindExact: 0.032,
    openForm: -0.404,
    focus: 1.775,
    firstPassage: 1.439,
  },
  threshold: 0.417,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6970 candidate units',
};
