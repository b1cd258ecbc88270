// The shared vocabulary of the pipeline. Every stage imports from here; nothing here imports a stage.

/** One section of the corpus, as the ingest cut it. Its id is what the model cites. */
export interface Passage {
  /** `file-stem#heading-slug`, e.g. `02-borrowing#holds`. Unique in an index. */
  id: string;
  /** Path of the source file relative to the corpus folder, e.g. `02-borrowing.md`. */
  file: string;
  /** 1-based line of the heading that opens the passage. */
  line: number;
  /** Headings from the top of the file down to this one, e.g. `['Borrowing', 'Holds']`. */
  trail: string[];
  /** The passage's Markdown, heading line excluded. */
  text: string;
}

/** A passage with its retrieval score in [0, 1]. */
export interface Scored {
  passage: Passage;
  score: number;
}

/** The versioned system prompt. The version travels with every result and every report. */
export interface Prompt {
  /** e.g. `answer.v1`: the file name without its extension. */
  version: string;
  text: string;
}

/** What the gate compares against. Measured by `npm run eval -- --calibrate`, never chosen by taste. */
export interface GateSettings {
  /** The best passage must score at least this for the question to go any further. */
  threshold: number;
  /** The best passage must lead the runner-up by at least this much; 0 turns the check off. */
  minMargin: number;
  /** Where the threshold came from, in words, so a reader of the index can check it. */
  source: string;
}

/** One citation: the passage's id and, from prompt v2 on, the verbatim span of it that supports the answer. */
export interface Citation {
  id: string;
  quote?: string;
}

/**
 * A generator's reply, whatever the prompt version: v1 cites by id alone (`["02-borrowing#holds"]`), v2
 * with a quote (`[{ "id": …, "quote": … }]`); both are read into this one shape.
 */
export interface Reply {
  answered: boolean;
  answer: string;
  citations: Citation[];
}

/** Who wrote an answer. `kind` lets a reader tell a language model from the stand-in at a glance. */
export interface GeneratorInfo {
  kind: 'claude' | 'extractive' | 'scripted';
  /** The model id for Claude; a plain description otherwise. */
  name: string;
}

/**
 * Why a question was not answered. A closed set: a `switch` over it ends in `assertNever`, so a new
 * reason is a compile error wherever it is not handled yet; the eval and trace schemas read this list;
 * the plain words for each are in ask/reasons.ts.
 */
export const REFUSAL_REASONS = [
  'invalid_question',
  'no_relevant_context',
  'model_reported_no_answer',
  'missing_citation',
  'fabricated_citation',
  'unsupported_quote',
  'ungrounded_figure',
  'unparseable_response',
  'model_unavailable',
  'passage_text_unavailable',
  'postings_unavailable',
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A quote the verifier found in the passage it cites: `span` is [start, end) of the passage's text. */
export interface QuotedSpan {
  id: string;
  quote: string;
  span: [number, number];
}

/** What a grounding check found wrong, so that a reader can see the quote or figure and where it was looked for. */
export type FailedCheck =
  | { kind: 'quote'; id: string; quote: string; checkedAgainst: string[] }
  | { kind: 'figure'; figure: string; checkedAgainst: string[] };

/**
 * What one call to a generator came to. A failure that the world can cause (network, key, quota, a
 * malformed reply) is data here; a bug in our own code is thrown.
 */
export type GenerationOutcome =
  | { ok: true; reply: Reply; raw: string }
  | {
      ok: false;
      reason: 'model_unavailable' | 'unparseable_response' | 'model_reported_no_answer';
      /** A machine-readable sub-cause, e.g. `authentication`, `rate_limited`, `max_tokens`. */
      code: string;
      /** Plain words for a person. Never contains the API key. */
      detail: string;
      /** What the model sent, when it sent anything. */
      raw?: string;
    };

export interface GenerationRequest {
  question: string;
  /** The context: exactly the passages the reply may cite. */
  passages: Passage[];
  prompt: Prompt;
  /**
   * How retrieval read the question, where that differs from what was written (a typo read as the corpus
   * word it slips from). A reader that matches words reads the question so; a model reads what was written.
   */
  reading?: QuestionReading;
  /** The caller's cancel and the question's deadline together: every wait ends when it aborts. */
  signal?: AbortSignal;
}

/** The one seam between the engine and whatever writes answers. */
export interface GenerationClient {
  readonly info: GeneratorInfo;
  generate(request: GenerationRequest): Promise<GenerationOutcome>;
}

/** What a question sent to its generator, against what it may send (src/generation/budget.ts). */
export interface ContextBudget {
  /** Characters of passage text a request may carry. */
  maxChars: number;
  /** Characters of passage text it carried, the lines saying what was left out included. */
  sentChars: number;
  /** The passages sent shortened: table rows and characters left out of each. */
  elided: Array<{ id: string; rows: number; chars: number }>;
}

/**
 * A word the corpus never uses, as a dictionary writes it → the corpus terms that can stand for it
 * ("film" → the term of "movie" when the corpus says "movie"). A question's word is looked up by the
 * dictionary forms it may inflect (src/text/lemma.ts). Compiled at ingest (src/ingest/thesaurus.ts).
 */
export type Thesaurus = Record<string, string[]>;

/** What the gate knows about one passage for one question (src/retrieval/evidence.ts). */
export interface EvidenceFeatures {
  /** The retrieval score (the scorer's cosine or bound-divided BM25), in [0, 1]. */
  cosine: number;
  /** Share of the question's distinct content words the passage holds, in [0, 1]. */
  coverage: number;
  /** The same share with each word weighed by its idf: missing a rare word costs more. */
  weightedCoverage: number;
  /**
   * The semantic channel's (0 without it; src/retrieval/semantic.ts `softMatch`): the question's idf
   * weight whose words the passage lacks but holds a word close to in meaning (`close`) or related to
   * (`related`), as shares, and the cosine of the two texts' mean word vectors.
   */
  close: number;
  related: number;
  meanSimilarity: number;
  /**
   * Share of the question's distinct content words that are names the corpus never writes (a place,
   * person, people or language: `QuestionReading.names`): the same for every passage of one question.
   */
  unknownNames: number;
}

/**
 * What a sentence encoder adds to the evidence of a question (src/ask/encoder-evidence.ts): the cosine of
 * the question's vector with the vector of the passage retrieval ranked first (`encoderBest`) and the
 * highest over the passages the gate reads (`encoderTop`). The same for every passage of one question.
 */
export interface EncoderEvidence {
  encoderBest: number;
  encoderTop: number;
}

/** A fitted logistic model over the evidence features; `source` says what it was fitted on. */
export interface EvidenceWeights {
  bias: number;
  /** A feature with no weight does not count. */
  weights: Readonly<Partial<Record<keyof EvidenceFeatures | keyof EncoderEvidence, number>>>;
  source: string;
}

/** How the question was read, where that differs from what was written. */
export interface QuestionReading {
  /** Words the corpus does not use, read as the nearest word it does ("libary" → "library"). */
  readAs: Array<{ written: string; readAs: string }>;
  /** Words the corpus does not use, read through the thesaurus as words it does ("film" → "movie"). */
  expanded: Array<{ written: string; terms: string[] }>;
  /**
   * Names the corpus never uses (a place, person, people or language, src/text/names.ts), as the question
   * writes them (accents folded): "Russia" in "where do people live in Russia?", "paris" in "…in paris?".
   * Typed in lower case, they are read as written with a capital, so that a question in lower case is
   * judged as the same question capitalised: a named thing the answer must hold.
   */
  names: string[];
}

/** Which word vectors and which fitted model read a question with the semantic channel. */
export interface SemanticUse {
  /** The SHA-256 of the word-vector table. */
  table: string;
  /** The fitted model's version (src/retrieval/semantic-model.ts). */
  model: string;
  /** The sentence encoder's name and version, when it read the question too (its fitted gate's `model`). */
  encoder?: string;
}

interface ResultBase {
  question: string;
  /** Present when the semantic channel read the question too; absent, words alone decided. */
  semantic?: SemanticUse;
  /** Present when the question was not read exactly as written (a typo, a word read through the thesaurus, a name typed in lower case). */
  reading?: QuestionReading;
  /**
   * Present when a word was read as another (`reading.readAs`): whether that changed what was found (the
   * passages in the context or the gate's verdict) against the question read as typed. The page shows
   * the correction only when it did; Details shows it either way.
   */
  correctionChanged?: boolean;
  /** The passages retrieved for the question, best first, with their scores. */
  passages: Scored[];
  /**
   * The passages given to the generator, with their scores: the only ones a reply may cite. Empty when
   * no generator was asked.
   */
  context: Scored[];
  threshold: number;
  promptVersion: string;
  /** What the generator was sent, within the budget; absent when none was asked. */
  budget?: ContextBudget;
}

export interface Answered extends ResultBase {
  status: 'answered';
  answer: string;
  /** Ids of the passages cited, each once. */
  citations: string[];
  /** The quotes given with the citations (prompt v2), each where the verifier found it in its passage. */
  quotes: QuotedSpan[];
  generator: GeneratorInfo;
  raw: string;
}

export interface Refused extends ResultBase {
  status: 'refused';
  reason: RefusalReason;
  /** Plain words: what exactly failed. */
  detail: string;
  /** A sub-cause for `model_unavailable` and `unparseable_response`, e.g. `authentication`. */
  code?: string;
  /** For `unsupported_quote` and `ungrounded_figure`: the quote or figure, and the passages it was checked against. */
  failed?: FailedCheck;
  /** The generator that was asked, if one was. Absent when the gate stopped the question. */
  generator?: GeneratorInfo;
  /** What the model sent, kept for the trace when a reply was refused. */
  raw?: string;
}

/** Every path out of `ask()` ends in one of these. */
export type AskResult = Answered | Refused;

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
