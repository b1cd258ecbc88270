import { useRef, useState } from 'preact/hooks';
import { isFramed } from './framing';
import {
  cleanKey,
  DEFAULT_SETTINGS,
  keyProblem,
  looksLikeApiKey,
  modelProblem,
  type Settings,
} from './settings';

interface SettingsPanelProps {
  settings: Settings;
  onSave: (settings: Settings) => void;
  onForget: () => void;
  /** Whether another origin frames the page; read from the window unless a test says. */
  framed?: boolean;
}

/**
 * The visitor's own key. The field is never filled from state: once saved, the key leaves the DOM and
 * lives in memory (or, if they opt in, in this device's storage).
 */
export function SettingsPanel(props: SettingsPanelProps) {
  const framed = props.framed ?? isFramed(typeof window === 'undefined' ? undefined : window);
  if (framed) return <FramedNotice />;
  return <KeySettings {...props} />;
}

/** In place of the key field when another site frames the page: a key typed here could be overlaid. */
function FramedNotice() {
  const here = typeof location === 'undefined' ? undefined : location.href;
  return (
    <details class="settings" open>
      <summary>Settings: use Claude with your own API key</summary>
      <p class="settings-framed" role="note">
        This page is shown inside another website's frame, so it does not offer a field for your API key here:
        the other site could cover or record it. To use Claude,{' '}
        {here === undefined ? (
          'open this site in its own tab'
        ) : (
          <a href={here} target="_blank" rel="noopener noreferrer">
            open this site in its own tab
          </a>
        )}
        . Answers from the extractive stand-in work here as everywhere.
      </p>
    </details>
  );
}

function KeySettings({ settings, onSave, onForget }: SettingsPanelProps) {
  const keyField = useRef<HTMLInputElement>(null);
  const modelField = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');

  const save = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const pasted = cleanKey(String(data.get('apiKey') ?? ''));
    const model = String(data.get('model') ?? '').trim() || settings.model;
    // The limits the stored settings are read back with: nothing is saved that would be dropped on reload.
    const problem = keyProblem(pasted) ?? modelProblem(model);
    if (problem !== undefined) {
      setMessage(`Not saved. ${problem}`);
      return;
    }
    const remember = data.get('remember') === 'on';
    const useClaude = data.get('useClaude') === 'on';
    const apiKey = pasted === '' ? settings.apiKey : pasted;
    if (keyField.current) keyField.current.value = '';
    onSave({ apiKey, model, remember, useClaude });
    setMessage(apiKey === undefined ? 'Saved. No key: the extractive stand-in answers.' : 'Saved.');
  };

  const forget = () => {
    // Every field that could hold the key: the Model field too, if a key was pasted there.
    if (modelField.current && looksLikeApiKey(modelField.current.value)) {
      modelField.current.value = DEFAULT_SETTINGS.model;
    }
    if (keyField.current) {
      keyField.current.value = '';
      // "Forget key" is disabled once the key is gone: keep the keyboard in the panel.
      keyField.current.focus();
    }
    onForget();
    setMessage('The key is forgotten: it is in no storage of this site.');
  };

  const status =
    settings.apiKey === undefined
      ? 'No key set: answers come from the extractive stand-in, which quotes the documents in use.'
      : settings.remember
        ? 'A key is set and remembered on this device.'
        : 'A key is set for this visit only (held in memory).';

  return (
    <details class="settings">
      <summary>Settings: use Claude with your own API key</summary>
      <form onSubmit={save}>
        <p class="settings-status">{status}</p>
        <label for="api-key">Anthropic API key</label>
        <input
          id="api-key"
          name="apiKey"
          type="password"
          ref={keyField}
          autoComplete="off"
          spellcheck={false}
          placeholder={settings.apiKey === undefined ? 'sk-ant-…' : 'a key is set; paste to replace it'}
        />
        <label for="model">Model</label>
        <input
          id="model"
          name="model"
          type="text"
          ref={modelField}
          defaultValue={settings.model}
          autoComplete="off"
          spellcheck={false}
        />
        <label class="checkbox">
          <input name="remember" type="checkbox" defaultChecked={settings.remember} /> Remember the key on
          this device
        </label>
        <label class="checkbox">
          <input name="useClaude" type="checkbox" defaultChecked={settings.useClaude} /> Answer with Claude
          when a key is set (untick to use the extractive stand-in, offline too, and keep the key)
        </label>
        <p class="settings-help">
          The key is sent only to api.anthropic.com, straight from your browser. Without “remember” it is gone
          when you close the page.
        </p>
        <div class="settings-actions">
          <button type="submit">Save</button>
          <button
            type="button"
            onClick={forget}
            disabled={settings.apiKey === undefined && !looksLikeApiKey(settings.model)}
          >
            Forget key
          </button>
        </div>
        <p class="settings-message" role="status">
          {message}
        </p>
      </form>
    </details>
  );
}
