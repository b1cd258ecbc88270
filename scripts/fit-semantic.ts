// npm run fit:semantic -- [--report FILE] [--no-write]
//
// Fits the semantic channel (src/retrieval/semantic.ts) and the gate on its evidence, and writes
// src/retrieval/semantic-model.ts and its report (default docs/semantic-channel.md). The data:
//   - development questions: the shipped set, eval/paraphrases.json, the Preact docs' questions;
//   - off-topic negatives: the even-numbered half of the off-topic probes (WebQuestions); the odd half is
//     never fitted on, and is where the report's off-topic figures come from ("held out");
//   - SQuAD stays a test set: nothing here reads it.
// Steps, every number chosen on held-out predictions (5-fold by question, folds fixed by position):
//   1. for each way of reading questions (SETTINGS: what a neighbour in meaning weighs in retrieval),
//      each question's features at its best passage, and where its labelled passage ranks;
//   2. for each gate model (MODELS: sets of features), a logistic regression of answerable; its threshold
//      by the rule: the highest score that keeps 95% of the answerable development questions whose
//      labelled passage is in the top contextSize, on the cross-validated scores;
//   3. chosen: at that equal recall, the reading and model that let the fewest development off-topic probes
//      through (held out), then the most passages reach the generator, then the simpler.
import { readFileSync } from 'node:fs';
import { SHOWN_PASSAGES } from '../src/ask/engine';
import type { CompiledIndex } from '../src/compiled-index/types';
import { decodeWordVectors } from '../src/compiled-index/word-vectors';
import { DEFAULT_CONTEXT_SIZE } from '../src/config';
import { rocAuc } from '../src/evaluation/eval-set';
import { fitLogistic } from '../src/evaluation/logistic';
import type { SuiteItem } from '../src/evaluation/suite';
import { FEATURE_NAMES, NO_EVIDENCE, SEMANTIC_FEATURE_NAMES } from '../src/retrieval/evidence';
import { createRetriever } from '../src/retrieval/retrieve';
import { type SemanticModel, type SemanticSettings, semanticChannel } from '../src/retrieval/semantic';
import type { EvidenceFeatures } from '../src/types';
import { DEVELOPMENT_SETS, sets } from './benchmark-sets';
import { parseCommandLine, run, UsageError, writeFitted } from './cli';
import { VECTORS_CREDIT } from './semantic';
import { defaultVectors, TABLE_WORDS, TOP_COMPONENTS } from './vector-table';

const USAGE = 'usage: npm run fit:semantic -- [--report FILE] [--no-write]';
const MODEL_FILE = 'src/retrieval/semantic-model.ts';
const FOLDS = 5;
/** The share of the retrieved-right answerable questions the threshold keeps. */
const KEEP = 0.95;
const OFFTOPIC = 'offtopic';

/** What a neighbour in meaning weighs in retrieval; 0 leaves retrieval lexical (the gate still reads meaning). */
const SETTINGS: readonly SemanticSettings[] = [0, 0.1, 0.25].map((weight) => ({
  weight,
  minSimilarity: 0.6,
  neighbours: 3,
}));

const MODELS: ReadonlyArray<{ name: string; columns: ReadonlyArray<keyof EvidenceFeatures> }> = [
  { name: 'cosine alone (the lexical gate)', columns: ['cosine'] },
  { name: 'lexical evidence', columns: FEATURE_NAMES },
  { name: 'lexical + unknown names', columns: [...FEATURE_NAMES, 'unknownNames'] },
  { name: 'word vectors alone', columns: ['close', 'related', 'meanSimilarity'] },
  { name: 'fused (lexical + word vectors + names)', columns: SEMANTIC_FEATURE_NAMES },
];

interface Row {
  set: string;
  answerable: boolean;
  /** Off-topic probes: whether this one is in the half the fit may read. */
  development: boolean;
  /** 0-based rank of the labelled passage, -1 when not retrieved or unlabelled. */
  rank: number;
  fold: number;
  /** At the best passage by retrieval: what the model is fitted on. */
  features: EvidenceFeatures;
  /** At every passage the gate reads: it passes when the highest of their scores does. */
  retrievedFeatures: EvidenceFeatures[];
  /**
   * The labelled passage's, when it is in the top contextSize: it reaches the generator when its own
   * score passes (the gate's `contextOf`), and then the gate passes too.
   */
  labelled: EvidenceFeatures | undefined;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const retrieved = (row: Row) => row.rank >= 0 && row.rank < DEFAULT_CONTEXT_SIZE;

interface Fitted {
  bias: number;
  weights: number[];
  score: (row: Row) => number;
}

function fitModel(rows: readonly Row[], columns: ReadonlyArray<keyof EvidenceFeatures>): Fitted {
  const x = (row: Row) => columns.map((column) => row.features[column]);
  const model = fitLogistic({ features: rows.map(x), labels: rows.map((row) => row.answerable) });
  return {
    bias: model.bias,
    weights: model.weights,
    score: (row) =>
      sigmoid(x(row).reduce((sum, value, k) => sum + value * (model.weights[k] as number), model.bias)),
  };
}

/** The rule's threshold: the highest score that keeps KEEP of the retrieved-right answerable scores. */
function ruleThreshold(scores: readonly number[]): number {
  const sorted = [...scores].sort((a, b) => b - a);
  const kept = sorted[Math.max(0, Math.ceil(KEEP * sorted.length) - 1)];
  if (kept === undefined) throw new Error('fit:semantic: no answerable question has its passage retrieved');
  return Math.floor(kept * 1000) / 1000;
}

interface Judged {
  name: string;
  columns: ReadonlyArray<keyof EvidenceFeatures>;
  full: Fitted;
  /** Each development row's score from the fold model that did not see it. */
  heldOut: Map<Row, number>;
  threshold: number;
  inSampleThreshold: number;
}

function judge(rows: readonly Row[], model: (typeof MODELS)[number]): Judged {
  const development = rows.filter((row) => row.development);
  const heldOut = new Map<Row, number>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const fitted = fitModel(
      development.filter((row) => row.fold !== fold),
      model.columns,
    );
    for (const row of development.filter((row) => row.fold === fold)) heldOut.set(row, fitted.score(row));
  }
  const full = fitModel(development, model.columns);
  const keptScores = (score: (row: Row) => number) =>
    development.filter((row) => row.answerable && retrieved(row)).map(score);
  return {
    ...model,
    full,
    heldOut,
    threshold: ruleThreshold(keptScores((row) => heldOut.get(row) as number)),
    inSampleThreshold: ruleThreshold(keptScores(full.score)),
  };
}

/** Per set: answerable whose passage reaches the generator, unanswerable passing, at `threshold`. */
function outcomes(rows: readonly Row[], score: (row: Row) => number, threshold: number) {
  const bySet = new Map<string, { reach: number; answerable: number; pass: number; unanswerable: number }>();
  for (const row of rows) {
    const counts = bySet.get(row.set) ?? { reach: 0, answerable: 0, pass: 0, unanswerable: 0 };
    const passes = score(row) >= threshold;
    if (row.answerable) {
      counts.answerable++;
      if (passes && retrieved(row)) counts.reach++;
    } else {
      counts.unanswerable++;
      if (passes) counts.pass++;
    }
    bySet.set(row.set, counts);
  }
  return bySet;
}

interface DevSet {
  name: string;
  index: CompiledIndex;
  items: SuiteItem[];
}

function rowsFor(options: {
  devSets: readonly DevSet[];
  table: ReturnType<typeof decodeWordVectors>;
  settings: SemanticSettings | undefined;
}): Row[] {
  const rows: Row[] = [];
  for (const { name, index, items } of options.devSets) {
    const channel = semanticChannel(options.table, index.terms);
    const retriever = createRetriever({
      ...index,
      expansionWeight: 0.25,
      ...(options.settings === undefined ? {} : { semantic: { channel, settings: options.settings } }),
    });
    items.forEach((item, at) => {
      const { scored, features } = retriever.read(item.question, SHOWN_PASSAGES);
      const rank = item.passage === undefined ? -1 : scored.findIndex((s) => s.passage.id === item.passage);
      rows.push({
        set: name,
        answerable: item.answerable,
        development: name !== OFFTOPIC || at % 2 === 0,
        rank: rank < DEFAULT_CONTEXT_SIZE ? rank : -1,
        fold: rows.length % FOLDS,
        features: features[0] ?? NO_EVIDENCE,
        retrievedFeatures: features,
        labelled: rank < 0 || rank >= DEFAULT_CONTEXT_SIZE ? undefined : features[rank],
      });
    });
  }
  return rows;
}

const share = (count: number, of: number) =>
  `${count} of ${of} (${of === 0 ? '—' : Math.round((100 * count) / of)}%)`;
const fixed = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(3));
const table = (head: readonly string[], body: ReadonlyArray<readonly string[]>) => [
  `| ${head.join(' | ')} |`,
  `|${head.map(() => '---').join('|')}|`,
  ...body.map((row) => `| ${row.join(' | ')} |`),
];

run(() => {
  const { values } = parseCommandLine(
    { options: { report: { type: 'string' }, 'no-write': { type: 'boolean', default: false } } },
    USAGE,
  );
  const reportPath = values.report ?? 'docs/semantic-channel.md';
  const all = sets();
  const devSets: DevSet[] = [];
  for (const name of [...DEVELOPMENT_SETS, OFFTOPIC]) {
    const prepared = all.get(name)?.();
    if (prepared === undefined || !prepared.ok) throw new UsageError(`fit:semantic needs the set ${name}`);
    devSets.push({ name, index: prepared.set.index, items: prepared.set.items });
  }
  const tablePath = defaultVectors();
  const vectors = decodeWordVectors(readFileSync(tablePath));
  const setNames = devSets.map((set) => set.name).filter((name) => name !== OFFTOPIC);

  // 1. Retrieval: where the labelled passage ranks, words alone and with each reading.
  const lexicalRows = rowsFor({ devSets, table: vectors, settings: undefined });
  const readings = SETTINGS.map((settings) => ({
    settings,
    rows: rowsFor({ devSets, table: vectors, settings }),
  }));
  const rankLine = (label: string, rows: readonly Row[]) => [
    label,
    ...setNames.flatMap((set) => {
      const answerable = rows.filter((row) => row.set === set && row.answerable);
      return [
        share(answerable.filter((row) => row.rank === 0).length, answerable.length),
        share(answerable.filter(retrieved).length, answerable.length),
      ];
    }),
  ];

  // 2 and 3. Every model on every reading, judged on held-out scores.
  const candidates = readings.flatMap(({ settings, rows }) =>
    MODELS.map((model) => {
      const judged = judge(rows, model);
      const reach = [
        ...outcomes(
          rows.filter((r) => r.development),
          (r) => judged.heldOut.get(r) as number,
          judged.threshold,
        ).values(),
      ].reduce((sum, counts) => sum + counts.reach, 0);
      const offDevelopment = rows.filter(
        (row) =>
          row.set === OFFTOPIC && row.development && (judged.heldOut.get(row) as number) >= judged.threshold,
      ).length;
      return { settings, rows, judged, reach, offDevelopment };
    }),
  );
  // Every candidate keeps the same share by its rule (equal recall): what tells them apart is what else
  // gets through, on the development half of the probes.
  const chosen = [...candidates].sort(
    (a, b) =>
      a.offDevelopment - b.offDevelopment ||
      b.reach - a.reach ||
      a.judged.columns.length - b.judged.columns.length ||
      a.settings.weight - b.settings.weight,
  )[0] as (typeof candidates)[number];

  const model: SemanticModel = {
    version: `fit-${new Date().toISOString().slice(0, 10)}-${chosen.judged.columns.length}f-w${chosen.settings.weight}`,
    settings: chosen.settings,
    evidence: {
      bias: round(chosen.judged.full.bias),
      weights: Object.fromEntries(
        chosen.judged.columns.map((c, k) => [c, round(chosen.judged.full.weights[k] as number)]),
      ),
      source: `npm run fit:semantic on ${new Date().toISOString().slice(0, 10)} (docs/semantic-channel.md)`,
    },
    threshold: chosen.judged.threshold,
    source:
      `fitted by npm run fit:semantic (${new Date().toISOString().slice(0, 10)}): the highest evidence score ` +
      `that keeps ${KEEP * 100}% of the development questions whose passage was retrieved, cross-validated`,
  };

  const offTest = (c: (typeof candidates)[number], score: (row: Row) => number) => {
    const probes = c.rows.filter((row) => row.set === OFFTOPIC && !row.development);
    return share(probes.filter((row) => score(row) >= c.judged.threshold).length, probes.length);
  };
  const report = [
    '# The semantic channel: what `npm run fit:semantic` fitted',
    '',
    `Made by \`npm run fit:semantic\` (scripts/fit-semantic.ts) on ${new Date().toISOString().slice(0, 10)}.`,
    `Word vectors: ${VECTORS_CREDIT}; the ${TABLE_WORDS.toLocaleString('en')} most frequent words, letters only and no stopword, one vector a term (its most frequent form), the mean and top ${TOP_COMPONENTS} principal directions taken out, one byte a component: ${vectors.terms.length.toLocaleString('en')} terms, \`${tablePath}\` (written by \`npm run write:vectors\`).`,
    '',
    'Development questions: ' +
      setNames.map((name) => `${name} (${lexicalRows.filter((r) => r.set === name).length})`).join(', ') +
      `; off-topic negatives: the even half of the ${lexicalRows.filter((r) => r.set === OFFTOPIC).length} off-topic probes (WebQuestions, Berant et al., 2013, CC BY 4.0). The odd half is never fitted on: its figures are held out. SQuAD is not read.`,
    '',
    'Features at each question’s best passage (src/retrieval/retrieve.ts, `featuresOf`): `cosine` (the retrieval score), `coverage` and `weightedCoverage` (share of the question’s words the passage holds, plain and idf-weighted), `close` and `related` (idf share of the words the passage lacks whose nearest passage word has a cosine of at least 0.6, or 0.45: kernel-pooled soft matches, as K-NRM counts them), `meanSimilarity` (cosine of the idf-weighted mean vectors), `unknownNames` (share of the question’s words that are names the corpus never writes).',
    '',
    '## 1. Retrieval: the labelled passage at rank 1 and in the top 3',
    '',
    ...table(
      ['reading', ...setNames.flatMap((set) => [`${set}: rank 1`, `${set}: top 3`])],
      [
        rankLine('words alone (lexical)', lexicalRows),
        ...readings.map(({ settings, rows }) =>
          rankLine(`+ neighbours in meaning at weight ${settings.weight}`, rows),
        ),
      ],
    ),
    '',
    'A neighbour is a corpus term within cosine 0.6 of a question term (at most 3 a term), added to the question at the weight times its cosine. GloVe’s neighbours are related words more often than synonyms (“quiet” → “close”, “good”), so a neighbour that outweighs the words moves wrong passages up.',
    '',
    '## 2. The gate: each model at the threshold its rule chooses',
    '',
    `Threshold rule: the highest score that keeps ${KEEP * 100}% of the development questions whose labelled passage is in the top 3, on cross-validated scores (${FOLDS}-fold by question). Each model therefore passes about the same share of those questions (equal recall); what differs is what else gets through. “Reach” is the answerable questions whose labelled passage reaches the generator (retrieved in the top 3 and past the gate). Held out: every figure is from the fold model that did not see the question, the off-topic column from the probes never fitted on; in sample: the model fitted on all development rows, at its own rule threshold.`,
    '',
    ...readings.flatMap(({ settings }) => {
      const own = candidates.filter((c) => c.settings === settings);
      return [
        `### Reading: neighbours at weight ${settings.weight}`,
        '',
        ...table(
          [
            'model',
            'threshold held out / in sample',
            ...setNames.map((set) => `${set}: reach held out / in sample`),
            ...setNames.map((set) => `${set}: unanswerable past (held out)`),
            'off-topic past, held-out probes (held out / in sample)',
            'ROC AUC answerable vs the rest (held out / in sample)',
          ],
          own.map((c) => {
            const held = (row: Row) => c.judged.heldOut.get(row) as number;
            const dev = c.rows.filter((row) => row.development);
            const heldOutcomes = outcomes(dev, held, c.judged.threshold);
            const inOutcomes = outcomes(dev, c.judged.full.score, c.judged.inSampleThreshold);
            const auc = (score: (row: Row) => number) =>
              rocAuc(dev.filter((r) => r.answerable).map(score), dev.filter((r) => !r.answerable).map(score));
            const probes = c.rows.filter((row) => row.set === OFFTOPIC && !row.development);
            return [
              c.judged.name + (c === chosen ? ' **(chosen)**' : ''),
              `${fixed(c.judged.threshold)} / ${fixed(c.judged.inSampleThreshold)}`,
              ...setNames.map((set) => {
                const h = heldOutcomes.get(set);
                const i = inOutcomes.get(set);
                return `${h?.reach ?? 0} / ${i?.reach ?? 0} of ${h?.answerable ?? 0}`;
              }),
              ...setNames.map((set) => {
                const h = heldOutcomes.get(set);
                return `${h?.pass ?? 0} of ${h?.unanswerable ?? 0}`;
              }),
              `${offTest(c, c.judged.full.score)} / ${share(
                probes.filter((row) => c.judged.full.score(row) >= c.judged.inSampleThreshold).length,
                probes.length,
              )}`,
              `${fixed(auc(held))} / ${fixed(auc(c.judged.full.score))}`,
            ];
          }),
        ),
        '',
      ];
    }),
    '## 3. Chosen',
    '',
    `At the rule’s equal recall, the reading and model that let the fewest development off-topic probes through (held out), then the most answerable questions’ passages reach the generator: **${chosen.judged.name}**, neighbours at weight ${chosen.settings.weight}, threshold **${fixed(chosen.judged.threshold)}**.`,
    '',
    ...table(
      ['', 'weight'],
      [
        ['bias', fixed(chosen.judged.full.bias)],
        ...chosen.judged.columns.map((c, k) => [c, fixed(chosen.judged.full.weights[k])]),
      ],
    ),
    '',
    'Each development set left out in turn (the model fitted on the other sets and the off-topic half, its threshold by the rule on those): the left-out set’s reach and unanswerable passing.',
    '',
    ...table(
      ['left out', 'reach', 'unanswerable past', 'threshold'],
      setNames.map((set) => {
        const train = chosen.rows.filter((row) => row.development && row.set !== set);
        const fitted = fitModel(train, chosen.judged.columns);
        const threshold = ruleThreshold(train.filter((r) => r.answerable && retrieved(r)).map(fitted.score));
        const counts = outcomes(
          chosen.rows.filter((row) => row.set === set),
          fitted.score,
          threshold,
        ).get(set);
        return [
          set,
          `${counts?.reach ?? 0} of ${counts?.answerable ?? 0}`,
          `${counts?.pass ?? 0} of ${counts?.unanswerable ?? 0}`,
          fixed(threshold),
        ];
      }),
    ),
    '',
    'The sentence encoder (Universal Sentence Encoder lite, docs/sentence-encoder.md) is not in this fit: measured alone it ranked the labelled passage first less often than the words on every development set, and it was not fused here.',
    '',
  ].join('\n');

  const modelText = [
    '// Written by `npm run fit:semantic` (scripts/fit-semantic.ts); its report is docs/semantic-channel.md.',
    "import type { SemanticModel } from './semantic';",
    '',
    `export const SEMANTIC_MODEL: SemanticModel = ${JSON.stringify(model, null, 2)};`,
    '',
  ].join('\n');
  if (!values['no-write'])
    writeFitted([
      { path: reportPath, text: report },
      { path: MODEL_FILE, text: modelText },
    ]);
  console.log(report);
  return 0;
});

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
