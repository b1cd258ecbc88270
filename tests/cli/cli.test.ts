import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIndex } from '../../src/compiled-index/parse';
import { tokenize } from '../../src/text/tokenize';
import { commandLineWorkspace } from '../helpers/command-line';

// The command-line scripts as a user runs them: a real process, real files, no key, no network.

const { work, index, run } = commandLineWorkspace('cli');

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

  it('writes the text in blocks beside the index with --text blocks; ask reads them, and names one missing', () => {
    const folder = join(work, 'split');
    const out = join(folder, 'index.bin');
    const result = run('ingest', ['--corpus', 'corpus', '--out', out, '--text', 'blocks']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/passage text: 1 blocks in .*split\/text\//);
    const blocks = readdirSync(join(folder, 'text'));
    expect(blocks).toHaveLength(1);
    const asked = run('ask', ['--index', out, '--lexical', 'How long can I borrow a DVD for?']);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/7 days/);
    // Written inline again: the blocks no index names any more go.
    expect(run('ingest', ['--corpus', 'corpus', '--out', out, '--text', 'inline']).code).toBe(0);
    expect(readdirSync(join(folder, 'text'))).toHaveLength(0);
    expect(run('ingest', ['--corpus', 'corpus', '--out', out, '--text', 'blocks']).code).toBe(0);
    rmSync(join(folder, 'text', blocks[0] as string));
    const missing = run('ask', ['--index', out, '--lexical', 'How long can I borrow a DVD for?']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/its passage text .*text\/[0-9a-f]{64}\.bin is missing/);
  });

  it('keeps the blocks another index beside it names, and writes a damaged block again', () => {
    const folder = join(work, 'side-by-side');
    const [first, second] = [join(folder, 'a.bin'), join(folder, 'b.bin')];
    for (const out of [first, second]) {
      expect(run('ingest', ['--corpus', 'corpus', '--out', out, '--text', 'blocks']).code).toBe(0);
    }
    // The same text, so the same block: a.bin written inline must not take b.bin's text with it.
    expect(run('ingest', ['--corpus', 'corpus', '--out', first, '--text', 'inline']).code).toBe(0);
    const [block] = readdirSync(join(folder, 'text'));
    expect(block).toMatch(/^[0-9a-f]{64}\.bin$/);
    writeFileSync(join(folder, 'text', block as string), 'not the text');
    expect(run('ask', ['--index', second, '--lexical', 'How long can I borrow a DVD for?']).stderr).toMatch(
      /passage text block 1 of 1 is damaged/,
    );
    expect(run('ingest', ['--corpus', 'corpus', '--out', second, '--text', 'blocks']).code).toBe(0);
    expect(run('ask', ['--index', second, '--lexical', 'How long can I borrow a DVD for?']).stdout).toMatch(
      /7 days/,
    );
  });

  it('cuts the text into smaller blocks with --block-chars, and rejects a size too small to be one', () => {
    const folder = join(work, 'small-blocks');
    const out = join(folder, 'index.bin');
    const result = run('ingest', [
      '--corpus',
      'corpus',
      '--out',
      out,
      '--text',
      'blocks',
      '--block-chars',
      '1024',
    ]);
    expect(result.code).toBe(0);
    expect(readdirSync(join(folder, 'text')).length).toBeGreaterThan(1);
    expect(run('ask', ['--index', out, '--lexical', 'How long can I borrow a DVD for?']).stdout).toMatch(
      /7 days/,
    );
    const tiny = run('ingest', ['--out', join(work, 'y.bin'), '--block-chars', '100']);
    expect(tiny.code).toBe(2);
    expect(tiny.stderr).toMatch(/--block-chars takes a whole number of characters from 1024, not "100"/);
    const inline = run('ingest', ['--out', join(work, 'y.bin'), '--text', 'inline', '--block-chars', '2048']);
    expect(inline.code).toBe(2);
    expect(inline.stderr).toMatch(/--text inline writes none/);
  });

  it('writes the postings in shards beside the index with --text blocks, --shard-bytes sizing them; ask reads them, and names one missing', () => {
    const folder = join(work, 'shards');
    const out = join(folder, 'index.bin');
    const args = ['--corpus', 'corpus', '--out', out, '--text', 'blocks', '--shard-bytes', '512'];
    const result = run('ingest', args);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/postings: \d+ shards in .*shards\/postings\//);
    const shards = readdirSync(join(folder, 'postings'));
    expect(shards.length).toBeGreaterThan(1);
    expect(run('ask', ['--index', out, '--lexical', 'How long can I borrow a DVD for?']).stdout).toMatch(
      /7 days/,
    );
    // Written inline again: the shards no index names any more go.
    expect(run('ingest', ['--corpus', 'corpus', '--out', out, '--text', 'inline']).code).toBe(0);
    expect(readdirSync(join(folder, 'postings'))).toHaveLength(0);
    expect(run('ingest', args).code).toBe(0);
    rmSync(join(folder, 'postings', shards[0] as string));
    const missing = run('ask', ['--index', out, '--lexical', 'How long can I borrow a DVD for?']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/its postings .*postings\/[0-9a-f]{64}\.bin is missing/);
    const tiny = run('ingest', ['--out', join(work, 'z.bin'), '--shard-bytes', '100']);
    expect(tiny.code).toBe(2);
    expect(tiny.stderr).toMatch(/--shard-bytes takes a whole number of bytes from 256, not "100"/);
  });

  it('rejects a --text that is no layout', () => {
    const result = run('ingest', ['--out', join(work, 'x.bin'), '--text', 'zip']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--text takes auto, blocks, inline, not "zip"/);
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

  it('prints its usage for --help and -h, and succeeds', () => {
    for (const flag of ['--help', '-h']) {
      const result = run('ingest', [flag]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^usage: npm run ingest/);
      expect(result.stderr).toBe('');
    }
  });
});

describe('npm run ask', () => {
  it('prints its usage for --help, and takes "--help" after a lone -- as a question', () => {
    const help = run('ask', ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run ask/);
    const asked = run('ask', ['--index', index, '--lexical', '--', '--help']);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/refused: /);
  });

  it('refuses the wifi password at the gate on words alone, showing passages and scores', () => {
    const result = run('ask', ['--index', index, '--lexical', 'What is the wifi password?']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/refused: no_relevant_context/);
    expect(result.stdout).toMatch(/\d\.\d{3} .* below {2}04-spaces#computers-and-wifi/);
    expect(result.stderr).toMatch(/extractive stand-in/);
  });

  it('reads with the semantic channel unless --lexical, and says which in --json', () => {
    const question = 'Can I park my car at the library?';
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
