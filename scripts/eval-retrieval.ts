// npm run eval:retrieval -- [--file FILE]
//
// Retrieval alone, on questions nobody on this project wrote: two SQuAD 2.0 articles, one passage per
// paragraph. For each scorer sourcebound can ship, and for MiniSearch on the same paragraphs: hit@1 and
// hit@5 of the answerable questions (their own paragraph ranked first, or in the first five), and the
// area under the ROC curve of the best score for answerable against unanswerable questions, which says
// how well any threshold on that score could tell the two groups apart.
//
// Then, for each scorer on the bundled manual and its evaluation set: the calibrated gap, and how many
// answerable questions still pass that threshold when a visitor wraps them in a polite sentence, which
// a scorer whose bound grows with every word of the question does badly.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { createEngine, retrieverOf } from '../src/ask/engine';
import { DEFAULT_GATE } from '../src/config';
import { bestOf, calibrateOn, type EvalQuestion, parseEvalSet, rocAuc } from '../src/evaluation/eval-set';
import { compileIndex } from '../src/ingest/compile';
import {
  BM25,
  DEFAULT_RETRIEVAL_MODEL,
  describeModel,
  type RetrievalModel,
  TFIDF,
} from '../src/retrieval/model';
import { passageText } from '../src/retrieval/retrieve';
import { parseCommandLine, readJson, readText, run } from './lib/cli';
import {
  readSquad,
  SQUAD_CREDIT,
  type SquadItem,
  squadCorpus,
  squadFileFrom,
  WHOLE_PARAGRAPHS,
} from './lib/squad';

const USAGE = 'usage: npm run eval:retrieval -- [--file FILE]';
const DEPTH = 5;

/** Ranks passage ids for a question, best first, with the best score (0 when nothing matched). */
type Ranker = (question: string) => { ids: string[]; best: number };

interface Figures {
  name: string;
  answerable: number;
  hitAt1: number;
  hitAtK: number;
  auc: number | undefined;
}

function measure(name: string, rank: Ranker, items: readonly SquadItem[]): Figures {
  let hitAt1 = 0;
  let hitAtK = 0;
  const answerableBest: number[] = [];
  const unanswerableBest: number[] = [];
  for (const item of items) {
    const { ids, best } = rank(item.question);
    if (!item.answerable) {
      unanswerableBest.push(best);
      continue;
    }
    answerableBest.push(best);
    const at = ids.indexOf(item.passage);
    if (at === 0) hitAt1++;
    if (at >= 0 && at < DEPTH) hitAtK++;
  }
  return {
    name,
    answerable: answerableBest.length,
    hitAt1: hitAt1 / answerableBest.length,
    hitAtK: hitAtK / answerableBest.length,
    auc: rocAuc(answerableBest, unanswerableBest),
  };
}

function sourcebound(model: RetrievalModel, files: Array<{ path: string; text: string }>): Ranker {
  const retriever = retrieverOf(
    createEngine(compileIndex({ files, gate: DEFAULT_GATE, maxChars: WHOLE_PARAGRAPHS, model })),
  );
  return (question) => {
    const hits = retriever.retrieve(question, DEPTH);
    return { ids: hits.map((hit) => hit.passage.id), best: hits[0]?.score ?? 0 };
  };
}

function minisearch(files: Array<{ path: string; text: string }>): Ranker {
  // The same passages sourcebound made, each with its heading trail, as the benchmark gives them.
  const { passages } = compileIndex({ files, maxChars: WHOLE_PARAGRAPHS });
  const index = new MiniSearch<{ id: string; text: string }>({ fields: ['text'], storeFields: [] });
  index.addAll(passages.map((passage) => ({ id: passage.id, text: passageText(passage) })));
  return (question) => {
    const results = index.search(question).slice(0, DEPTH);
    return { ids: results.map((result) => String(result.id)), best: results[0]?.score ?? 0 };
  };
}

/** What visitors add around a question; none of it is about the library. */
const PADDING = [
  ' Thanks so much for your help, I really appreciate it.',
  ' Hello there, quick question from a new resident in town.',
];

interface Robustness {
  name: string;
  midpoint: number | undefined;
  ratio: number | undefined;
  passing: number[];
  answerable: number;
}

function libraryRobustness(model: RetrievalModel, questions: readonly EvalQuestion[]): Robustness {
  const files = readdirSync('corpus')
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((path) => ({ path, text: readText(join('corpus', path), 'corpus file') }));
  const retriever = retrieverOf(createEngine(compileIndex({ files, model })));
  const best = (question: string) => bestOf(retriever.retrieve(question, 1)).bestScore;
  const calibration = calibrateOn(retriever, questions);
  const { midpoint, lowestAnswerable, highestUnanswerable } = calibration;
  const answerable = questions.filter((item) => item.answerable);
  return {
    name: describeModel(model),
    midpoint,
    ratio:
      lowestAnswerable === undefined || highestUnanswerable === undefined || highestUnanswerable === 0
        ? undefined
        : lowestAnswerable / highestUnanswerable,
    passing: PADDING.map(
      (padding) =>
        answerable.filter((item) => midpoint !== undefined && best(`${item.question}${padding}`) >= midpoint)
          .length,
    ),
    answerable: answerable.length,
  };
}

const fixed = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(3));

run(() => {
  const { values } = parseCommandLine({ options: { file: { type: 'string' } } }, USAGE);
  const file = squadFileFrom(values.file);
  const { squad, description } = readSquad(file);
  const { files, items } = squadCorpus(squad);
  const figures = [
    measure(`sourcebound ${describeModel(BM25)}`, sourcebound(BM25, files), items),
    measure(`sourcebound ${describeModel(TFIDF)}`, sourcebound(TFIDF, files), items),
    measure('minisearch (defaults: BM25+, raw scores)', minisearch(files), items),
  ];
  const unanswerable = items.filter((item) => !item.answerable).length;
  console.log(`npm run eval:retrieval -- --file ${file}`);
  console.log(`data: ${SQUAD_CREDIT}; ${description}`);
  console.log(
    `${files.length} articles, ${items.length - unanswerable} answerable and ${unanswerable} unanswerable questions; ` +
      `shipped scorer: ${DEFAULT_RETRIEVAL_MODEL.kind}`,
  );
  console.log(`\n${'scorer'.padEnd(96)} hit@1  hit@${DEPTH}  AUC (best score, answerable vs not)`);
  for (const row of figures) {
    console.log(`${row.name.padEnd(96)} ${fixed(row.hitAt1)}  ${fixed(row.hitAtK)}  ${fixed(row.auc)}`);
  }

  const questions = parseEvalSet(readJson('eval/questions.json', 'evaluation set'));
  console.log('\nThe bundled manual and eval/questions.json, each scorer calibrated on its own scores:');
  for (const row of [BM25, TFIDF].map((model) => libraryRobustness(model, questions))) {
    const padded = row.passing.map((count) => `${count}/${row.answerable}`).join(' and ');
    console.log(
      `  ${row.name}\n    threshold ${fixed(row.midpoint)}; lowest answerable ÷ highest unanswerable ${row.ratio?.toFixed(2) ?? '—'}; ` +
        `answerable questions still passing with a polite sentence added: ${padded}`,
    );
  }
  console.log(`  (the sentences: ${PADDING.map((padding) => JSON.stringify(padding.trim())).join(', ')})`);
  return 0;
});
