// What visitors meet, measured: every benchmark set of `npm run eval:suite`, one row each in words, from
// the dated summary `npm run eval:summary` writes. The summary is parsed where it is read: a file edited
// by hand, or from an older script, is said to be unreadable rather than shown wrong.
import {
  benchmarkSummarySchema,
  describeSet,
  kindOf,
  type SetSummary,
} from '../../evaluation/benchmark-summary';
import summaryFile from './benchmark-summary.json';

export function BenchmarkResults({ summary = summaryFile }: { summary?: unknown }) {
  const parsed = benchmarkSummarySchema.safeParse(summary);
  if (!parsed.success) {
    return (
      <section class="benchmarks" aria-labelledby="benchmarks-heading">
        <h2 id="benchmarks-heading">Every set of questions, measured</h2>
        <p role="alert">
          The summary of the benchmark sets could not be read: {parsed.error.issues[0]?.message}.
        </p>
      </section>
    );
  }
  const { date, commit, generator, channels, sets } = parsed.data;
  return (
    <section class="benchmarks" aria-labelledby="benchmarks-heading">
      <h2 id="benchmarks-heading">Every set of questions, measured</h2>
      <p>
        Every benchmark set, asked on {date} ({generator}). Green: answered correctly; red: answered wrongly,
        or answered when the documents do not answer; grey: refused, rightly or not (the line under each bar
        says which).
      </p>
      <ul class="benchmark-list">
        {sets.map((set) => (
          <li key={set.name} class="benchmark">
            <SetBar set={set} />
            <p>{describeSet(set)}</p>
          </li>
        ))}
      </ul>
      <details class="benchmark-details">
        <summary>Details</summary>
        <p>
          Measured on the command line at commit {commit}, reading questions by {channels}, with the threshold
          each set's gate uses (this page's gate reads no sentence encoder). Run them again with{' '}
          <code>npm run eval:suite</code>, then <code>npm run eval:summary</code> to write this summary from
          its report.
        </p>
        <ul>
          {sets.map((set) => (
            <li key={set.name}>
              <code>{set.name}</code>:{' '}
              {set.status === 'measured'
                ? `${set.source}; ${set.passages} passages; threshold ${set.threshold}`
                : set.reason}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** One set's questions as a bar: answered correctly, wrongly (including unanswerable ones answered), refused. */
function SetBar({ set }: { set: SetSummary }) {
  if (set.status !== 'measured') return null;
  const asked = set.answerable + set.unanswerable;
  if (asked === 0) return null;
  const wrong = set.wrong + set.falseAnswers;
  const share = (n: number) => `${(100 * n) / asked}%`;
  return (
    <div class="benchmark-bar" aria-hidden="true" title={kindOf(set.name)}>
      <span class="bar-correct" style={{ width: share(set.correct) }} />
      <span class="bar-wrong" style={{ width: share(wrong) }} />
      <span class="bar-refused" style={{ width: share(asked - set.correct - wrong) }} />
    </div>
  );
}
