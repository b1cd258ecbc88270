import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseIndex } from '../../src/compiled-index/parse';
import { tokenize } from '../../src/text/tokenize';
import { runScript } from '../helpers/run-script';
import { scratchForFile } from '../helpers/scratch';

// The command-line scripts as a user runs them: a real process, real files, no key, no network.

// A test here starts up to three processes, and tsx compiles each script as it starts: about 1.5 s a
// process on two busy cores, so vitest's 5 s default failed a test that was only slow (CI, 2026-12-02).
vi.setConfig({ testTimeout: 30_000 });
const work = scratchForFile('cli');
const index = join(work, 'index.bin');

const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  runScript({ script, args, env });

beforeAll(() => {
  const built = run('ingest', ['--corpus', 'corpus', '--out', index]);
  expect(built.stderr).toBe('');
  expect(built.code).toBe(0);
}, 60_000);

describe('npm run ingest', () => {
  it('reports what it built', () => {
    const out = join(work, 'again.json');
    const result = run('ingest', ['--corpus', 'corpus', '--out', out]);
    expect(result.stdout).toMatch(/16 passages from 4 files/);
  });

  it('compiles the thesaurus the shipped weight reads, and none with --no-thesaurus', () => {
    const withIt = parseIndex(readFileSync(index));
    expect(withIt.thesaurus?.[tokenize('shut')[0] as string]).toContain(tokenize('closed')[0]);
    const out = join(work, 'bare.bin');
    const result = run('ingest', ['--corpus', 'corpus', '--out', out, '--no-thesaurus']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/thesaurus/);
    expect(parseIndex(readFileSync(out)).thesaurus).toBeUndefined();
  });

  it('lists a heading whose id still clashes, naming the id and both places; fails on it only with --strict', () => {
    const args = ['--corpus', 'tests/fixtures/duplicate-heading', '--out', join(work, 'dup.bin')];
    const result = run('ingest', args);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /a\.md line 7: section left out: its id a#guide-setup is taken by a\.md line 3 as well/,
    );
    expect(result.stdout).toMatch(/2 passages from 2 files/);
    const strict = run('ingest', [...args, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/a#guide-setup/);
    expect(strict.stderr).toMatch(/--strict: nothing written/);
  });

  it('fails on a missing corpus folder with a message naming it', () => {
    const result = run('ingest', ['--corpus', join(work, 'nowhere'), '--out', join(work, 'x.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot read corpus folder .*nowhere/);
  });

  it('fails on a folder with no Markdown', () => {
    const result = run('ingest', ['--corpus', 'tests/fixtures/replies', '--out', join(work, 'x.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/empty/);
  });

  it.each([['3'], ['-0.1'], [''], ['abc'], ['0'], ['1'], ['0.0001']])(
    'rejects a threshold of %j',
    (value) => {
      const result = run('ingest', [`--threshold=${value}`, '--out', join(work, 'x.json')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--threshold takes a number from 0.01 to below 1/);
    },
  );

  it.each([['/dev/null'], ['answer.v0'], ['prompts/answer.v2.md']])(
    'writes no index for a prompt this build does not ship (--prompt %s)',
    (prompt) => {
      const out = join(work, 'prompt.bin');
      const result = run('ingest', ['--prompt', prompt, '--out', out]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /--prompt takes a prompt version this build ships \(answer\.v1, answer\.v2, answer\.v3\)/,
      );
      expect(existsSync(out)).toBe(false);
    },
  );

  it('says, when asked with an index built for an older prompt, which checks that prompt gives up', () => {
    const out = join(work, 'v1.bin');
    expect(run('ingest', ['--prompt', 'answer.v1', '--out', out, '--quiet']).code).toBe(0);
    const older = run('ask', ['--index', out, '--no-model', 'How long can I borrow a DVD for?']);
    expect(older.stderr).toMatch(
      /note: this index was built for answer\.v1, not answer\.v3: answers are verified by its rule \(citations need no quote, a figure may stand anywhere in a cited passage\)/,
    );
    const current = run('ask', ['--no-model', 'How long can I borrow a DVD for?']);
    expect(current.stderr).not.toMatch(/this index was built for/);
  });

  it('marks the threshold of any other corpus as not calibrated for it', () => {
    const out = join(work, 'other.bin');
    const result = run('ingest', ['--corpus', 'tests/fixtures/other-corpus', '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/NOT CALIBRATED for this corpus/);
    const built = parseIndex(readFileSync(out));
    expect(built.gate.source).toMatch(/^NOT CALIBRATED/);
  });

  it('fits the scorer named with --model, and refuses one it does not know', () => {
    const out = join(work, 'tfidf.bin');
    const built = run('ingest', ['--corpus', 'corpus', '--out', out, '--model', 'tfidf']);
    expect(built.stdout).toMatch(/model: tfidf-cosine/);
    expect(parseIndex(readFileSync(out)).model).toEqual({ kind: 'tfidf' });
    const wrong = run('ingest', ['--corpus', 'corpus', '--out', out, '--model', 'dense']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--model takes bm25 or tfidf, not "dense"/);
    // A name every object has is not a model either.
    expect(run('ingest', ['--corpus', 'corpus', '--out', out, '--model', 'toString']).code).toBe(2);
  });

  it('records a threshold given on the command line as such', () => {
    const out = join(work, 'set.bin');
    run('ingest', ['--corpus', 'tests/fixtures/other-corpus', '--out', out, '--threshold', '0.2']);
    expect(parseIndex(readFileSync(out)).gate).toMatchObject({
      threshold: 0.2,
      source: expect.stringMatching(/--threshold/),
    });
  });

  it('answers an unknown flag with the usage, not a stack trace', () => {
    const result = run('ingest', ['--corpsu', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: Unknown option '--corpsu'/);
    expect(result.stderr).toMatch(/usage: npm run ingest/);
  });
});

describe('npm run ask', () => {
  it('refuses the wifi password at the gate on words alone, showing passages and scores', () => {
    const result = run('ask', ['--index', index, '--lexical', 'What is the wifi password?']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/refused: no_relevant_context/);
    expect(result.stdout).toMatch(/\d\.\d{3} .* below {2}04-spaces#computers-and-wifi/);
    expect(result.stderr).toMatch(/extractive stand-in/);
  });

  it('reads with the semantic channel unless --lexical, and says which in --json', () => {
    const question = 'Does the library sell coffee?';
    const semantic = JSON.parse(run('ask', ['--index', index, '--json', question]).stdout);
    expect(semantic.semantic.table).toMatch(/^[0-9a-f]{64}$/u);
    expect(semantic.status).toBe('refused');
    expect(semantic.reason).toBe('no_relevant_context');
    const lexical = JSON.parse(run('ask', ['--index', index, '--json', '--lexical', question]).stdout);
    expect(lexical.semantic).toBeUndefined();
    // The two gates compare different scores: the fused evidence is no cosine.
    expect(semantic.threshold).not.toBe(lexical.threshold);
  });

  it('says how it read a question not read as typed, before the answer or the refusal', () => {
    const typo = run('ask', ['--index', index, 'how many computers does the libary have?']);
    expect(typo.stdout).toMatch(/^Read “libary” as “library”\.\n\nThe library has 24 public computers/);
    const named = run('ask', ['--index', index, 'when does jewish new year start?']);
    expect(named.stdout).toMatch(
      /^Read “jewish” as the name “Jewish”, which the documents never use\.\n\nrefused: /,
    );
    expect(run('ask', ['--index', index, 'How long can I borrow a DVD for?']).stdout).not.toMatch(/^Read /m);
  });

  it('answers the DVD question citing the loan periods', () => {
    const result = run('ask', ['--index', index, 'How long can I borrow a DVD for?']);
    expect(result.stdout).toMatch(/7 days/);
    expect(result.stdout).toMatch(/citations: 02-borrowing#loan-periods/);
  });

  it('prints the AskResult as JSON with --json', () => {
    const result = run('ask', [
      '--index',
      index,
      '--json',
      'How many holds can a member have active at once?',
    ]);
    const parsed = JSON.parse(result.stdout);
    expect(parsed).toMatchObject({
      status: 'answered',
      citations: ['02-borrowing#holds'],
      promptVersion: 'answer.v3',
    });
  });

  it.each([
    ['made-up-id', 'fabricated_citation'],
    ['outside-context', 'fabricated_citation'],
    ['no-citation', 'missing_citation'],
    ['empty-answer', 'unparseable_response'],
    ['not-the-schema', 'unparseable_response'],
    ['paraphrased-quote', 'unsupported_quote'],
    ['wrong-figure', 'ungrounded_figure'],
  ])('refuses a replayed reply (%s) with %s', (file, reason) => {
    const replay = `tests/fixtures/replies/${file}.json`;
    const result = run('ask', [
      '--index',
      index,
      '--json',
      '--replay',
      replay,
      'How long can I borrow a DVD for?',
    ]);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'refused', reason });
  });

  it('tells a cited passage outside the context from one that does not exist', () => {
    const replay = (file: string) =>
      JSON.parse(
        run('ask', [
          '--index',
          index,
          '--json',
          '--replay',
          `tests/fixtures/replies/${file}.json`,
          'How long can I borrow a DVD for?',
        ]).stdout,
      );
    expect(replay('outside-context').detail).toMatch(
      /"04-spaces#study-rooms" \(in the corpus, not in this context\)/,
    );
    expect(replay('made-up-id').detail).not.toMatch(/in the corpus/);
  });

  it('prints no figure of a model’s no-answer words that no passage holds (issue 35)', () => {
    const replay = 'tests/fixtures/replies/no-answer-with-figure.json';
    const result = run('ask', ['--index', index, '--replay', replay, 'How long can I borrow a DVD for?']);
    expect(result.stdout).toMatch(/refused: model_reported_no_answer/);
    expect(result.stdout).not.toContain('99');
  });

  it('never prints a key that cannot be sent, and refuses instead of crashing', () => {
    const key = 'test-key-SECRET0123456789';
    const result = run('ask', ['--index', index, '--json', 'How long can I borrow a DVD for?'], {
      ANTHROPIC_API_KEY: `${key}\nX`,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'refused',
      reason: 'model_unavailable',
      code: 'authentication',
    });
    expect(result.stdout + result.stderr).not.toContain('SECRET');
  });

  it('uses the stand-in with --no-model even when a key is set', () => {
    const result = run('ask', ['--index', index, '--no-model', 'How long can I borrow a DVD for?'], {
      ANTHROPIC_API_KEY: 'sk-ant-unused',
    });
    expect(result.stderr).toMatch(/extractive stand-in/);
    expect(result.stdout).toMatch(/7 days/);
  });

  it('answers with a correct replayed reply', () => {
    const replay = 'tests/fixtures/replies/correct.json';
    const result = run('ask', ['--index', index, '--replay', replay, 'How long can I borrow a DVD for?']);
    expect(result.stdout).toMatch(/can be borrowed for 7 days/);
    expect(result.stderr).toMatch(/no model is called/);
  });

  it('says how to build the index when there is none', () => {
    const result = run('ask', ['--index', join(work, 'missing.bin'), 'anything']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/run `npm run ingest` first/);
  });

  it('rejects an index file that is not an index', () => {
    const bad = join(work, 'bad.json');
    writeFileSync(bad, '{"format":"something else"}');
    const result = run('ask', ['--index', bad, 'anything']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not a valid sourcebound index/);
  });

  it('asks for a question when given none', () => {
    const result = run('ask', ['--index', index]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/usage: npm run ask/);
  });

  it('answers a flag without its value with the usage, not a stack trace', () => {
    const result = run('ask', ['--index']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: .*--index/);
  });
});

// A test here saves a trace and replays it: up to five processes, which took over 30 s on two cores
// shared with three other full test runs (2026-12-05).
const TRACE_TIMEOUT = 90_000;

describe('npm run ask -- --trace', () => {
  const traceOf = (question: string, name: string) => {
    const file = join(work, name);
    const saved = run('ask', ['--index', index, '--save-trace', file, question]);
    expect(saved.code).toBe(0);
    return file;
  };

  it(
    'replays a saved answer and a saved gate refusal to the same verdict, on the same index',
    () => {
      const answer = run('ask', [
        '--index',
        index,
        '--trace',
        traceOf('How long can I borrow a DVD for?', 'dvd.json'),
      ]);
      expect(answer.code).toBe(0);
      expect(answer.stdout).toMatch(/^same verdict: answered$/m);
      expect(answer.stderr).toMatch(/no model is called/);
      const refusal = run('ask', [
        '--index',
        index,
        '--trace',
        traceOf('Does the library sell coffee?', 'coffee.json'),
      ]);
      expect(refusal.stdout).toMatch(/^same verdict: refused: no_relevant_context$/m);
    },
    TRACE_TIMEOUT,
  );

  it(
    'replays the stand-in’s own no-answer to the same verdict: its words are its own, not a model’s',
    () => {
      const refusal = run('ask', [
        '--index',
        index,
        '--trace',
        traceOf('how many pets can I bring to the study rooms?', 'pets.json'),
      ]);
      expect(refusal.stdout).toMatch(/^same verdict: refused: model_reported_no_answer$/m);
    },
    TRACE_TIMEOUT,
  );

  it(
    'replays the recorded reply, not a new one: a replayed fabricated citation is refused again',
    () => {
      const traced = join(work, 'fabricated.json');
      run('ask', [
        '--index',
        index,
        '--replay',
        'tests/fixtures/replies/made-up-id.json',
        '--save-trace',
        traced,
        'How long can I borrow a DVD for?',
      ]);
      expect(JSON.parse(readFileSync(traced, 'utf8')).verdict.reason).toBe('fabricated_citation');
      expect(run('ask', ['--index', index, '--trace', traced]).stdout).toMatch(
        /^same verdict: refused: fabricated_citation$/m,
      );
    },
    TRACE_TIMEOUT,
  );

  it(
    'says when another index decides it differently, and when the passages it rested on have changed',
    () => {
      const dvd = traceOf('How long can I borrow a DVD for?', 'dvd-again.json');
      const strict = join(work, 'strict.bin');
      run('ingest', ['--corpus', 'corpus', '--out', strict, '--threshold', '0.9']);
      const different = run('ask', ['--index', strict, '--trace', dvd]);
      expect(different.code).toBe(1);
      expect(different.stdout).toMatch(
        /DIFFERENT verdict: the trace recorded answered, the replay gives refused: no_relevant_context/,
      );

      const other = join(work, 'garden.bin');
      run('ingest', ['--corpus', 'tests/fixtures/other-corpus', '--out', other]);
      const garden = run('ask', ['--index', other, '--trace', dvd]);
      expect(garden.code).toBe(1);
      expect(garden.stdout).toMatch(
        /the index has changed since the trace was made: 02-borrowing#loan-periods is no longer in the index/,
      );
    },
    TRACE_TIMEOUT,
  );

  it(
    'does not replay a trace with a forged answer as the same verdict, and names the field',
    () => {
      const dvd = traceOf('How long can I borrow a DVD for?', 'dvd-forged.json');
      const trace = JSON.parse(readFileSync(dvd, 'utf8'));
      trace.verdict.answer = 'DVDs can be borrowed for 99 days.';
      writeFileSync(dvd, JSON.stringify(trace));
      const replayed = run('ask', ['--index', index, '--trace', dvd]);
      expect(replayed.code).toBe(1);
      expect(replayed.stdout).toMatch(/DIFFERENT verdict/);
      expect(replayed.stdout).toMatch(
        /^ {2}answer differs: recorded "DVDs can be borrowed for 99 days\.", the replay gives "/m,
      );
    },
    TRACE_TIMEOUT,
  );

  it(
    'rejects a file that is not a trace, and a question given with --trace',
    () => {
      const bad = join(work, 'not-a-trace.json');
      writeFileSync(bad, '{"format":"other"}');
      const result = run('ask', ['--index', index, '--trace', bad]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/not a valid sourcebound trace/);
      const both = run('ask', ['--index', index, '--trace', bad, 'a question']);
      expect(both.code).toBe(2);
      expect(both.stderr).toMatch(/--trace replays the trace's own question/);
    },
    TRACE_TIMEOUT,
  );
});

describe('npm run ask: waiting for Claude', () => {
  it('ends the wait cleanly on Ctrl-C: a cancelled refusal, exit 130, no stack', async () => {
    // A server on this machine that takes the request and never answers it.
    let requested: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      requested = resolve;
    });
    const server = createServer(() => requested());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Through tsx, as `npm run ask` starts it (the other tests run the compiled script): tsx stands
      // between the terminal and the script, and Ctrl-C must still reach the script.
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/ask.ts', '--index', index, 'How long can I borrow a DVD for?'],
        {
          env: {
            ...process.env,
            ANTHROPIC_API_KEY: 'sk-test-key',
            ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
          },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      await arrived;
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stdout).toMatch(/^refused: model_unavailable \(aborted\)$/m);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stdout + stderr).not.toContain('sk-test-key');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('files the CLI reads and writes', () => {
  const oneLine = (stderr: string) => {
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
  };

  it.each([
    ['ask', ['--replay', '/dev/zero', 'How long can I borrow a DVD for?'], 'replayed reply'],
    ['ask', ['--trace', '/dev/zero'], 'trace'],
    ['ask', ['--index', '/dev/zero', 'How long can I borrow a DVD for?'], 'index'],
    ['eval', ['--questions', '/dev/zero'], 'evaluation set'],
    ['eval', ['--replies', '/dev/zero'], 'recorded replies'],
  ])(
    'refuses /dev/zero by name instead of reading it until memory runs out (%s %j)',
    (script, args, what) => {
      const result = run(script, ['--index', index, ...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`cannot read ${what} /dev/zero: it is not a regular file`);
      oneLine(result.stderr);
    },
  );

  it.each([
    ['ask', ['--replay', 'FIFO', 'How long can I borrow a DVD for?'], 'replayed reply'],
    ['ask', ['--trace', 'FIFO'], 'trace'],
    ['ask', ['--index', 'FIFO', 'How long can I borrow a DVD for?'], 'index'],
    ['eval', ['--questions', 'FIFO'], 'evaluation set'],
  ])('refuses a named pipe by name instead of waiting for a writer forever (%s %j)', (script, args, what) => {
    const fifo = join(work, `pipe-${what.replaceAll(' ', '-')}`);
    if (!existsSync(fifo)) expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const result = run(script, ['--index', index, ...args.map((arg) => (arg === 'FIFO' ? fifo : arg))]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`cannot read ${what} ${fifo}: it is not a regular file`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a named pipe or a file under /proc as --save-trace instead of waiting on it', () => {
    const fifo = join(work, 'trace-pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const question = 'How long can I borrow a DVD for?';
    const piped = run('ask', ['--index', index, '--save-trace', fifo, question]);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain(`cannot write trace ${fifo}: it is not a regular file`);
    const proc = run('ask', ['--index', index, '--save-trace', '/proc/self/comm', question]);
    expect(proc.code).toBe(2);
    expect(proc.stderr).toMatch(/cannot write trace \/proc\/self\/comm: E[A-Z]+/);
    oneLine(proc.stderr);
  });

  it('refuses a file over the size limit without reading it', () => {
    const huge = join(work, 'huge.json');
    const descriptor = openSync(huge, 'w');
    ftruncateSync(descriptor, 65 * 1024 * 1024);
    closeSync(descriptor);
    const result = run('ask', ['--index', index, '--replay', huge, 'How long can I borrow a DVD for?']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /cannot read replayed reply .*huge\.json: 68157440 bytes, over the limit of 67108864 bytes/,
    );
  });

  it('says a folder given as --save-trace cannot be written, in one line and no stack', () => {
    const result = run('ask', ['--index', index, '--save-trace', work, 'How long can I borrow a DVD for?']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`cannot write trace ${work}: EISDIR`);
    oneLine(result.stderr);
  });

  it('reports invalid UTF-8 with the file and line instead of replacing it silently', () => {
    const file = join(work, 'latin1.json');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('{\n"answered": true,\n"answer": "caf'),
        Buffer.from([0xe9]),
        Buffer.from('"}\n'),
      ]),
    );
    const result = run('ask', ['--index', index, '--replay', file, 'How long can I borrow a DVD for?']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`replayed reply ${file} is not UTF-8 text (line 3)`);
  });

  it.each([
    ['blank', '   ', /the question is blank/],
    ['over the limit', 'why '.repeat(300), /the question is over 1000 characters/],
  ])(
    'refuses an evaluation set with a %s question instead of counting it as PASS',
    (_name, question, message) => {
      const file = join(work, `questions-${_name}.json`);
      writeFileSync(file, JSON.stringify([{ question, answerable: false }]));
      const result = run('eval', ['--index', index, '--questions', file]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).not.toMatch(/PASS/);
    },
  );

  it.each([['http://example.com'], ['ftp://example.com'], ['not a url']])(
    'never sends the key to ANTHROPIC_BASE_URL=%s',
    (url) => {
      const result = run('ask', ['--index', index, 'How long can I borrow a DVD for?'], {
        ANTHROPIC_API_KEY: 'sk-test-secret-key',
        ANTHROPIC_BASE_URL: url,
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/ANTHROPIC_BASE_URL (must be an https URL|is not a URL)/);
      expect(result.stderr + result.stdout).not.toContain('sk-test-secret-key');
    },
  );
});

describe('text from a model, a corpus or a file reaches the terminal shown, not obeyed', () => {
  const ESCAPES = '\x1b[2J\x1b[31m';

  it('shows the escape sequences in a replayed answer instead of clearing the screen', () => {
    const reply = join(work, 'escapes.json');
    writeFileSync(
      reply,
      JSON.stringify({
        answered: true,
        answer: `DVDs can be borrowed for 7 days.${ESCAPES}`,
        citations: [{ id: '02-borrowing#loan-periods', quote: '| DVDs and Blu-ray | 7 days | 1 |' }],
      }),
    );
    const result = run('ask', ['--index', index, '--replay', reply, 'How long can I borrow a DVD for?']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('DVDs can be borrowed for 7 days.␛[2J␛[31m');
    expect(result.stdout + result.stderr).not.toContain('\x1b');
  });

  it("shows the escape sequences in a trace's question", () => {
    const file = join(work, 'escaped-question.json');
    run('ask', ['--index', index, '--save-trace', file, 'What is the wifi password?']);
    const trace = JSON.parse(readFileSync(file, 'utf8'));
    trace.question = `What is the wifi password?${ESCAPES}`;
    writeFileSync(file, JSON.stringify(trace));
    const result = run('ask', ['--index', index, '--trace', file]);
    expect(result.stderr).toContain('wifi password?␛[2J');
    expect(result.stdout + result.stderr).not.toContain('\x1b');
  });
});

describe('npm run eval', () => {
  it('closes with the counts line and exits 0 when nothing fails', () => {
    const result = run('eval', ['--index', index]);
    expect(result.code).toBe(0);
    // An unanswerable question passes by being refused, and says which layer refused it.
    expect(result.stdout).toMatch(/^PASS Who is the head librarian\?\n {5}refused: [a-z_]+$/m);
    expect(result.stdout).toMatch(/^\d+ passed, 0 failed, 0 skipped$/m);
    expect(result.stdout).toMatch(/prompt: answer\.v3/);
  });

  it('exits non-zero when a question fails', () => {
    const questions = join(work, 'failing.json');
    writeFileSync(
      questions,
      JSON.stringify([{ question: 'How long can I borrow a DVD for?', answerable: false }]),
    );
    const result = run('eval', ['--index', index, '--questions', questions]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^FAIL How long can I borrow a DVD for\?$/m);
    expect(result.stdout).toMatch(/^0 passed, 1 failed, 0 skipped$/m);
  });

  it('rejects a malformed evaluation set, naming the file', () => {
    const questions = join(work, 'malformed.json');
    writeFileSync(questions, JSON.stringify([{ question: 'x' }]));
    const result = run('eval', ['--index', index, '--questions', questions]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/malformed\.json: not a valid evaluation set/);
  });

  it('calibrates: both groups in order, the gap and its midpoint, the shipped threshold', () => {
    // The shipped lexical threshold is this midpoint: measured on words alone.
    const result = run('eval', ['--index', index, '--calibrate', '--lexical']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const scoresUnder = (heading: RegExp) => {
      const start = lines.findIndex((line) => heading.test(line));
      const scores: number[] = [];
      for (const line of lines.slice(start + 1)) {
        const score = /^ {2}(\d\.\d{3}) /.exec(line)?.[1];
        if (score === undefined) break;
        scores.push(Number(score));
      }
      return scores;
    };
    const answerable = scoresUnder(/^Answerable questions, lowest best score first/);
    const unanswerable = scoresUnder(/^Unanswerable questions, highest best score first/);
    expect(answerable.length).toBeGreaterThanOrEqual(10);
    expect(answerable).toEqual([...answerable].sort((a, b) => a - b));
    expect(unanswerable).toEqual([...unanswerable].sort((a, b) => b - a));
    const midpoint = /midpoint \(the threshold to ship\): (\d\.\d{3})/.exec(result.stdout)?.[1];
    expect(Number(midpoint)).toBeCloseTo(((answerable[0] ?? 0) + (unanswerable[0] ?? 0)) / 2, 2);
    expect(result.stdout).toContain(`threshold in use: ${midpoint} `);
    // The question no threshold can decide is named as overlapping, not hidden.
    expect(result.stdout).toMatch(/these OVERLAP the answerable group[\s\S]*Who is the head librarian\?/);
  });

  it('says plainly when the groups overlap and which questions cause it', () => {
    const questions = join(work, 'overlap.json');
    writeFileSync(
      questions,
      JSON.stringify([
        {
          question: 'How long can I keep a magazine?',
          answerable: true,
          passage: '02-borrowing#loan-periods',
          mustContain: ['14 days'],
        },
        { question: 'Who is the head librarian?', answerable: false },
      ]),
    );
    const result = run('eval', ['--index', index, '--questions', questions, '--calibrate', '--lexical']);
    expect(result.stdout).toMatch(/OVERLAP/);
    expect(result.stdout).toMatch(/Caused by:[\s\S]*magazine[\s\S]*head librarian/);
  });
});
