import { formatScore } from '../../retrieval/score-format';

/** A score drawn as a bar on [0, 1] with the threshold marked, so a refusal can be seen, not just read. */
export function ScoreBar({ score, threshold }: { score: number; threshold: number }) {
  const label = `score ${formatScore(score)}, threshold ${formatScore(threshold)}: ${score >= threshold ? 'above' : 'below'}`;
  return (
    <svg class="score-bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label={label}>
      <title>{label}</title>
      <rect class="score-track" x="0" y="0" width="100" height="10" />
      <rect
        class={score >= threshold ? 'score-fill above' : 'score-fill below'}
        x="0"
        y="0"
        width={Math.min(100, score * 100)}
        height="10"
      />
      <line class="score-threshold" x1={threshold * 100} x2={threshold * 100} y1="0" y2="10" />
    </svg>
  );
}
