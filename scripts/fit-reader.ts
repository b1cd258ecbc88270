// npm run fit:reader -- [--index FILE] [--questions FILE]... [--squad FILE | --no-squad] [--squad-every N] [--lexical] [--write]
//
// Fits the stand-in's reader model (src/reader/read.ts) on the development sets: every sentence,
// list item and table row of the top passages retrieved for each question is an example, labelled as
// answering when it is in the question's labelled passage and shows every string the answer must
// contain. Logistic regression gives the weights, each held to the direction its feature is for (a weight
// that would say otherwise is fixed at 0 and the rest refitted); the threshold is the lowest at which each
// set keeps to its target of false answers (lowestWithin: half the project's on the evaluation sets,
// SQuAD's own on SQuAD), chosen on
// cross-validated predictions: each question scored by a model fitted without it (5 folds by question).
// The report sets in-sample figures beside the held-out ones, and those of each set left out of the fit.
// With --write, the model goes into src/reader/model.ts and the report into docs/reader-fit.md.
import { existsSync } from 'node:fs';
import { createEngine } from '../src/ask/engine';
import { READER_MODEL } from '../src/reader/model';
import { FEATURE_NAMES, type ReaderModel } from '../src/reader/read';
import { DEFAULT_INDEX, parseCommandLine, run, UsageError, writeFitted } from './lib/cli';
import { defaultEncoder } from './lib/encoder';
import { withDefaultVectors } from './lib/vector-table';
import {
  type BestRow,
  bestOf,
  crossValidated,
  DEFAULT_QUESTIONS,
  DEFAULT_SQUAD,
  type EngineOf,
  examplesOf,
  FALSE_ANSWER_LIMIT,
  FALSE_ANSWER_TARGET,
  FOLDS,
  fitReader,
  lowestWithin,
  manualQuestions,
  outcomeAt,
  readerLimits,
  SQUAD_UNANSWERED_LIMIT,
  squadQuestions,
  TRADE_OFF_STEPS,
  tradeOffTable,
} from './measure/reader-fitting';

const USAGE =
  'usage: npm run fit:reader -- [--index FILE] [--questions FILE]... [--squad FILE | --no-squad] [--squad-every N] [--lexical] [--write]';

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        index: { type: 'string', default: DEFAULT_INDEX },
        questions: { type: 'string', multiple: true },
        squad: { type: 'string' },
        'squad-every': { type: 'string', default: '8' },
        'no-squad': { type: 'boolean', default: false },
        lexical: { type: 'boolean', default: false },
        write: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const questionFiles = values.questions ?? DEFAULT_QUESTIONS;
  const squadFile = values['no-squad']
    ? undefined
    : (values.squad ?? (existsSync(DEFAULT_SQUAD) ? DEFAULT_SQUAD : undefined));
  const every = Number(values['squad-every']);
  if (!Number.isInteger(every) || every < 1) throw new UsageError(`--squad-every must be a whole number ≥ 1`);
  // The contexts the reader is fitted on are those the command line gives it, with the same channels.
  const encoder = await defaultEncoder({ lexical: values.lexical });
  const engineOf: EngineOf = (index) =>
    withDefaultVectors(createEngine(index), { lexical: values.lexical, encoder });
  const channels = values.lexical
    ? 'words alone (--lexical)'
    : `the command line's defaults (words, word vectors${encoder === undefined ? '' : ' and the sentence encoder'})`;
  const questions = [
    ...(await manualQuestions(values.index, questionFiles, engineOf)),
    ...(squadFile === undefined ? [] : await squadQuestions(squadFile, every, engineOf)),
  ];
  const sets = [...new Set(questions.map((question) => question.set))];
  const perSet = new Map(
    sets.map((set) => [set, questions.filter((question) => question.set === set).length]),
  );

  const examples = examplesOf(questions);
  const fit = fitReader(examples);
  const { weights } = fit.model;
  const unthresholded = fit.model;
  const best = bestOf(questions, unthresholded);
  const heldOut = crossValidated(questions, examples, (training, held) =>
    bestOf([...held], fitReader(training).model),
  );
  // The threshold keeps every set to its own target: the evaluation sets to FALSE_ANSWER_LIMIT, SQuAD to
  // SQUAD_UNANSWERED_LIMIT. It is chosen on the held-out predictions, which are what an unseen question gets.
  const limits = readerLimits(questionFiles);
  const threshold = lowestWithin(heldOut, limits);
  const inSampleThreshold = lowestWithin(best, limits);
  // Each set left out of the fit in turn, scored at the threshold: how the reader does on a set it never saw.
  const leftOut = new Map(
    sets.map((set) => [
      set,
      bestOf(
        questions.filter((question) => question.set === set),
        fitReader(examples.filter((example) => example.question.set !== set)).model,
      ),
    ]),
  );
  const date = new Date().toISOString().slice(0, 10);
  const fittedOn = sets.map((set) => `${set} (${perSet.get(set)} questions)`).join(', ');
  const model: ReaderModel = {
    ...unthresholded,
    threshold,
    source: `npm run fit:reader (${date}) on ${fittedOn}; ${examples.length} candidate units`,
  };

  const figures = (rows: readonly BestRow[], set: string) => {
    const outcome = outcomeAt(
      rows.filter((row) => row.question.set === set),
      threshold,
    );
    return `${outcome.right} of ${outcome.answerable} / ${outcome.wrong} / ${outcome.falseAnswers} of ${outcome.unanswerable}`;
  };
  const sideBySide = [
    '| set | in-sample: right / wrong / unanswerable answered | held out, 5 folds by question | the set left out of the fit |',
    '|---|---|---|---|',
    ...sets.map(
      (set) =>
        `| ${set} | ${figures(best, set)} | ${figures(heldOut, set)} | ${figures(leftOut.get(set) ?? [], set)} |`,
    ),
  ].join('\n');
  const rows = sets.map((set) => {
    const outcome = outcomeAt(
      best.filter((row) => row.question.set === set),
      threshold,
    );
    return `| ${set} | ${outcome.right} of ${outcome.answerable} | ${outcome.wrong} | ${outcome.falseAnswers} of ${outcome.unanswerable} |`;
  });
  const before = bestOf(questions, READER_MODEL);
  const rowsBefore = sets.map((set) => {
    const outcome = outcomeAt(
      before.filter((row) => row.question.set === set),
      READER_MODEL.threshold,
    );
    return `| ${set} | ${outcome.right} of ${outcome.answerable} | ${outcome.wrong} | ${outcome.falseAnswers} of ${outcome.unanswerable} |`;
  });
  const table = (lines: string[]) =>
    [
      '| set | answerable answered right | answered wrongly | unanswerable answered |',
      '|---|---|---|---|',
      ...lines,
    ].join('\n');
  const report = `# The stand-in's reader model: how it was fitted

Written by \`npm run fit:reader -- --write\` on ${date}. Reproduce with the same command (it reads
\`generated/index.bin\`: run \`npm run ingest\` first).

## Fitted on

${sets.map((set) => `- \`${set}\`: ${perSet.get(set)} questions`).join('\n')}

Each question's context is what the engine gives the stand-in, read from ask() with ${channels}:
none when the gate refuses the question, else the gate's context (up to the context size of passages at
or above the threshold; for SQuAD the gate is open). Every sentence, list item (with its lead-in) and table row
(with its header) of those passages that can be quoted is one example (${examples.length} in all), labelled
1 when it is in the question's labelled passage and shows every \`mustContain\` string (SQuAD: one of the
answers), else 0. Each set weighs as much as another in total. SQuAD questions are every
${every}th of the training-split file${squadFile === undefined ? ' (not used: the file is absent)' : ''}; the
development articles the targets are measured on are not used.

## The model

Logistic regression (Newton’s method, L2 0.001), final log loss ${fit.loss.toFixed(4)}. Each weight is
held to the direction its feature is for (\`DIRECTION\` in scripts/measure/reader-fitting.ts: raising the confidence,
lowering it, or either); one that comes out against it is fixed at 0 and the rest refitted.
${
  fit.fixed.size === 0
    ? 'No weight was fixed.'
    : `Fixed at 0:\n\n${[...fit.fixed].map(([name, why]) => `- \`${name}\`: ${why}`).join('\n')}`
}

| feature | weight |
|---|---|
| bias | ${model.bias} |
${FEATURE_NAMES.map((name) => `| ${name} | ${weights[name]} |`).join('\n')}

The features are defined in \`src/reader/features.ts\`.

## The threshold

${threshold}: chosen on the held-out predictions (each question scored by a model fitted without its fold
of ${FOLDS}): the lowest confidence at which each evaluation set gives at most 1 in
${Math.round(1 / FALSE_ANSWER_LIMIT)} of its questions a false answer (an unanswerable one answered, or an
answerable one answered wrongly)${squadFile === undefined ? '' : ` and SQuAD's training part answers at most ${SQUAD_UNANSWERED_LIMIT * 100}% of its unanswerable questions`},
as the shortest decimal between the confidence it admits and the next one below. The first limit is half
the project's target of 1 in ${Math.round(1 / FALSE_ANSWER_TARGET)}, because questions written here have
always scored better than questions written elsewhere${squadFile === undefined ? '' : "; the second is the half of SQuAD's target that counts false answers (docs/evaluation.md: at most 20% of unanswerable questions answered; the gate is open here)"}.
The stand-in answers only at or above it. Chosen on the in-sample
predictions instead, the same rule gives ${inSampleThreshold}.

## In-sample and held out, at ${threshold}

Reader alone, given what the engine gives it (no passage when the gate refuses, else the gate's
context). In-sample: the model fitted on every question; held out: each question scored by the model
fitted without its fold; left out: each set scored by a model fitted on the other sets only.

${sideBySide}

## On the fitting sets, in-sample

${table(rows)}

## What other thresholds give

The same questions, answered right / answered wrongly / unanswerable answered, were the stand-in to
answer at each confidence (the fitted weights; only the threshold changes). "Any above 0" answers every
question with a unit that shares a word with it and no hard rule keeps from answering: the most the
units the model ranks first could get right, whatever the threshold.

${tradeOffTable(best, TRADE_OFF_STEPS, threshold)}

The same, held out (each question scored by the model fitted without its fold), which is what the
threshold is chosen on:

${tradeOffTable(heldOut, TRADE_OFF_STEPS, threshold)}

Before this fit (the model then in \`src/reader/model.ts\`, threshold ${READER_MODEL.threshold}):

${table(rowsBefore)}
`;
  console.log(report);
  if (values.write) {
    writeFitted([
      {
        path: 'src/reader/model.ts',
        text: `// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './read';

// Written by \`npm run fit:reader -- --write\` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = ${JSON.stringify(model, null, 2)};
`,
      },
      { path: 'docs/reader-fit.md', text: report },
    ]);
    console.log('wrote src/reader/model.ts and docs/reader-fit.md');
  }
  return 0;
});
