import { render } from 'preact';
import indexUrl from '../../generated/index.json?url';
import { parseIndex } from '../index-file';
import type { ClaudeLoader } from './lazy-claude';
import { Root } from './root';
import { UpdateNotice } from './update-notice';
import './styles.css';

async function loadIndex() {
  const response = await fetch(indexUrl);
  if (!response.ok) throw new Error(`the index answered ${response.status}`);
  return parseIndex(await response.json());
}

// A dynamic import: the SDK is its own chunk, fetched only when a key is set and a question asked.
const loadClaude: ClaudeLoader = async (options) =>
  (await import('../generation/claude')).createClaudeClient(options);

/** Storage can be off (private windows, some embedded browsers); the page then keeps the key in memory. */
function storage(get: () => Storage): Storage | undefined {
  try {
    return get();
  } catch (error) {
    if (error instanceof DOMException) return undefined;
    throw error;
  }
}

const app = document.getElementById('app');
if (app) {
  render(
    <>
      <UpdateNotice />
      <Root
        loadIndex={loadIndex}
        loadClaude={loadClaude}
        storages={{
          local: storage(() => window.localStorage),
          session: storage(() => window.sessionStorage),
        }}
      />
    </>,
    app,
  );
}
