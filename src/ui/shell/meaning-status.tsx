import type { Engine } from '../../ask/engine-setup';
import type { WordVectors } from '../../retrieval/semantic';

/**
 * The semantic channel's state on the page: loading, on (the table, and the function from the
 * question-time chunk that joins it to an engine), or unavailable and why.
 */
export type Meaning =
  | { phase: 'loading' }
  | { phase: 'on'; table: WordVectors; join: (engine: Engine, table: WordVectors) => Engine }
  | { phase: 'unavailable'; message: string };

/**
 * One line under the question box: whether questions are read by meaning too, and when not, why. A live
 * region, so that a screen reader hears the change, but not a status role: it is not the page's progress.
 */
export function MeaningStatus({
  meaning,
  onWords,
}: {
  meaning: Meaning | { phase: 'off' };
  onWords: boolean;
}) {
  if (meaning.phase === 'off') return null;
  const state = meaning.phase === 'on' && onWords ? 'words' : meaning.phase;
  // Loading, on, on but kept to words by a threshold measured on words, or unavailable and why.
  const words = {
    loading: 'Words related in meaning are loading; until then only the question’s own words count.',
    on: 'Words related in meaning count too, not only the question’s own.',
    words: 'Only the question’s own words count: the threshold in use was measured on them.',
    unavailable: `Related words could not be loaded (${'message' in meaning ? meaning.message : ''}); only the question’s own words count.`,
  }[state];
  return (
    <p class="meaning-status" data-meaning={state} aria-live="polite">
      {words}
    </p>
  );
}
