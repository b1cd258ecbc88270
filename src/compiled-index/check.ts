import { z } from 'zod/mini';
import { describeIssues } from '../issues';
import { isShippedPromptVersion, SHIPPED_PROMPT_VERSIONS } from '../prompt-versions';
import type { Postings } from '../retrieval/postings';
import type { Passage } from '../types';
import type { PostingsHead } from './postings-codec';
import { type CompiledIndex, isHead, type PassageColumns, type RawIndex } from './types';
import { INDEX_FORMAT, INDEX_LIMITS, INDEX_VERSION, IndexLoadError } from './version';

// The compiled index, checked: everything the engine needs at question time. The file crosses a boundary
// (a file, a network fetch), so what container.ts reads from it is parsed here, never trusted.

// zod/mini: the same parser with tree-shakable checks. This file is in the page's first download, which
// has a size budget; the classic API would add about 10 KB gzipped for nothing the index needs.
const nonEmpty = () => z.string().check(z.minLength(1));
const unit = () => z.number().check(z.gte(0), z.lte(1));
const count = () => z.int().check(z.nonnegative());

// A column of up to hundreds of thousands of values. zod parsing each element of an array took 20× as
// long as one type predicate over it (0.1 s against 5 ms for 100,000 ids), so a column is a zod schema
// whose check is that predicate; what it says on failure names the column.
const column = <T>(description: string, is: (value: unknown) => value is T) =>
  z.custom<T[]>((value) => Array.isArray(value) && value.every(is), { message: `expected ${description}` });
const isText = (value: unknown): value is string => typeof value === 'string';
const isName = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isLine = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isTrail = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every(isText);

// The passages as columns (container.ts says why).
const PassagesSchema: z.ZodMiniType<PassageColumns> = z
  .object({
    files: z.array(nonEmpty()),
    file: column('file numbers', isCount),
    line: column('line numbers from 1', isLine),
    id: column('non-empty ids', isName),
    trail: column('heading trails of one heading or more', isTrail),
    text: column('texts', isText),
  })
  .check(
    z.superRefine((columns, context) => {
      const length = columns.id.length;
      for (const name of ['file', 'line', 'trail', 'text'] as const) {
        if (columns[name].length !== length) {
          context.addIssue({
            code: 'custom',
            message: `${columns[name].length} ${name} values for ${length} ids`,
          });
        }
      }
      if (columns.file.some((file) => file >= columns.files.length)) {
        context.addIssue({ code: 'custom', message: 'a passage names a file that is not listed' });
      }
      const seen = new Set<string>();
      for (const id of columns.id) {
        if (seen.has(id)) context.addIssue({ code: 'custom', message: `duplicate passage id ${id}` });
        seen.add(id);
      }
    }),
  );

function passagesOf(columns: PassageColumns): Passage[] {
  return columns.id.map((id, at) => ({
    id,
    file: columns.files[columns.file[at] as number] as string,
    line: columns.line[at] as number,
    trail: columns.trail[at] as string[],
    text: columns.text[at] as string,
  }));
}

// One schema per retrieval model, keyed by `kind`, as in src/retrieval/model.ts.
const ModelSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bm25'), k1: z.number().check(z.positive()), b: unit() }),
  z.object({ kind: z.literal('tfidf') }),
]);

const { threshold, contextSize } = INDEX_LIMITS;

const GateSettingsSchema = z.object({
  threshold: z
    .number()
    .check(
      z.gte(
        threshold.atLeast,
        `the threshold must be at least ${threshold.atLeast}: below it the gate lets nearly every question through (the file's checksum shows it is undamaged, not who set its threshold)`,
      ),
      z.lt(
        threshold.below,
        `the threshold must be below ${threshold.below}: at ${threshold.below} the gate refuses every question`,
      ),
    ),
  minMargin: unit(),
  source: nonEmpty(),
});

const HeaderSchema = z.object({
  format: z.literal(INDEX_FORMAT),
  version: z.literal(INDEX_VERSION),
  model: ModelSchema,
  /** Vocabulary in term-id order: sorted, so each term once. */
  terms: column('non-empty terms', isName).check(
    z.refine((terms) => terms.every((term, i) => i === 0 || (terms[i - 1] as string) < term), {
      message: 'terms are not sorted and unique',
    }),
  ),
  passageCount: count(),
  postingCount: count(),
  /** The prompt is the application's: the index names the version it was built for, and only a shipped one. */
  promptVersion: z.string().check(
    z.refine(isShippedPromptVersion, {
      message: `a prompt version this build does not ship (it ships ${SHIPPED_PROMPT_VERSIONS.join(', ')}); rebuild the index with npm run ingest`,
    }),
  ),
  gate: GateSettingsSchema,
  /** How many passages, at most, are given to the generator as context. */
  contextSize: z
    .int()
    .check(
      z.gte(contextSize.min, `the context size must be from ${contextSize.min} to ${contextSize.max}`),
      z.lte(contextSize.max, `the context size must be from ${contextSize.min} to ${contextSize.max}`),
    ),
  /** What the corpus is called, for the words around its answers. */
  corpus: z.optional(nonEmpty()),
  thesaurus: z.optional(z.record(z.string(), z.array(z.string()))),
});

function check<T>(value: unknown, name: string, schema: z.ZodMiniType<T>): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new IndexLoadError(`not a valid sourcebound index: ${name}: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}

/** Checks an index file as readIndexFile read it (here, or in the page's worker); the message says what is wrong and where. */
export function checkIndex(raw: RawIndex): CompiledIndex {
  const { passageCount, postingCount, ...header } = check(raw.header, 'header', HeaderSchema);
  const passages = passagesOf(check(raw.passages, 'passages', PassagesSchema));
  if (passages.length !== passageCount) {
    throw new IndexLoadError(
      `not a valid sourcebound index: ${passages.length} passages where the header announces ${passageCount}`,
    );
  }
  const { postings } = raw;
  // The decoder kept to these counts; postings that arrive from a worker are checked against them again.
  // A head (an index kept in shards: parse.ts checks its table of shards) or every posting.
  const matches = isHead(postings)
    ? postings.counts.length === header.terms.length && postings.factors.length === passageCount
    : 'starts' in postings &&
      postings.starts.length === header.terms.length + 1 &&
      postings.docs.length === postingCount;
  if (!matches)
    throw new IndexLoadError('not a valid sourcebound index: the postings do not match the header');
  return { ...header, passages, postings: postings as Postings | PostingsHead };
}
