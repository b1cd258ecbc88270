// Which system prompts this build ships, apart from their texts (prompts.ts): the index check in the
// page's first download refuses an index built for any other version, and needs only these names.

export const SHIPPED_PROMPT_VERSIONS = ['answer.v1', 'answer.v2', 'answer.v3'] as const;

export type PromptVersion = (typeof SHIPPED_PROMPT_VERSIONS)[number];

/** What `npm run ingest` and the page's own documents are built for. */
export const CURRENT_PROMPT_VERSION: PromptVersion = 'answer.v3';

export const isShippedPromptVersion = (version: string): version is PromptVersion =>
  (SHIPPED_PROMPT_VERSIONS as readonly string[]).includes(version);
