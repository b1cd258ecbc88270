// npm run measure:rules -- [--sets NAME,NAME] [--only NAME,NAME] [--every N] [--write]
//
// What each of the stand-in's hard rules and features changes: every registered rule (RULES in
// src/reader/rules/) and feature (FEATURE_NAMES of src/reader/read.ts) is turned off in turn, the rest
// kept as shipped (a feature off weighs nothing in the confidence; the model is not refitted), and each
// set's questions are asked again with the command line's defaults. Only questions that passed the gate
// are asked again: the reader never sees the others. A rule that changes nothing on any set, or only one question, is a
// candidate for removal: the report says which, and what removing it would cost.
//
// Prints the table; --write also writes it to docs/reader-rules.md. The default sets are the development
// sets, the off-topic probes and SQuAD's smaller development file (about 7 minutes on this machine); --sets
// chooses others (eval:suite's names, e.g. squad2/dev-v2.0-more); --every N asks every Nth question of each
// set only, for a large set in less time (the report says so); --only NAME,NAME turns off only the rules
// and features named.
import { ask, createEngine, type Engine } from '../../src/ask/engine';
import { createExtractiveClient } from '../../src/reader/extractive';
import { type Ablation, FEATURE_NAMES, HARD_RULES } from '../../src/reader/read';
import type { SentenceEncoder } from '../../src/retrieval/semantic';
import { type Prepared, sets } from '../lib/benchmark-sets';
import { parseCommandLine, run, UsageError, writeOutput } from '../lib/cli';
import { defaultEncoder } from '../lib/encoder';
import { recordOf, type SuiteItem, type SuiteOutcome } from '../lib/suite';
import { currentCommit, formatted } from '../lib/suite-results';
import { withDefaultVectors } from '../lib/vector-table';

const USAGE = 'usage: npm run measure:rules -- [--sets NAME,NAME] [--only NAME,NAME] [--every N] [--write]';
const DEFAULT_SETS = [
  'shipped',
  'paraphrases',
  'realdocs-preact',
  'offtopic',
  'squad2/dev-v2.0-normans-rhine',
];
const REPORT = 'docs/reader-rules.md';
/** Up to this many changed questions are named in the report. */
const NAMED = 3;

interface Variant {
  name: string;
  what: 'rule' | 'feature';
  off: Ablation;
}

const VARIANTS: Variant[] = [
  ...HARD_RULES.map((name): Variant => ({ name, what: 'rule', off: { rules: new Set([name]) } })),
  ...FEATURE_NAMES.map((name): Variant => ({ name, what: 'feature', off: { features: new Set([name]) } })),
];

/** What one question came to: its outcome's kind, and the answer when there is one. */
interface Outcome {
  kind: SuiteOutcome['kind'];
  answer: string | undefined;
}

interface Change {
  question: string;
  from: Outcome;
  to: Outcome;
}

/** The question's vector once per question, whatever the variant: the reader is what varies. */
function remembered(encoder: SentenceEncoder): SentenceEncoder {
  const known = new Map<string, Float32Array>();
  return {
    id: encoder.id,
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !known.has(text)))];
      if (missing.length > 0) {
        const vectors = await encoder.embed(missing);
        for (const [at, text] of missing.entries()) known.set(text, vectors[at] as Float32Array);
      }
      return texts.map((text) => known.get(text) as Float32Array);
    },
  };
}

async function outcomes(options: {
  engine: Engine;
  items: readonly SuiteItem[];
  off?: Ablation;
}): Promise<{ outcome: Outcome; passedGate: boolean }[]> {
  const client = createExtractiveClient(options.off === undefined ? {} : { off: options.off });
  const found = [];
  for (const item of options.items) {
    const result = await ask({ engine: options.engine, client, question: item.question });
    const record = recordOf(item, result);
    found.push({
      outcome: { kind: record.outcome.kind, answer: record.answer },
      passedGate: !(result.status === 'refused' && result.reason === 'no_relevant_context'),
    });
  }
  return found;
}

const same = (a: Outcome, b: Outcome) => a.kind === b.kind && a.answer === b.answer;

interface SetChanges {
  set: string;
  asked: number;
  byVariant: Map<string, Change[]>;
}

async function measureSet(options: {
  name: string;
  prepared: Prepared;
  encoder: SentenceEncoder | undefined;
  variants: readonly Variant[];
}) {
  const { name, prepared, encoder, variants } = options;
  const engine = withDefaultVectors(createEngine(prepared.index), {
    ...(encoder === undefined ? {} : { encoder }),
  });
  const base = await outcomes({ engine, items: prepared.items });
  const reached = prepared.items.flatMap((item, at) => (base[at]?.passedGate ? [{ item, at }] : []));
  const byVariant = new Map<string, Change[]>();
  for (const variant of variants) {
    const found = await outcomes({ engine, items: reached.map(({ item }) => item), off: variant.off });
    const changes: Change[] = [];
    reached.forEach(({ item, at }, k) => {
      const from = base[at]?.outcome as Outcome;
      const to = found[k]?.outcome as Outcome;
      if (!same(from, to)) changes.push({ question: item.question, from, to });
    });
    byVariant.set(variant.name, changes);
  }
  console.error(`${name}: ${reached.length} of ${prepared.items.length} questions reach the reader`);
  return { set: name, asked: reached.length, byVariant } satisfies SetChanges;
}

/** "4: correct +1 −2, false +0 −1", or "0". */
function cell(changes: readonly Change[]): string {
  if (changes.length === 0) return '0';
  const count = (side: 'from' | 'to', kind: SuiteOutcome['kind']) =>
    changes.filter((change) => change[side].kind === kind).length;
  const correct = `correct +${count('to', 'correct')} −${count('from', 'correct')}`;
  const falseAnswers = `false +${count('to', 'false_answer')} −${count('from', 'false_answer')}`;
  return `${changes.length}: ${correct}, ${falseAnswers}`;
}

function report(results: readonly SetChanges[], variants: readonly Variant[], commit: string): string {
  const lines = [
    '# The reader’s rules and features, each turned off',
    '',
    '<!-- Generated by `npm run measure:rules -- --write`; edit scripts/measure/reader-rules.ts, not this file. -->',
    '',
    `At ${commit}, on ${new Date().toISOString().slice(0, 10)}, with the command line’s defaults (words, word`,
    'vectors, sentence encoder) and no key. Each hard rule and each feature of `src/reader/read.ts` is',
    'turned off alone, the rest as shipped; a feature off weighs nothing (the model is not refitted). A cell',
    'counts the questions whose outcome or answer changes, with how many become correct (+) or stop being',
    'correct (−), and the same for false answers to unanswerable questions. Only questions past the gate are',
    'asked again:',
    '',
    ...results.map((result) => `- ${result.set}: ${result.asked} questions reach the reader`),
    '',
    `| off | what | ${results.map((result) => result.set).join(' | ')} | changed (when ${NAMED} or fewer in all) |`,
    `| --- | --- | ${results.map(() => '---').join(' | ')} | --- |`,
  ];
  const unchanged: string[] = [];
  const single: string[] = [];
  for (const variant of variants) {
    const all = results.flatMap((result) => result.byVariant.get(variant.name) ?? []);
    if (all.length === 0) unchanged.push(variant.name);
    if (all.length === 1) single.push(variant.name);
    const named =
      all.length > 0 && all.length <= NAMED
        ? all.map((change) => `“${change.question}” (${change.from.kind} → ${change.to.kind})`).join('; ')
        : '';
    lines.push(
      `| ${variant.name} | ${variant.what} | ${results.map((result) => cell(result.byVariant.get(variant.name) ?? [])).join(' | ')} | ${named} |`,
    );
  }
  lines.push(
    '',
    `Changing nothing on any of these sets: ${unchanged.length === 0 ? 'none' : unchanged.join(', ')}.`,
    `Changing one question only: ${single.length === 0 ? 'none' : single.join(', ')}.`,
    '',
    'A rule that changes nothing here may still hold on a set not run: SQuAD’s larger development file',
    '(`--sets squad2/dev-v2.0-more`, 4,172 questions, about 2 minutes a rule or feature) is left out of the',
    'default run for its time; `--only NAME,NAME` measures some rules on it.',
    '',
  );
  return lines.join('\n');
}

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        sets: { type: 'string' },
        every: { type: 'string', default: '1' },
        only: { type: 'string' },
        write: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const every = Number(values.every);
  if (!Number.isInteger(every) || every < 1)
    throw new UsageError(`--every takes a whole number ≥ 1\n${USAGE}`);
  const only = values.only?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !VARIANTS.some((variant) => variant.name === name)) ?? [];
  if (unknown.length > 0) {
    throw new UsageError(
      `no rule or feature ${unknown.join(', ')}; they are ${VARIANTS.map((variant) => variant.name).join(', ')}`,
    );
  }
  const variants = only === undefined ? VARIANTS : VARIANTS.filter((variant) => only.includes(variant.name));
  const available = sets();
  const names = values.sets === undefined ? DEFAULT_SETS : values.sets.split(',').map((name) => name.trim());
  const chosen = names.map((name) => {
    const prepare = available.get(name);
    if (prepare === undefined) {
      throw new UsageError(`no set "${name}"; the sets are ${[...available.keys()].join(', ')}\n${USAGE}`);
    }
    return { name, prepare };
  });
  const loaded = await defaultEncoder({});
  const encoder = loaded === undefined ? undefined : remembered(loaded);
  const results: SetChanges[] = [];
  for (const { name, prepare } of chosen) {
    const started = performance.now();
    const prepared = prepare();
    if (!prepared.ok) {
      console.error(`${name}: ${prepared.status} (${prepared.reason}); left out`);
      continue;
    }
    const items = prepared.set.items.filter((_, at) => at % every === 0);
    results.push(
      await measureSet({
        name: `${name}${every === 1 ? '' : ` (every ${every}th question)`}`,
        prepared: { ...prepared.set, items },
        encoder,
        variants,
      }),
    );
    console.error(`${name}: measured in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const text = formatted(REPORT, report(results, variants, currentCommit()));
  console.log(text);
  if (values.write) {
    writeOutput({ path: REPORT, what: 'the rules report', data: text });
    console.error(`wrote ${REPORT}`);
  }
  return 0;
});
