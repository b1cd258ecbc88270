import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Engine } from '../../ask/engine-setup';
import { retryWords } from '../../ask/outage';
import { isCalibrated, MAX_QUESTION_CHARS } from '../../config';
import type { EvalQuestion } from '../../evaluation/eval-set';
import type { OnRetry } from '../../generation/waiting';
import { formatScore } from '../../retrieval/score-format';
import type { AskResult, GenerationClient, GeneratorInfo } from '../../types';
import { loadChunk } from '../kit/chunk-load';
import { BrowseDocuments } from './browse-documents';
import { exampleQuestions } from './example-questions';
import { type ClaudeLoader, lazyClaude } from './lazy-claude';
import { QuestionBox } from './question-box';
import { forgetKey, loadSettings, type Settings, saveSettings } from './settings';
import { SettingsPanel } from './settings-panel';

export interface Storages {
  local?: Storage | undefined;
  session?: Storage | undefined;
}

export interface AppProps {
  engine: Engine;
  /** What the questions go to: the bundled manual unless the visitor brought documents of their own. */
  corpus?: 'bundled' | 'own';
  /** What the visitor's documents are called: the folder they came in, or "your documents". */
  corpusName?: string | undefined;
  /** Shown under the header: the visitor's own documents (CorpusPanel). */
  children?: ComponentChildren;
  /** Imports the Claude client on demand, so a visitor without a key downloads no SDK code. */
  loadClaude: ClaudeLoader;
  storages?: Storages;
  /**
   * Where a bug of ours goes once the page has said so: rethrown outside the event handler by default, so
   * the browser reports it like any uncaught error. Tests pass a spy.
   */
  reportBug?: (error: unknown) => void;
  /**
   * Saves a result of this engine's as a trace file, resolving to why it could not (offline before the
   * trace code was cached); absent, the page offers no trace.
   */
  saveTrace?: (result: AskResult, gateSource: string) => Promise<string | undefined>;
  /** The question-time code (ask, the stand-in), fetched on the first question. */
  loadQuestionTime?: () => Promise<QuestionTime>;
  /**
   * The visitor's labelled questions on these documents, which a verdict under a result adds to; absent
   * (the bundled manual, measured on the project's own questions), no verdict is asked for.
   */
  labels?: readonly EvalQuestion[] | undefined;
  onLabels?: ((labels: EvalQuestion[]) => void) | undefined;
}

type QuestionTime = typeof import('./question-time');

const rethrowLater = (error: unknown) =>
  queueMicrotask(() => {
    throw error;
  });

/** Claude is waiting to try again: until when, and why (the HTTP status). */
interface RetryWait {
  until: number;
  status: number;
}

type AskState =
  | { phase: 'idle' }
  /** `claude`: Claude is being asked (not the stand-in), so the stand-in can be offered instead. */
  | {
      phase: 'working';
      question: string;
      claude: boolean;
      retry?: RetryWait | undefined;
      /** What it waits for while parts of a large index are fetched (ask()'s onFetching). */
      fetching?: string | undefined;
    }
  // With the chunk that asked it, which also shows it: result views are not in the first download.
  /** `gateSource`: where the threshold the result was judged with came from, as a trace records it. */
  /** `asked`: which question of this page it answers, so that what was said under the last one goes. */
  | { phase: 'done'; result: AskResult; view: QuestionTime; gateSource: string; asked: number }
  | { phase: 'crashed'; question: string }
  | { phase: 'not-loaded'; question: string };

/** What the screen reader hears when a result arrives: the outcome, not the whole page. */
function announcement(state: AskState): string {
  if (state.phase === 'idle') return '';
  if (state.phase === 'working') {
    if (state.retry !== undefined) return retryLine(state.retry, Date.now());
    return state.claude ? 'Asking Claude…' : 'Looking it up…';
  }
  if (state.phase === 'crashed') return 'Something went wrong in this page.';
  if (state.phase === 'not-loaded') return 'The page could not load what it needs to answer.';
  const { result, view } = state;
  if (result.status === 'answered') return `Answer: ${result.answer}`;
  const { summary, related } = view.explainRefusal(result);
  // A summary that introduces related sections ends in a colon: the listener hears their titles too.
  const titles = related.map((passage) => view.passageTitle(passage)).join('; ');
  return `${view.refusalHeading(result)}: ${summary}${related.length > 0 ? ` ${titles}.` : ''}`;
}

/** Who wrote the result on screen, if one is and a generator was asked. */
function shownGenerator(state: AskState): GeneratorInfo['kind'] | undefined {
  return state.phase === 'done' ? state.result.generator?.kind : undefined;
}

/**
 * Who writes the answers. With a key, a result the stand-in wrote after Claude failed says so: the line
 * must not credit Claude with it.
 */
function generatorNote(options: {
  usesClaude: boolean;
  model: string;
  documents: string;
  shown: GeneratorInfo['kind'] | undefined;
}): string {
  const { usesClaude, model, documents, shown } = options;
  const standIn = `by the extractive stand-in (not a language model)`;
  if (!usesClaude) return `Answers are quoted from ${documents} ${standIn}.`;
  if (shown === 'extractive') return `This one was quoted ${standIn}; the next goes to Claude (${model}).`;
  return `Answers are written by Claude (${model}) with your key, from ${documents}.`;
}

/** "Claude could not be reached: retrying in 3 s.", by the status the last attempt got. */
function retryLine(retry: RetryWait, now: number): string {
  return retryWords(retry, (retry.until - now) / 1000);
}

export function App({
  engine,
  corpus = 'bundled',
  corpusName = OWN_DOCUMENTS,
  children,
  loadClaude,
  saveTrace,
  storages = {},
  reportBug = rethrowLater,
  loadQuestionTime = () => import('./question-time'),
  labels,
  onLabels,
}: AppProps) {
  const [draft, setDraft] = useState('');
  const [settings, setSettings] = useState<Settings>(() => loadSettings(storages.local));
  const [state, setState] = useState<AskState>({ phase: 'idle' });
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const [traceProblem, setTraceProblem] = useState<string | undefined>(undefined);
  const latest = useRef(0);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const claude = useRef<{ key: string; model: string; client: GenerationClient } | undefined>(undefined);

  const standIn = useRef<GenerationClient | undefined>(undefined);

  // Where the Claude client's retry notices go: to the question in flight, whichever it is.
  const onRetry = useRef<OnRetry | undefined>(undefined);

  const clientFor = (
    current: Settings,
    questionTime: QuestionTime,
    standInOnly: boolean,
  ): GenerationClient => {
    if (standInOnly || current.apiKey === undefined || !current.useClaude) {
      standIn.current ??= questionTime.createExtractiveClient();
      return standIn.current;
    }
    const cached = claude.current;
    if (cached && cached.key === current.apiKey && cached.model === current.model) return cached.client;
    const client = lazyClaude(loadClaude, {
      apiKey: current.apiKey,
      model: current.model,
      onRetry: (notice) => onRetry.current?.(notice),
    });
    claude.current = { key: current.apiKey, model: current.model, client };
    return client;
  };

  /** Asks `question`; `standInOnly` asks the stand-in whatever Settings say (after Claude failed). */
  const submit = async (question: string, standInOnly = false) => {
    // A newer question always wins: the older request is cancelled and its reply, if any, ignored.
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const id = ++latest.current;
    setOpenId(undefined);
    setTraceProblem(undefined);
    const claudeAsked = !standInOnly && settings.apiKey !== undefined && settings.useClaude;
    setState({ phase: 'working', question, claude: claudeAsked });
    onRetry.current = (notice) => {
      if (id !== latest.current) return;
      const retry = { until: Date.now() + notice.waitMs, status: notice.status };
      setState((now) => (now.phase === 'working' ? { ...now, retry } : now));
    };
    let questionTime: QuestionTime;
    try {
      const chunk = await loadChunk(loadQuestionTime);
      if (!chunk.loaded) {
        // Offline on a first visit, before the service worker kept the chunk.
        if (id === latest.current) setState({ phase: 'not-loaded', question });
        return;
      }
      questionTime = chunk.module;
    } catch (error) {
      if (id === latest.current) setState({ phase: 'crashed', question });
      reportBug(error);
      return;
    }
    let result: AskResult;
    // The engine may change while the question is read (the word vectors arrive): the trace records this one.
    const gateSource = engine.gate.source;
    try {
      result = await questionTime.ask({
        engine,
        client: clientFor(settings, questionTime, standInOnly),
        question,
        signal: controller.signal,
        onFetching: (fetching) => {
          if (id === latest.current)
            setState((now) => (now.phase === 'working' ? { ...now, fetching } : now));
        },
      });
    } catch (error) {
      // ask() throws only for a bug of ours. It is reported, not swallowed, and the page says so
      // instead of spinning forever.
      if (id === latest.current) setState({ phase: 'crashed', question });
      reportBug(error);
      return;
    }
    if (id !== latest.current) return;
    inFlight.current = undefined;
    setState({ phase: 'done', result, view: questionTime, gateSource, asked: id });
  };

  const cancel = () => {
    inFlight.current?.abort();
    // The Cancel button goes away with the request: keep the keyboard where the next question starts.
    document.getElementById('question')?.focus();
  };

  const openPassage = (id: string) => {
    setOpenId(id);
    // After the render: open it even if the visitor closed it since (the state may not have changed),
    // and move the reader to it.
    queueMicrotask(() => {
      const element = state.phase === 'done' ? document.getElementById(state.view.passageAnchor(id)) : null;
      if (element instanceof HTMLDetailsElement) element.open = true;
      element?.scrollIntoView?.({ block: 'nearest' });
      element?.querySelector('summary')?.focus();
    });
  };

  const openSettings = () => {
    const panel = document.querySelector('details.settings');
    if (panel instanceof HTMLDetailsElement) panel.open = true;
    document.getElementById('api-key')?.focus();
  };

  const save = (next: Settings) => {
    setSettings(next);
    saveSettings(storages.local, next);
  };

  const forget = () => {
    setSettings((current) => forgetKey([storages.local, storages.session], current));
    claude.current = undefined;
  };

  useEffect(() => () => inFlight.current?.abort(), []);
  // Another corpus: what was asked of the last one, and its passages, no longer apply. A layout effect,
  // run with the render that shows the new corpus, so that a question asked right after is not dropped.
  // Its passages say which corpus it is: the same corpus read with the related words once they arrive, or
  // with a new threshold, keeps its result.
  const shownCorpus = useRef(engine.passages);
  useLayoutEffect(() => {
    if (shownCorpus.current === engine.passages) return;
    shownCorpus.current = engine.passages;
    inFlight.current?.abort();
    latest.current++;
    setState({ phase: 'idle' });
    setOpenId(undefined);
  }, [engine.passages]);

  const usesClaude = settings.apiKey !== undefined && settings.useClaude;
  const documents = corpus === 'bundled' ? 'the library manual' : corpusName;
  // Made from the headings of the documents in use, so they follow whatever is loaded.
  const examples = exampleQuestions(engine.passages, EXAMPLE_COUNT);
  const askExample = (question: string) => {
    setDraft(question);
    void submit(question);
  };
  return (
    <main>
      <header>
        {corpus === 'bundled' ? (
          <>
            <h1>Ask the library manual</h1>
            <p class="intro">
              A demonstration over the manual of a fictional library: each answer is quoted from it with its
              source, or refused with the reason.
            </p>
          </>
        ) : (
          <>
            <h1>Ask your documents</h1>
            <p class="intro">
              Your documents{corpusName === OWN_DOCUMENTS ? '' : ` (${corpusName})`}: each answer is quoted
              from them with its source, or refused with the reason.
            </p>
          </>
        )}
      </header>
      <AskForm
        question={draft}
        onQuestion={setDraft}
        working={state.phase === 'working'}
        usesClaude={state.phase === 'working' ? state.claude : usesClaude}
        example={corpus === 'bundled' ? BUNDLED_EXAMPLE : undefined}
        onAsk={(question) => void submit(question)}
        onCancel={cancel}
      />
      {state.phase === 'idle' && examples.length > 0 ? (
        <div class="examples">
          <span id="examples-label">Try one made from the headings:</span>
          <ul aria-labelledby="examples-label">
            {examples.map((example) => (
              <li key={example}>
                <button type="button" class="link-button" onClick={() => askExample(example)}>
                  {example}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.phase === 'working' && state.retry !== undefined ? <RetryNotice retry={state.retry} /> : null}
      {state.phase === 'working' && state.fetching !== undefined ? (
        <p class="fetching-note">{state.fetching}</p>
      ) : null}
      {state.phase === 'working' && state.claude ? (
        <p class="waiting-note">
          No need to wait for Claude:
          <button type="button" onClick={() => void submit(state.question, true)}>
            Answer with the stand-in now
          </button>
        </p>
      ) : null}
      <p class="generator-note">
        {generatorNote({ usesClaude, model: settings.model, documents, shown: shownGenerator(state) })}
      </p>
      <div class="visually-hidden" aria-live="polite" role="status">
        {announcement(state)}
      </div>
      {state.phase === 'done' ? (
        <>
          {ownThreshold(engine.gate) ? (
            <p class="own-threshold-note">
              Judged with your own threshold ({formatScore(engine.gate.threshold)}), chosen on the questions
              you labelled.
            </p>
          ) : null}
          {isCalibrated(engine.gate) ? null : (
            <p class="calibration-note" role="note">
              Not calibrated for these documents: the threshold ({formatScore(engine.gate.threshold)}) was
              measured on the library manual, so this{' '}
              {state.result.status === 'answered' ? 'answer' : 'refusal'} rests on a threshold nobody has
              checked against them.
            </p>
          )}
          <state.view.ResultView
            result={state.result}
            openId={openId}
            onOpenPassage={openPassage}
            onStandIn={usesClaude ? () => void submit(state.result.question, true) : undefined}
            onOpenSettings={openSettings}
            onSaveTrace={
              saveTrace === undefined
                ? undefined
                : () => saveTrace(state.result, state.gateSource).then(setTraceProblem, reportBug)
            }
          />
          {labels === undefined || onLabels === undefined ? null : (
            <state.view.Feedback
              key={state.asked}
              result={state.result}
              labels={labels}
              onLabels={onLabels}
            />
          )}
          {traceProblem === undefined ? null : (
            <p class="crashed" role="alert">
              The trace could not be saved: the page could not load what writes it ({traceProblem}). Connect
              once and try again.
            </p>
          )}
        </>
      ) : null}
      {state.phase === 'not-loaded' ? (
        <p class="crashed" role="alert">
          The page could not load what it needs to answer (are you offline on a first visit?). Reload the page
          to try again.
        </p>
      ) : null}
      {state.phase === 'crashed' ? (
        <p class="crashed" role="alert">
          Something went wrong in this page (a bug, not your question). Reload the page and ask again; the
          browser console has the details.
        </p>
      ) : null}
      <BrowseDocuments
        passages={engine.passages}
        texts={engine.texts}
        label={
          corpus === 'bundled'
            ? 'Browse the manual by its headings'
            : 'Browse your documents by their headings'
        }
        load={loadQuestionTime}
        reportBug={reportBug}
      />
      {/* After the question and its result: what the visitor brings or sets up never stands before the box. */}
      {children}
      <SettingsPanel settings={settings} onSave={save} onForget={forget} />
    </main>
  );
}

/** Whether the gate's threshold is one the visitor measured or chose on their own labelled questions. */
const ownThreshold = (gate: Engine['gate']) => gate.source.includes('questions of your own');

/** What the visitor's documents are called when they came in no named folder. */
const OWN_DOCUMENTS = 'your documents';

/** How many example questions the first screen offers. */
const EXAMPLE_COUNT = 3;

/** A question the bundled manual answers, shown in the empty box; other documents get none. */
const BUNDLED_EXAMPLE = 'How long can I borrow a DVD for?';

/** "Retrying in N s", counting down each second while Claude waits out a rate limit. */
function RetryNotice({ retry }: { retry: RetryWait }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [retry]);
  return (
    <p class="retry-notice" aria-hidden="true">
      {retryLine(retry, now)}
    </p>
  );
}

interface AskFormProps {
  /** What is in the box: the page's, so that an example question clicked fills it. */
  question: string;
  onQuestion: (question: string) => void;
  working: boolean;
  usesClaude: boolean;
  /** A question to show in the empty box, when it is one the documents in use answer. */
  example: string | undefined;
  onAsk: (question: string) => void;
  onCancel: () => void;
}

function AskForm({ question, onQuestion, working, usesClaude, example, onAsk, onCancel }: AskFormProps) {
  const [hint, setHint] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    if (question.trim() === '') {
      setHint('Type a question first.');
      return;
    }
    // Refused with its length, never cut short by a maxlength the visitor would not notice.
    const length = question.trim().length;
    if (length > MAX_QUESTION_CHARS) {
      setHint(
        `Your question is ${length.toLocaleString('en-US')} characters long; the limit is ${MAX_QUESTION_CHARS.toLocaleString('en-US')}. Shorten it to the question itself.`,
      );
      return;
    }
    setHint('');
    onAsk(question);
  };
  return (
    <form class="ask" onSubmit={submit}>
      <label for="question">Your question</label>
      <div class="ask-row">
        <QuestionBox
          value={question}
          onValue={onQuestion}
          placeholder={example ?? 'Ask a question about your documents'}
          describedBy={hint ? 'question-hint' : undefined}
        />
        {/* Not disabled while working: asking again replaces the question in flight, and the newer one wins. */}
        <button type="submit" aria-busy={working}>
          {working ? (usesClaude ? 'Asking Claude…' : 'Looking…') : 'Ask'}
        </button>
        {working ? (
          <button type="button" class="cancel" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id="question-hint" class="hint" role="alert">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
