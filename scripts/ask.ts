// npm run ask -- "question" [--json] [--index FILE] [--replay FILE] [--model ID] [--no-model]
import { ask, createEngine } from '../src/engine';
import { createReplayClient } from '../src/generation/replay';
import type { GenerationClient } from '../src/types';
import {
  chooseClient,
  DEFAULT_INDEX,
  loadIndexFile,
  parseCommandLine,
  readText,
  run,
  UsageError,
} from './cli';
import { describe } from './report';

const USAGE = [
  'usage: npm run ask -- "your question" [--json] [--index FILE] [--replay FILE] [--model ID] [--no-model]',
  '       a question that starts with "-" goes after a lone --: npm run ask -- -- "-5 days?"',
].join('\n');

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
      },
    },
    USAGE,
  );
  if (positionals.length === 0) throw new UsageError(USAGE);
  const question = positionals.join(' ');
  const engine = createEngine(loadIndexFile(values.index));

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
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.error(note);
    console.log(describe(result));
  }
  return 0;
});
