import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { promptFor } from '../../src/generation/prompts';
import { SHIPPED_PROMPT_VERSIONS } from '../../src/prompt-versions';
import { TSX } from '../helpers/run-script';

// A shipped prompt's text is what every reply recorded with its version was asked with: rewording one is a
// new version (a new file in prompts/), never an edit. These digests change only with such an edit.
const SHIPPED_DIGESTS = {
  'answer.v1': 'acef4c9ece8d985cdbea9bc28653abc6c0719f8ef150c6a2cb8e0cabc3112605',
  'answer.v2': '64e80707d4b85a1c45cf845aec48346c149a29dac1ecdf98e8e25922e198fd6e',
  'answer.v3': 'faddec153e4bcaa9bf645415d0c7e91291cad00071f8152d460ecb19a5c02416',
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the shipped prompts', () => {
  it('are the files of prompts/, one per version, each with the bytes it shipped with', () => {
    expect(readdirSync('prompts').sort()).toEqual(SHIPPED_PROMPT_VERSIONS.map((version) => `${version}.md`));
    for (const version of SHIPPED_PROMPT_VERSIONS) {
      const { text } = promptFor(version);
      expect(text).toBe(readFileSync(`prompts/${version}.md`, 'utf8'));
      expect({ version, digest: sha256(text) }).toEqual({ version, digest: SHIPPED_DIGESTS[version] });
      // Each file names its own version, so a copied file that was not renumbered shows.
      expect(text).toContain(`This is prompt version ${version}.`);
    }
  });

  it('reach the command line as the same text, through the hook that imports them', () => {
    const printed = spawnSync(
      process.execPath,
      [
        ...TSX,
        '--input-type=module',
        '--eval',
        "import { promptFor } from './src/generation/prompts.ts'; process.stdout.write(promptFor('answer.v3').text);",
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(printed.stderr).toBe('');
    expect(printed.stdout).toBe(readFileSync('prompts/answer.v3.md', 'utf8'));
  });

  it('ships no prompt it does not name', () => {
    expect(() => promptFor('answer.v0')).toThrow(/ships no prompt "answer.v0"/);
  });
});
