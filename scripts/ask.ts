// npm run ask -- "question" [--json] [--index FILE] [--replay FILE] [--model ID] [--no-model] [--save-trace FILE]
// npm run ask -- --trace FILE [--index FILE]
import { ask, createEngine, type Engine } from '../src/ask/engine';
import { parseTrace, replayTrace, sha256, type Trace, TraceError, traceOf } from '../src/evaluation/trace';
import { createReplayClient } from '../src/generation/replay';
import type { GenerationClient } from '../src/types';
import { assertNever } from '../src/types';
import {
  chooseClient,
  DEFAULT_INDEX,
  loadIndexFile,
  parseCommandLine,
  readIndexBytes,
  readJson,
  readText,
  run,
  UsageError,
  writeOutput,
} from './cli';
import { describe } from './report';

const USAGE = [
  'usage: npm run ask -- "your question" [--json] [--index FILE] [--replay FILE] [--model ID] [--no-model] [--save-trace FILE]',
  '       npm run ask -- --trace FILE [--index FILE]   (replay a saved trace offline: same verdict, or what changed)',
  '       a question that starts with "-" goes after a lone --: npm run ask -- -- "-5 days?"',
].join('\n');

/** Replays a saved trace on the index; exit 0 for the same verdict, 1 for another or a changed index. */
async function replay(file: string, engine: Engine, indexHash: string): Promise<number> {
  let trace: Trace;
  try {
    trace = parseTrace(readJson(file, 'trace'));
  } catch (error) {
    if (error instanceof TraceError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
  console.error(`replaying ${file}: "${trace.question}" (prompt ${trace.promptVersion}); no model is called`);
  const replayed = await replayTrace(trace, engine, indexHash);
  switch (replayed.outcome) {
    case 'same':
      console.log(
        `same verdict: ${replayed.verdict}${replayed.indexChanged ? ' (the index has changed since, but not the passages this result rested on)' : ''}`,
      );
      return 0;
    case 'different':
      console.log(
        `DIFFERENT verdict: the trace recorded ${replayed.recorded}, the replay gives ${replayed.now}`,
      );
      for (const { field, recorded, now } of replayed.differences) {
        console.log(`  ${field} differs: recorded ${recorded}, the replay gives ${now}`);
      }
      console.log(describe(replayed.result));
      return 1;
    case 'index-changed':
      console.log(`the index has changed since the trace was made: ${replayed.changed.join('; ')}`);
      return 1;
    default:
      return assertNever(replayed);
  }
}

run(async () => {
  const { values, positionals } = parseCommandLine(
    {
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        index: { type: 'string', default: DEFAULT_INDEX },
        replay: { type: 'string' },
        model: { type: 'string' },
        'no-model': { type: 'boolean', default: false },
        trace: { type: 'string' },
        'save-trace': { type: 'string' },
      },
    },
    USAGE,
  );
  const bytes = readIndexBytes(values.index);
  const index = loadIndexFile(values.index, bytes);
  const engine = createEngine(index);
  if (values.trace !== undefined) {
    if (positionals.length > 0)
      throw new UsageError(`--trace replays the trace's own question; give no other\n${USAGE}`);
    return replay(values.trace, engine, await sha256(bytes));
  }
  if (positionals.length === 0) throw new UsageError(USAGE);
  const question = positionals.join(' ');

  let client: GenerationClient;
  let note: string;
  if (values.replay !== undefined) {
    const raw = readText(values.replay, 'replayed reply');
    client = createReplayClient({
      raw,
      info: { kind: 'scripted', name: `replayed reply from ${values.replay}` },
    });
    note = `replaying the reply in ${values.replay}: no model is called`;
  } else {
    const chosen = chooseClient({ model: values.model, noModel: values['no-model'] });
    client = chosen.client;
    note = chosen.usesModel
      ? `generator: ${client.info.name} (ANTHROPIC_API_KEY is set)`
      : 'no model: the extractive stand-in answers, quoting the manual; it is not a language model';
  }

  const result = await ask({ engine, client, question });
  if (values['save-trace'] !== undefined) {
    const trace = await traceOf(result, await sha256(bytes), index.gate.source);
    writeOutput({ path: values['save-trace'], what: 'trace', data: `${JSON.stringify(trace, null, 2)}\n` });
    console.error(`trace written to ${values['save-trace']}`);
  }
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.error(note);
    console.log(describe(result));
  }
  return 0;
});
