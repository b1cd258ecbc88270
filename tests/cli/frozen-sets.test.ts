// Questions written to probe the engine after a change (eval/frozen-probes.json) measure it only while
// nothing is fitted or decided on them: no script but the suite's list of sets may name them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SETS, sets } from '../../scripts/lib/benchmark-sets';
import { DEFAULT_QUESTIONS } from '../../scripts/measure/reader-fitting';
import { parseEvalSet } from '../../src/evaluation/eval-set';

const FILE = 'eval/frozen-probes.json';
const NAME = 'frozen-probes';
/** Where the set is listed for npm run eval:suite, the one script that may name it. */
const LISTED_IN = join('scripts', 'lib', 'benchmark-sets.ts');

const scripts = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return scripts(path);
    return /\.(?:ts|mts|mjs)$/u.test(entry.name) ? [path] : [];
  });

describe('the frozen probe set', () => {
  it('is a valid evaluation set with questions of both kinds', () => {
    const items = parseEvalSet(JSON.parse(readFileSync(FILE, 'utf8')));
    expect(items.some((item) => item.answerable)).toBe(true);
    expect(items.some((item) => !item.answerable)).toBe(true);
  });

  it('asks no question of the development sets', () => {
    const asked = (path: string) =>
      parseEvalSet(JSON.parse(readFileSync(path, 'utf8'))).map((item) => item.question.toLowerCase());
    const development = new Set([...asked('eval/questions.json'), ...asked('eval/paraphrases.json')]);
    expect(asked(FILE).filter((question) => development.has(question))).toEqual([]);
  });

  it('is named by no script but the list npm run eval:suite runs', () => {
    expect(DEFAULT_QUESTIONS).not.toContain(FILE);
    expect(DEVELOPMENT_SETS).not.toContain(NAME);
    const naming = scripts('scripts').filter((path) => readFileSync(path, 'utf8').includes(NAME));
    expect(naming).toEqual([LISTED_IN]);
  });

  it('is run by npm run eval:suite, on the manual', () => {
    const prepared = sets().get(NAME)?.();
    expect(prepared?.ok).toBe(true);
    if (prepared?.ok) expect(prepared.set.source).toContain(FILE);
  });
});
