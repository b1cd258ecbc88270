// DESIGN.md's tables of the reader's features and hard rules are the newcomer's map: they must name every
// feature the model weighs and every rule that rules a unit out, and no other.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from '../../src/reader/read';
import { RULES, type Rule } from '../../src/reader/rules';

const between = (text: string, start: string, end: string) => {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${start} … ${end} block`);
  return text.slice(from + start.length, to);
};

describe("DESIGN.md's reader table", () => {
  it('names each feature of FEATURE_NAMES once, in the same order', () => {
    const block = between(
      readFileSync('DESIGN.md', 'utf8'),
      '<!-- reader-features:start -->',
      '<!-- reader-features:end -->',
    );
    const names = [...block.matchAll(/^\| `(\w+)` +\|/gmu)].map((match) => match[1]);
    expect(names).toEqual([...FEATURE_NAMES]);
  });

  it('names each hard rule of RULES once, in the order the reader reads them, with its own file', async () => {
    const block = between(
      readFileSync('DESIGN.md', 'utf8'),
      '<!-- reader-rules:start -->',
      '<!-- reader-rules:end -->',
    );
    const rows = [...block.matchAll(/^\| ([a-z][a-z ]*?) \(`([\w.-]+)`\) +\|/gmu)];
    expect(rows.map((match) => match[1])).toEqual(RULES.map((rule) => rule.name));
    // Each row's file is the rule's: of the rules RULES lists, it exports the one of that name.
    for (const [, name, file] of rows) {
      const module: Record<string, unknown> = await import(`../../src/reader/rules/${file}`);
      const listed = Object.values(module).filter((value) => RULES.some((rule) => rule === value));
      expect({ file, rules: listed.map((rule) => (rule as Rule).name) }).toEqual({ file, rules: [name] });
    }
    const ruleFiles = readdirSync('src/reader/rules').filter(
      (file) => !['index.ts', 'rule.ts'].includes(file),
    );
    expect(ruleFiles.sort()).toEqual(rows.map((match) => match[2]).sort());
  });
});
