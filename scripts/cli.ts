// What the command-line scripts share: reading files with errors that name them, the index, the key.
import { existsSync, readFileSync } from 'node:fs';
import { format, type ParseArgsConfig, parseArgs } from 'node:util';
import { parseIndex } from '../src/compiled-index/parse';
import type { CompiledIndex } from '../src/compiled-index/types';
import { IndexLoadError } from '../src/compiled-index/version';
import { createClaudeClient, DEFAULT_MODEL } from '../src/generation/claude';
import { createExtractiveClient } from '../src/generation/extractive';
import { isShippedPromptVersion, SHIPPED_PROMPT_VERSIONS } from '../src/generation/prompt-versions';
import type { GenerationClient } from '../src/types';
import { visible } from './terminal';

export const DEFAULT_INDEX = 'generated/index.bin';

/** A problem with what the user asked for: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new UsageError(`cannot read ${what} ${path}: ${code}`);
  }
}

export function readJson(path: string, what: string): unknown {
  const text = readText(path, what);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** The bytes of the compiled index at `path`; a missing file says how to make one. */
export function readIndexBytes(path: string): Uint8Array<ArrayBuffer> {
  if (!existsSync(path)) {
    throw new UsageError(`no compiled index at ${path}: run \`npm run ingest\` first (or pass --index FILE)`);
  }
  try {
    return new Uint8Array(readFileSync(path));
  } catch (error) {
    throw new UsageError(
      `cannot read index ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`,
    );
  }
}

/** The compiled index at `path`, parsed; what is wrong with it is a usage error naming the file. */
export function loadIndexFile(path: string, bytes = readIndexBytes(path)): CompiledIndex {
  try {
    return parseIndex(bytes);
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
  return { client: createClaudeClient({ apiKey, model }), usesModel: true };
}

/** node:util parseArgs, with its errors (an unknown flag, a missing value) as usage errors. */
export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
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
