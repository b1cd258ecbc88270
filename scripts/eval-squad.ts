// npm run eval:squad -- [--file FILE] [--prompt FILE]
//
// The stand-in on questions nobody on this project wrote: two SQuAD 2.0 articles, one passage per
// paragraph, every question asked twice with no key, with the answerability check off and on.
import { basename, extname } from 'node:path';
import { z } from 'zod';
import { DEFAULT_GATE } from '../src/config';
import { ask, createEngine, type Engine } from '../src/engine';
import { createExtractiveClient } from '../src/generation/extractive';
import { compileIndex } from '../src/ingest/compile';
import { slugify } from '../src/ingest/slug';
import { describeIssues } from '../src/issues';
import { normaliseForQuote } from '../src/verify/quotes';
import { parseCommandLine, readJson, readText, run, UsageError } from './cli';

const USAGE = 'usage: npm run eval:squad -- [--file FILE] [--prompt FILE]';
const DEFAULT_FILE = 'eval/external/squad2/dev-v2.0-normans-rhine.json';
// The prompt `npm run ingest` ships with; the stand-in ignores its text, but its version decides
// whether the verifier requires quotes (v2 does).
const DEFAULT_PROMPT = 'prompts/answer.v2.md';
const CREDIT =
  'SQuAD 2.0 (Rajpurkar, Jia and Liang, "Know What You Don\'t Know: Unanswerable Questions for SQuAD", ' +
  'ACL 2018), licensed CC BY-SA 4.0; two articles of the dev set, unchanged, in eval/external/squad2/';
// Large enough that no paragraph is cut: one passage per paragraph, so "the right paragraph" is one id.
const WHOLE_PARAGRAPHS = 1_000_000;

const SquadSchema = z.object({
  version: z.string(),
  data: z.array(
    z.object({
      title: z.string().min(1),
      paragraphs: z.array(
        z.object({
          context: z.string().min(1),
          qas: z.array(
            z.object({
              id: z.string(),
              question: z.string(),
              is_impossible: z.boolean(),
              answers: z.array(z.object({ text: z.string(), answer_start: z.number() })),
            }),
          ),
        }),
      ),
    }),
  ),
});
type Squad = z.infer<typeof SquadSchema>;

interface Item {
  article: string;
  question: string;
  answerable: boolean;
  /** The passage id of the question's own paragraph. */
  passage: string;
  answers: string[];
}

/** Each article as a Markdown file: `# Title`, then `## Paragraph N` over each paragraph. */
function corpusOf(squad: Squad): { files: Array<{ path: string; text: string }>; items: Item[] } {
  const files = [];
  const items: Item[] = [];
  for (const article of squad.data) {
    const stem = slugify(article.title);
    const title = article.title.replaceAll('_', ' ');
    const sections = article.paragraphs.map((paragraph, at) => {
      const heading = `Paragraph ${at + 1}`;
      const passage = `${stem}#${slugify(heading)}`;
      for (const qa of paragraph.qas) {
        items.push({
          article: title,
          question: qa.question,
          answerable: !qa.is_impossible,
          passage,
          answers: qa.answers.map((answer) => answer.text),
        });
      }
      return `## ${heading}\n\n${paragraph.context.trim()}\n`;
    });
    files.push({ path: `${stem}.md`, text: `# ${title}\n\n${sections.join('\n')}` });
  }
  return { files, items };
}

type Outcome =
  | { status: 'gate' }
  | { status: 'refused' }
  | { status: 'answered'; rightPassage: boolean; holdsAnswer: boolean };

async function outcomeOf(engine: Engine, item: Item, answerability: boolean): Promise<Outcome> {
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

function count(row: Row, item: Item, before: Outcome, after: Outcome): void {
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
        file: { type: 'string', default: DEFAULT_FILE },
        prompt: { type: 'string', default: DEFAULT_PROMPT },
      },
    },
    USAGE,
  );
  const parsed = SquadSchema.safeParse(readJson(values.file, 'SQuAD file'));
  if (!parsed.success) {
    throw new UsageError(`${values.file} is not a SQuAD 2.0 file: ${describeIssues(parsed.error)}`);
  }
  const prompt = {
    version: basename(values.prompt, extname(values.prompt)),
    text: readText(values.prompt, 'prompt'),
  };
  const { files, items } = corpusOf(parsed.data);
  const engine = createEngine(
    compileIndex({ files, prompt, gate: DEFAULT_GATE, maxChars: WHOLE_PARAGRAPHS }),
  );

  console.log(`npm run eval:squad -- --file ${values.file} --prompt ${values.prompt}`);
  console.log(`data: ${CREDIT}`);
  console.log(
    `${engine.retriever.passages.length} passages; gate threshold ${engine.gate.threshold} (shipped, ` +
      `calibrated on the library manual, not on SQuAD); prompt ${prompt.version}; generator: extractive ` +
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
