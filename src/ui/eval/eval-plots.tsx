// The evaluation page's two figures, drawn as SVG elements from numbers and question text (never from
// markup strings). Each carries its figures in words in its <desc>, for a reader who cannot see it.
//
// Both are 340 viewBox units wide and drawn at width 100%: on a 360 px phone, with the page's padding,
// they are about 300 px wide, so the smallest text (FONT) is about 12 px there.
import { useId } from 'preact/hooks';
import type { RiskCoveragePoint } from '../../evaluation/eval-run';
import { calibrate } from '../../evaluation/eval-set';
import { formatScore } from '../../retrieval/score-format';

export const PLOT_WIDTH = 340;
export const FONT = 14;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What the strip plot needs of a question: an outcome of eval-run fits. */
export interface StripPoint {
  index: number;
  question: string;
  bestScore: number;
  answerable: boolean;
  beyondGate: boolean;
}

export interface StripPlotProps {
  points: readonly StripPoint[];
  /** The threshold in use: a solid line. */
  shipped: number;
  /** The slider's threshold: a dashed line when it differs. */
  threshold: number;
  /** The axis reaches at least this far (the slider's maximum). */
  max: number;
}

// Lanes and axis, top to bottom, in viewBox units.
const STRIP = {
  padX: 14,
  answerableLabel: 18,
  answerableLane: 44,
  unanswerableLabel: 82,
  unanswerableLane: 108,
  laneHalf: 16,
  axis: 136,
  tickLabel: 156,
  axisTitle: 178,
  height: 186,
  dot: 5,
};

/** Ticks of a readable axis over [0, max]: the finest step that gives at most six intervals. */
function ticksFor(max: number): { ticks: number[]; digits: number } {
  const step = [0.05, 0.1, 0.2, 0.25, 0.5, 1].find((candidate) => max / candidate <= 6) ?? 1;
  // 1e-9: 0.6 / 0.1 is 5.999…, and its last tick must not be lost.
  const count = Math.floor(max / step + 1e-9);
  const ticks = Array.from({ length: count + 1 }, (_, i) => i * step);
  return { ticks, digits: step === 0.05 || step === 0.25 ? 2 : 1 };
}

// A spread that looks random and is the same on every render: question i sits at the fractional part
// of i × the golden ratio, in [0, 1).
const jitter = (index: number) => ((index * 0.618033988749895) % 1) * 2 - 1;

/** What the strip plot shows, in words: both groups' ranges, and the gap between them or the overlap. */
function stripDescription(points: readonly StripPoint[], shipped: number, threshold: number): string {
  const groups = calibrate(points.map((point) => ({ ...point, bestPassage: undefined })));
  const range = (rows: ReadonlyArray<{ bestScore: number }>) => {
    const scores = rows.map((row) => row.bestScore);
    return `${formatScore(Math.min(...scores))} to ${formatScore(Math.max(...scores))}`;
  };
  const parts: string[] = [];
  parts.push(
    groups.answerable.length === 0
      ? 'No answerable questions.'
      : `${plural(groups.answerable.length, 'answerable question')} score ${range(groups.answerable)}.`,
  );
  parts.push(
    groups.unanswerable.length === 0
      ? 'No unanswerable questions that the gate is meant to decide.'
      : `${plural(groups.unanswerable.length, 'unanswerable question')} that the gate is meant to decide score ${range(groups.unanswerable)}.`,
  );
  if (groups.gap === undefined) {
    parts.push('With a group empty, there is no gap to measure.');
  } else if (groups.gap > 0) {
    parts.push(
      `A gap of ${formatScore(groups.gap)} separates the groups, between ${formatScore(groups.highestUnanswerable ?? 0)} and ${formatScore(groups.lowestAnswerable ?? 0)}.`,
    );
  } else {
    parts.push(
      `The groups overlap by ${formatScore(-groups.gap)}: ${plural(groups.overlapping.length, 'question')} on the wrong side of the other group's edge cause it.`,
    );
  }
  if (groups.excluded.length > 0) {
    const overlapping = groups.excludedOverlapping.length;
    parts.push(
      `${plural(groups.excluded.length, 'unanswerable question')} beyond the gate, drawn hollow and left out of the gap, score ${range(groups.excluded)}` +
        (overlapping > 0 ? `; ${overlapping} of them at or above the lowest answerable question.` : '.'),
    );
  }
  parts.push(
    threshold === shipped
      ? `The solid line is the threshold in use, ${formatScore(shipped)}.`
      : `The solid line is the threshold in use, ${formatScore(shipped)}; the dashed line the slider's, ${formatScore(threshold)}.`,
  );
  return parts.join(' ');
}

/** Best retrieval scores on one axis: answerable questions in one lane, unanswerable ones in the other. */
export function StripPlot({ points, shipped, threshold, max }: StripPlotProps) {
  const id = useId();
  // The axis ends where the slider does, so that every dot and both lines are on it.
  const end = Math.max(max, shipped, threshold, 0.05, ...points.map((point) => point.bestScore));
  const { ticks, digits } = ticksFor(end);
  const x = (value: number) => STRIP.padX + (value / end) * (PLOT_WIDTH - 2 * STRIP.padX);
  // Down each lane, clear of the second lane's label: M x,top V bottom, twice.
  const thresholdPath = (value: number) =>
    `M ${x(value)} ${STRIP.answerableLane - STRIP.laneHalf} V ${STRIP.answerableLane + STRIP.laneHalf} ` +
    `M ${x(value)} ${STRIP.unanswerableLane - STRIP.laneHalf} V ${STRIP.axis}`;
  const answerable = points.filter((point) => point.answerable);
  const unanswerable = points.filter((point) => !point.answerable);
  const dot = (point: StripPoint) => {
    const lane = point.answerable ? STRIP.answerableLane : STRIP.unanswerableLane;
    const kind = `${point.answerable ? 'answerable' : 'unanswerable'}${point.beyondGate ? ' beyond' : ''}`;
    return (
      <circle
        key={point.index}
        class={`strip-dot ${kind}`}
        cx={x(point.bestScore)}
        cy={lane + jitter(point.index) * (STRIP.laneHalf - STRIP.dot)}
        r={STRIP.dot}
      >
        <title>
          {point.question} (best score {formatScore(point.bestScore)}
          {point.beyondGate ? ', beyond the gate' : ''})
        </title>
      </circle>
    );
  };
  return (
    <svg
      class="eval-plot"
      viewBox={`0 0 ${PLOT_WIDTH} ${STRIP.height}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
    >
      <title id={`${id}-title`}>Best retrieval score of each question</title>
      <desc id={`${id}-desc`}>{stripDescription(points, shipped, threshold)}</desc>
      <text x={STRIP.padX} y={STRIP.answerableLabel} font-size={FONT}>
        Answerable ({answerable.length})
      </text>
      <text x={STRIP.padX} y={STRIP.unanswerableLabel} font-size={FONT}>
        Unanswerable ({unanswerable.length})
      </text>
      {[STRIP.answerableLane, STRIP.unanswerableLane].map((lane) => (
        <rect
          key={lane}
          class="lane"
          x={STRIP.padX}
          y={lane - STRIP.laneHalf}
          width={PLOT_WIDTH - 2 * STRIP.padX}
          height={2 * STRIP.laneHalf}
        />
      ))}
      <line class="axis" x1={STRIP.padX} x2={PLOT_WIDTH - STRIP.padX} y1={STRIP.axis} y2={STRIP.axis} />
      {ticks.map((tick) => (
        <g key={tick}>
          <line class="axis" x1={x(tick)} x2={x(tick)} y1={STRIP.axis} y2={STRIP.axis + 5} />
          <text x={x(tick)} y={STRIP.tickLabel} font-size={FONT} text-anchor="middle">
            {tick.toFixed(digits)}
          </text>
        </g>
      ))}
      <text x={PLOT_WIDTH / 2} y={STRIP.axisTitle} font-size={FONT} text-anchor="middle">
        best retrieval score
      </text>
      {answerable.map(dot)}
      {unanswerable.map(dot)}
      <path class="plot-threshold" d={thresholdPath(shipped)} />
      {threshold === shipped ? null : (
        <path class="plot-threshold trial" d={thresholdPath(threshold)} stroke-dasharray="5 4" />
      )}
    </svg>
  );
}

export interface RiskCoverageCurveProps {
  /** The sweep, as riskCoverage gives it. */
  points: readonly RiskCoveragePoint[];
  /** The figures at the threshold in use. */
  shipped: RiskCoveragePoint;
  /** The figures at the slider's threshold. */
  current: RiskCoveragePoint;
}

const CURVE = { left: 52, right: 18, top: 30, bottom: 214, tickLabel: 234, axisTitle: 256, height: 264 };

/**
 * An axis over the data's range, not [0, 1]: a curve whose risk stays under 0.1 would otherwise lie flat
 * on the x-axis. The range is widened to steps of a readable size (0.01 to 0.25), at most six of them.
 */
/** The top of the risk axis when no answer failed at any threshold. */
const NO_RISK_AXIS = 0.1;

export function axisFor(low: number, high: number): { from: number; to: number; ticks: number[] } {
  const span = Math.max(high - low, 0.01);
  const step = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25].find((candidate) => span / candidate <= 5) ?? 0.25;
  // Rounded: 6 × 0.1 is 0.6000000000000001.
  const from = Math.max(0, Number((Math.floor(low / step + 1e-9) * step).toFixed(2)));
  let to = Math.min(1, Number((Math.ceil(high / step - 1e-9) * step).toFixed(2)));
  if (to <= from) to = Math.min(1, from + step);
  const count = Math.round((to - from) / step);
  const ticks = Array.from({ length: count + 1 }, (_, i) => Number((from + i * step).toFixed(2)));
  return { from, to, ticks };
}

function figuresAt(label: string, point: RiskCoveragePoint): string {
  const at = `At ${label} ${formatScore(point.threshold)}`;
  if (point.coverage === undefined) return `${at}, every question is SKIP: nothing to measure.`;
  const coverage = `coverage ${formatScore(point.coverage)} (${point.answered} of ${point.decided} decided questions answered)`;
  if (point.risk === undefined) return `${at}: ${coverage}, so there is no risk to measure.`;
  return `${at}: ${coverage}, risk ${formatScore(point.risk)} (${point.failedAnswers} of ${point.answered} answers failed).`;
}

/** Risk (failed answers among those given) against coverage (questions answered) as the threshold sweeps. */
export function RiskCoverageCurve({ points, shipped, current }: RiskCoverageCurveProps) {
  const id = useId();
  const measured = [...points, shipped, current].filter(
    (point): point is RiskCoveragePoint & { coverage: number; risk: number } =>
      point.coverage !== undefined && point.risk !== undefined,
  );
  const coverages = measured.map((point) => point.coverage);
  const risks = measured.map((point) => point.risk);
  const across = axisFor(Math.min(1, ...coverages), Math.max(0, ...coverages));
  // Risk from 0: how far from no risk at all is what the curve is for. No failed answer anywhere is drawn
  // on a 0–0.1 axis, where a line at 0 reads as none, not on 0–0.01, where it reads as something tiny.
  const highestRisk = Math.max(0, ...risks);
  const up = axisFor(0, highestRisk === 0 ? NO_RISK_AXIS : highestRisk);
  const x = (coverage: number) =>
    CURVE.left +
    ((coverage - across.from) / (across.to - across.from)) * (PLOT_WIDTH - CURVE.left - CURVE.right);
  const y = (risk: number) =>
    CURVE.bottom - ((risk - up.from) / (up.to - up.from)) * (CURVE.bottom - CURVE.top);
  // Lowest coverage first: the sweep comes highest threshold last.
  const drawn = points
    .filter((point) => point.coverage !== undefined && point.risk !== undefined)
    .map((point) => ({ point, cx: x(point.coverage ?? 0), cy: y(point.risk ?? 0) }))
    .sort((a, b) => a.cx - b.cx || b.point.threshold - a.point.threshold);
  const same = shipped.threshold === current.threshold;
  const description = [
    `The threshold swept over ${plural(points.length, 'value')}; each point is one, coverage across, risk up.`,
    figuresAt('the threshold in use', shipped),
    same ? 'The slider is at the threshold in use.' : figuresAt("the slider's threshold", current),
  ].join(' ');
  const mark = (point: RiskCoveragePoint, kind: 'shipped' | 'trial') => {
    if (point.coverage === undefined || point.risk === undefined) return null;
    const cx = x(point.coverage);
    const cy = y(point.risk);
    const words = `${kind === 'shipped' ? 'in use' : 'slider'} ${formatScore(point.threshold)}`;
    // The label sits above the point, or below it when the point is near the top; never off the plot.
    const labelY = cy - 12 < CURVE.top ? cy + 22 : kind === 'trial' && !same ? cy + 22 : cy - 12;
    const anchor = cx > PLOT_WIDTH - 90 ? 'end' : cx < CURVE.left + 40 ? 'start' : 'middle';
    return (
      <g class={`curve-label ${kind}`}>
        <circle class={`curve-mark ${kind}`} cx={cx} cy={cy} r={7} />
        <text x={cx} y={labelY} font-size={FONT} text-anchor={anchor}>
          {words}
        </text>
      </g>
    );
  };
  return (
    <>
      <svg
        class="eval-plot"
        viewBox={`0 0 ${PLOT_WIDTH} ${CURVE.height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>Risk against coverage</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <text x={4} y={16} font-size={FONT}>
          risk: failed answers / answers
        </text>
        <line class="axis" x1={CURVE.left} x2={CURVE.left} y1={CURVE.top} y2={CURVE.bottom} />
        <line
          class="axis"
          x1={CURVE.left}
          x2={PLOT_WIDTH - CURVE.right}
          y1={CURVE.bottom}
          y2={CURVE.bottom}
        />
        {across.ticks.map((tick) => (
          <g key={`x${tick}`}>
            <line class="axis" x1={x(tick)} x2={x(tick)} y1={CURVE.bottom} y2={CURVE.bottom + 5} />
            <text x={x(tick)} y={CURVE.tickLabel} font-size={FONT} text-anchor="middle">
              {tick}
            </text>
          </g>
        ))}
        {up.ticks.map((tick) => (
          <g key={`y${tick}`}>
            <line class="axis" x1={CURVE.left - 5} x2={CURVE.left} y1={y(tick)} y2={y(tick)} />
            <text x={CURVE.left - 8} y={y(tick) + FONT / 3} font-size={FONT} text-anchor="end">
              {tick}
            </text>
          </g>
        ))}
        <text
          x={(CURVE.left + PLOT_WIDTH - CURVE.right) / 2}
          y={CURVE.axisTitle}
          font-size={FONT}
          text-anchor="middle"
        >
          coverage: answered / decided
        </text>
        <polyline class="curve-line" points={drawn.map(({ cx, cy }) => `${cx},${cy}`).join(' ')} />
        {drawn.map(({ point, cx, cy }) => (
          <circle key={point.threshold} class="curve-point" cx={cx} cy={cy} r={3}>
            <title>{figuresAt('threshold', point)}</title>
          </circle>
        ))}
        {same ? null : mark(current, 'trial')}
        {mark(shipped, 'shipped')}
      </svg>
      <details class="eval-curve-table">
        <summary>The curve as a table</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (axe scrollable-region-focusable) */}
        <section class="eval-table-scroll" tabIndex={0} aria-label="The curve as a table">
          <table>
            <thead>
              <tr>
                <th scope="col">threshold</th>
                <th scope="col">coverage</th>
                <th scope="col">risk</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.threshold}>
                  <td>{formatScore(point.threshold)}</td>
                  <td>{point.coverage === undefined ? '—' : formatScore(point.coverage)}</td>
                  <td>{point.risk === undefined ? '—' : formatScore(point.risk)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </>
  );
}
