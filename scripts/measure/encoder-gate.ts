// The sentence encoder in the gate (npm run fit:semantic -- --encoder): every text embedded, what
// the encoder costs, and the report's section comparing the models with and without it.
import { loadavg } from 'node:os';
import { SHOWN_PASSAGES } from '../../src/ask/engine';
import { rocAuc } from '../../src/evaluation/eval-set';
import {
  ENCODER_CACHE,
  ENCODER_CREDIT,
  embedder,
  encoderDownload,
  encoderTimes,
  loadEncoder,
  passageText,
} from '../lib/encoder';
import {
  type Candidate,
  type DevSet,
  FOLDS,
  fixed,
  leftOut,
  type Model,
  OFFTOPIC,
  outcomes,
  type Row,
  share,
  table,
  usesEncoder,
  weightsTable,
} from './gate-fitting';

/** How many questions the encoder's cost per question is timed on. */
const TIMED_QUESTIONS = 50;
/** How many passages its cost per passage is timed on: the manual's, then the Preact docs'. */
const TIMED_PASSAGES = 128;

/** --encoder: every question and passage embedded (from the cache when it has them), and what that costs. */
export async function encodeSets(devSets: readonly DevSet[]) {
  const model = await loadEncoder();
  const encoder = embedder(model, ENCODER_CACHE);
  for (const { name, index, items } of devSets) {
    await encoder.add(
      items.map((item) => item.question),
      `${name} questions`,
    );
    await encoder.add(index.passages.map(passageText), `${name} passages`);
  }
  encoder.save();
  const byName = (name: string) => devSets.find((set) => set.name === name) as DevSet;
  const times = await encoderTimes({
    model,
    questions: byName('paraphrases')
      .items.slice(0, TIMED_QUESTIONS)
      .map((item) => item.question),
    passages: [...byName('shipped').index.passages, ...byName('realdocs-preact').index.passages]
      .slice(0, TIMED_PASSAGES)
      .map(passageText),
  });
  const passagesBySet = new Map(devSets.map((set) => [set.name, set.index.passages.length]));
  return { encoder, cost: { ...encoderDownload(), ...times, load: loadavg()[0] as number, passagesBySet } };
}
export type EncoderCost = Awaited<ReturnType<typeof encodeSets>>['cost'];

/**
 * Exact two-sided McNemar test on paired outcomes: `only` probes one model lets through and the other
 * does not, `onlyOther` the reverse. The chance of a split at least this uneven if both were as good.
 */
export function mcnemar(only: number, onlyOther: number): number {
  const n = only + onlyOther;
  const k = Math.min(only, onlyOther);
  let logChoose = 0;
  let tail = 0;
  for (let j = 0; j <= k; j++) {
    if (j > 0) logChoose += Math.log(n - j + 1) - Math.log(j);
    tail += Math.exp(logChoose - n * Math.LN2);
  }
  return Math.min(1, 2 * tail);
}

/** The report's section on the sentence encoder: the compared models side by side, the cost, the verdict. */
export function encoderSection(options: {
  candidates: readonly Candidate[];
  /** Side by side, in this order. */
  compared: readonly Model[];
  /** The shipped model, and the same with the encoder: the verdict compares them. */
  shipped: Model;
  withEncoder: Model;
  setNames: readonly string[];
  /** The rule's choice over every model, the encoder's included. */
  chosen: Candidate;
  cost: EncoderCost;
}): { lines: string[]; earns: boolean } {
  const { candidates, compared, setNames, chosen, cost } = options;
  const of = (model: Model) => candidates.find((c) => c.judged.name === model.name) as Candidate;
  const probesOf = (rows: readonly Row[], development: boolean) =>
    rows.filter((row) => row.set === OFFTOPIC && row.development === development);
  const modelRows = compared.flatMap((model) => {
    const c = of(model);
    const dev = c.rows.filter((row) => row.development);
    const held = (row: Row) => c.judged.heldOut.get(row) as number;
    const auc = (rows: readonly Row[], score: (row: Row) => number) =>
      rocAuc(rows.filter((r) => r.answerable).map(score), rows.filter((r) => !r.answerable).map(score));
    const past = (rows: readonly Row[], score: (row: Row) => number, threshold: number) =>
      share(rows.filter((row) => score(row) >= threshold).length, rows.length);
    const keptCells = (counts: ReturnType<typeof outcomes>, only?: string) =>
      setNames.map((set) => {
        const k = counts.get(set);
        return only !== undefined && set !== only
          ? ''
          : `${k?.kept ?? 0} / ${k?.reach ?? 0} of ${k?.answerable ?? 0}`;
      });
    const evaluations = [
      [
        `${FOLDS}-fold, held out`,
        fixed(c.judged.threshold),
        ...keptCells(outcomes(dev, held, c.judged.threshold)),
        past(probesOf(c.rows, true), held, c.judged.threshold),
        past(probesOf(c.rows, false), c.judged.full.score, c.judged.threshold),
        fixed(auc(dev, held)),
      ],
      [
        'in sample',
        fixed(c.judged.inSampleThreshold),
        ...keptCells(outcomes(dev, c.judged.full.score, c.judged.inSampleThreshold)),
        past(probesOf(c.rows, true), c.judged.full.score, c.judged.inSampleThreshold),
        past(probesOf(c.rows, false), c.judged.full.score, c.judged.inSampleThreshold),
        fixed(auc(dev, c.judged.full.score)),
      ],
      ...setNames.map((set) => {
        const out = leftOut({ rows: c.rows, columns: c.judged.columns, set });
        const counts = new Map(out.counts === undefined ? [] : [[set, out.counts]]);
        return [
          `${set} left out`,
          fixed(out.threshold),
          ...keptCells(counts, set),
          past(probesOf(c.rows, true), out.fitted.score, out.threshold),
          past(probesOf(c.rows, false), out.fitted.score, out.threshold),
          fixed(auc([...out.own, ...probesOf(c.rows, false)], out.fitted.score)),
        ];
      }),
    ];
    return evaluations.map((cells, k) => [k === 0 ? `**${model.name}**` : '', ...cells]);
  });

  // The verdict: the shipped model against the same with the encoder, on the probes never fitted on.
  const shipped = of(options.shipped);
  const withEncoder = of(options.withEncoder);
  const passes = (c: Candidate) => {
    const through = new Set<number>();
    probesOf(c.rows, false).forEach((row, k) => {
      if (c.judged.full.score(row) >= c.judged.threshold) through.add(k);
    });
    return through;
  };
  const shippedPast = passes(shipped);
  const encoderPast = passes(withEncoder);
  const onlyShipped = [...shippedPast].filter((k) => !encoderPast.has(k)).length;
  const onlyEncoder = [...encoderPast].filter((k) => !shippedPast.has(k)).length;
  const p = mcnemar(onlyShipped, onlyEncoder);
  const probes = probesOf(shipped.rows, false).length;
  const earns =
    usesEncoder(chosen.judged.columns) &&
    encoderPast.size < shippedPast.size &&
    p < 0.05 &&
    withEncoder.reach >= shipped.reach;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const sizes = (bytes: { raw: number; gzip: number }) => `${mb(bytes.raw)} (${mb(bytes.gzip)} gzipped)`;
  const leftOutLines = setNames.map((set) => {
    const [a, b] = [shipped, withEncoder].map((c) => {
      const out = leftOut({ rows: c.rows, columns: c.judged.columns, set });
      const past = probesOf(c.rows, false).filter((row) => out.fitted.score(row) >= out.threshold).length;
      return `reach ${out.counts?.reach ?? 0} of ${out.counts?.answerable ?? 0}, ${past} probes past`;
    });
    return `- ${set} left out: ${a} without the encoder; ${b} with it.`;
  });
  const reading = shipped.settings.weight;
  const lines = [
    '## 4. The sentence encoder, fused',
    '',
    `Encoder: ${ENCODER_CREDIT}. Each question and passage is embedded whole (a passage as its heading trail, then its text), cached in \`${ENCODER_CACHE}\` (generated). Its features: \`encoderBest\` (the cosine of the question’s vector and the best passage’s by retrieval), \`encoderTop\` (the highest cosine among the ${SHOWN_PASSAGES} passages retrieval returns), \`encoderAny\` (the highest cosine among all the corpus’s passages: the encoder as its own retriever). The same folds, the same threshold rule, the reading chosen above (neighbours at weight ${reading}).`,
    '',
    `Each cell of a set: answerable questions kept by the gate / whose labelled passage reaches the generator, of the set’s answerable. Off-topic probes past: the even half (development: held out by fold, in sample, or fitted on when a set is left out) and the odd half (never fitted on), at the row’s threshold. ROC AUC: answerable against the rest of the development rows; for a set left out, its answerable against its unanswerable and the odd half of the probes.`,
    '',
    ...table(
      [
        'model',
        'evaluation',
        'threshold',
        ...setNames.map((set) => `${set}: kept / reach`),
        'off-topic past, even half',
        'off-topic past, odd half (held out)',
        'ROC AUC',
      ],
      modelRows,
    ),
    '',
    `The weights of ${withEncoder.judged.name}, fitted on every development row:`,
    '',
    ...weightsTable(withEncoder.judged),
    '',
    '### Cost',
    '',
    ...table(
      ['', ''],
      [
        ['weights and vocabulary (what a page would download to embed a question)', sizes(cost.model)],
        [
          'runtime (TensorFlow.js as @energetic-ai/core bundles it, unminified, and its WebAssembly backend)',
          sizes(cost.runtime),
        ],
        [
          `embedding one question alone (median of ${cost.questions} paraphrases, after one warm-up)`,
          `${cost.perQuestionMs.toFixed(1)} ms`,
        ],
        [
          `embedding a passage at ingest (${cost.passages} passages, the manual’s then the Preact docs’, in batches of 64)`,
          `${cost.perPassageMs.toFixed(1)} ms`,
        ],
        ['a passage vector (512 components)', '2,048 bytes as float32, 512 at one byte a component'],
      ],
    ),
    '',
    `Timed in Node on this machine (2 cores shared with other work; load average ${cost.load.toFixed(1)} just after), the package’s WebAssembly backend.`,
    '',
    '### Does it earn its weight?',
    '',
    `At the rule’s threshold on held-out scores (equal recall, or more where the probes allow), on the ${probes} probes never fitted on: ${shipped.judged.name} (shipped) lets ${shippedPast.size} through, ${withEncoder.judged.name} ${encoderPast.size} (${onlyShipped} pass only the first, ${onlyEncoder} only the second; exact McNemar p = ${p.toPrecision(2)}). Answerable passages reaching the generator (held out, development sets): ${shipped.reach} and ${withEncoder.reach}. Over every model, encoder or not, the rule (fewest development probes past, held out) chooses **${chosen.judged.name}**${usesEncoder(chosen.judged.columns) ? ': the engine cannot read it, so the shipped model is the rule’s choice among the models without the encoder (section 3)' : ''}.`,
    '',
    'Each development set left out in turn (fitted on the others and the even half of the probes, threshold by the rule on those), the shipped model’s features against the same with the encoder: here the two are not at equal recall.',
    '',
    ...leftOutLines,
    '',
    ...(earns
      ? [
          `It earns its place by these figures: the rule chooses a model with it, and on the held-out probes ${withEncoder.judged.name} lets significantly fewer through (p < 0.05) at no lower reach. This run writes it into \`src/retrieval/semantic-model.ts\` as the gate the engine reads when the encoder is loaded (\`SEMANTIC_MODEL.encoder\`): the command line, by default. It reads the retrieved passages only, so no file of passage vectors is needed at any corpus size: the question and the passages retrieval returns are embedded at ask time (${cost.perQuestionMs.toFixed(0)} ms a question here, ${cost.perPassageMs.toFixed(0)} ms a passage the first time it is retrieved; the engine keeps the passages’ vectors).`,
          '',
          `The page does not read it yet and keeps ${shipped.judged.name}. It would take the weights and vocabulary served from the site (${sizes(cost.model)}), a browser build of the runtime (${sizes(cost.runtime)} as bundled for Node), both fetched after the first paint and cached by the service worker, and the embedding in the worker.`,
        ]
      : [
          'It does not earn its place by these figures (it is adopted only if the rule chooses it and, on the held-out probes, it lets significantly fewer through, p < 0.05, at no lower reach): this run writes no encoder gate, and the engine reads the word vectors and the words alone.',
        ]),
  ];
  return { lines, earns };
}
