// The SQuAD scripts read public benchmark data from a path and never from the repository.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFICIAL_DEV_FILE, readSquad, SHARED_SQUAD_FILE, squadFileFrom } from '../../scripts/lib/squad';
import { scratchForTest } from '../helpers/scratch';

const scratch = () => scratchForTest('squad');
const tiny = {
  version: 'v2.0',
  data: [{ title: 'Normans', paragraphs: [{ context: 'The Normans.', qas: [] }] }],
};

describe('where the SQuAD data comes from', () => {
  it('says where to get the official file, and its SHA-256, when no file is given or shared', () => {
    expect(() => squadFileFrom(undefined, () => false)).toThrow(OFFICIAL_DEV_FILE.sha256);
    expect(() => squadFileFrom(undefined, () => false)).toThrow(OFFICIAL_DEV_FILE.url);
  });

  it('takes the file asked for over the shared copy', () => {
    expect(squadFileFrom('mine.json', () => true)).toBe('mine.json');
    expect(squadFileFrom(undefined, () => true)).toBe(SHARED_SQUAD_FILE);
  });

  it('refuses a file named like the official one that is not it, naming both hashes', () => {
    const path = join(scratch(), OFFICIAL_DEV_FILE.name);
    writeFileSync(path, JSON.stringify(tiny));
    expect(() => readSquad(path)).toThrow(
      /is not the official dev-v2\.0\.json: its SHA-256 is [0-9a-f]{64}, expected 80a5/,
    );
  });

  it('reads any other SQuAD 2.0 file whole, and says it is not the official one', () => {
    const path = join(scratch(), 'mine.json');
    writeFileSync(path, JSON.stringify(tiny));
    expect(readSquad(path)).toMatchObject({ squad: tiny, description: '1 articles of mine.json, unchanged' });
  });

  it('refuses a file that is not SQuAD 2.0, naming the field', () => {
    const path = join(scratch(), 'other.json');
    writeFileSync(path, JSON.stringify({ version: 'v2.0', data: [{ title: '' }] }));
    expect(() => readSquad(path)).toThrow(/other\.json is not a SQuAD 2\.0 file: data\.0\.title/);
  });

  it.skipIf(!existsSync(SHARED_SQUAD_FILE))(
    'reads the shared copy: the two articles of the README figures (skipped where ../shared is absent)',
    () => {
      const { squad } = readSquad(SHARED_SQUAD_FILE);
      expect(squad.data.map((article) => article.title)).toEqual(['Normans', 'Rhine']);
    },
  );
});
