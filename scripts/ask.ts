// npm run ask -- "question" [--json] [--index FILE] [--replay FILE] [--model ID]
import { parseArgs } from 'node:util';
import { ask, createEngine } from '../src/engine';
import { createReplayClient } from '../src/generation/replay';
import { chooseClient, DEFAULT_INDEX, loadIndexFile, readText, run, UsageError } from './cli';
import { describe } from './report';

run(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      index: { type: 'string', default: DEFAULT_INDEX },
      replay: { type: 'string' },
      model: { type: 'string' },
    },
  });
  if (positionals.length === 0)
    throw new UsageError('usage: npm run ask -- "your question" [--json] [--index FILE] [--replay FILE]');
  const question = positionals.join(' ');
  const engine = createEngine(loadIndexFile(values.index));

  let client: ReturnType<typeof chooseClient>['client'];
  let note: string;
  if (values.replay !== undefined) {
    const raw = readText(values.replay, 'replayed reply');
    client = createReplayClient({
      raw,
      info: { kind: 'scripted', name: `replayed reply from ${values.replay}` },
    });
    note = `replaying the reply in ${values.replay}: no model is called`;
  } else {
    const chosen = chooseClient(values.model === undefined ? {} : { model: values.model });
    client = chosen.client;
    note = chosen.usesModel
      ? `generator: ${client.info.name} (ANTHROPIC_API_KEY is set)`
      : 'no ANTHROPIC_API_KEY: using the extractive stand-in, which quotes the manual and is not a language model';
  }

  const result = await ask({ engine, client, question });
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.error(note);
    console.log(describe(result));
  }
  return 0;
});
