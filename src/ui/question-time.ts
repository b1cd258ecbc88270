// What the page needs only once a question is asked: ask() with the verifier behind it, and the
// stand-in. Loaded with import() on the first question, so the first download stays small; the
// service worker precaches it with the rest of the app, so it works offline too.
export { ask } from '../engine';
export { createExtractiveClient } from '../generation/extractive';
