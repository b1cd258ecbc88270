// No separate build step: `ask` and `eval` compile the default index from the bundled corpus when it is
// missing or older than corpus/, so that `npm ci && npm run ask -- "…"` works on a fresh clone.
import { existsSync, statSync } from 'node:fs';
import { DEFAULT_GATE } from '../../src/config';
import { describeLeftOut } from '../../src/ingest/left-out';
import { shippedRelatedWords } from '../wordnet/wordnet';
import { DEFAULT_INDEX, loadIndexFile } from './cli';
import { BUNDLED_CORPUS, BUNDLED_CORPUS_NAME, compileFolder, newestChange } from './corpus-folder';
import { writeIndexFiles } from './index-files';

/**
 * The default index's path, once it is there and as new as corpus/; says so on stderr when it builds it.
 * A default index built from another folder (`npm run ingest -- --corpus DIR`) is never rebuilt.
 */
export function defaultIndex(): string {
  const path = DEFAULT_INDEX;
  if (!existsSync(BUNDLED_CORPUS)) return path;
  let why: string;
  if (!existsSync(path)) why = 'there is none yet';
  else if (statSync(path).mtimeMs < newestChange(BUNDLED_CORPUS)) {
    const built = loadIndexFile(path);
    if (built.corpus !== undefined && built.corpus !== BUNDLED_CORPUS_NAME) return path;
    why = `${BUNDLED_CORPUS}/ has changed since it was built`;
  } else return path;
  console.error(`compiling ${path} from ${BUNDLED_CORPUS}/ (${why})…`);
  const { index, leftOut } = compileFolder({
    folder: BUNDLED_CORPUS,
    gate: DEFAULT_GATE,
    // As `npm run ingest` compiles it.
    ...shippedRelatedWords(),
  });
  for (const item of leftOut) console.error(`  left out: ${describeLeftOut(item)}`);
  writeIndexFiles({ path, index });
  console.error(`compiled ${index.passages.length} passages into ${path}`);
  return path;
}
