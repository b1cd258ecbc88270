// npm run fit:reader -- [--index FILE] [--questions FILE]... [--squad FILE | --no-squad] [--squad-every N] [--write]
//
// Fits the stand-in's reader model (src/generation/reader.ts) on the development sets: every sentence,
// list item and table row of the top passages retrieved for each question is an example, labelled as
// answering when it is in the question's labelled passage and shows every string the answer must
// contain. Logistic regression gives the weights; the threshold is the confidence at which the fewest
// false answers are given for the most right ones (see chooseThreshold). With --write, the model goes
// into src/generation/reader-model.ts and the report into docs/reader-fit.md.
import { existsSync } from 'node:fs';
import { createEngine, type Engine, retrieverOf } from '../src/ask/engine';
import { contextOf, gate } from '../src/ask/gate';
import { parseEvalSet } from '../src/evaluation/eval-set';
import { fitLogistic } from '../src/evaluation/logistic';
import { rankCandidates } from '../src/generation/extractive';
import {
  FEATURE_NAMES,
  type Features,
  questionAsRead,
  type ReaderModel,
  standInsOf,
} from '../src/generation/reader';
import { READER_MODEL } from '../src/generation/reader-model';
import { compileIndex } from '../src/ingest/compile';
import { CURRENT_PROMPT_VERSION } from '../src/prompt-versions';
import { normaliseForQuote } from '../src/text/quotes';
import type { Passage } from '../src/types';
import {
  DEFAULT_INDEX,
  loadIndexFile,
  parseCommandLine,
  readJson,
  run,
  UsageError,
  writeFitted,
} from './cli';
import { readSquad, squadCorpus, WHOLE_PARAGRAPHS } from './squad';
import { shippedRelatedWords } from './wordnet';

const USAGE =
  'usage: npm run fit:reader -- [--index FILE] [--questions FILE]... [--squad FILE | --no-squad] [--squad-every N] [--write]';
const DEFAULT_QUESTIONS = ['eval/questions.json', 'eval/paraphrases.json'];
const DEFAULT_SQUAD = '../shared/benchmarks/squad2/train-v2.0-part.json';
// A false answer (an unanswerable question answered, or an answer that is wrong) costs this many right
// answers: the project refuses rather than guess, and its targets allow 1 false answer in 50.
const FALSE_ANSWER_COST = 4;

interface Question {
  set: string;
  /** As the stand-in is given it: with the words retrieval read as typos read so (questionAsRead). */
  question: string;
  /** The words retrieval read through the thesaurus, as the stand-in is given them (standInsOf). */
  standIns: ReadonlyMap<string, readonly string[]>;
  answerable: boolean;
  /** Whether a unit, shown as `text`, from passage `id`, answers it. */
  answeredBy: (id: string, text: string) => boolean;
  passages: Passage[];
}

interface Outcome {
  answerable: number;
  unanswerable: number;
  right: number;
  wrong: number;
  falseAnswers: number;
}

const contains = (text: string, needle: string) =>
  normaliseForQuote(text).includes(normaliseForQuote(needle));

/**
 * The passages the engine would give the stand-in for this question: none when the gate stops it, else
 * the gate's context (contextOf). The reader is fitted and measured on what it is given in use.
 */
function givenToReader(
  engine: Engine,
  question: string,
): { question: string; passages: Passage[]; standIns: ReadonlyMap<string, readonly string[]> } {
  const { scored: retrieved, reading } = retrieverOf(engine).read(question, engine.contextSize);
  const read = { question: questionAsRead(question, reading), standIns: standInsOf(reading) };
  if (!gate(retrieved, engine.gate).pass) return { ...read, passages: [] };
  return { ...read, passages: contextOf(retrieved, engine).map((scored) => scored.passage) };
}

function manualQuestions(indexFile: string, files: string[]): Question[] {
  const engine = createEngine(loadIndexFile(indexFile));
  return files.flatMap((file) =>
    parseEvalSet(readJson(file, 'evaluation set')).map((item) => ({
      set: file,
      answerable: item.answerable,
      answeredBy: (id: string, text: string) =>
        item.answerable &&
        id === item.passage &&
        (item.mustContain ?? []).every((needle) => contains(text, needle)),
      ...givenToReader(engine, item.question),
    })),
  );
}

function squadQuestions(file: string, every: number): Question[] {
  const { files, items } = squadCorpus(readSquad(file).squad);
  const index = compileIndex({
    files,
    promptVersion: CURRENT_PROMPT_VERSION,
    gate: { threshold: 0, minMargin: 0, source: 'fitting' },
    maxChars: WHOLE_PARAGRAPHS,
    // As `npm run eval:suite` compiles SQuAD, and `npm run ingest` any corpus.
    ...shippedRelatedWords(),
  });
  const engine = createEngine(index);
  return items
    .filter((_, at) => at % every === 0)
    .map((item) => ({
      set: file,
      answerable: item.answerable,
      answeredBy: (id: string, text: string) =>
        item.answerable && id === item.passage && item.answers.some((answer) => contains(text, answer)),
      // The gate is open (threshold 0): SQuAD shapes the weights on every question's best passages.
      ...givenToReader(engine, item.question),
    }));
}

const vector = (features: Features) => FEATURE_NAMES.map((name) => features[name]);

/** Each question's best candidate under `model`: its confidence and whether it answers. */
function bestOf(questions: Question[], model: ReaderModel) {
  return questions.map((question) => {
    const { ranked } = rankCandidates({ ...question, model });
    // As the stand-in decides: the first ranked unit answers, if no hard rule keeps it from answering.
    const first = ranked[0];
    const best =
      first !== undefined && !first.ruledOut && first.candidate.features.termCover > 0 ? first : undefined;
    const text =
      best === undefined
        ? ''
        : best.pieces
            .map((piece) => best.candidate.unit.passage.text.slice(piece.start, piece.end))
            .join('\n');
    return {
      question,
      confidence: best?.confidence ?? 0,
      right: best !== undefined && question.answeredBy(best.candidate.unit.passage.id, text),
    };
  });
}

function outcomeAt(best: ReturnType<typeof bestOf>, threshold: number): Outcome {
  const outcome: Outcome = { answerable: 0, unanswerable: 0, right: 0, wrong: 0, falseAnswers: 0 };
  for (const { question, confidence, right } of best) {
    if (question.answerable) outcome.answerable++;
    else outcome.unanswerable++;
    if (confidence < threshold) continue;
    if (right) outcome.right++;
    else if (question.answerable) outcome.wrong++;
    else outcome.falseAnswers++;
  }
  return outcome;
}

/**
 * The threshold that maximises, summed over the sets with each set counting equally, the share of
 * answerable questions answered right minus FALSE_ANSWER_COST times the share of false answers; placed
 * halfway between the confidence it admits and the next one below.
 */
function chooseThreshold(best: ReturnType<typeof bestOf>): number {
  const sets = [...new Set(best.map((row) => row.question.set))];
  const levels = [...new Set(best.map((row) => row.confidence))].sort((a, b) => b - a);
  let chosen = 1;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const [at, level] of levels.entries()) {
    let value = 0;
    for (const set of sets) {
      const outcome = outcomeAt(
        best.filter((row) => row.question.set === set),
        level,
      );
      const rightShare = outcome.right / Math.max(1, outcome.answerable);
      const falseShare =
        (outcome.wrong + outcome.falseAnswers) / Math.max(1, outcome.answerable + outcome.unanswerable);
      value += rightShare - FALSE_ANSWER_COST * falseShare;
    }
    if (value > bestValue + 1e-12) {
      bestValue = value;
      const below = levels[at + 1] ?? 0;
      chosen = (level + below) / 2;
    }
  }
  return chosen;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        index: { type: 'string', default: DEFAULT_INDEX },
        questions: { type: 'string', multiple: true },
        squad: { type: 'string' },
        'squad-every': { type: 'string', default: '8' },
        'no-squad': { type: 'boolean', default: false },
        write: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const questionFiles = values.questions ?? DEFAULT_QUESTIONS;
  const squadFile = values['no-squad']
    ? undefined
    : (values.squad ?? (existsSync(DEFAULT_SQUAD) ? DEFAULT_SQUAD : undefined));
  const every = Number(values['squad-every']);
  if (!Number.isInteger(every) || every < 1) throw new UsageError(`--squad-every must be a whole number ≥ 1`);
  const questions = [
    ...manualQuestions(values.index, questionFiles),
    ...(squadFile === undefined ? [] : squadQuestions(squadFile, every)),
  ];
  const sets = [...new Set(questions.map((question) => question.set))];
  const perSet = new Map(
    sets.map((set) => [set, questions.filter((question) => question.set === set).length]),
  );

  // Every candidate of every question, labelled; each set weighs as much as another in total.
  const examples = questions.flatMap((question) => {
    const { ranked } = rankCandidates(question);
    const weight =
      questions.length / sets.length / (perSet.get(question.set) ?? 1) / Math.max(1, ranked.length);
    // Units the hard rules keep from answering (confidence 0) are no examples: the model never decides them.
    return ranked
      .filter((scored) => !scored.ruledOut)
      .map(({ candidate, pieces }) => {
        const text = pieces
          .map((piece) => candidate.unit.passage.text.slice(piece.start, piece.end))
          .join('\n');
        return {
          features: vector(candidate.features),
          label: question.answeredBy(candidate.unit.passage.id, text),
          weight,
        };
      });
  });
  const fit = fitLogistic({
    features: examples.map((example) => example.features),
    labels: examples.map((example) => example.label),
    weights: examples.map((example) => example.weight),
  });
  const weights = Object.fromEntries(
    FEATURE_NAMES.map((name, at) => [name, round(fit.weights[at] as number)]),
  ) as Features;
  const unthresholded: ReaderModel = { bias: round(fit.bias), weights, threshold: 0, source: '' };
  const best = bestOf(questions, unthresholded);
  // The threshold is chosen on the evaluation sets alone: their target is at most 1 false answer in
  // 50, while SQuAD's (at most 20% of unanswerable questions answered) is looser, so it only shapes the weights.
  const threshold = round(chooseThreshold(best.filter((row) => questionFiles.includes(row.question.set))));
  const date = new Date().toISOString().slice(0, 10);
  const fittedOn = sets.map((set) => `${set} (${perSet.get(set)} questions)`).join(', ');
  const model: ReaderModel = {
    ...unthresholded,
    threshold,
    source: `npm run fit:reader (${date}) on ${fittedOn}; ${examples.length} candidate units`,
  };

  const rows = sets.map((set) => {
    const outcome = outcomeAt(
      best.filter((row) => row.question.set === set),
      threshold,
    );
    return `| ${set} | ${outcome.right} of ${outcome.answerable} | ${outcome.wrong} | ${outcome.falseAnswers} of ${outcome.unanswerable} |`;
  });
  const before = bestOf(questions, READER_MODEL);
  const rowsBefore = sets.map((set) => {
    const outcome = outcomeAt(
      before.filter((row) => row.question.set === set),
      READER_MODEL.threshold,
    );
    return `| ${set} | ${outcome.right} of ${outcome.answerable} | ${outcome.wrong} | ${outcome.falseAnswers} of ${outcome.unanswerable} |`;
  });
  const table = (lines: string[]) =>
    [
      '| set | answerable answered right | answered wrongly | unanswerable answered |',
      '|---|---|---|---|',
      ...lines,
    ].join('\n');
  const report = `# The stand-in's reader model: how it was fitted

Written by \`npm run fit:reader -- --write\` on ${date}. Reproduce with the same command (it reads
\`generated/index.bin\`: run \`npm run ingest\` first).

## Fitted on

${sets.map((set) => `- \`${set}\`: ${perSet.get(set)} questions`).join('\n')}

Each question's context is what the engine would give the stand-in: none when the gate refuses the
question, else the gate's context (contextOf: up to the context size of passages at or above the
threshold; SQuAD's index has no threshold). Every sentence, list item (with its lead-in) and table row
(with its header) of those passages that can be quoted is one example (${examples.length} in all), labelled
1 when it is in the question's labelled passage and shows every \`mustContain\` string (SQuAD: one of the
answers), else 0. Each set weighs as much as another in total. SQuAD questions are every
${every}th of the training-split file${squadFile === undefined ? ' (not used: the file is absent)' : ''}; the
development articles the targets are measured on are not used.

## The model

Logistic regression (Newton’s method, L2 0.001), final log loss ${fit.loss.toFixed(4)}.

| feature | weight |
|---|---|
| bias | ${model.bias} |
${FEATURE_NAMES.map((name) => `| ${name} | ${weights[name]} |`).join('\n')}

The features are defined in \`src/generation/reader.ts\`.

## The threshold

${threshold}: chosen on the evaluation sets only (not SQuAD, whose target allows far more false answers):
the confidence that maximises, summed over those sets (each counting equally), the share of
answerable questions answered right minus ${FALSE_ANSWER_COST} times the share of questions answered falsely
(an unanswerable one answered, or an answerable one answered wrongly), placed halfway between the
confidence it admits and the next one below. The stand-in answers only at or above it.

## On the fitting sets, reader alone (given what the engine gives it: no passage when the gate refuses, else the gate's context)

${table(rows)}

Before this fit (the model then in \`src/generation/reader-model.ts\`, threshold ${READER_MODEL.threshold}):

${table(rowsBefore)}
`;
  console.log(report);
  if (values.write) {
    writeFitted([
      {
        path: 'src/generation/reader-model.ts',
        text: `// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights, not constants (0.693 is a weight, not ln 2)
import type { ReaderModel } from './reader';

// Written by \`npm run fit:reader -- --write\` (scripts/fit-reader.ts); the report is docs/reader-fit.md.
export const READER_MODEL: ReaderModel = ${JSON.stringify(model, null, 2)};
`,
      },
      { path: 'docs/reader-fit.md', text: report },
    ]);
    console.log('wrote src/generation/reader-model.ts and docs/reader-fit.md');
  }
  return 0;
});
