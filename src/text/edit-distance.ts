/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions: "dose" → "does" is 1),
 * or `max + 1` as soon as it must exceed `max`: a question's typo is looked up against thousands of
 * terms, and nearly all of them are far.
 */
export function editDistance(options: { from: string; to: string; max: number }): number {
  const { from, to, max } = options;
  if (Math.abs(from.length - to.length) > max) return max + 1;
  let before = new Array<number>(to.length + 1).fill(0);
  let previous = Array.from({ length: to.length + 1 }, (_, j) => j);
  for (let i = 1; i <= from.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= to.length; j++) {
      const cost = from[i - 1] === to[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && from[i - 1] === to[j - 2] && from[i - 2] === to[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[to.length] as number, max + 1);
}
