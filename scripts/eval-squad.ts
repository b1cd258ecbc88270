// npm run eval:squad -- [--file FILE] [--prompt VERSION]
//
// The stand-in on questions nobody on this project wrote: two SQuAD 2.0 articles, one passage per
// paragraph, every question asked twice with no key, with the answerability check off and on.
import { ask, createEngine, type Engine } from '../src/ask/engine';
import { DEFAULT_GATE } from '../src/config';
import { createExtractiveClient } from '../src/generation/extractive';
import { compileIndex } from '../src/ingest/compile';
import { CURRENT_PROMPT_VERSION } from '../src/prompt-versions';
import { normaliseForQuote } from '../src/text/quotes';
import { parseCommandLine, run, shippedPromptVersion } from './cli';
import {
  readSquad,
  SQUAD_CREDIT,
  type SquadItem,
  squadCorpus,
  squadFileFrom,
  WHOLE_PARAGRAPHS,
} from './squad';

const USAGE = 'usage: npm run eval:squad -- [--file FILE] [--prompt VERSION]';
// The prompt `npm run ingest` ships with; the stand-in ignores its text, but its version decides
// whether the verifier requires quotes (v2 does).
const DEFAULT_PROMPT = CURRENT_PROMPT_VERSION;
type Outcome =
  | { status: 'gate' }
  | { status: 'refused' }
  | { status: 'answered'; rightPassage: boolean; holdsAnswer: boolean };

async function outcomeOf(engine: Engine, item: SquadItem, answerability: boolean): Promise<Outcome> {
  const client = createExtractiveClient({ answerability });
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

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        file: { type: 'string' },
        prompt: { type: 'string', default: DEFAULT_PROMPT },
      },
    },
    USAGE,
  );
  const promptVersion = shippedPromptVersion(values.prompt);
  const file = squadFileFrom(values.file);
  const { squad, description } = readSquad(file);
  const { files, items } = squadCorpus(squad);
  const engine = createEngine(
    compileIndex({ files, promptVersion, gate: DEFAULT_GATE, maxChars: WHOLE_PARAGRAPHS }),
  );

  console.log(`npm run eval:squad -- --file ${file} --prompt ${values.prompt}`);
  console.log(`data: ${SQUAD_CREDIT}; ${description}`);
  console.log(
    `${engine.passages.length} passages; gate threshold ${engine.gate.threshold} (shipped, ` +
      `calibrated on the library manual, not on SQuAD); prompt ${promptVersion}; generator: extractive ` +
      'stand-in, no key; "before" and "after" are the stand-in with the answerability check off and on',
  );

  const rows = new Map<string, Row>();
  const total = emptyRow();
  for (const item of items) {
    const before = await outcomeOf(engine, item, false);
    const after = await outcomeOf(engine, item, true);
    const row = rows.get(item.article) ?? emptyRow();
    rows.set(item.article, row);
    count(row, item, before, after);
    count(total, item, before, after);
  }
  for (const [article, row] of rows) print(article, row);
  print('Total', total);
  return 0;
});
