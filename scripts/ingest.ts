// npm run ingest -- [--corpus DIR] [--out FILE] [--prompt FILE] [--threshold N] [--min-margin N] [--quiet]
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_GATE } from '../src/config';
import { compileIndex } from '../src/ingest/compile';
import { IngestError } from '../src/ingest/errors';
import type { GateSettings } from '../src/types';
import { DEFAULT_INDEX, readText, run, UsageError } from './cli';

const MARKDOWN = new Set(['.md', '.markdown']);

function markdownFiles(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    throw new UsageError(`cannot read corpus folder ${folder}: ${(error as NodeJS.ErrnoException).code}`);
  }
  return entries
    .filter((entry) => MARKDOWN.has(extname(entry).toLowerCase()) && statSync(join(folder, entry)).isFile())
    .map((entry) => entry.split('\\').join('/'))
    .sort();
}

function score(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 1)
    throw new UsageError(`${flag} takes a number from 0 to 1`);
  return number;
}

run(() => {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: 'corpus' },
      out: { type: 'string', default: DEFAULT_INDEX },
      prompt: { type: 'string', default: 'prompts/answer.v1.md' },
      threshold: { type: 'string' },
      'min-margin': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const folder = values.corpus;
  const files = markdownFiles(folder).map((path) => ({
    path,
    text: readText(join(folder, path), 'corpus file'),
  }));
  const threshold = score(values.threshold, '--threshold');
  const minMargin = score(values['min-margin'], '--min-margin');
  const gate: GateSettings = {
    threshold: threshold ?? DEFAULT_GATE.threshold,
    minMargin: minMargin ?? DEFAULT_GATE.minMargin,
    source: threshold === undefined ? DEFAULT_GATE.source : 'set with --threshold on the command line',
  };
  const promptVersion = basename(values.prompt, extname(values.prompt));
  const prompt = { version: promptVersion, text: readText(values.prompt, 'prompt') };

  let index: ReturnType<typeof compileIndex>;
  try {
    index = compileIndex({ files, prompt, gate });
  } catch (error) {
    if (error instanceof IngestError)
      throw new UsageError(`ingest of ${folder} failed:\n  ${error.problems.join('\n  ')}`);
    throw error;
  }
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(index)}\n`);
  if (!values.quiet) {
    console.log(
      `${index.passages.length} passages from ${files.length} files in ${relative('.', folder) || '.'} → ${values.out}`,
    );
    console.log(`model: ${index.model.kind}, ${index.model.terms.length} terms; prompt ${prompt.version}`);
    console.log(`gate: threshold ${gate.threshold} (${gate.source}), minMargin ${gate.minMargin}`);
  }
  return 0;
});
