// DESIGN.md's table of the reader's features is the newcomer's map: it must name every feature the model
// weighs, and no other.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from '../../src/generation/reader';

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
});
