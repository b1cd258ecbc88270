import { formatScore } from '../../retrieval/score-format';
import type { Scored } from '../../types';
import { PassageText, type Span } from './passage-text';
import { ScoreBar } from './score-bar';

/** The element id of a passage in the list, for citation links: `02-borrowing#holds` → `passage-02-borrowing-holds`. */
export function passageAnchor(id: string): string {
  return `passage-${id.replace(/[^\w-]/gu, '-')}`;
}

interface PassagesProps {
  passages: readonly Scored[];
  contextIds: ReadonlySet<string>;
  citedIds: ReadonlySet<string>;
  /** Where the verifier found each quote, by the id of the passage it cites. */
  highlights: ReadonlyMap<string, readonly Span[]>;
  threshold: number;
  openId: string | undefined;
}

/** Every retrieved passage with its score against the threshold; the text opens in place. */
export function Passages({ passages, contextIds, citedIds, highlights, threshold, openId }: PassagesProps) {
  if (passages.length === 0) {
    return <p class="passages-empty">No passage shares a word with the question.</p>;
  }
  return (
    <ol class="passages">
      {passages.map(({ passage, score }) => {
        return (
          <li key={passage.id} class="passage">
            <div class="passage-head">
              <span class="passage-score">{formatScore(score)}</span>
              <ScoreBar score={score} threshold={threshold} />
            </div>
            <details id={passageAnchor(passage.id)} open={openId === passage.id}>
              <summary>
                <span class="passage-id">{passage.id}</span>
                <span class="passage-trail">{passage.trail.join(' › ')}</span>
                {citedIds.has(passage.id) ? <span class="badge cited">cited</span> : null}
                {contextIds.has(passage.id) ? <span class="badge given">given to the generator</span> : null}
              </summary>
              <PassageText markdown={passage.text} highlights={highlights.get(passage.id) ?? []} />
            </details>
          </li>
        );
      })}
    </ol>
  );
}
