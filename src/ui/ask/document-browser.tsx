// The documents read by their headings: every passage of the index in order, grouped by the document it
// opens, each a disclosure whose summary is its heading trail and whose body is its text, drawn from text
// nodes (PassageText) like any passage, drawn when the disclosure is opened (a large index's text is
// fetched then). Part of the question-time chunk, loaded when the list is opened.
import { useEffect, useState } from 'preact/hooks';
import { passageTitle } from '../../ask/passage-words';
import { TextNotLoaded, TextUnavailableError } from '../../compiled-index/text-blocks';
import type { TextSource } from '../../compiled-index/types';
import type { Passage } from '../../types';
import { PassageText } from './passage-text';

/** Passages grouped by their file, in the index's order (the order the documents were read in). */
function byDocument(passages: readonly Passage[]): Passage[][] {
  const groups = new Map<string, Passage[]>();
  for (const passage of passages) groups.set(passage.file, [...(groups.get(passage.file) ?? []), passage]);
  return [...groups.values()];
}

/** A passage's text, or undefined while its block has not arrived (a large index, text-blocks.ts). */
function textOf(passage: Passage): string | undefined {
  try {
    return passage.text;
  } catch (error) {
    if (error instanceof TextNotLoaded) return undefined;
    throw error;
  }
}

/** How long an opened passage waits for its text. */
const TEXT_WAIT_MS = 30_000;

/** The text of an opened passage: drawn at once when here, else fetched from the site first. */
function PassageBody({ passage, texts }: { passage: Passage; texts: TextSource | undefined }) {
  const [text, setText] = useState(() => textOf(passage));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (text !== undefined || texts === undefined) return;
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), TEXT_WAIT_MS);
    let closed = false;
    texts.loadFor([passage], stop.signal).then(
      () => setText(textOf(passage)),
      (error: unknown) => {
        if (closed) return;
        if (stop.signal.aborted) setProblem(`it did not arrive within ${TEXT_WAIT_MS / 1000} s`);
        else if (error instanceof TextUnavailableError) setProblem(error.message);
        // Anything else is a bug of ours, not the network's: not dressed up as a message.
        else throw error;
      },
    );
    return () => {
      closed = true;
      clearTimeout(timer);
      stop.abort();
    };
  }, [passage, texts, text]);
  if (text !== undefined) return <PassageText markdown={text} />;
  if (problem !== undefined) return <p role="alert">The text could not be fetched: {problem}</p>;
  return <p role="status">Fetching the text…</p>;
}

/** A passage's disclosure; its text is drawn (and fetched, if need be) only once it is opened. */
function PassageEntry({ passage, texts }: { passage: Passage; texts: TextSource | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <span class="passage-trail" title={passage.id}>
          {passageTitle(passage)}
        </span>
      </summary>
      {open ? <PassageBody passage={passage} texts={texts} /> : null}
    </details>
  );
}

export function DocumentBrowser({
  passages,
  texts,
}: {
  passages: readonly Passage[];
  texts?: TextSource | undefined;
}) {
  return (
    <ul class="document-list">
      {byDocument(passages).map((group) => (
        <li key={group[0]?.file}>
          <span class="document-title">{group[0]?.trail[0] ?? group[0]?.file}</span>
          <ul class="passages">
            {group.map((passage) => (
              <li key={passage.id} class="passage">
                <PassageEntry passage={passage} texts={texts} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
