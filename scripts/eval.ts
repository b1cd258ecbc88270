// npm run eval -- [--questions FILE] [--index FILE] [--calibrate] [--model ID] [--no-model] [--lexical]
//                 [--report FILE] | --replies FILE
// --report writes one JSON record per question (JSON Lines), for scoring labelled sets written elsewhere.
import { ask, createEngine, type Engine, retrieverOf } from '../src/ask/engine';
import {
  type Calibration,
  calibrateOn,
  closingLine,
  judge,
  judgeReply,
  type Proposal,
  parseEvalSet,
  parseRecordedReplies,
  tally,
} from '../src/evaluation/eval-set';
import { createReplayClient } from '../src/generation/replay';
import { formatScore } from '../src/retrieval/score-format';
import {
  chooseClient,
  loadIndexFile,
  parseCommandLine,
  readJson,
  run,
  UsageError,
  writeOutput,
} from './lib/cli';
import { defaultIndex } from './lib/default-index';
import { defaultEncoder } from './lib/encoder';
import { reportRecord } from './lib/report-record';
import { withDefaultVectors } from './lib/vector-table';

function printCalibration(result: Calibration): void {
  const row = (r: Calibration['answerable'][number]) =>
    `  ${formatScore(r.bestScore)}  ${(r.bestPassage ?? '—').padEnd(42)} ${r.question}`;
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
      `\nCounted in, these OVERLAP the answerable group (lowest ${formatScore(result.lowestAnswerable)}): ` +
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
  console.log(`lowest answerable:    ${formatScore(result.lowestAnswerable)}`);
  console.log(`highest unanswerable: ${formatScore(result.highestUnanswerable)}`);
  if (result.midpoint !== undefined) {
    console.log(
      `gap: ${formatScore(result.gap)}; midpoint (the threshold to ship): ${formatScore(result.midpoint)}`,
    );
  } else {
    console.log(`the groups OVERLAP by ${formatScore(-result.gap)}: no threshold separates them. Caused by:`);
    for (const r of result.overlapping) console.log(row(r));
    const { answerable, unanswerable } = result;
    const proposal = (name: string, p: Proposal) =>
      console.log(
        `  ${name} ${p.threshold.toFixed(3)}: passes ${p.answerablePassing} of ${answerable.length} answerable ` +
          `and ${p.unanswerablePassing} of ${unanswerable.length} gate-decidable unanswerable questions`,
      );
    if (result.proposals !== undefined) {
      console.log('\nTwo thresholds to choose between:');
      proposal(
        'no false pass (the highest coverage with no unanswerable through the gate):',
        result.proposals.noFalsePass,
      );
      proposal(
        'midpoint of the two edges (more answered; layers 2 and 3 decide the rest):  ',
        result.proposals.midpoint,
      );
    }
  }
}

const USAGE =
  'usage: npm run eval -- [--questions FILE] [--index FILE] [--calibrate] [--model ID] [--no-model] [--lexical] [--report FILE]\n' +
  '       npm run eval -- --replies FILE [--index FILE]   (recorded replies through the verifier, no model)';

/** The recorded replies in `file`, or a usage error naming it. */
function readReplies(file: string): ReturnType<typeof parseRecordedReplies> {
  try {
    return parseRecordedReplies(readJson(file, 'recorded replies'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
}

/** Each recorded reply through the whole pipeline; prints caught / passed per kind. Returns the misses. */
async function runReplies(
  engine: Engine,
  file: string,
  items: ReturnType<typeof parseRecordedReplies>,
): Promise<number> {
  const byKind = new Map<string, { caught: number; passed: number; missed: number }>();
  let misses = 0;
  for (const item of items) {
    const client = createReplayClient({
      raw: JSON.stringify(item.reply),
      info: { kind: 'scripted', name: `recorded reply (${item.kind})` },
    });
    const result = await ask({ engine, client, question: item.question });
    const { outcome, met } = judgeReply(item, result);
    const counts = byKind.get(item.kind) ?? { caught: 0, passed: 0, missed: 0 };
    if (!met) counts.missed++;
    else if (outcome === 'answered') counts.passed++;
    else counts.caught++;
    byKind.set(item.kind, counts);
    if (!met) {
      misses++;
      console.log(`MISS ${item.kind}: ${item.question}`);
      console.log(
        `     expected ${item.expect}, got ${outcome}${result.status === 'refused' ? ` (${result.detail})` : ''}`,
      );
    }
  }
  console.log(`${'kind'.padEnd(28)} caught  passed  missed`);
  for (const [kind, counts] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
    const cell = (n: number) => String(n).padStart(6);
    console.log(`${kind.padEnd(28)} ${cell(counts.caught)}  ${cell(counts.passed)}  ${cell(counts.missed)}`);
  }
  console.log(`\nprompt: ${engine.promptVersion}; ${items.length} recorded replies in ${file}`);
  console.log(closingLine({ passed: items.length - misses, failed: misses, skipped: 0 }));
  return misses;
}

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        questions: { type: 'string', default: 'eval/questions.json' },
        index: { type: 'string' },
        calibrate: { type: 'boolean', default: false },
        model: { type: 'string' },
        'no-model': { type: 'boolean', default: false },
        replies: { type: 'string' },
        lexical: { type: 'boolean', default: false },
        report: { type: 'string' },
      },
    },
    USAGE,
  );
  // Only the default index is built on demand: one named with --index is the user's.
  const indexPath = values.index ?? defaultIndex();
  if (values.replies !== undefined) {
    // What was given is read first: a mistake in it is said before the encoder takes a second to load.
    const replies = readReplies(values.replies);
    const engine = withDefaultVectors(createEngine(loadIndexFile(indexPath)), {
      lexical: values.lexical,
      encoder: await defaultEncoder({ lexical: values.lexical }),
    });
    const misses = await runReplies(engine, values.replies, replies);
    return misses > 0 ? 1 : 0;
  }
  const items = (() => {
    try {
      return parseEvalSet(readJson(values.questions, 'evaluation set'));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`${values.questions}: ${(error as Error).message}`);
    }
  })();
  const index = loadIndexFile(indexPath);
  // Calibration reads retrieval's scores, the word vectors' evidence: a threshold for those, not the encoder's.
  const engine = withDefaultVectors(createEngine(index), {
    lexical: values.lexical,
    encoder: values.calibrate ? undefined : await defaultEncoder({ lexical: values.lexical }),
  });

  if (values.calibrate) {
    printCalibration(calibrateOn(retrieverOf(engine), items));
    console.log(`\nthreshold in use: ${engine.gate.threshold} (${engine.gate.source})`);
    return 0;
  }

  const { client, usesModel } = chooseClient({ model: values.model, noModel: values['no-model'] });
  console.log(
    `generator: ${client.info.name}${usesModel ? '' : '; no model, so questions that need one are SKIP'}`,
  );
  console.log(`corpus: ${index.corpus ?? `the passages of ${indexPath}`}`);
  const judgements = [];
  const records: string[] = [];
  for (const item of items) {
    const result = await ask({ engine, client, question: item.question });
    const judgement = judge({ item, result, hasModel: usesModel });
    judgements.push(judgement);
    records.push(JSON.stringify(reportRecord(result)));
    console.log(`${judgement.verdict} ${item.question}`);
    if (result.status === 'refused' || judgement.verdict !== 'PASS') console.log(`     ${judgement.why}`);
  }
  const counts = tally(judgements);
  console.log(`\nprompt: ${index.promptVersion}`);
  console.log(`threshold: ${engine.gate.threshold} (${engine.gate.source})`);
  if (values.report !== undefined) {
    writeOutput({ path: values.report, what: 'report', data: records.map((line) => `${line}\n`).join('') });
    console.log(`report: ${values.report} (one JSON record a question)`);
  }
  console.log(closingLine(counts));
  return counts.failed > 0 ? 1 : 0;
});
