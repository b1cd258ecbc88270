// The system prompts this build ships, one per version. The prompt is the application's, never the
// index's: an index file records only the version it was built for (a file from elsewhere once carried
// its own prompt and turned the quote requirement off), and one built for a version not listed here is
// refused when it is loaded (src/compiled-index/check.ts). A new version is a new file and entry, and its number
// says which reply shape it asks for (reply-version.ts). Imported at question time only, so the texts
// are not in the page's first download.

import answerV1 from '../../prompts/answer.v1.md?raw';
import answerV2 from '../../prompts/answer.v2.md?raw';
import answerV3 from '../../prompts/answer.v3.md?raw';
import { isShippedPromptVersion, type PromptVersion } from '../prompt-versions';
import type { Prompt } from '../types';

// Each version is its own file, written out whole, not assembled from shared parts: a version's text
// must never change when a later one is written, a reviewer reads exactly what the model was sent, and a
// reworded prompt is its own change in git log. Vite bundles them as text (`?raw`); on the command line,
// scripts/lib/text-import.mjs does the same for tsx; tests/generation/prompts.test.ts pins their bytes.
const PROMPT_TEXTS = {
  'answer.v1': answerV1,
  'answer.v2': answerV2,
  'answer.v3': answerV3,
} satisfies Record<PromptVersion, string>;

/** The shipped prompt of `version`; asking for one this build does not ship is a bug (the index check refuses it first). */
export function promptFor(version: string): Prompt {
  if (!isShippedPromptVersion(version)) {
    throw new Error(`promptFor: this build ships no prompt ${JSON.stringify(version)}`);
  }
  return { version, text: PROMPT_TEXTS[version] };
}
