import { termOf } from '../text/tokenize';
import type { Thesaurus } from '../types';

/**
 * The thesaurus of a corpus, built from groups of interchangeable words (WordNet's, in the command
 * line), restricted to what this corpus can use: only words whose term it lacks are keys, only terms it
 * holds are values. Keys are the group's words, lower case, as a dictionary writes them ("film"), and a
 * question's word is looked up by the dictionary forms it may inflect (`lemmaCandidates`). Not by its
 * term: stemming folds a derived word onto its base ("gettable" → "get"), and the derived word's group
 * ("addressable", "obtainable") would then stand for every "get" asked. Values are terms, as passages
 * are read.
 */
export function compileThesaurus(options: {
  groups: readonly (readonly string[])[];
  vocabulary: ReadonlySet<string>;
}): Thesaurus {
  const { groups, vocabulary } = options;
  const related = new Map<string, Set<string>>();
  for (const group of groups) {
    // Each word with its term, read once: the term says whether the corpus holds the word.
    const termOfWord = new Map(
      group.map((written) => written.toLowerCase()).map((word) => [word, termOf(word)]),
    );
    const held = [...new Set([...termOfWord.values()].filter((term) => vocabulary.has(term)))];
    if (held.length === 0) continue;
    for (const [word, term] of termOfWord) {
      if (vocabulary.has(term)) continue;
      let targets = related.get(word);
      if (targets === undefined) {
        targets = new Set();
        related.set(word, targets);
      }
      for (const target of held) targets.add(target);
    }
  }
  // Sorted, so that the same corpus always gives the same bytes.
  return Object.fromEntries(
    [...related.keys()].sort().map((word) => [word, [...(related.get(word) as Set<string>)].sort()]),
  );
}
