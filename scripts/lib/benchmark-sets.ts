// The evaluation sets by name, each prepared (corpus compiled, questions read) only when asked for: what
// npm run eval:suite runs and npm run fit:gate fits on. Files are read from ../shared/benchmarks by path.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { InMemoryIndex } from '../../src/compiled-index/types';
import { DEFAULT_GATE, uncalibratedGate } from '../../src/config';
import { judge, parseEvalSet } from '../../src/evaluation/eval-set';
import { compileIndex } from '../../src/ingest/compile';
import { normaliseForQuote } from '../../src/text/quotes';
import type { GateSettings } from '../../src/types';
import { wordNetGroups } from '../wordnet/wordnet';
import { readJson, UsageError } from './cli';
import { BUNDLED_CORPUS, compileFolder } from './corpus-folder';
import { readSquad, SQUAD_CREDIT, squadCorpus, WHOLE_PARAGRAPHS } from './squad';
import type { SuiteItem } from './suite';

const BENCHMARKS = '../shared/benchmarks';
const REALDOCS = join(BENCHMARKS, 'realdocs/preact');
const OFFTOPIC = join(BENCHMARKS, 'offtopic/questions.json');
const SQUAD_FOLDER = join(BENCHMARKS, 'squad2');
const SQUAD_DEV_FILE = /^dev-.*\.json$/u;

/** A set ready to run: its corpus compiled and its questions read. */
export interface Prepared {
  index: InMemoryIndex;
  items: SuiteItem[];
  /** Questions left out without a key (`requiresModel`), counted apart. */
  skipped: number;
  source: string;
}

export type Preparation =
  | { ok: true; set: Prepared }
  | { ok: false; status: 'absent' | 'not ingestible'; reason: string };

let groups: string[][] | undefined;
/** WordNet's groups, read once per process: every set is compiled as `npm run ingest` compiles. */
const relatedWords = () => {
  groups ??= wordNetGroups();
  return groups;
};

export const absent = (what: string): Preparation => ({
  ok: false,
  status: 'absent',
  reason: `${what} not found`,
});

/** A folder compiled as `npm run ingest` compiles it; a corpus with nothing to index is not ingestible. */
function compileSet(options: {
  folder: string;
  gate: GateSettings;
}): { ok: true; index: InMemoryIndex; leftOut: number } | { ok: false; reason: string } {
  try {
    const { index, leftOut } = compileFolder({ ...options, relatedWords: relatedWords() });
    return { ok: true, index, leftOut: leftOut.length };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { ok: false, reason: error.message };
  }
}

/** A file in the project's evaluation format, put to the corpus in `folder`. */
function evalFileSet(options: { folder: string; questions: string; gate: GateSettings }): Preparation {
  if (!existsSync(options.folder)) return absent(options.folder);
  if (!existsSync(options.questions)) return absent(options.questions);
  const compiled = compileSet(options);
  if (!compiled.ok) return { ok: false, status: 'not ingestible', reason: compiled.reason };
  const all = parseEvalSet(readJson(options.questions, 'evaluation set'));
  const items = all
    .filter((item) => !item.requiresModel)
    .map(
      (item): SuiteItem => ({
        question: item.question,
        answerable: item.answerable,
        ...(item.passage === undefined ? {} : { passage: item.passage }),
        isCorrect: (result) => judge({ item, result, hasModel: false }).verdict === 'PASS',
      }),
    );
  return {
    ok: true,
    set: {
      index: compiled.index,
      items,
      skipped: all.length - items.length,
      source: `${options.questions} on ${options.folder}${compiled.leftOut > 0 ? ` (${compiled.leftOut} files or sections left out)` : ''}`,
    },
  };
}

/** A SQuAD 2.0 file, one passage per paragraph; an answer is correct when a quote holds a gold answer. */
function squadSet(path: string): Preparation {
  if (!existsSync(path)) return absent(path);
  const { squad, description } = readSquad(path);
  const { files, items } = squadCorpus(squad);
  const index = compileIndex({
    files,
    gate: DEFAULT_GATE,
    maxChars: WHOLE_PARAGRAPHS,
    relatedWords: relatedWords(),
  });
  return {
    ok: true,
    set: {
      index,
      skipped: 0,
      source: `${description}; ${SQUAD_CREDIT}`,
      items: items.map((item) => ({
        question: item.question,
        answerable: item.answerable,
        ...(item.answerable ? { passage: item.passage } : {}),
        isCorrect: (result) => {
          const quoted = normaliseForQuote(result.quotes.map((quote) => quote.quote).join(' '));
          return item.answers.some((answer) => quoted.includes(normaliseForQuote(answer)));
        },
      })),
    },
  };
}

function squadFiles(): string[] {
  if (!existsSync(SQUAD_FOLDER)) return [];
  return readdirSync(SQUAD_FOLDER)
    .filter((name) => SQUAD_DEV_FILE.test(name))
    .sort();
}

/** Every set by name, prepared only when run. */
export function sets(): Map<string, () => Preparation> {
  const manual = (questions: string) => () =>
    evalFileSet({ folder: BUNDLED_CORPUS, questions, gate: DEFAULT_GATE });
  const all = new Map<string, () => Preparation>([
    ['shipped', manual('eval/questions.json')],
    ['paraphrases', manual('eval/paraphrases.json')],
    // Written to probe changes, frozen, never fitted on (eval/README.md).
    ['frozen-probes', manual('eval/frozen-probes.json')],
    [
      'realdocs-preact',
      () =>
        evalFileSet({
          folder: join(REALDOCS, 'docs'),
          questions: join(REALDOCS, 'questions.json'),
          gate: uncalibratedGate(),
        }),
    ],
    ['offtopic', manual(OFFTOPIC)],
  ]);
  const squad = squadFiles();
  if (squad.length === 0) all.set('squad2', () => absent(`${SQUAD_FOLDER}/dev-*.json`));
  for (const file of squad) {
    all.set(`squad2/${file.replace(/\.json$/u, '')}`, () => squadSet(join(SQUAD_FOLDER, file)));
  }
  return all;
}

/** The sets weights and thresholds may be fitted on; the off-topic and SQuAD sets stay test sets. */
export const DEVELOPMENT_SETS = ['shipped', 'paraphrases', 'realdocs-preact'] as const;
