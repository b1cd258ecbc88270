// npm run bench:ingest -- [--shapes headings,changelog,a_,a*,a!,heading-a_] [--sizes 1000000,2000000]
//
// Ingest time of Markdown shapes that once grew faster than their size (issue 35): each shape at each
// size, compiled beside one ordinary file as `npm run ingest` compiles a folder, with the ratio of each
// time to the one at the size before it. Linear ingest doubles its time when the input doubles; a
// quadratic one quadruples it. Figures, not assertions: tests/ingest/linear.test.ts bounds the ratio.
import { SHAPES, timeIngest } from './bench/ingest-shapes';
import { parseCommandLine, run, UsageError } from './lib/cli';

const USAGE =
  'usage: npm run bench:ingest -- [--shapes headings,changelog,a_,a*,a!,heading-a_] [--sizes N,N]';
const NUMBER_LIST = /^\d+(?:,\d+)*$/u;

function listOf(text: string, flag: string): string[] {
  const items = text.split(',').filter((item) => item !== '');
  if (items.length === 0) throw new UsageError(`${flag} takes a comma-separated list\n${USAGE}`);
  return items;
}

run(() => {
  const { values } = parseCommandLine(
    {
      options: {
        shapes: { type: 'string', default: Object.keys(SHAPES).join(',') },
        sizes: { type: 'string', default: '1000000,2000000' },
      },
    },
    USAGE,
  );
  const shapes = listOf(values.shapes, '--shapes');
  const unknown = shapes.filter((shape) => !Object.hasOwn(SHAPES, shape));
  if (unknown.length > 0) throw new UsageError(`no shape ${unknown.join(', ')}\n${USAGE}`);
  if (!NUMBER_LIST.test(values.sizes)) throw new UsageError(`--sizes takes whole numbers\n${USAGE}`);
  const sizes = listOf(values.sizes, '--sizes').map(Number);
  console.log('shape        characters   seconds   ratio to the size before   passages   left out');
  for (const shape of shapes) {
    let previous: number | undefined;
    for (const size of sizes) {
      const result = timeIngest({ shape, size });
      const ratio = previous === undefined ? '' : (result.milliseconds / previous).toFixed(2);
      previous = result.milliseconds;
      console.log(
        [
          shape.padEnd(12),
          size.toLocaleString('en-US').padStart(10),
          (result.milliseconds / 1000).toFixed(2).padStart(9),
          ratio.padStart(26),
          String(result.passages).padStart(10),
          `  ${result.leftOut.join(', ') || '-'}`,
        ].join(' '),
      );
    }
  }
  return 0;
});
