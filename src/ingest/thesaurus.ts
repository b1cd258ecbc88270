import { termOf } from '../text/tokenize';
import type { Thesaurus } from '../types';

/**
 * The thesaurus of a corpus, built from groups of interchangeable words (WordNet's, in the command
 * line), restricted to what this corpus can use: only terms it lacks are keys, only terms it holds are
 * values. Keys and values are terms (`termOf`), as the question is read.
 */
export function compileThesaurus(options: {
  groups: readonly (readonly string[])[];
  vocabulary: ReadonlySet<string>;
}): Thesaurus {
  const { groups, vocabulary } = options;
  const related = new Map<string, Set<string>>();
  for (const group of groups) {
    const terms = [...new Set(group.map(termOf))];
    const held = terms.filter((term) => vocabulary.has(term));
    if (held.length === 0) continue;
    for (const term of terms) {
      if (vocabulary.has(term)) continue;
      let targets = related.get(term);
      if (targets === undefined) {
        targets = new Set();
        related.set(term, targets);
      }
      for (const target of held) targets.add(target);
    }
  }
  // Sorted, so that the same corpus always gives the same bytes.
  return Object.fromEntries(
    [...related.keys()].sort().map((term) => [term, [...(related.get(term) as Set<string>)].sort()]),
  );
}
