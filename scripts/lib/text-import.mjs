// `node --import ./scripts/lib/text-import.mjs` (every tsx command in package.json): lets the command
// line import a file as text with `?raw`, as Vite does in the page and in the tests, so that the prompts
// (prompts/*.md) are one set of files for both. The hook itself is text-import-hook.mjs.
import { register } from 'node:module';

register('./text-import-hook.mjs', import.meta.url);
