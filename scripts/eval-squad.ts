// npm run eval:squad -- [--file FILE] [--prompt VERSION] [--sweep]
//
// The stand-in on questions nobody on this project wrote: two SQuAD 2.0 articles, one passage per
// paragraph, every question asked twice with no key, with the answerability check off and on. --sweep
// then asks them again at other thresholds of the stand-in's confidence: whether the SQuAD targets are a
// choice of threshold, or beyond what the reader's confidence separates.
import { ask, createEngine, type Engine } from '../src/ask/engine';
import { DEFAULT_GATE } from '../src/config';
import { compileIndex } from '../src/ingest/compile';
import { CURRENT_PROMPT_VERSION } from '../src/prompt-versions';
import { createExtractiveClient, type ExtractiveOptions } from '../src/reader/extractive';
import { READER_MODEL } from '../src/reader/model';
import { normaliseForQuote } from '../src/text/quotes';
import { parseCommandLine, run, shippedPromptVersion } from './lib/cli';
import { defaultEncoder } from './lib/encoder';
import {
  readSquad,
  SQUAD_CREDIT,
  type SquadItem,
  squadCorpus,
  squadFileFrom,
  WHOLE_PARAGRAPHS,
} from './lib/squad';
import { withDefaultVectors } from './lib/vector-table';
import { TRADE_OFF_STEPS } from './measure/reader-fitting';

const USAGE = 'usage: npm run eval:squad -- [--file FILE] [--prompt VERSION] [--sweep] [--lexical]';
// The prompt `npm run ingest` ships with; the stand-in ignores its text, but its version decides
// whether the verifier requires quotes (v2 does).
const DEFAULT_PROMPT = CURRENT_PROMPT_VERSION;
type Outcome =
  | { status: 'gate' }
  | { status: 'refused' }
  | { status: 'answered'; rightPassage: boolean; holdsAnswer: boolean };

async function outcomeOf(engine: Engine, item: SquadItem, options: ExtractiveOptions): Promise<Outcome> {
  const client = createExtractiveClient(options);
  const result = await ask({ engine, client, question: item.question });
  if (result.status === 'refused') {
    return result.reason === 'no_relevant_context' ? { status: 'gate' } : { status: 'refused' };
  }
  const quoted = normaliseForQuote(result.quotes.map((quote) => quote.quote).join(' '));
  return {
    status: 'answered',
    rightPassage: result.citations.includes(item.passage),
    holdsAnswer: item.answers.some((answer) => quoted.includes(normaliseForQuote(answer))),
  };
}

interface Row {
  unanswerable: number;
  unanswerablePassing: number;
  unanswerableAnsweredBefore: number;
  unanswerableAnsweredAfter: number;
  answerable: number;
  answerablePassing: number;
  answeredBefore: number;
  answeredAfter: number;
  refusedByCheck: number;
  rightBefore: number;
  rightAfter: number;
  holdsAnswerBefore: number;
  holdsAnswerAfter: number;
}

const emptyRow = (): Row => ({
  unanswerable: 0,
  unanswerablePassing: 0,
  unanswerableAnsweredBefore: 0,
  unanswerableAnsweredAfter: 0,
  answerable: 0,
  answerablePassing: 0,
  answeredBefore: 0,
  answeredAfter: 0,
  refusedByCheck: 0,
  rightBefore: 0,
  rightAfter: 0,
  holdsAnswerBefore: 0,
  holdsAnswerAfter: 0,
});

function count(row: Row, item: SquadItem, before: Outcome, after: Outcome): void {
  const passed = before.status !== 'gate';
  if (!item.answerable) {
    row.unanswerable++;
    if (passed) row.unanswerablePassing++;
    if (before.status === 'answered') row.unanswerableAnsweredBefore++;
    if (after.status === 'answered') row.unanswerableAnsweredAfter++;
    return;
  }
  row.answerable++;
  if (passed) row.answerablePassing++;
  if (before.status === 'answered') {
    row.answeredBefore++;
    if (before.rightPassage) row.rightBefore++;
    if (before.holdsAnswer) row.holdsAnswerBefore++;
    if (after.status !== 'answered') row.refusedByCheck++;
  }
  if (after.status === 'answered') {
    row.answeredAfter++;
    if (after.rightPassage) row.rightAfter++;
    if (after.holdsAnswer) row.holdsAnswerAfter++;
  }
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((100 * part) / whole).toFixed(0)}%`;
const of = (part: number, whole: number) => `${part} (${percent(part, whole)})`;

function print(name: string, row: Row): void {
  console.log(`\n${name}`);
  console.log(
    `  unanswerable: ${row.unanswerable}; pass the gate: ${row.unanswerablePassing}; of those, end in an answer ` +
      `before the check: ${of(row.unanswerableAnsweredBefore, row.unanswerablePassing)}, ` +
      `after: ${of(row.unanswerableAnsweredAfter, row.unanswerablePassing)}`,
  );
  console.log(
    `  answerable:   ${row.answerable}; pass the gate: ${row.answerablePassing}; answered before the check: ` +
      `${of(row.answeredBefore, row.answerablePassing)}, after: ${of(row.answeredAfter, row.answerablePassing)}; ` +
      `refused by the check: ${of(row.refusedByCheck, row.answeredBefore)} of those answered before`,
  );
  console.log(
    `  answerable and answered, citing the question's own paragraph: before ${of(row.rightBefore, row.answeredBefore)}, ` +
      `after ${of(row.rightAfter, row.answeredAfter)}; quoting a sentence that holds a gold answer: ` +
      `before ${of(row.holdsAnswerBefore, row.answeredBefore)}, after ${of(row.holdsAnswerAfter, row.answeredAfter)}`,
  );
}

/**
 * Every question again at other thresholds of the stand-in's confidence (the shipped weights): of the
 * questions past the gate, the share of answerable ones answered (and quoting a gold answer) and of
 * unanswerable ones answered.
 */
async function sweep(engine: Engine, items: readonly SquadItem[]): Promise<void> {
  const steps = [...new Set([...TRADE_OFF_STEPS, READER_MODEL.threshold])].sort((a, b) => a - b);
  console.log(
    '\nThe stand-in at other thresholds (shipped weights), of the questions past the gate:\n\n' +
      '| threshold | answerable answered | quoting a gold answer | unanswerable answered |\n|---|---|---|---|',
  );
  for (const threshold of steps) {
    const counts = { answerable: 0, answered: 0, holding: 0, unanswerable: 0, falseAnswers: 0 };
    for (const item of items) {
      const outcome = await outcomeOf(engine, item, { model: { ...READER_MODEL, threshold } });
      if (outcome.status === 'gate') continue;
      const answered = outcome.status === 'answered';
      if (item.answerable) {
        counts.answerable++;
        if (answered) counts.answered++;
        if (answered && outcome.holdsAnswer) counts.holding++;
      } else {
        counts.unanswerable++;
        if (answered) counts.falseAnswers++;
      }
    }
    const label = `${threshold}${threshold === READER_MODEL.threshold ? ' (shipped)' : ''}`;
    console.log(
      `| ${label} | ${of(counts.answered, counts.answerable)} | ${of(counts.holding, counts.answerable)} | ` +
        `${of(counts.falseAnswers, counts.unanswerable)} |`,
    );
  }
}

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        file: { type: 'string' },
        prompt: { type: 'string', default: DEFAULT_PROMPT },
        sweep: { type: 'boolean', default: false },
        lexical: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const promptVersion = shippedPromptVersion(values.prompt);
  const file = squadFileFrom(values.file);
  const { squad, description } = readSquad(file);
  const { files, items } = squadCorpus(squad);
  const engine = withDefaultVectors(
    createEngine(compileIndex({ files, promptVersion, gate: DEFAULT_GATE, maxChars: WHOLE_PARAGRAPHS })),
    { lexical: values.lexical, encoder: await defaultEncoder({ lexical: values.lexical }) },
  );

  console.log(`npm run eval:squad -- --file ${file} --prompt ${values.prompt}`);
  console.log(`data: ${SQUAD_CREDIT}; ${description}`);
  console.log(
    `${engine.passages.length} passages; gate threshold ${engine.gate.threshold} (shipped, ` +
      `${engine.semantic === undefined ? 'calibrated on the library manual' : 'the semantic channel’s, fitted on the development sets'}, not on SQuAD); prompt ${promptVersion}; generator: extractive ` +
      'stand-in, no key; "before" and "after" are the stand-in with the answerability check off and on',
  );

  const rows = new Map<string, Row>();
  const total = emptyRow();
  for (const item of items) {
    const before = await outcomeOf(engine, item, { answerability: false });
    const after = await outcomeOf(engine, item, { answerability: true });
    const row = rows.get(item.article) ?? emptyRow();
    rows.set(item.article, row);
    count(row, item, before, after);
    count(total, item, before, after);
  }
  for (const [article, row] of rows) print(article, row);
  print('Total', total);
  if (values.sweep) await sweep(engine, items);
  return 0;
});
