// What every reader of an index file agrees on, apart from the code that reads one: the page's first
// download checks an index (check.ts) but never decodes one itself, so it needs these and not the
// codec in container.ts.

export const INDEX_FORMAT = 'sourcebound-index';
export const INDEX_VERSION = 2;

export class IndexLoadError extends Error {
  override name = 'IndexLoadError';
}
