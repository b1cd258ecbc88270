import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandLineWorkspace } from '../helpers/command-line';
import { TSX } from '../helpers/run-script';

// The command-line scripts as a user runs them: a real process, real files, no key, no network. Replays,
// waits, the files they read and write, and what reaches the terminal; cli.test.ts has the rest (two
// files, so that vitest's two workers share the processes these tests wait on).

const { work, index, run } = commandLineWorkspace('cli-replay-files');

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
  /** The command line replaying the trace it saved for `question`. */
  const replayOf = (question: string, name: string) =>
    run('ask', ['--index', index, '--trace', traceOf(question, name)]);

  it(
    'replays a saved answer and a saved gate refusal to the same verdict, on the same index',
    () => {
      const answer = replayOf('How long can I borrow a DVD for?', 'dvd.json');
      expect(answer.code).toBe(0);
      expect(answer.stdout).toMatch(/^same verdict: answered$/m);
      expect(answer.stderr).toMatch(/no model is called/);
      const refusal = replayOf('Can I park my car at the library?', 'parking.json');
      expect(refusal.stdout).toMatch(/^same verdict: refused: no_relevant_context$/m);
    },
    TRACE_TIMEOUT,
  );

  it(
    'replays the stand-in’s own no-answer to the same verdict: its words are its own, not a model’s',
    () => {
      const refusal = replayOf('how many pets can I bring to the study rooms?', 'pets.json');
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
        [...TSX, 'scripts/ask.ts', '--index', index, 'How long can I borrow a DVD for?'],
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
