import type { ReaderModel } from './reader';

// Written by `npm run fit:reader -- --write` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = {
  bias: -5.671,
  weights: {
    termCover: 1.429,
    contextCover: 0.671,
    unseenTerms: 0.181,
    phraseCover: 0.493,
    kindHeld: 0.763,
    kindExact: 0.11,
    openForm: -0.198,
    focus: 2.067,
    firstPassage: 1.565,
  },
  threshold: 0.308,
  source:
    'npm run fit:reader (2026-12-03) on eval/questions.json (22 questions), eval/paraphrases.json (164 questions), ../shared/benchmarks/squad2/train-v2.0-part.json (590 questions); 10574 candidate units',
};
