import type { ComponentChildren } from 'preact';
import { passageTitle } from '../../ask/passage-words';
import { formatScore } from '../../retrieval/score-format';
import type { Scored } from '../../types';
import { PassageText, type Span } from './passage-text';
import { ScoreBar } from './score-bar';

/** The element id of a passage in the list, for citation links: `02-borrowing#holds` → `passage-02-borrowing-holds`. */
export function passageAnchor(id: string): string {
  return `passage-${id.replace(/[^\w-]/gu, '-')}`;
}

/** A passage named by its title, its id on hover; opens the passage in the list below. */
export function PassageLink({
  id,
  onOpenPassage,
  children,
}: {
  id: string;
  onOpenPassage: (id: string) => void;
  /** What the link reads as: the passage's title, or an answer's words for it. */
  children: ComponentChildren;
}) {
  return (
    <a
      href={`#${passageAnchor(id)}`}
      title={id}
      onClick={(event) => {
        event.preventDefault();
        onOpenPassage(id);
      }}
    >
      {children}
    </a>
  );
}

interface PassagesProps {
  passages: readonly Scored[];
  citedIds: ReadonlySet<string>;
  /** Where the verifier found each quote, by the id of the passage it cites. */
  highlights: ReadonlyMap<string, readonly Span[]>;
  openId: string | undefined;
}

/** Every retrieved passage, by its title; the text opens in place, the quotes marked. */
export function Passages({ passages, citedIds, highlights, openId }: PassagesProps) {
  if (passages.length === 0) {
    return <p class="passages-empty">No passage shares a word with the question.</p>;
  }
  return (
    <ol class="passages">
      {passages.map(({ passage }) => (
        <li key={passage.id} class="passage">
          <details id={passageAnchor(passage.id)} open={openId === passage.id}>
            <summary>
              {/* Named by its headings; the id on hover, and under Details with the scores. */}
              <span class="passage-trail" title={passage.id}>
                {passageTitle(passage)}
              </span>
              {citedIds.has(passage.id) ? <span class="badge cited">cited</span> : null}
            </summary>
            <PassageText markdown={passage.text} highlights={highlights.get(passage.id) ?? []} />
          </details>
        </li>
      ))}
    </ol>
  );
}

interface ScoresProps {
  passages: readonly Scored[];
  contextIds: ReadonlySet<string>;
  threshold: number;
}

/** The technical view of the same passages: each score against the threshold, and which were given. */
export function PassageScores({ passages, contextIds, threshold }: ScoresProps) {
  if (passages.length === 0) return null;
  return (
    <ul class="passage-scores">
      {passages.map(({ passage, score }) => (
        <li key={passage.id}>
          <div class="passage-head">
            <span class="passage-score">{formatScore(score)}</span>
            <ScoreBar score={score} threshold={threshold} />
          </div>
          <span class="passage-id">{passage.id}</span>
          {contextIds.has(passage.id) ? <span class="badge given">read for the answer</span> : null}
        </li>
      ))}
    </ul>
  );
}
