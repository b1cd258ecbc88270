// npm run eval -- [--questions FILE] [--index FILE] [--calibrate] [--model ID]
import { ask, createEngine } from '../src/engine';
import {
  bestOf,
  type Calibration,
  calibrate,
  closingLine,
  judge,
  parseEvalSet,
  tally,
} from '../src/evaluation';
import {
  chooseClient,
  DEFAULT_INDEX,
  loadIndexFile,
  parseCommandLine,
  readJson,
  run,
  UsageError,
} from './cli';

function printCalibration(result: Calibration): void {
  const row = (r: Calibration['answerable'][number]) =>
    `  ${r.bestScore.toFixed(3)}  ${(r.bestPassage ?? '—').padEnd(42)} ${r.question}`;
  console.log('Answerable questions, lowest best score first:');
  for (const r of result.answerable) console.log(row(r));
  console.log('\nUnanswerable questions, highest best score first:');
  for (const r of result.unanswerable) console.log(row(r));
  if (result.excluded.length > 0) {
    console.log('\nMarked as needing a model (not used for the gap: no threshold is meant to decide them):');
    for (const r of result.excluded) console.log(row(r));
  }
  if (result.excludedOverlapping.length > 0) {
    console.log(
      `\nCounted in, these OVERLAP the answerable group (lowest ${result.lowestAnswerable?.toFixed(3)}): ` +
        'no threshold refuses them without refusing a genuine question; layers 2 and 3 must:',
    );
    for (const r of result.excludedOverlapping) console.log(row(r));
  }
  console.log('');
  if (result.gap === undefined) {
    console.log(
      'cannot calibrate: the set needs at least one answerable and one gate-decidable unanswerable question',
    );
    return;
  }
  console.log(`lowest answerable:    ${result.lowestAnswerable?.toFixed(3)}`);
  console.log(`highest unanswerable: ${result.highestUnanswerable?.toFixed(3)}`);
  if (result.midpoint !== undefined) {
    console.log(
      `gap: ${result.gap.toFixed(3)}; midpoint (the threshold to ship): ${result.midpoint.toFixed(3)}`,
    );
  } else {
    console.log(`the groups OVERLAP by ${(-result.gap).toFixed(3)}: no threshold separates them. Caused by:`);
    for (const r of result.overlapping) console.log(row(r));
  }
}

const USAGE =
  'usage: npm run eval -- [--questions FILE] [--index FILE] [--calibrate] [--model ID] [--no-model]';

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        questions: { type: 'string', default: 'eval/questions.json' },
        index: { type: 'string', default: DEFAULT_INDEX },
        calibrate: { type: 'boolean', default: false },
        model: { type: 'string' },
        'no-model': { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const items = (() => {
    try {
      return parseEvalSet(readJson(values.questions, 'evaluation set'));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`${values.questions}: ${(error as Error).message}`);
    }
  })();
  const index = loadIndexFile(values.index);
  const engine = createEngine(index);

  if (values.calibrate) {
    const rows = items.map((item) => ({
      question: item.question,
      answerable: item.answerable,
      requiresModel: item.requiresModel ?? false,
      ...bestOf(engine.retriever.retrieve(item.question, 1)),
    }));
    printCalibration(calibrate(rows));
    console.log(`\nshipped threshold: ${index.gate.threshold} (${index.gate.source})`);
    return 0;
  }

  const { client, usesModel } = chooseClient({ model: values.model, noModel: values['no-model'] });
  console.log(
    `generator: ${client.info.name}${usesModel ? '' : '; no model, so questions that need one are SKIP'}`,
  );
  const judgements = [];
  for (const item of items) {
    const result = await ask({ engine, client, question: item.question });
    const judgement = judge({ item, result, hasModel: usesModel });
    judgements.push(judgement);
    console.log(`${judgement.verdict} ${item.question}`);
    if (result.status === 'refused' || judgement.verdict !== 'PASS') console.log(`     ${judgement.why}`);
  }
  const counts = tally(judgements);
  console.log(`\nprompt: ${index.prompt.version}`);
  console.log(`threshold: ${index.gate.threshold} (${index.gate.source})`);
  console.log(closingLine(counts));
  return counts.failed > 0 ? 1 : 0;
});
