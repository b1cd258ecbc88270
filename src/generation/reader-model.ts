import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.148,
  weights: {
    termCover: 1.797,
    contextCover: 1.288,
    unseenTerms: 1.751,
    phraseCover: 0.601,
    kindHeld: 0,
    kindExact: -0.041,
    openForm: -0.395,
    focus: 1.933,
    firstPassage: 1.437,
  },
  threshold: 0.413,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 6970 candidate units',
};
