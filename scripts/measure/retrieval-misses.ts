// npm run measure:misses -- [--set NAME]… [--depth N]
//
// Every answerable development question whose labelled passage the engine does not rank first (issue
// 34): the question, the labelled passage (id, heading trail, first line), what ranked above it and its
// rank, read with the engine as `npm run eval:suite` builds it (lexical index, thesaurus, the semantic
// channel's shipped model). Each miss gets one cause, by the first of these that holds:
//   - no such passage: the label names a passage id the corpus, as the ingest cuts it, does not have;
//   - not retrieved: the labelled passage is not in the first `depth` passages at all;
//   - vocabulary: the labelled passage holds less of the question's words (idf-weighted coverage) than
//     the passage at rank 1: the question asks in words the passage does not write;
//   - length: it holds as much or more of them, and is longer than the passage at rank 1 (the cosine's
//     norm divides a long passage's matches by all its other words);
//   - weighting: it holds as much or more and is no longer: the words it holds are rarer or repeated
//     less than the rank-1 passage's (tf and idf decide).
// And three marks beside the cause: sibling (the passage at rank 1 is in the same file), split (it is
// another part of the same section, cut by the ingest's size limit: the same heading trail), heading (a
// question word is in the labelled passage's heading trail and not in the rank-1 passage's).
import { createEngine, retrieverOf } from '../../src/ask/engine';
import { termsOf, tokenize } from '../../src/text/tokenize';
import type { Passage } from '../../src/types';
import { type Prepared, sets } from '../lib/benchmark-sets';
import { parseCommandLine, run, UsageError } from '../lib/cli';
import { withDefaultVectors } from '../lib/vector-table';

const USAGE = 'usage: npm run measure:misses -- [--set NAME]… [--depth N]';
const DEFAULT_SETS = ['paraphrases', 'realdocs-preact'];
const DEFAULT_DEPTH = 20;

export type Cause = 'no such passage' | 'not retrieved' | 'vocabulary' | 'length' | 'weighting';
export const CAUSES: readonly Cause[] = [
  'no such passage',
  'not retrieved',
  'vocabulary',
  'length',
  'weighting',
];

export interface Miss {
  question: string;
  /** Undefined when the label names no passage of the corpus. */
  labelled: Passage | undefined;
  label: string;
  /** 1-based; undefined when not in the first `depth`. */
  rank: number | undefined;
  above: Passage[];
  cause: Cause;
  sibling: boolean;
  split: boolean;
  heading: boolean;
}

const trailTerms = (passage: Passage) => new Set(tokenize(passage.trail.join(' ')));
const lengthOf = (passage: Passage) => tokenize(passage.text).length;

/** The misses of one prepared set, and how many answerable questions it has. */
export function missesOf(prepared: Prepared, depth: number): { answerable: number; misses: Miss[] } {
  const engine = withDefaultVectors(createEngine(prepared.index));
  const retriever = retrieverOf(engine);
  const byId = new Map(prepared.index.passages.map((passage) => [passage.id, passage]));
  const misses: Miss[] = [];
  let answerable = 0;
  for (const item of prepared.items) {
    if (!item.answerable || item.passage === undefined) continue;
    answerable++;
    const labelled = byId.get(item.passage);
    const { scored, features } = retriever.read(item.question, depth);
    const at = scored.findIndex((s) => s.passage.id === item.passage);
    if (at === 0) continue;
    const top = scored[0]?.passage;
    const asked = new Set(termsOf(item.question).map(({ term }) => term));
    const inHeading = (passage: Passage | undefined) =>
      passage === undefined ? new Set<string>() : trailTerms(passage);
    const topHeading = inHeading(top);
    const heading = [...inHeading(labelled)].some((term) => asked.has(term) && !topHeading.has(term));
    let cause: Cause;
    if (labelled === undefined) cause = 'no such passage';
    else if (at < 0 || top === undefined) cause = 'not retrieved';
    else if ((features[at]?.weightedCoverage ?? 0) < (features[0]?.weightedCoverage ?? 0))
      cause = 'vocabulary';
    else if (lengthOf(labelled) > lengthOf(top)) cause = 'length';
    else cause = 'weighting';
    misses.push({
      question: item.question,
      labelled,
      label: item.passage,
      rank: at < 0 ? undefined : at + 1,
      above: scored.slice(0, at < 0 ? 3 : at).map((s) => s.passage),
      cause,
      sibling: top !== undefined && top.file === labelled?.file,
      split: top !== undefined && top.trail.join('\n') === labelled?.trail.join('\n'),
      heading,
    });
  }
  return { answerable, misses };
}

const firstLine = (passage: Passage) =>
  (passage.text.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 120);
const described = (passage: Passage) => `${passage.id} [${passage.trail.join(' > ')}] ${firstLine(passage)}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  run(() => {
    const { values } = parseCommandLine(
      {
        options: {
          set: { type: 'string', multiple: true },
          depth: { type: 'string', default: String(DEFAULT_DEPTH) },
        },
      },
      USAGE,
    );
    const depth = Number(values.depth);
    if (!Number.isInteger(depth) || depth < 1) throw new UsageError(`--depth: ${values.depth} is no count`);
    const all = sets();
    for (const name of values.set ?? DEFAULT_SETS) {
      const prepared = all.get(name)?.();
      if (prepared === undefined || !prepared.ok) throw new UsageError(`no set ${name} to read`);
      const { answerable, misses } = missesOf(prepared.set, depth);
      console.log(`\n## ${name}: ${misses.length} of ${answerable} answerable not at rank 1\n`);
      for (const miss of misses) {
        const marks = [
          miss.sibling ? 'sibling' : '',
          miss.split ? 'split' : '',
          miss.heading ? 'heading' : '',
        ];
        console.log(
          `- rank ${miss.rank ?? `>${depth}`} (${[miss.cause, ...marks].filter(Boolean).join(', ')}): ${miss.question}`,
        );
        const labelled =
          miss.labelled === undefined ? `${miss.label} (not in the corpus)` : described(miss.labelled);
        console.log(`    labelled: ${labelled}`);
        for (const passage of miss.above) console.log(`    above:    ${described(passage)}`);
      }
      console.log('\ncauses:');
      for (const cause of CAUSES) {
        const count = misses.filter((miss) => miss.cause === cause).length;
        console.log(`  ${cause}: ${count}`);
      }
      console.log(`  (marks) sibling: ${misses.filter((m) => m.sibling).length}`);
      console.log(`  (marks) split: ${misses.filter((m) => m.split).length}`);
      console.log(`  (marks) heading: ${misses.filter((m) => m.heading).length}`);
    }
    return 0;
  });
}
