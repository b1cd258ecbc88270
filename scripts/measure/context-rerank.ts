// npm run measure:rerank -- [--write]
//
// Whether the context should be drawn from the words' first passages reordered with the sentence
// encoder (`EncoderGate.rerank`): each passage's retrieval score plus a weight times the cosine of question
// and passage, over the words' first DEPTH passages. The gate reads the words' first passages in their own
// order whatever the setting, so only what reaches the generator changes. Each set is asked with the
// command line's defaults and no key (the extractive stand-in) at every setting of SETTINGS (the shipped
// engine first): the development sets and a SQuAD 2.0 development file.
//
// The rule: the setting that puts the most development questions' labelled passages in the context (the
// first among equals); held out, the rule chooses on four fifths of them (5 folds, by question) and is
// counted on the fifth, and again with each development set left out in turn. A setting is adopted only
// when it reaches more development questions than the shipped engine, in sample and held out, no set
// gets more false answers (wrong or unanswerable answered), and SQuAD no fewer right ones: SQuAD is the
// project's check that a change carries to text it was not written for. `--write` writes
// docs/context-rerank.md.
import { createEngine, type Engine } from '../../src/ask/engine';
import { writeAtomically } from '../lib/atomic-write';
import { DEVELOPMENT_SETS, sets } from '../lib/benchmark-sets';
import { parseCommandLine, run, UsageError } from '../lib/cli';
import { defaultEncoder } from '../lib/encoder';
import type { SuiteCounts } from '../lib/suite';
import { currentCommit, formatted } from '../lib/suite-results';
import { withDefaultVectors } from '../lib/vector-table';
import { addReaches, askedOf, cell, choicesOf, FOLDS, type Reach, reachedAt } from './held-out-choice';

const USAGE = 'usage: npm run measure:rerank -- [--write]';
const REPORT = 'docs/context-rerank.md';
/** How many of the words' passages are reordered: twice the passages the gate reads. */
const DEPTH = 10;
/**
 * What is asked: the shipped engine (no reorder), then the words' first DEPTH passages at each weight; at
 * weight 0 they keep retrieval's order, so that column is the depth alone (a passage past the fifth comes
 * in only when fewer of the first pass the gate's threshold).
 */
const SETTINGS: ReadonlyArray<{ label: string; weight?: number }> = [
  { label: 'shipped' },
  ...[0, 0.25, 0.5, 1].map((weight) => ({ label: `weight ${weight}`, weight })),
];
/** Measured beside the development sets, never chosen on: text none of the project's questions were written for. */
const CHECK_SETS = ['squad2/dev-v2.0-normans-rhine'] as const;
const SQUAD = 'squad2/dev-v2.0-normans-rhine';

/** `engine` with its encoder gate drawing the context from the words' first DEPTH passages reordered. */
function reranking(engine: Engine, weight: number | undefined): Engine {
  const use = engine.semantic?.encoder;
  if (use === undefined)
    throw new UsageError('measure:rerank needs the sentence encoder, which did not load');
  if (weight === undefined) return engine;
  return {
    ...engine,
    semantic: {
      ...(engine.semantic as NonNullable<Engine['semantic']>),
      encoder: { ...use, gate: { ...use.gate, rerank: { depth: DEPTH, weight } } },
    },
  };
}

/** The setting (its index in SETTINGS) that puts the most of `questions` in context; the first among equals. */
function chosenSetting(questions: readonly Reach[]): number {
  const reached = SETTINGS.map((_, at) => reachedAt(questions, at));
  return reached.indexOf(Math.max(...reached));
}

run(async () => {
  const { values } = parseCommandLine({ options: { write: { type: 'boolean', default: false } } }, USAGE);
  const encoder = await defaultEncoder({});
  if (encoder === undefined) throw new UsageError('measure:rerank needs the sentence encoder');
  const rows = new Map<string, SuiteCounts[]>();
  const questions: Reach[] = [];
  for (const name of [...DEVELOPMENT_SETS, ...CHECK_SETS]) {
    const prepared = sets().get(name)?.();
    if (prepared === undefined || !prepared.ok) throw new UsageError(`the set ${name} is not here`);
    const engine = withDefaultVectors(createEngine(prepared.set.index), { encoder });
    const byWeight = [];
    for (const { weight } of SETTINGS)
      byWeight.push(await askedOf(reranking(engine, weight), prepared.set.items));
    rows.set(
      name,
      byWeight.map((at) => at.counts),
    );
    if (!(DEVELOPMENT_SETS as readonly string[]).includes(name)) continue;
    addReaches(
      questions,
      name,
      byWeight.map((weight) => weight.inContext),
    );
  }
  const { inSample, folds, leftOut } = choicesOf({
    questions,
    sets: DEVELOPMENT_SETS,
    choose: chosenSetting,
  });
  const labelOf = (at: number) => SETTINGS[at]?.label as string;
  const reached = (at: number) => reachedAt(questions, at);
  // Adopted: more in context than the shipped engine on the development sets, in sample and held out, no
  // set with more false answers, and SQuAD with no fewer right.
  const falseOf = (counts: SuiteCounts) => counts.wrong + counts.falseAnswers;
  const squadRight = (at: number) => rows.get(SQUAD)?.[at]?.correct ?? 0;
  const worse = [...rows]
    .filter(([, counts]) => falseOf(counts[inSample] as SuiteCounts) > falseOf(counts[0] as SuiteCounts))
    .map(([name]) => name);
  const against =
    inSample === 0
      ? ['no setting puts more development questions in context than the shipped engine']
      : [
          ...(folds.reached > reached(0)
            ? []
            : [
                `held out, the rule puts ${folds.reached} in context, against the shipped engine's ${reached(0)}`,
              ]),
          ...(worse.length === 0
            ? []
            : [
                `${worse.join(', ')} ${worse.length === 1 ? 'gets' : 'get'} more false answers (wrong or unanswerable answered)`,
              ]),
          ...(squadRight(inSample) >= squadRight(0)
            ? []
            : [`${SQUAD} has ${squadRight(inSample)} right against ${squadRight(0)}`]),
        ];

  const lines = [
    '# Reordering the context with the sentence encoder',
    '',
    '<!-- Generated by `npm run measure:rerank -- --write`; edit scripts/measure/context-rerank.ts, not this file. -->',
    '',
    `At ${currentCommit()}, on ${new Date().toISOString().slice(0, 10)}, with the command line's defaults (words, word vectors, sentence encoder) and no key.`,
    `"shipped": the engine as it ships, its context the first passages retrieval returns. "weight w": the context drawn from the words' first ${DEPTH} passages, each scored by its retrieval score plus w times the cosine of question and passage (at weight 0, retrieval's order over ${DEPTH} passages). The gate reads the words' first passages in their own order whatever the setting, as it was fitted; a passage below its threshold is never context.`,
    'Each cell: answerable questions whose labelled passage was in the context · the stand-in right / wrong / false answers (unanswerable questions answered).',
    '',
    `| set | ${SETTINGS.map(({ label }) => label).join(' | ')} |`,
    `| --- | ${SETTINGS.map(() => '---').join(' | ')} |`,
    ...[...rows].map(([name, counts]) => `| ${name} | ${counts.map(cell).join(' | ')} |`),
    '',
    `Development questions in context (${DEVELOPMENT_SETS.join(', ')}; ${questions.length} answerable): ${SETTINGS.map(({ label }, at) => `${label} ${reached(at)}`).join(', ')}.`,
    '',
    '## The rule, in sample and held out',
    '',
    'The setting that puts the most development questions in context, the first of the table among equals (the shipped engine first).',
    '',
    `- In sample (chosen on every development question): ${labelOf(inSample)}, ${reached(inSample)} of ${questions.length} in context (shipped: ${reached(0)}).`,
    `- Held out, ${FOLDS} folds by question: ${folds.reached} of ${questions.length} in context (chosen: ${folds.chosen.map(labelOf).join(', ')}).`,
    ...leftOut.map(
      (set) =>
        `- ${set.name} left out: ${set.reached} of ${set.answerable} in context (chosen: ${set.chosen.map(labelOf).join('')}).`,
    ),
    '',
    '## Adopted?',
    '',
    against.length === 0
      ? `Yes: ${labelOf(inSample)} puts more development questions in context, in sample and held out, no set gets more false answers, and SQuAD keeps its right answers.`
      : `No${inSample === 0 ? '' : ` (${labelOf(inSample)})`}: ${against.join('; ')}. The shipped model sets no \`rerank\`.`,
    '',
  ];
  const report = lines.join('\n');
  console.log(report);
  if (values.write) {
    writeAtomically({ path: REPORT, data: formatted(REPORT, report) });
    console.log(`wrote ${REPORT}`);
  }
  return 0;
});
