// The inverted index as the compiled index stores it: for each term, the passages holding it (ascending)
// and how often it occurs in each. Everything a scorer needs (document frequency, passage length, norms)
// is derived from these two columns at load time, so the file holds nothing that could disagree with them;
// except an index kept in shards, whose file stores each passage's factor so that a question reads only
// its own terms' lists (src/compiled-index/posting-shards.ts), checked against them when read whole.

/** Term `t`'s postings are positions `starts[t]` to `starts[t + 1]` of `docs` and `tfs`. */
export interface Postings {
  starts: Uint32Array;
  docs: Uint32Array;
  /** Occurrences of the term in the passage, at least 1; saturates at 65,535 (no passage comes close). */
  tfs: Uint16Array;
}

/** One term's postings: positions `start` to `end` of `docs` and `tfs`. */
export interface TermPostings {
  docs: Uint32Array;
  tfs: Uint16Array;
  start: number;
  end: number;
}

/**
 * Where a scorer reads postings: every term's document frequency, always at hand, and a term's list when
 * a question needs it. All in memory (`listsOf`), or in shards fetched as questions need them
 * (src/compiled-index/posting-shards.ts), where `list` throws for a term whose shard is not here.
 */
export interface PostingLists {
  /** How many passages hold each term, by term id. */
  counts: ArrayLike<number>;
  list(term: number): TermPostings;
}

/** The lists of postings all in memory. */
export function listsOf({ starts, docs, tfs }: Postings): PostingLists {
  const counts = new Uint32Array(starts.length - 1);
  for (let t = 0; t < counts.length; t++) counts[t] = (starts[t + 1] as number) - (starts[t] as number);
  return {
    counts,
    list: (term) => ({ docs, tfs, start: starts[term] as number, end: starts[term + 1] as number }),
  };
}

/** The largest term frequency a posting holds. */
export const MAX_TF = 0xffff;

/** Terms sorted, and the postings of each passage's terms; `termLists[d]` is passage d's terms in order. */
export function buildPostings(termLists: readonly (readonly string[])[]): {
  terms: string[];
  postings: Postings;
} {
  const byTerm = new Map<string, { docs: number[]; tfs: number[] }>();
  termLists.forEach((termList, doc) => {
    const counts = new Map<string, number>();
    for (const term of termList) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      let list = byTerm.get(term);
      if (list === undefined) {
        list = { docs: [], tfs: [] };
        byTerm.set(term, list);
      }
      list.docs.push(doc);
      list.tfs.push(Math.min(count, MAX_TF));
    }
  });
  // Sorted so that the same corpus always gives the same bytes.
  const terms = [...byTerm.keys()].sort();
  const total = terms.reduce((sum, term) => sum + (byTerm.get(term)?.docs.length ?? 0), 0);
  const postings: Postings = {
    starts: new Uint32Array(terms.length + 1),
    docs: new Uint32Array(total),
    tfs: new Uint16Array(total),
  };
  let at = 0;
  terms.forEach((term, id) => {
    const list = byTerm.get(term) as { docs: number[]; tfs: number[] };
    postings.starts[id] = at;
    postings.docs.set(list.docs, at);
    postings.tfs.set(list.tfs, at);
    at += list.docs.length;
  });
  postings.starts[terms.length] = at;
  return { terms, postings };
}

/** What a scorer reads off the postings, computed once per loaded index. */
export interface CorpusStats {
  passageCount: number;
  /** Sum of term frequencies per passage: its length in indexed terms. */
  lengths: Float64Array;
  averageLength: number;
}

export function corpusStats(postings: Postings, passageCount: number): CorpusStats {
  const lengths = new Float64Array(passageCount);
  const { docs, tfs } = postings;
  let total = 0;
  for (let i = 0; i < docs.length; i++) {
    const tf = tfs[i] as number;
    const doc = docs[i] as number;
    lengths[doc] = (lengths[doc] as number) + tf;
    total += tf;
  }
  return { passageCount, lengths, averageLength: passageCount === 0 ? 0 : total / passageCount };
}
