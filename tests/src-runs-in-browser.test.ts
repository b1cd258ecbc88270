import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A rule about the source text of src/ as a whole. Stryker runs the tests on instrumented copies of the
// sources, so this file stays out of the mutation run (vitest.mutation.config.ts).
describe('src/', () => {
  // The site runs src/ in the browser unchanged; file and process access belongs in scripts/.
  const NODE_ONLY =
    /(from|import)\s*\(?\s*['"](node:[\w/]+|fs|fs\/promises|path|os|child_process|process|url|util|crypto|stream)['"]|\bprocess\.|\brequire\(|\bBuffer\b/u;

  function sources(folder: string): string[] {
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/u.test(name))
      .map((name) => join(folder, name));
  }

  it('has a check that would catch each kind of Node-only use', () => {
    for (const line of [
      "import { readFileSync } from 'node:fs';",
      "import { join } from 'path';",
      "const fs = await import('fs/promises');",
      'const key = process.env.KEY;',
      "const data = Buffer.from('x');",
    ]) {
      expect(line).toMatch(NODE_ONLY);
    }
    expect("import { z } from 'zod';").not.toMatch(NODE_ONLY);
  });

  it('imports no Node-only module and touches no process global', () => {
    const offenders = sources('src').filter((file) => NODE_ONLY.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
