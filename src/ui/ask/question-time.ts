// What the page needs only once a question is asked: ask() with the question's reading (the text model)
// and the verifier behind it, the stand-in, and what shows a result (its view, the refusal reasons' plain
// words). Loaded with import() on the first question, so the first download stays small; the service
// worker precaches it with the rest of the app, so it works offline too. The page also loads it when the
// word vectors arrive, to join the semantic channel to the engine, and at load for an index whose passage
// text is in blocks beside it (text-blocks.ts), whose fetching the engine needs from the start.
export { ask, retrieverOf } from '../../ask/engine';
export { passageTitle } from '../../ask/passage-words';
export { explainRefusal } from '../../ask/reasons';
export { createExtractiveClient } from '../../reader/extractive';
export { indexReadingBlocks } from '../kit/block-index';
export { withMeaning } from '../kit/meaning-engine';
export { loadMeaningInWorker } from '../kit/meaning-loading';
export { DocumentBrowser } from './document-browser';
export { Feedback } from './feedback';
export { passageAnchor } from './passages';
export { ResultView, refusalHeading } from './result-view';
