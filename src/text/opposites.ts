import { ANTONYM_LINES } from './antonyms';
import { termOf } from './tokenize';

// Words that say the opposite: a question about "slow swimmers" is not answered by a sentence about
// "fast swimmers", though it shares every other word. WordNet's antonyms (src/text/antonyms.ts), read
// as terms, as the text model reads the question and the passage.

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
      const [one, other] = pair.split(':').map(termOf) as [string, string];
      // Two words the text model folds to one term ("able" and "unable" do not; "do"/"undo" might) are
      // no opposites to it.
      if (one === other) continue;
      add(one, other);
      add(other, one);
    }
  }
  return map;
}

const NONE: ReadonlySet<string> = new Set();

/** The terms that say the opposite of `term` (a term, as `termOf` gives it). */
export function oppositesOf(term: string): ReadonlySet<string> {
  opposites ??= build();
  return opposites.get(term) ?? NONE;
}
