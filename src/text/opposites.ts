import { ANTONYM_LINES } from './wordnet/antonyms';

// Words that say the opposite: a question about "slow swimmers" is not answered by a sentence about
// "fast swimmers", though it shares every other word. WordNet's antonyms (src/text/wordnet/antonyms.ts), matched
// as written (lower case), not as stems: stems would make opposites of words that only share one
// ("former"/"latter" folded to "form"/"lat" would oppose "late" to an appeal "form").

let opposites: ReadonlyMap<string, ReadonlySet<string>> | undefined;

function build(): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    let set = map.get(from);
    if (set === undefined) {
      set = new Set();
      map.set(from, set);
    }
    set.add(to);
  };
  for (const line of ANTONYM_LINES) {
    for (const pair of line.split(' ')) {
      const [one, other] = pair.split(':') as [string, string];
      add(one, other);
      add(other, one);
    }
  }
  return map;
}

const NONE: ReadonlySet<string> = new Set();

/** The words that say the opposite of `word` (lower case, as written). */
export function oppositesOf(word: string): ReadonlySet<string> {
  opposites ??= build();
  return opposites.get(word) ?? NONE;
}
