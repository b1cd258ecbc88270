// npm run fit:reader -- [--index FILE] [--questions FILE]... [--squad FILE | --no-squad] [--squad-every N] [--write]
//
// Fits the stand-in's reader model (src/generation/reader.ts) on the development sets: every sentence,
// list item and table row of the top passages retrieved for each question is an example, labelled as
// answering when it is in the question's labelled passage and shows every string the answer must
// contain. Logistic regression gives the weights; the threshold is the confidence at which the fewest
// false answers are given for the most right ones (see chooseThreshold). With --write, the model goes
// into src/generation/reader-model.ts and the report into docs/reader-fit.md.
import { existsSync } from 'node:fs';
import { FEATURE_NAMES, type Features, type ReaderModel } from '../src/generation/reader';
import { READER_MODEL } from '../src/generation/reader-model';
import { DEFAULT_INDEX, parseCommandLine, run, UsageError, writeFitted } from './lib/cli';
import { fitLogistic } from './lib/logistic';
import {
  bestOf,
  chooseThreshold,
  DEFAULT_QUESTIONS,
  DEFAULT_SQUAD,
  examplesOf,
  FALSE_ANSWER_COST,
  manualQuestions,
  outcomeAt,
  squadQuestions,
  TRADE_OFF_STEPS,
  tradeOffTable,
} from './measure/reader-fitting';

const USAGE =
  'usage: npm run fit:reader -- [--index FILE] [--questions FILE]... [--squad FILE | --no-squad] [--squad-every N] [--write]';
const round = (value: number) => Math.round(value * 1000) / 1000;

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        index: { type: 'string', default: DEFAULT_INDEX },
        questions: { type: 'string', multiple: true },
        squad: { type: 'string' },
        'squad-every': { type: 'string', default: '8' },
        'no-squad': { type: 'boolean', default: false },
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
  const questions = [
    ...manualQuestions(values.index, questionFiles),
    ...(squadFile === undefined ? [] : squadQuestions(squadFile, every)),
  ];
  const sets = [...new Set(questions.map((question) => question.set))];
  const perSet = new Map(
    sets.map((set) => [set, questions.filter((question) => question.set === set).length]),
  );

  const examples = examplesOf(questions);
  const fit = fitLogistic({
    features: examples.map((example) => example.features),
    labels: examples.map((example) => example.label),
    weights: examples.map((example) => example.weight),
  });
  const weights = Object.fromEntries(
    FEATURE_NAMES.map((name, at) => [name, round(fit.weights[at] as number)]),
  ) as Features;
  const unthresholded: ReaderModel = { bias: round(fit.bias), weights, threshold: 0, source: '' };
  const best = bestOf(questions, unthresholded);
  // The threshold is chosen on the evaluation sets alone: their target is at most 1 false answer in
  // 50, while SQuAD's (at most 20% of unanswerable questions answered) is looser, so it only shapes the weights.
  const threshold = round(chooseThreshold(best.filter((row) => questionFiles.includes(row.question.set))));
  const date = new Date().toISOString().slice(0, 10);
  const fittedOn = sets.map((set) => `${set} (${perSet.get(set)} questions)`).join(', ');
  const model: ReaderModel = {
    ...unthresholded,
    threshold,
    source: `npm run fit:reader (${date}) on ${fittedOn}; ${examples.length} candidate units`,
  };

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

Each question's context is what the engine would give the stand-in: none when the gate refuses the
question, else the gate's context (contextOf: up to the context size of passages at or above the
threshold; SQuAD's index has no threshold). Every sentence, list item (with its lead-in) and table row
(with its header) of those passages that can be quoted is one example (${examples.length} in all), labelled
1 when it is in the question's labelled passage and shows every \`mustContain\` string (SQuAD: one of the
answers), else 0. Each set weighs as much as another in total. SQuAD questions are every
${every}th of the training-split file${squadFile === undefined ? ' (not used: the file is absent)' : ''}; the
development articles the targets are measured on are not used.

## The model

Logistic regression (Newton’s method, L2 0.001), final log loss ${fit.loss.toFixed(4)}.

| feature | weight |
|---|---|
| bias | ${model.bias} |
${FEATURE_NAMES.map((name) => `| ${name} | ${weights[name]} |`).join('\n')}

The features are defined in \`src/generation/reader.ts\`.

## The threshold

${threshold}: chosen on the evaluation sets only (not SQuAD, whose target allows far more false answers):
the confidence that maximises, summed over those sets (each counting equally), the share of
answerable questions answered right minus ${FALSE_ANSWER_COST} times the share of questions answered falsely
(an unanswerable one answered, or an answerable one answered wrongly), placed halfway between the
confidence it admits and the next one below. The stand-in answers only at or above it.

## On the fitting sets, reader alone (given what the engine gives it: no passage when the gate refuses, else the gate's context)

${table(rows)}

## What other thresholds give

The same questions, answered right / answered wrongly / unanswerable answered, were the stand-in to
answer at each confidence (the fitted weights; only the threshold changes). "Any above 0" answers every
question with a unit that shares a word with it and no hard rule keeps from answering: the most the
units the model ranks first could get right, whatever the threshold.

${tradeOffTable(best, TRADE_OFF_STEPS, threshold)}

Before this fit (the model then in \`src/generation/reader-model.ts\`, threshold ${READER_MODEL.threshold}):

${table(rowsBefore)}
`;
  console.log(report);
  if (values.write) {
    writeFitted([
      {
        path: 'src/generation/reader-model.ts',
        text: `// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by \`npm run fit:reader -- --write\` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = ${JSON.stringify(model, null, 2)};
`,
      },
      { path: 'docs/reader-fit.md', text: report },
    ]);
    console.log('wrote src/generation/reader-model.ts and docs/reader-fit.md');
  }
  return 0;
});
