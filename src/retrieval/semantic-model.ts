// Written by `npm run fit:semantic` (scripts/fit-semantic.ts); its report is docs/semantic-channel.md.
import type { SemanticModel } from './semantic';

export const SEMANTIC_MODEL: SemanticModel = {
  version: 'fit-2026-12-05-7f-w0',
  settings: {
    weight: 0,
    minSimilarity: 0.6,
    neighbours: 3,
  },
  evidence: {
    bias: -5.308,
    weights: {
      cosine: 1.896,
      coverage: 2.342,
      weightedCoverage: 1.961,
      close: 0.214,
      related: 0.86,
      meanSimilarity: 3.463,
      unknownNames: -1.736,
    },
    source: 'npm run fit:semantic on 2026-12-05 (docs/semantic-channel.md)',
  },
  threshold: 0.081,
  source:
    'fitted by npm run fit:semantic (2026-12-05): the highest evidence score that keeps 95% of the development questions whose passage was retrieved, cross-validated',
};
