// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ask, createEngine } from '../../../src/ask/engine';
import { DEFAULT_GATE } from '../../../src/config';
import type { GenerationClient, GenerationOutcome, GenerationRequest } from '../../../src/types';
import { App } from '../../../src/ui/ask/app';
import type { ClaudeLoader } from '../../../src/ui/ask/lazy-claude';
import { ResultView } from '../../../src/ui/ask/result-view';
import { STORAGE_KEY } from '../../../src/ui/ask/settings';
import { libraryIndex } from '../../helpers/engine';
import { fakeAnthropicKey } from '../../helpers/fake-key';
import { neverCalled, outcome, replying } from '../../helpers/scripted';

const engine = createEngine(libraryIndex());
const CLAUDE = { kind: 'claude', name: 'claude-opus-5' } as const;
const KEY = 'test-key-0123456789';
const DVD = 'How long can I borrow a DVD for?';
const DVD_ROW = '| DVDs and Blu-ray | 7 days | 1 |';
const LOANS_CITED = [{ id: '02-borrowing#loan-periods', quote: DVD_ROW }];

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** A Claude loader that hands out the given client and records the options it was asked for. */
function loaderOf(client: GenerationClient) {
  return vi.fn<ClaudeLoader>(async () => client);
}

/** A client that answers only when told to, and honours cancellation like the real one. */
/** `honoursAbort: false` plays a client that ignores cancellation and answers late anyway. */
function pending({ honoursAbort = true } = {}) {
  const requests: GenerationRequest[] = [];
  let settle: (value: GenerationOutcome) => void = () => {};
  const client: GenerationClient = {
    info: CLAUDE,
    generate(request) {
      requests.push(request);
      return new Promise((resolve) => {
        settle = resolve;
        if (!honoursAbort) return;
        request.signal?.addEventListener('abort', () =>
          resolve({
            ok: false,
            reason: 'model_unavailable',
            code: 'aborted',
            detail: 'the request was cancelled',
          }),
        );
      });
    },
  };
  return { client, requests, answer: (value: GenerationOutcome) => settle(value) };
}

function setup(loadClaude: ClaudeLoader = loaderOf(replying({})), reportBug = vi.fn()) {
  return render(
    <App
      engine={engine}
      loadClaude={loadClaude}
      storages={{ local: localStorage, session: sessionStorage }}
      reportBug={reportBug}
    />,
  );
}

const liveRegion = () => document.querySelector('[aria-live="polite"]')?.textContent;

function askQuestion(question: string) {
  fireEvent.input(screen.getByLabelText('Your question'), { target: { value: question } });
  fireEvent.click(screen.getByRole('button', { name: /^(Ask|Looking…|Asking Claude…)$/ }));
}

/** The result section: the live region repeats its outcome, so queries look inside the section only. */
const inResult = () => within(document.querySelector('section.result') as HTMLElement);

function setKey(key: string, options: { remember?: boolean } = {}) {
  fireEvent.input(screen.getByLabelText('Anthropic API key'), { target: { value: key } });
  if (options.remember) fireEvent.click(screen.getByLabelText(/Remember the key/));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('App: idle', () => {
  it('offers a labelled question box and says the stand-in will answer', () => {
    setup();
    expect(screen.getByLabelText('Your question')).toBeTruthy();
    expect(
      screen.getByText(/quoted from the library manual by the extractive stand-in \(not a language model\)/),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Answer|Refused/ })).toBeNull();
  });

  it('answers an empty question with a message, not a request', () => {
    const load = loaderOf(replying({}));
    setup(load);
    askQuestion('   ');
    expect(screen.getByRole('alert').textContent).toBe('Type a question first.');
    expect(screen.queryByRole('heading', { name: /Answer|Refused/ })).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('App: answered', () => {
  it('by the stand-in: quotes the manual, names the stand-in, links the citation to its passage', async () => {
    setup();
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    expect(document.querySelector('.answer-text')?.textContent).toContain('7 days');
    expect(inResult().getByText(/picked by the stand-in: no\s+language model wrote it/)).toBeTruthy();
    const link = within(document.querySelector('.citations') as HTMLElement).getByRole('link', {
      name: 'Borrowing › Loan Periods',
    });
    expect(link.getAttribute('title')).toBe('02-borrowing#loan-periods');
    const details = document.getElementById('passage-02-borrowing-loan-periods') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(link);
    await waitFor(() => expect(details.open).toBe(true));
    expect(inResult().getByText(/Prompt version: answer\.v2/)).toBeTruthy();
  });

  it('by Claude: names the model and loads the client with the key and model set', async () => {
    const reply = { answered: true, answer: 'DVDs: 7 days.', citations: LOANS_CITED };
    const load = loaderOf(replying(reply, CLAUDE));
    setup(load);
    setKey(`  ${KEY}\u200b\n`);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    expect(inResult().getByText('DVDs: 7 days.')).toBeTruthy();
    expect(inResult().getByText('Claude (claude-opus-5)')).toBeTruthy();
    // The pasted key was cleaned of whitespace and invisible characters before use.
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ apiKey: KEY, model: 'claude-opus-5' }));
  });

  it('marks each quote inside its passage', async () => {
    setup(loaderOf(replying({ answered: true, answer: 'DVDs: 7 days.', citations: LOANS_CITED }, CLAUDE)));
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    const details = document.getElementById('passage-02-borrowing-loan-periods') as HTMLElement;
    const quoted = details.querySelectorAll('tr.quoted');
    expect(quoted).toHaveLength(1);
    expect(quoted[0]?.textContent).toBe('DVDs and Blu-ray7 days1');
  });

  it("draws the stand-in's table-row answer as a table, with the header row over it", async () => {
    setup();
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    const shown = document.querySelector('.answer-text') as HTMLElement;
    const headers = [...shown.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['Item type', 'Loan period', 'Renewals']);
    expect([...shown.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'DVDs and Blu-ray',
      '7 days',
      '1',
    ]);
    expect(shown.textContent).not.toContain('|');
  });

  it('renders model text as text: markup in an answer creates no element', async () => {
    const answer = '<img src=x onerror=alert(1)> ![x](https://evil.example/x.png)';
    setup(loaderOf(replying({ answered: true, answer, citations: LOANS_CITED }, CLAUDE)));
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    const shown = document.querySelector('.answer-text') as HTMLElement;
    expect(shown.textContent).toBe(answer);
    expect(shown.querySelector('img')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('App: refused', () => {
  it('no_relevant_context: lists the related sections, shows the passages with bars and the threshold', async () => {
    setup();
    askQuestion('What is the wifi password?');
    await screen.findByRole('heading', { name: 'Refused' });
    expect(inResult().getByText('no_relevant_context')).toBeTruthy();
    expect(
      inResult().getByText(/These sections are related, but none of them clearly answers it:/),
    ).toBeTruthy();
    expect(document.querySelectorAll('.related-sections li').length).toBeGreaterThan(0);
    expect(inResult().getByText(/No model was asked/)).toBeTruthy();
    const bar = document.querySelector('svg.score-bar');
    const threshold = DEFAULT_GATE.threshold.toFixed(3);
    expect(bar?.getAttribute('aria-label')).toMatch(
      new RegExp(`score 0\\.\\d{3}, threshold ${threshold}: below`),
    );
    expect(document.querySelector('.score-threshold')).not.toBeNull();
  });

  it('says when no passage shares a word with the question at all', async () => {
    setup();
    askQuestion('What is the capital of France?');
    await screen.findByRole('heading', { name: 'Refused' });
    expect(inResult().getByText('No passage shares a word with the question.')).toBeTruthy();
  });

  it.each([
    [
      { answered: false, answer: 'Not in the passages.', citations: [] },
      'model_reported_no_answer',
      /related, but Claude found no answer to it in them:/,
    ],
    [
      { answered: true, answer: 'x', citations: [{ id: '04-spaces#study-rooms', quote: DVD_ROW }] },
      'fabricated_citation',
      /cited a passage it was not given/,
    ],
    [
      { answered: true, answer: 'x', citations: [{ id: '02-borrowing#nope', quote: DVD_ROW }] },
      'fabricated_citation',
      /cited a passage it was not given/,
    ],
    [{ answered: true, answer: 'x', citations: [] }, 'missing_citation', /came without its source/],
    [{ answered: true, answer: ' ', citations: LOANS_CITED }, 'unparseable_response', /could not be read/],
    ['not json', 'unparseable_response', /could not be read/],
  ])('%j ends in %s with its plain words', async (reply, reason, words) => {
    setup(loaderOf(replying(reply, CLAUDE)));
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Refused' });
    expect(inResult().getByText(reason)).toBeTruthy();
    expect(inResult().getByText(words)).toBeTruthy();
    expect(inResult().getByText('Asked: claude-opus-5.')).toBeTruthy();
  });

  it('unsupported_quote: shows the quote that failed and the passage it was checked against', async () => {
    const quote = 'DVDs may be kept for a whole week';
    setup(
      loaderOf(
        replying(
          { answered: true, answer: 'A week.', citations: [{ id: '02-borrowing#loan-periods', quote }] },
          CLAUDE,
        ),
      ),
    );
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Refused' });
    expect(inResult().getByText('unsupported_quote')).toBeTruthy();
    expect(document.querySelector('.failed-quote')?.textContent).toBe(quote);
    const link = within(document.querySelector('.failed-check') as HTMLElement).getByRole('link', {
      name: 'Borrowing › Loan Periods',
    });
    fireEvent.click(link);
    await waitFor(() =>
      expect((document.getElementById('passage-02-borrowing-loan-periods') as HTMLDetailsElement).open).toBe(
        true,
      ),
    );
  });

  it('ungrounded_figure: shows the figure that no cited passage holds', async () => {
    setup(loaderOf(replying({ answered: true, answer: 'DVDs: 7 weeks.', citations: LOANS_CITED }, CLAUDE)));
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Refused' });
    expect(inResult().getByText('ungrounded_figure')).toBeTruthy();
    expect(document.querySelector('.failed-figure')?.textContent).toBe('7 weeks');
  });

  it.each([
    ['authentication', /did not accept your API key/, 'Refused'],
    ['rate_limited', /too many questions on your key/, 'Claude could not be reached'],
    ['connection', /No connection to Claude/, 'Claude could not be reached'],
    ['timeout', /did not answer in time/, 'Claude could not be reached'],
    ['server_error', /having trouble/, 'Claude could not be reached'],
  ])('model_unavailable (%s) says what went wrong, under its heading', async (code, words, heading) => {
    const failure = outcome({ ok: false, reason: 'model_unavailable', code, detail: 'from the client' });
    setup(loaderOf({ ...failure, info: CLAUDE }));
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: heading });
    // An outage judged nothing: it is told apart from a refusal by its class (its colour) too.
    expect(document.querySelector('.result')?.classList.contains('outage')).toBe(heading !== 'Refused');
    expect(document.querySelector('.refusal-summary')?.textContent).toMatch(words);
    expect(inResult().getByText(/from the client/)).toBeTruthy();
  });

  it('a client that cannot be loaded (offline) is a refusal, and the next question tries again', async () => {
    const client = replying({ answered: true, answer: '7 days.', citations: LOANS_CITED }, CLAUDE);
    const load = vi
      .fn<ClaudeLoader>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    load.mockResolvedValue(client);
    setup(load);
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Claude could not be reached' });
    expect(inResult().getByText(/client_unavailable/)).toBeTruthy();
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('App: working and cancelled', () => {
  it('shows progress and a Cancel button; Cancel ends in a clear cancelled state', async () => {
    const slow = pending();
    setup(loaderOf(slow.client));
    setKey(KEY);
    askQuestion(DVD);
    const busy = await screen.findByRole('button', { name: 'Asking Claude…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Asking Claude…');
    await waitFor(() => expect(slow.requests).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Cancelled' });
    expect(inResult().getByText('You cancelled the question.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('a newer question wins over a stale reply', async () => {
    const slow = pending({ honoursAbort: false });
    const quick = replying(
      {
        answered: true,
        answer: 'Ten holds.',
        citations: [{ id: '02-borrowing#holds', quote: 'A member can have up to 10 holds active at once.' }],
      },
      CLAUDE,
    );
    let call = 0;
    const client: GenerationClient = {
      info: CLAUDE,
      generate: (request) => (++call === 1 ? slow.client : quick).generate(request),
    };
    setup(loaderOf(client));
    setKey(KEY);
    askQuestion(DVD);
    await waitFor(() => expect(slow.requests).toHaveLength(1));
    askQuestion('How many holds can a member have active at once?');
    await screen.findByRole('heading', { name: 'Answer' });
    // The first request was cancelled, but this client answers anyway: the late reply must be dropped.
    slow.answer({
      ok: true,
      reply: { answered: true, answer: 'STALE', citations: [{ id: '02-borrowing#loan-periods' }] },
      raw: '',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inResult().queryByText('STALE')).toBeNull();
    expect(inResult().getByText('Ten holds.')).toBeTruthy();
  });
});

describe('App: the key', () => {
  it('is held in memory only by default: nothing in storage holds it', () => {
    setup();
    setKey(KEY);
    expect(screen.getByText(/held in memory/)).toBeTruthy();
    expect(JSON.stringify({ ...localStorage })).not.toContain(KEY);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(KEY);
    expect(document.body.innerHTML).not.toContain(KEY);
    expect((screen.getByLabelText('Anthropic API key') as HTMLInputElement).value).toBe('');
  });

  it('is kept on this device only when remembered, and read back on the next visit', () => {
    setup();
    setKey(KEY, { remember: true });
    expect(localStorage.getItem(STORAGE_KEY)).toContain(KEY);
    cleanup();
    setup();
    expect(screen.getByText(/remembered on this device/)).toBeTruthy();
  });

  it('Forget key wipes it from memory and every storage', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, model: 'm', apiKey: KEY }));
    setup();
    setKey(KEY, { remember: true });
    fireEvent.click(screen.getByRole('button', { name: 'Forget key' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Anthropic API key'));
    expect(JSON.stringify({ ...localStorage })).not.toContain(KEY);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(KEY);
    expect(screen.getByText(/No key set/)).toBeTruthy();
    expect(within(document.body).getByText(/in no storage of this site/)).toBeTruthy();
  });

  it('with "Answer with Claude" unticked, the stand-in answers and the key is kept', async () => {
    const load = loaderOf(replying({}, CLAUDE));
    setup(load);
    fireEvent.click(screen.getByLabelText(/Answer with Claude/));
    setKey(KEY, { remember: true });
    expect(
      screen.getByText(/quoted from the library manual by the extractive stand-in \(not a language model\)/),
    ).toBeTruthy();
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    expect(load).not.toHaveBeenCalled();
    expect(inResult().getByText(/picked by the stand-in: no\s+language model wrote it/)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEY)).toContain(KEY);
  });

  it('refuses a key pasted into the Model field: not saved, not shown, not sent', async () => {
    const load = loaderOf(replying({ answered: false, answer: '', citations: [] }, CLAUDE));
    setup(load);
    fireEvent.input(screen.getByLabelText('Model'), {
      target: { value: fakeAnthropicKey('secret-key-0123') },
    });
    fireEvent.click(screen.getByLabelText(/Remember the key/));
    fireEvent.submit(screen.getByLabelText('Model').closest('form') as HTMLFormElement);
    expect(screen.getByText(/Not saved\. That looks like an API key/)).toBeTruthy();
    expect(JSON.stringify({ ...localStorage })).not.toContain('sk-ant');
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    expect(load).not.toHaveBeenCalled();
  });

  it('Forget key empties a key left in the Model field', () => {
    setup();
    setKey(KEY);
    fireEvent.input(screen.getByLabelText('Model'), {
      target: { value: fakeAnthropicKey('secret-key-0123') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Forget key' }));
    expect((screen.getByLabelText('Model') as HTMLInputElement).value).toBe('claude-opus-5');
    expect(document.body.innerHTML).not.toContain('secret-key');
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-key');
  });

  it('does not save a model id over 200 characters, and says why', () => {
    setup();
    fireEvent.input(screen.getByLabelText('Model'), { target: { value: 'm'.repeat(201) } });
    setKey(KEY, { remember: true });
    expect(
      screen.getByText(/Not saved\. The model id is 201 characters long; the limit is 200/),
    ).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('uses the model chosen in settings', async () => {
    const load = loaderOf(replying({ answered: false, answer: '', citations: [] }, CLAUDE));
    setup(load);
    fireEvent.input(screen.getByLabelText('Model'), { target: { value: 'claude-other-1' } });
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Refused' });
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ apiKey: KEY, model: 'claude-other-1' }));
  });
});

describe('App: what else a visitor meets', () => {
  it('announces each outcome in the live region', async () => {
    setup();
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    expect(liveRegion()).toMatch(/^Answer: [\s\S]*7 days/);
    askQuestion('What is the wifi password?');
    await screen.findByRole('heading', { name: 'Refused' });
    // The related sections are named by title, not left after a colon.
    expect(liveRegion()).toMatch(
      /^Refused: These sections are related, but none of them clearly answers it: \S.*\.$/,
    );
  });

  it('an over-long question is refused with its length, not cut by maxlength', () => {
    const load = loaderOf(neverCalled());
    setup(load);
    const box = screen.getByLabelText('Your question') as HTMLInputElement;
    expect(box.hasAttribute('maxlength')).toBe(false);
    askQuestion(`${'Why '.repeat(300)}?`);
    expect(screen.getByRole('alert').textContent).toMatch(
      /Your question is 1,201 characters long; the limit is 1,000/,
    );
    expect(box.value).toHaveLength(1201);
    expect(screen.queryByRole('heading', { name: 'Answer' })).toBeNull();
  });

  it('an invalid question claims no retrieval that never ran', async () => {
    const invalid = await ask({ engine, client: neverCalled(), question: 'x'.repeat(1200) });
    render(<ResultView result={invalid} openId={undefined} onOpenPassage={() => {}} />);
    const section = document.querySelectorAll('section.result');
    const shown = within(section[section.length - 1] as HTMLElement);
    expect(shown.getByText('invalid_question')).toBeTruthy();
    expect(shown.queryByText('Passages retrieved')).toBeNull();
  });

  it('a model that declines is told apart from passages that do not answer', async () => {
    const declined = outcome({
      ok: false,
      reason: 'model_reported_no_answer',
      code: 'stop_refusal',
      detail: 'declined',
    });
    setup(loaderOf({ ...declined, info: CLAUDE }));
    setKey(KEY);
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Refused' });
    expect(inResult().getByText('Claude declined to answer this question.')).toBeTruthy();
  });

  it('a citation reopens its passage even after the visitor closed it', async () => {
    setup();
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    const link = within(document.querySelector('.citations') as HTMLElement).getByRole('link', {
      name: 'Borrowing › Loan Periods',
    });
    expect(link.getAttribute('title')).toBe('02-borrowing#loan-periods');
    const details = document.getElementById('passage-02-borrowing-loan-periods') as HTMLDetailsElement;
    fireEvent.click(link);
    await waitFor(() => expect(details.open).toBe(true));
    details.open = false;
    fireEvent.click(link);
    await waitFor(() => expect(details.open).toBe(true));
    expect(document.activeElement).toBe(details.querySelector('summary'));
  });

  it('after Cancel the keyboard is back in the question box', async () => {
    const slow = pending();
    setup(loaderOf(slow.client));
    setKey(KEY);
    askQuestion(DVD);
    await waitFor(() => expect(slow.requests).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Cancelled' });
    expect(document.activeElement).toBe(screen.getByLabelText('Your question'));
  });

  it('a bug of ours ends in a plain message, not a spinner, and is reported, not swallowed', async () => {
    const bug = new TypeError('Cannot read properties of null');
    const reportBug = vi.fn();
    const broken: GenerationClient = { info: CLAUDE, generate: async () => Promise.reject(bug) };
    setup(loaderOf(broken), reportBug);
    setKey(KEY);
    askQuestion(DVD);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Something went wrong in this page/);
    expect(reportBug).toHaveBeenCalledWith(bug);
    expect(screen.getByRole('button', { name: 'Ask' })).toBeTruthy();
  });
});

describe('App: the question-time code', () => {
  it('is fetched on the first question; when it cannot be, the page says so instead of spinning', async () => {
    const loadQuestionTime = vi
      .fn()
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    render(
      <App
        engine={engine}
        loadClaude={loaderOf(replying({}))}
        loadQuestionTime={loadQuestionTime}
        reportBug={vi.fn()}
      />,
    );
    expect(loadQuestionTime).not.toHaveBeenCalled();
    askQuestion(DVD);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not load what it needs to answer/);
    expect(loadQuestionTime).toHaveBeenCalledTimes(1);
  });

  it('reports an error from the chunk that is not a failed fetch as a bug, not as offline', async () => {
    const bug = new TypeError('ask is not a function');
    const reportBug = vi.fn();
    render(
      <App
        engine={engine}
        loadClaude={loaderOf(replying({}))}
        loadQuestionTime={() => Promise.reject(bug)}
        reportBug={reportBug}
      />,
    );
    askQuestion(DVD);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Something went wrong in this page/);
    expect(reportBug).toHaveBeenCalledWith(bug);
  });
});

/** Claude that announces one retry (of `status`, in `waitMs`) and then never answers. */
function retryingOnce(status: number, waitMs: number): ClaudeLoader {
  const slow = pending();
  return vi.fn<ClaudeLoader>(async (options) => ({
    info: CLAUDE,
    generate(request) {
      options.onRetry?.({ status, retry: 1, waitMs });
      return slow.client.generate(request);
    },
  }));
}

describe('App: waiting on Claude, and when Claude fails', () => {
  it('says "retrying in N s" while Claude waits out a rate limit, and Cancel still ends it', async () => {
    setup(retryingOnce(429, 15_000));
    setKey(KEY);
    askQuestion(DVD);
    expect(
      (await screen.findByText(/retrying in 1[45] s/, { selector: '.retry-notice' })).textContent,
    ).toMatch(/Claude is taking too many questions on your key right now/);
    expect(liveRegion()).toMatch(/retrying in 1[45] s/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Cancelled' });
    expect(screen.queryByText(/retrying in/)).toBeNull();
  });

  it('names an unreachable host as such while retrying, not as Claude being busy', async () => {
    setup(retryingOnce(0, 500));
    setKey(KEY);
    askQuestion(DVD);
    const notice = await screen.findByText(/retrying in/, { selector: '.retry-notice' });
    expect(notice.textContent).toMatch(/^Claude could not be reached: retrying in [01] s\.$/);
    expect(notice.textContent).not.toMatch(/busy|trouble answering/);
  });

  it('offers the stand-in at once while Claude is asked, and its answer replaces the wait', async () => {
    const slow = pending();
    setup(loaderOf(slow.client));
    setKey(KEY);
    askQuestion(DVD);
    fireEvent.click(await screen.findByRole('button', { name: 'Answer with the stand-in now' }));
    await screen.findByRole('heading', { name: 'Answer' });
    expect(inResult().getByText(/picked by the stand-in/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Answer with the stand-in now' })).toBeNull();
  });

  it('does not offer the stand-in while the stand-in itself is asked (no key)', async () => {
    const slow = pending();
    setup(loaderOf(slow.client));
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Answer' });
    expect(screen.queryByRole('button', { name: 'Answer with the stand-in now' })).toBeNull();
  });

  it.each(['authentication', 'connection', 'rate_limited'])(
    'offers the stand-in in the result when Claude fails (%s), and it answers the same question',
    async (code) => {
      setup(loaderOf(outcome({ ok: false, reason: 'model_unavailable', code, detail: `from the client` })));
      setKey(KEY);
      askQuestion(DVD);
      await screen.findByRole('heading', {
        name: code === 'authentication' ? 'Refused' : 'Claude could not be reached',
      });
      // The summary says more than the heading above it.
      const heading = document.querySelector('#result-heading')?.textContent ?? '';
      expect(heading).not.toBe('');
      expect(document.querySelector('.refusal-summary')?.textContent).not.toContain(heading);
      fireEvent.click(inResult().getByRole('button', { name: 'Answer with the stand-in instead' }));
      await screen.findByRole('heading', { name: 'Answer' });
      expect(inResult().getByText(/picked by the stand-in/)).toBeTruthy();
      expect(document.querySelector('.answer-text')?.textContent).toContain('7 days');
      // The line about who writes the answers credits the stand-in with this one, not Claude.
      const note = document.querySelector('.generator-note')?.textContent ?? '';
      expect(note).toMatch(/^This one was quoted by the extractive stand-in/u);
      expect(note).toContain('the next goes to Claude');
    },
  );

  it('sends a rejected key to Settings, opened at the key field', async () => {
    setup(
      loaderOf(
        outcome({ ok: false, reason: 'model_unavailable', code: 'authentication', detail: 'HTTP 401' }),
      ),
    );
    setKey(KEY);
    const settings = document.querySelector('details.settings') as HTMLDetailsElement;
    settings.open = false;
    askQuestion(DVD);
    await screen.findByRole('heading', { name: 'Refused' });
    fireEvent.click(inResult().getByRole('button', { name: 'Fix the key in Settings' }));
    expect(settings.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Anthropic API key'));
  });

  it('does not offer the stand-in when the stand-in was the one asked', async () => {
    setup();
    askQuestion('What is the capital of France?');
    await screen.findByRole('heading', { name: 'Refused' });
    expect(screen.queryByRole('button', { name: 'Answer with the stand-in instead' })).toBeNull();
  });
});
