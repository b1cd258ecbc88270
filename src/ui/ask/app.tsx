import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Engine } from '../../ask/engine-setup';
import { isCalibrated, MAX_QUESTION_CHARS } from '../../config';
import type { AskResult, GenerationClient } from '../../types';
import { type ClaudeLoader, lazyClaude } from './lazy-claude';
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
  /** Saves a result of this engine's as a trace file; absent, the page offers no trace. */
  saveTrace?: (result: AskResult) => void;
  /** The question-time code (ask, the stand-in), fetched on the first question. */
  loadQuestionTime?: () => Promise<QuestionTime>;
}

type QuestionTime = typeof import('./question-time');

const loadQuestionTimeChunk = () => import('./question-time');

const rethrowLater = (error: unknown) =>
  queueMicrotask(() => {
    throw error;
  });

type AskState =
  | { phase: 'idle' }
  | { phase: 'working'; question: string }
  // With the chunk that asked it, which also shows it: result views are not in the first download.
  | { phase: 'done'; result: AskResult; view: QuestionTime }
  | { phase: 'crashed'; question: string }
  | { phase: 'not-loaded'; question: string };

/** What the screen reader hears when a result arrives: the outcome, not the whole page. */
function announcement(state: AskState, usesClaude: boolean): string {
  if (state.phase === 'idle') return '';
  if (state.phase === 'working') return usesClaude ? 'Asking Claude…' : 'Looking it up…';
  if (state.phase === 'crashed') return 'Something went wrong in this page.';
  if (state.phase === 'not-loaded') return 'The page could not load what it needs to answer.';
  const { result, view } = state;
  if (result.status === 'answered') return `Answer: ${result.answer}`;
  return `${result.reason === 'model_unavailable' && result.code === 'aborted' ? 'Cancelled' : 'Refused'}: ${
    view.explainRefusal(result.reason, result.code).summary
  }`;
}

export function App({
  engine,
  corpus = 'bundled',
  corpusName = 'your documents',
  children,
  loadClaude,
  saveTrace,
  storages = {},
  reportBug = rethrowLater,
  loadQuestionTime = loadQuestionTimeChunk,
}: AppProps) {
  const [settings, setSettings] = useState<Settings>(() => loadSettings(storages.local));
  const [state, setState] = useState<AskState>({ phase: 'idle' });
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const latest = useRef(0);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const claude = useRef<{ key: string; model: string; client: GenerationClient } | undefined>(undefined);

  const standIn = useRef<GenerationClient | undefined>(undefined);

  const clientFor = (current: Settings, questionTime: QuestionTime): GenerationClient => {
    if (current.apiKey === undefined || !current.useClaude) {
      standIn.current ??= questionTime.createExtractiveClient();
      return standIn.current;
    }
    const cached = claude.current;
    if (cached && cached.key === current.apiKey && cached.model === current.model) return cached.client;
    const client = lazyClaude(loadClaude, { apiKey: current.apiKey, model: current.model });
    claude.current = { key: current.apiKey, model: current.model, client };
    return client;
  };

  const submit = async (question: string) => {
    // A newer question always wins: the older request is cancelled and its reply, if any, ignored.
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const id = ++latest.current;
    setOpenId(undefined);
    setState({ phase: 'working', question });
    let questionTime: QuestionTime;
    try {
      questionTime = await loadQuestionTime();
    } catch {
      // The chunk could not be fetched: offline on a first visit, before the service worker kept it.
      if (id === latest.current) setState({ phase: 'not-loaded', question });
      return;
    }
    let result: AskResult;
    try {
      result = await questionTime.ask({
        engine,
        client: clientFor(settings, questionTime),
        question,
        signal: controller.signal,
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
    setState({ phase: 'done', result, view: questionTime });
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
  const shownEngine = useRef(engine);
  useLayoutEffect(() => {
    if (shownEngine.current === engine) return;
    shownEngine.current = engine;
    inFlight.current?.abort();
    latest.current++;
    setState({ phase: 'idle' });
    setOpenId(undefined);
  }, [engine]);

  const usesClaude = settings.apiKey !== undefined && settings.useClaude;
  return (
    <main>
      <header>
        {corpus === 'bundled' ? (
          <>
            <h1>Ask the library manual</h1>
            <p class="intro">
              Answers come only from the manual of the Alder Street Public Library, with their sources. When
              the manual does not answer, you get a refusal that says why.
            </p>
          </>
        ) : (
          <>
            <h1>Ask your documents</h1>
            <p class="intro">
              Answers come only from the documents you brought ({corpusName}), with their sources. When they
              do not answer, you get a refusal that says why.
            </p>
          </>
        )}
      </header>
      {children}
      <AskForm
        working={state.phase === 'working'}
        usesClaude={usesClaude}
        example={corpus === 'bundled' ? BUNDLED_EXAMPLE : undefined}
        onAsk={submit}
        onCancel={cancel}
      />
      <p class="generator-note">
        {usesClaude
          ? `Answers are written by Claude (${settings.model}) with your key, from ${corpus === 'bundled' ? 'the library manual' : corpusName}.`
          : `Answers are quoted from ${corpus === 'bundled' ? 'the library manual' : corpusName} by the extractive stand-in (not a language model).`}
      </p>
      <div class="visually-hidden" aria-live="polite" role="status">
        {announcement(state, usesClaude)}
      </div>
      {state.phase === 'done' ? (
        <>
          {isCalibrated(engine.gate) ? null : (
            <p class="calibration-note" role="note">
              Not calibrated for these documents: the threshold ({engine.gate.threshold.toFixed(3)}) was
              measured on the library manual, so this{' '}
              {state.result.status === 'answered' ? 'answer' : 'refusal'} rests on a threshold nobody has
              checked against them.
            </p>
          )}
          <state.view.ResultView
            result={state.result}
            openId={openId}
            onOpenPassage={openPassage}
            onSaveTrace={saveTrace === undefined ? undefined : () => saveTrace(state.result)}
          />
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
      <SettingsPanel settings={settings} onSave={save} onForget={forget} />
    </main>
  );
}

/** A question the bundled manual answers, shown in the empty box; other documents get none. */
const BUNDLED_EXAMPLE = 'How long can I borrow a DVD for?';

interface AskFormProps {
  working: boolean;
  usesClaude: boolean;
  /** A question to show in the empty box, when it is one the documents in use answer. */
  example: string | undefined;
  onAsk: (question: string) => void;
  onCancel: () => void;
}

function AskForm({ working, usesClaude, example, onAsk, onCancel }: AskFormProps) {
  const [question, setQuestion] = useState('');
  const [hint, setHint] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    if (question.trim() === '') {
      setHint('Type a question first.');
      return;
    }
    setHint('');
    onAsk(question);
  };
  return (
    <form class="ask" onSubmit={submit}>
      <label for="question">Your question</label>
      <div class="ask-row">
        <input
          id="question"
          name="question"
          type="text"
          value={question}
          onInput={(event) => setQuestion(event.currentTarget.value)}
          placeholder={example ?? 'Ask a question about your documents'}
          maxLength={MAX_QUESTION_CHARS}
          autoComplete="off"
          aria-describedby={hint ? 'question-hint' : undefined}
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
