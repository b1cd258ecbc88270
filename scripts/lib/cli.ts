// What the command-line scripts share: reading files with errors that name them, the index, the key.

import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  type Stats,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { format, type ParseArgsConfig, parseArgs } from 'node:util';
import { retryWords } from '../../src/ask/outage';
import { parseIndex } from '../../src/compiled-index/parse';
import { MAX_BLOCK_BYTES } from '../../src/compiled-index/text-blocks';
import { type InMemoryIndex, inMemory } from '../../src/compiled-index/types';
import { IndexLoadError } from '../../src/compiled-index/version';
import { createClaudeClient, DEFAULT_MODEL } from '../../src/generation/claude';
import { isShippedPromptVersion, SHIPPED_PROMPT_VERSIONS } from '../../src/prompt-versions';
import { createExtractiveClient } from '../../src/reader/extractive';
import type { GenerationClient } from '../../src/types';
import { writeAtomically } from './atomic-write';
import { nativeSha256 } from './native-sha256';
import { visible } from './terminal';

export const DEFAULT_INDEX = 'generated/index.bin';

/** A problem with what the user asked for: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** `--help` or `-h` among a script's options: `run` prints its usage and exits 0. */
class HelpAsked extends Error {
  override name = 'HelpAsked';
  constructor(readonly usage: string) {
    super('help asked for');
  }
}

/** Larger than any question set, reply, trace or Markdown file we write by hand. */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;
/** Larger than the index of 100,000 passages (the benchmark's largest). */
export const MAX_INDEX_BYTES = 1024 * 1024 * 1024;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'unknown error';

/**
 * The bytes of a regular file of at most `limit` bytes. Checked on the open file before reading, so
 * that /dev/zero, a pipe or a 16 GB file is refused by name instead of read until memory runs out.
 */
export function readBytes(options: { path: string; what: string; limit: number }): Uint8Array<ArrayBuffer> {
  const { path, what, limit } = options;
  let descriptor: number;
  try {
    // Looked at before it is opened: opening a named pipe waits for a writer, forever if none comes.
    refuseIrregular({ stats: statSync(path), path, what });
    // And opened without waiting, in case a pipe took the file's place since.
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${what} ${path}: ${codeOf(error)}`);
  }
  try {
    const stats = fstatSync(descriptor);
    refuseIrregular({ stats, path, what });
    if (stats.size > limit) {
      throw new UsageError(
        `cannot read ${what} ${path}: ${stats.size} bytes, over the limit of ${limit} bytes`,
      );
    }
    const bytes = new Uint8Array(stats.size);
    let read = 0;
    while (read < bytes.length) {
      const got = readSync(descriptor, bytes, read, bytes.length - read, read);
      if (got === 0) break;
      read += got;
    }
    return bytes.subarray(0, read);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${what} ${path}: ${codeOf(error)}`);
  } finally {
    closeSync(descriptor);
  }
}

function refuseIrregular(options: { stats: Stats; path: string; what: string }): void {
  const { stats, path, what } = options;
  if (stats.isFile()) return;
  const kind = stats.isDirectory() ? 'a directory' : 'not a regular file';
  throw new UsageError(`cannot read ${what} ${path}: it is ${kind}`);
}

const NEWLINE = 0x0a;

/** UTF-8 text, or an error naming the file and the first line that is not UTF-8 (never a silent U+FFFD). */
export function decodeUtf8(options: { bytes: Uint8Array; path: string; what: string }): string {
  const { bytes, path, what } = options;
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    return strict.decode(bytes);
  } catch {
    let line = 1;
    let start = 0;
    for (let at = 0; at <= bytes.length; at++) {
      if (at === bytes.length || bytes[at] === NEWLINE) {
        try {
          strict.decode(bytes.subarray(start, at));
        } catch {
          break;
        }
        line++;
        start = at + 1;
      }
    }
    throw new UsageError(`${what} ${path} is not UTF-8 text (line ${line}); save it as UTF-8`);
  }
}

export function readText(path: string, what: string): string {
  return decodeUtf8({ bytes: readBytes({ path, what, limit: MAX_TEXT_BYTES }), path, what });
}

/**
 * Writes a file the user named, its folder made if need be, atomically (a failed write leaves the previous
 * file whole); a folder in its place or no permission is one line, not a stack.
 */
export function writeOutput(options: { path: string; what: string; data: string | Uint8Array }): void {
  try {
    mkdirSync(dirname(options.path), { recursive: true });
    // A pipe, a device or a socket in the file's place is not replaced: someone else's, or a mistake.
    const existing = statSync(options.path, { throwIfNoEntry: false });
    if (existing !== undefined && !existing.isFile() && !existing.isDirectory()) {
      throw new UsageError(`cannot write ${options.what} ${options.path}: it is not a regular file`);
    }
    writeAtomically({ path: options.path, data: options.data });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot write ${options.what} ${options.path}: ${codeOf(error)}`);
  }
}

/**
 * Files a fitting script writes (a fitted model, its report), in the repository's format, so that a
 * refit shows in git as a change of numbers only.
 */
export function writeFitted(files: ReadonlyArray<{ path: string; text: string }>): void {
  for (const { path, text } of files) writeAtomically({ path, data: text });
  execFileSync('npx', ['biome', 'format', '--write', ...files.map(({ path }) => path)], { stdio: 'ignore' });
}

export function readJson(path: string, what: string): unknown {
  const text = readText(path, what);
  try {
    return JSON.parse(text);
  } catch (error) {
    // One line: a parser message can quote a long stretch of the file.
    const message = (error as Error).message.split('\n')[0]?.slice(0, 200);
    throw new UsageError(`${what} ${path} is not JSON: ${message}`);
  }
}

/** The bytes of the compiled index at `path`; a missing file says how to make one. */
export function readIndexBytes(path: string): Uint8Array<ArrayBuffer> {
  if (!existsSync(path)) {
    throw new UsageError(`no compiled index at ${path}: run \`npm run ingest\` first (or pass --index FILE)`);
  }
  return readBytes({ path, what: 'index', limit: MAX_INDEX_BYTES });
}

/**
 * The compiled index at `path`, parsed, with the blocks of passage text beside it when it has them;
 * what is wrong with it is a usage error naming the file.
 */
export function loadIndexFile(path: string, bytes = readIndexBytes(path)): InMemoryIndex {
  const readBlock = (block: string) => {
    const blockFile = join(dirname(path), block);
    if (!existsSync(blockFile)) {
      throw new UsageError(
        `${path}: its ${block.startsWith('postings/') ? 'postings' : 'passage text'} ${blockFile} is missing: copy the text/ and postings/ folders with the index, or rebuild it with npm run ingest`,
      );
    }
    return readBytes({ path: blockFile, what: 'a part of the index', limit: MAX_BLOCK_BYTES });
  };
  try {
    return inMemory(parseIndex(bytes, { sha256: nativeSha256, readBlock }));
  } catch (error) {
    if (error instanceof IndexLoadError) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
}

/** A --prompt value: the version of a prompt this build ships (the text is the application's, not a file's). */
export function shippedPromptVersion(value: string): string {
  if (!isShippedPromptVersion(value)) {
    throw new UsageError(
      `--prompt takes a prompt version this build ships (${SHIPPED_PROMPT_VERSIONS.join(', ')}), not ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** The key from the environment or from .env; the key itself is never printed. */
export function apiKeyFromEnvironment(): string | undefined {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return setting('ANTHROPIC_API_KEY');
}

const ANTHROPIC_API = 'https://api.anthropic.com';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where the key is sent: ANTHROPIC_BASE_URL when it is https (a proxy the user runs), or plain http to
 * this machine only (a local proxy or test server: the key does not leave it); anything else is refused,
 * since the key goes with every request. Always passed explicitly, so the SDK never reads the variable.
 */
export function apiBaseUrl(): string {
  const value = setting('ANTHROPIC_BASE_URL');
  if (value === undefined) return ANTHROPIC_API;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError('ANTHROPIC_BASE_URL is not a URL; unset it to use https://api.anthropic.com');
  }
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopback) {
    throw new UsageError(
      `ANTHROPIC_BASE_URL must be an https URL (or http to localhost), not ${url.protocol}//${url.host}: the API key is sent with every request`,
    );
  }
  return value;
}

/** An environment variable, with an empty value read as unset. */
function setting(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Claude when a key is set, the extractive stand-in otherwise, or always with `noModel` (so that
 * `npm test` stays offline on a machine whose .env holds a key).
 */
export function chooseClient(options: { model?: string | undefined; noModel?: boolean }): {
  client: GenerationClient;
  usesModel: boolean;
} {
  const apiKey = options.noModel ? undefined : apiKeyFromEnvironment();
  if (apiKey === undefined) return { client: createExtractiveClient(), usesModel: false };
  const model = options.model ?? setting('ANTHROPIC_MODEL') ?? DEFAULT_MODEL;
  const client = createClaudeClient({
    apiKey,
    model,
    baseURL: apiBaseUrl(),
    // The same words as the page's, so that the cause is named the same way wherever it is met.
    onRetry: (notice) => console.error(retryWords(notice, notice.waitMs / 1000)),
  });
  return { client, usesModel: true };
}

/** node:util parseArgs, with its errors (an unknown flag, a missing value) as usage errors. */
export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  // Before a lone "--" only: after it, "--help" is a question.
  const args = config.args ?? process.argv.slice(2);
  const end = args.indexOf('--');
  const options = end === -1 ? args : args.slice(0, end);
  if (options.includes('--help') || options.includes('-h')) throw new HelpAsked(usage);
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('ERR_PARSE_ARGS')) throw new UsageError(`${(error as Error).message}\n${usage}`);
    throw error;
  }
}

/**
 * Every line a script prints goes through `visible`: the scripts print text from models, corpora and
 * files in many places, and one place that forgot would be enough for an escape sequence to act.
 */
function printVisibly(): void {
  const log = console.log.bind(console);
  const error = console.error.bind(console);
  console.log = (...values: unknown[]) => log(visible(format(...values)));
  console.error = (...values: unknown[]) => error(visible(format(...values)));
}

/** Runs a script's main: usage errors print one line and exit 2; anything else is a bug and shows its stack. */
export function run(main: () => Promise<number> | number): void {
  printVisibly();
  Promise.resolve()
    .then(main)
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        if (error instanceof HelpAsked) {
          console.log(error.usage);
          process.exitCode = 0;
          return;
        }
        if (error instanceof UsageError) {
          console.error(`error: ${error.message}`);
          process.exitCode = 2;
          return;
        }
        // A bug's stack is shown, but never with the key in it, whatever the error quoted.
        const key = process.env.ANTHROPIC_API_KEY?.trim();
        const text = error instanceof Error ? (error.stack ?? String(error)) : String(error);
        console.error(key ? text.replaceAll(key, '[API key]') : text);
        process.exitCode = 1;
      },
    );
}
