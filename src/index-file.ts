import { z } from 'zod/mini';
import { describeIssues } from './issues';
import type { RetrievalModel } from './retrieval/model';
import type { GateSettings, Passage, Prompt } from './types';

// The compiled index: everything the engine needs at question time, written by the ingest and bundled
// with the site. It crosses a boundary (a file, a network fetch), so it is parsed, never trusted.

export const INDEX_FORMAT = 'sourcebound-index';
export const INDEX_VERSION = 1;

// zod/mini: the same parser with tree-shakable checks. This file is in the page's first download, which
// has a size budget; the classic API would add about 10 KB gzipped for nothing the index needs.
const nonEmpty = () => z.string().check(z.minLength(1));
const unit = () => z.number().check(z.gte(0), z.lte(1));

const PassageSchema = z.object({
  id: nonEmpty(),
  file: nonEmpty(),
  line: z.int().check(z.positive()),
  trail: z.array(z.string()).check(z.minLength(1)),
  text: z.string(),
});

const TfidfModelSchema = z.object({
  kind: z.literal('tfidf'),
  terms: z.array(z.string()),
  idf: z.array(z.number().check(z.positive())),
  unseenIdf: z.number().check(z.positive()),
});

const SparseVectorSchema = z.object({
  ids: z.array(z.int().check(z.nonnegative())),
  values: z.array(z.number()),
});

const GateSettingsSchema = z.object({
  threshold: unit(),
  minMargin: unit(),
  source: nonEmpty(),
});

export const CompiledIndexSchema = z
  .object({
    format: z.literal(INDEX_FORMAT),
    version: z.literal(INDEX_VERSION),
    passages: z.array(PassageSchema),
    // One schema per retrieval model, keyed by `kind`, as in src/retrieval/model.ts.
    model: z.discriminatedUnion('kind', [TfidfModelSchema]),
    vectors: z.array(SparseVectorSchema),
    prompt: z.object({ version: nonEmpty(), text: nonEmpty() }),
    gate: GateSettingsSchema,
    /** How many passages, at most, are given to the generator as context. */
    contextSize: z.int().check(z.positive()),
  })
  .check(
    z.superRefine((index, context) => {
      const seen = new Set<string>();
      for (const passage of index.passages) {
        if (seen.has(passage.id))
          context.addIssue({ code: 'custom', message: `duplicate passage id ${passage.id}` });
        seen.add(passage.id);
      }
      if (index.vectors.length !== index.passages.length) {
        context.addIssue({
          code: 'custom',
          message: `${index.vectors.length} vectors for ${index.passages.length} passages`,
        });
      }
      if (index.model.idf.length !== index.model.terms.length) {
        context.addIssue({ code: 'custom', message: 'model.idf and model.terms differ in length' });
      }
      index.vectors.forEach((vector, position) => {
        const inRange = vector.ids.every((id) => id < index.model.terms.length);
        if (vector.ids.length !== vector.values.length || !inRange) {
          context.addIssue({ code: 'custom', message: `vector ${position} does not fit the model` });
        }
      });
    }),
  );

export interface CompiledIndex {
  format: typeof INDEX_FORMAT;
  version: typeof INDEX_VERSION;
  passages: Passage[];
  model: RetrievalModel;
  vectors: Array<{ ids: number[]; values: number[] }>;
  prompt: Prompt;
  gate: GateSettings;
  contextSize: number;
}

export class IndexLoadError extends Error {
  override name = 'IndexLoadError';
}

/** Parses a compiled index read from anywhere; the message lists what is wrong, path by path. */
export function parseIndex(json: unknown): CompiledIndex {
  const parsed = CompiledIndexSchema.safeParse(json);
  if (!parsed.success) {
    throw new IndexLoadError(`not a valid sourcebound index: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}
