import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -3.922,
  weights: {
    termCover: 1.749,
    contextCover: 0.816,
    unseenTerms: 0.504,
    phraseCover: 0.793,
    kindHeld: -1.009,
    kindExact: -0.03,
    openForm: -0.29,
    focus: 1.777,
    firstPassage: 1.487,
  },
  threshold: 0.373,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 8145 candidate units',
};
