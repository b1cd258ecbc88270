// npm run ask -- "question" [--json] [--index FILE] [--replay FILE] [--model ID] [--no-model] [--save-trace FILE]
// npm run ask -- --trace FILE [--index FILE]
// --lexical reads the question on words alone: the semantic channel (word vectors, generated/vectors.bin, and
// the sentence encoder, scripts/lib/encoder.ts) is on by default.
import { ask, createEngine, type Engine } from '../src/ask/engine';
import { parseTrace, replayTrace, sha256, type Trace, TraceError, traceOf } from '../src/evaluation/trace';
import { createReplayClient } from '../src/generation/replay';
import { replyVersionOf, verificationRuleOf } from '../src/generation/reply-version';
import { CURRENT_PROMPT_VERSION } from '../src/prompt-versions';
import type { GenerationClient } from '../src/types';
import { assertNever } from '../src/types';
import {
  chooseClient,
  loadIndexFile,
  parseCommandLine,
  readIndexBytes,
  readJson,
  readText,
  run,
  UsageError,
  writeOutput,
} from './lib/cli';
import { defaultIndex } from './lib/default-index';
import { defaultEncoder } from './lib/encoder';
import { describe } from './lib/report';
import { withDefaultVectors } from './lib/vector-table';

const USAGE = [
  'usage: npm run ask -- "your question" [--json] [--index FILE] [--replay FILE] [--model ID] [--no-model] [--save-trace FILE] [--lexical]',
  '       npm run ask -- --trace FILE [--index FILE]   (replay a saved trace offline: same verdict, or what changed)',
  '       a question that starts with "-" goes after a lone --: npm run ask -- -- "-5 days?"',
].join('\n');

/**
 * Replays a saved trace on the index, read with the channels the trace records (a trace saved by the page,
 * which reads words alone, replays on words alone); exit 0 for the same verdict, 1 for another or a
 * changed index.
 */
async function replay(file: string, lexical: Engine, indexHash: string): Promise<number> {
  let trace: Trace;
  try {
    trace = parseTrace(readJson(file, 'trace'));
  } catch (error) {
    if (error instanceof TraceError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
  console.error(`replaying ${file}: "${trace.question}" (prompt ${trace.promptVersion}); no model is called`);
  const engine =
    trace.semantic === undefined
      ? lexical
      : withDefaultVectors(lexical, {
          encoder: trace.semantic.encoder === undefined ? undefined : await defaultEncoder({}),
        });
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
        index: { type: 'string' },
        replay: { type: 'string' },
        model: { type: 'string' },
        'no-model': { type: 'boolean', default: false },
        trace: { type: 'string' },
        'save-trace': { type: 'string' },
        lexical: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  // Only the default index is built on demand: one named with --index is the user's.
  const indexPath = values.index ?? defaultIndex();
  const bytes = readIndexBytes(indexPath);
  const index = loadIndexFile(indexPath, bytes);
  if (values.trace !== undefined) {
    if (positionals.length > 0)
      throw new UsageError(`--trace replays the trace's own question; give no other\n${USAGE}`);
    return replay(values.trace, createEngine(index), await sha256(bytes));
  }
  if (positionals.length === 0) throw new UsageError(USAGE);
  const question = positionals.join(' ');
  // An index names the prompt it was built for, and an older shipped one verifies less: say so, since an
  // index file can come from anyone (its checksum catches damage, not a deliberate rewrite).
  if (index.promptVersion !== CURRENT_PROMPT_VERSION) console.error(olderPromptNote(index.promptVersion));

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
      : `no model: the extractive stand-in answers, quoting ${index.corpus ?? `the passages of ${indexPath}`}; it is not a language model`;
  }

  // The semantic channel last: a mistake in what was asked is said before the encoder takes a second to load.
  const engine = withDefaultVectors(createEngine(index), {
    lexical: values.lexical,
    encoder: await defaultEncoder({ lexical: values.lexical }),
  });

  // Ctrl-C ends the wait for the model cleanly: the question is refused as cancelled, exit 130. A second
  // Ctrl-C is Node's own and ends the process at once.
  const cancel = new AbortController();
  const interrupt = () => cancel.abort();
  process.once('SIGINT', interrupt);
  const result = await ask({
    engine,
    client,
    question,
    signal: cancel.signal,
  });
  process.off('SIGINT', interrupt);
  if (values['save-trace'] !== undefined) {
    const trace = await traceOf(result, await sha256(bytes), engine.gate.source);
    writeOutput({ path: values['save-trace'], what: 'trace', data: `${JSON.stringify(trace, null, 2)}\n` });
    console.error(`trace written to ${values['save-trace']}`);
  }
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.error(note);
    console.log(describe(result));
  }
  // 128 + SIGINT, as a shell reports a command the user interrupted.
  return cancel.signal.aborted ? 130 : 0;
});

/** What asking with an index built for an older shipped prompt gives up, in one line. */
function olderPromptNote(version: string): string {
  const rule = verificationRuleOf(replyVersionOf(version));
  const checks = [
    rule.quotesRequired ? 'citations carry quotes' : 'citations need no quote',
    rule.figuresInQuotes
      ? 'figures stand inside the quotes'
      : 'a figure may stand anywhere in a cited passage',
  ].join(', ');
  return (
    `note: this index was built for ${version}, not ${CURRENT_PROMPT_VERSION}: answers are verified by its rule ` +
    `(${checks}); rebuild it with npm run ingest for the current one`
  );
}
