// The plain reference for retrieval, written apart from the code under test: it knows nothing of
// postings, scores every passage from its own term counts with the textbook formula, keeps those above
// 0, and sorts by score, then position. The inverted index must agree with it exactly (same top 10,
// scores within 1e-9). One departure from the textbook, which the index makes too: each passage's own
// factor (its length normalisation, its inverse norm) is rounded to float32, as an index stores it.
import type { RetrievalModel } from '../../src/retrieval/model';

const countsOf = (terms: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
};

export function flatScan(
  model: RetrievalModel,
  passageTerms: readonly (readonly string[])[],
  questionTerms: readonly string[],
  limit: number,
): Array<{ doc: number; score: number }> {
  const n = passageTerms.length;
  const passages = passageTerms.map(countsOf);
  const df = (term: string) => passages.filter((counts) => counts.has(term)).length;
  const question = countsOf(questionTerms);
  let scores: number[];
  if (model.kind === 'bm25') {
    const { k1, b } = model;
    const idf = (term: string) => Math.log(1 + (n - df(term) + 0.5) / (df(term) + 0.5));
    const average = passageTerms.reduce((sum, terms) => sum + terms.length, 0) / n;
    // Every question term counts once, seen or not, at its idf × (k1 + 1): the best it could score.
    const best = [...question.keys()].reduce((sum, term) => sum + idf(term) * (k1 + 1), 0);
    scores = passages.map((counts, doc) => {
      const length = passageTerms[doc]?.length ?? 0;
      let sum = 0;
      for (const term of question.keys()) {
        const tf = counts.get(term) ?? 0;
        if (tf > 0)
          sum += (idf(term) * tf * (k1 + 1)) / (tf + Math.fround(k1 * (1 - b + (b * length) / average)));
      }
      return best === 0 ? 0 : sum / best;
    });
  } else {
    const idf = (term: string) => Math.log((1 + n) / (1 + df(term))) + 1;
    const vector = (counts: Map<string, number>) =>
      new Map([...counts].map(([term, count]) => [term, (1 + Math.log(count)) * idf(term)]));
    const length = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
    const q = vector(question);
    scores = passages.map((counts) => {
      const p = vector(counts);
      let dot = 0;
      for (const [term, weight] of q) dot += weight * (p.get(term) ?? 0);
      return dot === 0 ? 0 : (dot * Math.fround(1 / length(p))) / length(q);
    });
  }
  return scores
    .map((score, doc) => ({ doc, score }))
    .filter((hit) => hit.score > 0)
    .sort((x, y) => y.score - x.score || x.doc - y.doc)
    .slice(0, limit);
}
