/** Claude's model id when the visitor or the command line names none. Kept apart from claude.ts so that
 * the page can show it without loading the SDK. */
export const DEFAULT_MODEL = 'claude-opus-5';
