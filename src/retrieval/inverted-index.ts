import { assertNever } from '../types';
import type { RetrievalModel } from './model';
import { corpusStats, listsOf, type PostingLists, type Postings, type TermPostings } from './postings';

export interface Hit {
  /** Position of the passage in the index. */
  doc: number;
  score: number;
}

/**
 * How one scorer weighs a posting. `weight` is the question-side factor of term `t`; `posting` the
 * passage side for a frequency and a passage; the sum over the question's terms, divided by `bound`,
 * is the score in [0, 1].
 */
interface Scoring {
  idf: Float64Array;
  unseenIdf: number;
  /** Question side, given the term's idf and how often the question uses it. */
  weight(idf: number, count: number): number;
  /**
   * What multiplies every posting of a term: the question's weight, and any passage-side factor that is
   * the same for every posting of the term (tf-idf's passage idf), so the walk does it once a term.
   */
  termFactor(weight: number, idf: number): number;
  /** Passage side of one posting: the part that depends on the passage. */
  posting(tf: number, doc: number): number;
  /** The divisor that brings a question's sum into [0, 1], from the question's weights. */
  bound(weights: readonly number[]): number;
}

/**
 * What the scorer multiplies each passage's postings by, derived from every posting: BM25's length
 * normalisation (k1 · (1 − b + b · length / average)), tf-idf's inverse norm, each rounded to float32.
 * The one part of a scorer that reads every posting: an index kept in shards stores them, in float32 (half
 * the bytes of float64; src/compiled-index/posting-shards.ts), so that a question needs only its own
 * terms' postings. Rounded here too, an index read whole scores to the same last bit as one in shards.
 */
export function passageFactors(
  model: RetrievalModel,
  postings: Postings,
  passageCount: number,
): Float64Array {
  return scoringFor(model, listsOf(postings).counts, passageCount, postings).factors;
}

// 1 + ln tf, looked up for the frequencies nearly every posting has: Math.log once per posting was a
// third of a 100,000-passage load and of a question's time.
const SUBLINEAR = Float64Array.from({ length: 256 }, (_, tf) => (tf === 0 ? 0 : 1 + Math.log(tf)));
const sublinear = (tf: number) => (tf < 256 ? (SUBLINEAR[tf] as number) : 1 + Math.log(tf));

/** `f` of each count, in a loop: Float64Array.from's iteration took about 20 ms of a 130,000-term load. */
function eachCount(counts: ArrayLike<number>, f: (count: number) => number): Float64Array {
  const values = new Float64Array(counts.length);
  for (let t = 0; t < counts.length; t++) values[t] = f(counts[t] as number);
  return values;
}

/** The scorer `model` describes, with its passage factors given (a sharded index) or derived from `postings`. */
function scoringFor(
  model: RetrievalModel,
  counts: ArrayLike<number>,
  passageCount: number,
  given: Float64Array | Postings,
): Scoring & { factors: Float64Array } {
  switch (model.kind) {
    case 'bm25': {
      const { k1, b } = model;
      const idf = eachCount(counts, (df) => Math.log(1 + (passageCount - df + 0.5) / (df + 0.5)));
      let factors = given as Float64Array;
      if ('docs' in given) {
        const stats = corpusStats(given, passageCount);
        factors = stats.lengths.map((length) =>
          Math.fround(stats.averageLength === 0 ? k1 : k1 * (1 - b + (b * length) / stats.averageLength)),
        );
      }
      return {
        idf,
        factors,
        unseenIdf: Math.log(1 + (passageCount + 0.5) / 0.5),
        weight: (termIdf) => termIdf,
        termFactor: (weight) => weight,
        posting: (tf, doc) => (tf * (k1 + 1)) / (tf + (factors[doc] as number)),
        bound: (weights) => weights.reduce((sum, weight) => sum + weight * (k1 + 1), 0),
      };
    }
    case 'tfidf': {
      const idf = eachCount(counts, (df) => Math.log((1 + passageCount) / (1 + df)) + 1);
      let factors = given as Float64Array;
      if ('docs' in given) {
        const { starts, docs, tfs } = given;
        const squaredNorms = new Float64Array(passageCount);
        for (let t = 0; t < counts.length; t++) {
          for (let i = starts[t] as number; i < (starts[t + 1] as number); i++) {
            const weight = sublinear(tfs[i] as number) * (idf[t] as number);
            const doc = docs[i] as number;
            squaredNorms[doc] = (squaredNorms[doc] as number) + weight * weight;
          }
        }
        factors = squaredNorms.map((squared) => (squared === 0 ? 0 : Math.fround(1 / Math.sqrt(squared))));
      }
      return {
        idf,
        factors,
        unseenIdf: Math.log(1 + passageCount) + 1,
        weight: (termIdf, count) => (1 + Math.log(count)) * termIdf,
        // Both sides weigh a term by its idf: the passage's is the same for every posting of the term.
        termFactor: (weight, termIdf) => weight * termIdf,
        posting: (tf, doc) => sublinear(tf) * (factors[doc] as number),
        bound: (weights) => Math.sqrt(weights.reduce((sum, weight) => sum + weight * weight, 0)),
      };
    }
    default:
      return assertNever(model);
  }
}

/**
 * Term → passages holding it. A question walks only the lists of its own terms, adding into one score
 * array kept for the life of the index, so its cost grows with how common its words are, not with the
 * size of the corpus; the best `limit` are picked in one pass over the passages it touched.
 */
export class InvertedIndex {
  readonly size: number;
  readonly #lists: PostingLists;
  readonly #terms: readonly string[];
  readonly #scoring: Scoring;
  readonly #scores: Float64Array;
  readonly #touched: Uint32Array;

  /**
   * From every posting in memory (the passage factors derived from them), or from lists read as needed
   * with the factors the index stores.
   */
  constructor(
    options: { model: RetrievalModel; terms: readonly string[]; passageCount: number } & (
      | { postings: Postings }
      | { lists: PostingLists; factors: Float64Array }
    ),
  ) {
    const { model, passageCount } = options;
    this.size = passageCount;
    this.#lists = 'postings' in options ? listsOf(options.postings) : options.lists;
    // Sorted, so a term's id is found by binary search: a question has a handful of terms, and a Map of
    // 130,000 terms cost more to build at load than every question of a session costs to look up.
    this.#terms = options.terms;
    this.#scoring = scoringFor(
      model,
      this.#lists.counts,
      passageCount,
      'postings' in options ? options.postings : options.factors,
    );
    this.#scores = new Float64Array(passageCount);
    this.#touched = new Uint32Array(passageCount);
  }

  /** The corpus's terms, sorted: a term's id is its position. */
  get vocabulary(): readonly string[] {
    return this.#terms;
  }

  /** The id of a term of the corpus, or undefined when the corpus never uses it. */
  termId(term: string): number | undefined {
    return idOf(this.#terms, term);
  }

  /** How rare a term is (the scorer's idf), or the idf a term the corpus never uses counts at. */
  idf(id: number | undefined): number {
    return id === undefined ? this.#scoring.unseenIdf : (this.#scoring.idf[id] as number);
  }

  /** Whether passage `doc` holds term `id`: a binary search in the term's postings, which ascend. */
  holds(id: number, doc: number): boolean {
    const { docs, start, end } = this.#lists.list(id);
    let low = start;
    let high = end - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = docs[middle] as number;
      if (found === doc) return true;
      if (found < doc) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  /**
   * The corpus terms that begin with `prefix`, in sorted order, each with how many passages hold it: a
   * slice of the sorted vocabulary found by binary search, for the typo reading (`nearestTerm` in
   * retrieve.ts), which compares words at question time and so is not built into the index.
   */
  *termsStartingWith(prefix: string): Generator<{ term: string; passageCount: number }> {
    const terms = this.#terms;
    const { counts } = this.#lists;
    for (let at = lowerBound(terms, prefix); at < terms.length; at++) {
      const term = terms[at] as string;
      if (!term.startsWith(prefix)) return;
      yield { term, passageCount: counts[at] as number };
    }
  }

  /**
   * The `limit` best passages for a question's terms with a score above 0, best first; ties go to the
   * earlier passage. `factors` scale a term's question-side weight (a thesaurus expansion counts less).
   */
  search(terms: readonly string[], limit: number, factors?: ReadonlyMap<string, number>): Hit[] {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    const scoring = this.#scoring;
    const weights: number[] = [];
    const known: Array<{ id: number; weight: number }> = [];
    for (const [term, count] of counts) {
      const id = idOf(this.#terms, term);
      const idf = id === undefined ? scoring.unseenIdf : (scoring.idf[id] as number);
      const weight = scoring.weight(idf, count) * (factors?.get(term) ?? 1);
      weights.push(weight);
      if (id !== undefined) known.push({ id, weight: scoring.termFactor(weight, idf) });
    }
    const bound = scoring.bound(weights);
    if (known.length === 0 || bound === 0 || limit < 1) return [];

    const scores = this.#scores;
    const touched = this.#touched;
    // Every list first: a list not here yet (a shard not fetched) throws before any score is added.
    const lists = known.map(({ id }) => this.#lists.list(id));
    let touchedCount = 0;
    // Every addition is positive, so a score of 0 means a passage not touched yet.
    for (const [at, { weight }] of known.entries()) {
      const { docs, tfs, start, end } = lists[at] as TermPostings;
      for (let i = start; i < end; i++) {
        const doc = docs[i] as number;
        const sum = scores[doc] as number;
        if (sum === 0) touched[touchedCount++] = doc;
        scores[doc] = sum + weight * scoring.posting(tfs[i] as number, doc);
      }
    }

    const best: Hit[] = [];
    for (let i = 0; i < touchedCount; i++) {
      const doc = touched[i] as number;
      // Divided before it is compared: two sums that differ in their last bit can divide to the same
      // score, and the earlier passage must then come first, as the score shown says they are equal.
      const score = (scores[doc] as number) / bound;
      scores[doc] = 0;
      const last = best[best.length - 1];
      if (best.length === limit && last !== undefined && !before(score, doc, last)) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && before(score, doc, best[at - 1] as Hit)) {
        best[at] = best[at - 1] as Hit;
        at--;
      }
      best[at] = { doc, score };
    }
    return best;
  }
}

/** Position of `term` in the sorted `terms`, or undefined. */
function idOf(terms: readonly string[], term: string): number | undefined {
  let low = 0;
  let high = terms.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = terms[middle] as string;
    if (found === term) return middle;
    if (found < term) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** The first position in the sorted `terms` whose term is not below `term`. */
function lowerBound(terms: readonly string[], term: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((terms[middle] as string) < term) low = middle + 1;
    else high = middle;
  }
  return low;
}

function before(score: number, doc: number, hit: Hit): boolean {
  return score > hit.score || (score === hit.score && doc < hit.doc);
}
