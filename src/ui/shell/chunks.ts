// The lazy chunks the page's top loads. The first download holds the question box, the drop zone and
// settings; everything else arrives with the first action that needs it. A feature that loads a chunk
// of its own writes its `import()` itself (the shell imports features, never the other way), and every
// load goes through loadChunk (ui/kit/chunk-load.ts).

export const chunks = {
  /**
   * ask() with the verifier, the stand-in and the result view, and the semantic channel's join to the
   * engine: on the first question, or when the word vectors arrive after the manual; at load, for an
   * index whose passage text is in blocks (the blocks' fetching is in it).
   */
  questionTime: () => import('../ask/question-time'),
  /** Reading, indexing, keeping and switching the visitor's documents: with the first files brought. */
  ownCorpus: () => import('../own-documents/own-corpus'),
  /** The evaluation, as pictures: on #/eval. */
  evalPage: () => import('../eval/eval-page'),
  /** Saving a result as a trace (and its hash): on the first save. */
  traceDownload: () => import('../ask/trace-download'),
  /**
   * The service worker's registration and the notice of a new version: once the page can take questions,
   * so that neither stands between a first-time visitor and the question box.
   */
  updateNotice: () => import('./update-notice'),
  /** The Claude client and the SDK: on the first question asked with a key; never precached. */
  claude: () => import('../../generation/claude'),
};
