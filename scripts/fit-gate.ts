// npm run fit:gate -- [--report FILE]
//
// Fits, on the development sets only (the shipped set, eval/paraphrases.json, the Preact docs when they
// ingest), in three steps:
//   1. the thesaurus weight: the one of WEIGHTS that puts the labelled passage in the top contextSize for
//      the most answerable questions (then at rank 1; then the smaller weight);
//   2. the gate's evidence model: logistic regression of "answerable" on the features of each question's
//      best passage (src/retrieval/evidence.ts);
//   3. the threshold on that score: the lowest evidence score of an answerable question whose labelled
//      passage is in the top contextSize, so that the gate refuses none that retrieval got right (the
//      target is the right passage in the context for >= 95% of them), rounded down to three places.
// Prints what to put in src/config.ts and writes the fit's report (default docs/gate-fit.md). The
// off-topic probes and SQuAD stay test sets: nothing here reads them.
import { writeFileSync } from 'node:fs';
import type { CompiledIndex } from '../src/compiled-index/types';
import { calibrate, rocAuc } from '../src/evaluation/eval-set';
import { fitLogistic } from '../src/evaluation/logistic';
import type { SuiteItem } from '../src/evaluation/suite';
import {
  type EvidenceFeatures,
  type EvidenceWeights,
  evidenceScore,
  FEATURE_NAMES,
} from '../src/retrieval/evidence';
import { createRetriever } from '../src/retrieval/retrieve';
import { DEVELOPMENT_SETS, sets } from './benchmark-sets';
import { parseCommandLine, run } from './cli';

const USAGE = 'usage: npm run fit:gate -- [--report FILE]';
const ZERO: EvidenceFeatures = { cosine: 0, coverage: 0, weightedCoverage: 0 };
const WEIGHTS = [0, 0.25, 0.5, 0.75, 1];

interface DevSet {
  name: string;
  index: CompiledIndex;
  items: SuiteItem[];
}

interface Row {
  set: string;
  question: string;
  answerable: boolean;
  /** Whether the labelled passage is among the top contextSize (answerable questions only). */
  retrieved: boolean;
  features: EvidenceFeatures;
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
        features: features[0] ?? ZERO,
      };
    });
  });
}

run(() => {
  const { values } = parseCommandLine(
    { options: { report: { type: 'string', default: 'docs/gate-fit.md' } } },
    USAGE,
  );
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
  const byWeight = WEIGHTS.map((weight) => {
    const rows = rowsAt(devSets, weight).filter((row) => row.answerable);
    const rankOne = devSets.flatMap(({ index, items }) => {
      const retriever = createRetriever({ ...index, expansionWeight: weight });
      return items.filter(
        (item) => item.answerable && retriever.retrieve(item.question, 1)[0]?.passage.id === item.passage,
      );
    }).length;
    return {
      weight,
      retrieved: rows.filter((row) => row.retrieved).length,
      rankOne,
      answerable: rows.length,
    };
  });
  const best = [...byWeight].sort(
    (a, b) => b.retrieved - a.retrieved || b.rankOne - a.rankOne || a.weight - b.weight,
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
  const retrievedScores = scored.filter((row) => row.answerable && row.retrieved).map((row) => row.score);
  const threshold = Math.floor(Math.min(...retrievedScores) * 1000) / 1000;
  const passing = (subset: typeof scored) => subset.filter((row) => row.score >= threshold).length;
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
    `Made by \`npm run fit:gate\` (scripts/fit-gate.ts) on ${date}. Development sets only; the off-topic`,
    'probes and SQuAD are test sets and the fit never reads them:',
    '',
    ...used.map((line) => `- ${line}`),
    ...left.map((line) => `- left out: ${line}`),
    '',
    '## 1. Thesaurus weight',
    '',
    'A question word the corpus lacks is also read as the corpus words WordNet gives for its most frequent',
    'sense, each weighing this much against a written word. Chosen: the weight that puts the labelled',
    'passage in the top contextSize for the most answerable questions (then rank 1, then the smaller).',
    '',
    '| weight | labelled passage in the top contextSize | at rank 1 |',
    '|---|---|---|',
    ...byWeight.map(
      (row) =>
        `| ${row.weight} | ${row.retrieved} of ${row.answerable} | ${row.rankOne} of ${row.answerable} |`,
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
    `At it, ${passing(scored.filter((row) => row.answerable))} of ${scored.filter((row) => row.answerable).length} answerable and ${passing(scored.filter((row) => !row.answerable))} of ${scored.filter((row) => !row.answerable).length} unanswerable development questions pass the gate.`,
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
  writeFileSync(values.report, lines.join('\n'));
  console.log(lines.join('\n'));
  console.log('src/config.ts:');
  console.log(`THESAURUS_WEIGHT = ${best.weight}`);
  console.log(`GATE_EVIDENCE = ${adopt ? JSON.stringify(model) : 'undefined'}`);
  console.log(`\nreport: ${values.report}`);
  return 0;
});
