// The documents read by their headings: every passage of the index in order, grouped by the document it
// opens, each a disclosure whose summary is its heading trail and whose body is its text, drawn from text
// nodes (PassageText) like any passage. Part of the question-time chunk, loaded when the list is opened.
import { passageTitle } from '../../ask/passage-words';
import type { Passage } from '../../types';
import { PassageText } from './passage-text';

/** Passages grouped by their file, in the index's order (the order the documents were read in). */
function byDocument(passages: readonly Passage[]): Passage[][] {
  const groups = new Map<string, Passage[]>();
  for (const passage of passages) groups.set(passage.file, [...(groups.get(passage.file) ?? []), passage]);
  return [...groups.values()];
}

export function DocumentBrowser({ passages }: { passages: readonly Passage[] }) {
  return (
    <ul class="document-list">
      {byDocument(passages).map((group) => (
        <li key={group[0]?.file}>
          <span class="document-title">{group[0]?.trail[0] ?? group[0]?.file}</span>
          <ul class="passages">
            {group.map((passage) => (
              <li key={passage.id} class="passage">
                <details>
                  <summary>
                    <span class="passage-trail" title={passage.id}>
                      {passageTitle(passage)}
                    </span>
                  </summary>
                  <PassageText markdown={passage.text} />
                </details>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
