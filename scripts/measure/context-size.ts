// npm run measure:context -- [--write]
//
// How many passages the generator is given (DEFAULT_CONTEXT_SIZE), chosen by a stated rule on the
// development sets, with the rule checked on held-out questions. Each development set is asked, with the command line's defaults and no key (the
// extractive stand-in), at every size from 1 to MAX_SIZE; per set and size: how many answerable
// questions had their labelled passage in the context, and what the stand-in made of it (right, wrong,
// false answers to unanswerable questions).
//
// The rule: the smallest size from which no larger size puts more than GAIN (1%) more of the questions
// fitted on in context. A larger context costs a model more to read and gives the stand-in more to
// misread, so it has to earn its passages on more than the odd question. The shipped size is the rule's
// choice on all the development questions; held out, the rule chooses on four fifths of them (5 folds,
// by question) and is counted on the fifth, and again with each development set left out in turn: how
// far a size chosen this way carries to questions it was not chosen on. `--write` writes
// docs/context-size.md.
import { ask, createEngine, type Engine } from '../../src/ask/engine';
import { DEFAULT_CONTEXT_SIZE } from '../../src/config';
import { createExtractiveClient } from '../../src/reader/extractive';
import { writeAtomically } from '../lib/atomic-write';
import { DEVELOPMENT_SETS, sets } from '../lib/benchmark-sets';
import { parseCommandLine, run, UsageError } from '../lib/cli';
import { defaultEncoder } from '../lib/encoder';
import { addRecord, emptyCounts, recordOf, type SuiteCounts } from '../lib/suite';
import { currentCommit } from '../lib/suite-results';
import { withDefaultVectors } from '../lib/vector-table';

const USAGE = 'usage: npm run measure:context -- [--write]';
const MAX_SIZE = 6;
const SIZES = Array.from({ length: MAX_SIZE }, (_, at) => at + 1);
const FOLDS = 5;
const REPORT = 'docs/context-size.md';
/** The share of the questions fitted on that a larger context must add to be chosen. */
const GAIN = 0.01;

/** One answerable question: in context or not, at each size (index 0 is size 1). */
interface Reach {
  set: string;
  fold: number;
  inContext: boolean[];
}

/** The smallest size from which no larger size adds more than GAIN of `questions` in context. */
function chosenSize(questions: readonly Reach[]): number {
  const reached = SIZES.map((size) => questions.filter((question) => question.inContext[size - 1]).length);
  const most = Math.max(...reached);
  const at = reached.findIndex((count) => most - count <= GAIN * questions.length);
  return SIZES[at] as number;
}

/** Each question of `held` counted at the size chosen on `fitted`. */
function heldOut(groups: ReadonlyArray<{ fitted: readonly Reach[]; held: readonly Reach[] }>) {
  let reached = 0;
  const chosen: number[] = [];
  for (const { fitted, held } of groups) {
    const size = chosenSize(fitted);
    chosen.push(size);
    reached += held.filter((question) => question.inContext[size - 1]).length;
  }
  return { reached, chosen };
}

async function countsAt(engine: Engine, items: ReturnType<typeof itemsOf>, size: number) {
  const sized: Engine = { ...engine, contextSize: size };
  const client = createExtractiveClient();
  const counts = emptyCounts();
  const inContext: boolean[] = [];
  for (const item of items) {
    const record = recordOf(item, await ask({ engine: sized, client, question: item.question }));
    addRecord({ counts, record, contextSize: size });
    if (item.answerable) inContext.push(record.inContext);
  }
  return { counts, inContext };
}

function itemsOf(name: string) {
  const prepared = sets().get(name)?.();
  if (prepared === undefined || !prepared.ok) throw new UsageError(`the development set ${name} is not here`);
  return prepared.set.items;
}

const cell = (counts: SuiteCounts) =>
  `${counts.inContext} of ${counts.answerable} · ${counts.correct} / ${counts.wrong} / ${counts.falseAnswers}`;

run(async () => {
  const { values } = parseCommandLine({ options: { write: { type: 'boolean', default: false } } }, USAGE);
  const encoder = await defaultEncoder({});
  const rows = new Map<string, SuiteCounts[]>();
  const questions: Reach[] = [];
  // What the engines read with: the word vectors and the encoder are on unless they could not load.
  const channels = new Set<string>(['words']);
  for (const name of DEVELOPMENT_SETS) {
    const prepared = sets().get(name)?.();
    if (prepared === undefined || !prepared.ok)
      throw new UsageError(`the development set ${name} is not here`);
    const engine = withDefaultVectors(createEngine(prepared.set.index), { encoder });
    if (engine.semantic !== undefined) channels.add('word vectors');
    if (engine.semantic?.encoder !== undefined) channels.add('sentence encoder');
    const items = itemsOf(name);
    const bySize = [];
    for (const size of SIZES) bySize.push(await countsAt(engine, items, size));
    rows.set(
      name,
      bySize.map((at) => at.counts),
    );
    const answerable = bySize[0]?.inContext.length ?? 0;
    for (let at = 0; at < answerable; at++) {
      questions.push({
        set: name,
        fold: questions.length % FOLDS,
        inContext: bySize.map((size) => size.inContext[at] as boolean),
      });
    }
  }
  const inSample = chosenSize(questions);
  const reachedAt = (size: number) => questions.filter((q) => q.inContext[size - 1]).length;
  const folds = heldOut(
    Array.from({ length: FOLDS }, (_, fold) => ({
      fitted: questions.filter((q) => q.fold !== fold),
      held: questions.filter((q) => q.fold === fold),
    })),
  );
  const leftOut = DEVELOPMENT_SETS.map((name) => ({
    name,
    answerable: questions.filter((q) => q.set === name).length,
    ...heldOut([
      { fitted: questions.filter((q) => q.set !== name), held: questions.filter((q) => q.set === name) },
    ]),
  }));

  const lines = [
    '# How many passages the generator is given',
    '',
    '<!-- Generated by `npm run measure:context -- --write`; edit scripts/measure/context-size.ts, not this file. -->',
    '',
    `At ${currentCommit()}, on ${new Date().toISOString().slice(0, 10)}, with the command line's defaults (${[...channels].join(', ')})`,
    'and no key. Each cell: answerable questions whose labelled passage was in the context · the stand-in',
    'right / wrong / false answers (unanswerable questions answered).',
    '',
    `| set | ${SIZES.map((size) => `size ${size}`).join(' | ')} |`,
    `| --- | ${SIZES.map(() => '---').join(' | ')} |`,
    ...[...rows].map(([name, counts]) => `| ${name} | ${counts.map(cell).join(' | ')} |`),
    '',
    `The rule: the smallest size from which no larger size puts more than ${GAIN * 100}% more of the questions in`,
    `context. Chosen and counted on all ${questions.length} answerable development questions (in-sample: the`,
    'shipped size); to see how far that carries, chosen on four fifths and counted on the fifth (5 folds by',
    'question), and chosen on two sets and counted on the third:',
    '',
    '| fit | size chosen | in context |',
    '| --- | --- | --- |',
    `| in-sample | ${inSample} | ${reachedAt(inSample)} of ${questions.length} |`,
    `| 5 folds, held out | ${folds.chosen.join(', ')} | ${folds.reached} of ${questions.length} |`,
    ...leftOut.map(
      (row) => `| ${row.name} left out | ${row.chosen.join(', ')} | ${row.reached} of ${row.answerable} |`,
    ),
    '',
    `Shipped: DEFAULT_CONTEXT_SIZE = ${DEFAULT_CONTEXT_SIZE} (src/config.ts)${DEFAULT_CONTEXT_SIZE === inSample ? ', the size this rule chooses' : `; this rule chooses ${inSample}`}.`,
    '',
  ];
  const text = lines.join('\n');
  console.log(text);
  if (values.write) {
    writeAtomically({ path: REPORT, data: text });
    console.log(`written: ${REPORT}`);
  }
  return 0;
});
