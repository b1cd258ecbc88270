// Node's module hook behind text-import.mjs: `import text from './file.md?raw'` gives the file's text,
// read as UTF-8 and kept as it is (a byte-order mark too), as Vite's `?raw` does. Any other import goes on to tsx and Node unchanged.
import { open } from 'node:fs/promises';

const SUFFIX = '?raw';
/** Larger than any file imported as text; a larger one is a mistake, not something to read whole. */
const MAX_BYTES = 1 << 20;

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith(SUFFIX)) return nextLoad(url, context);
  const file = await open(new URL(url.slice(0, -SUFFIX.length)), 'r');
  try {
    const { size } = await file.stat();
    if (size > MAX_BYTES)
      throw new Error(`${url}: ${size} bytes, more than the ${MAX_BYTES} a text import reads`);
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await file.readFile());
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  } finally {
    await file.close();
  }
}
