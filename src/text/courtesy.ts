// Courtesy and filler: the words people wrap a question in, which say nothing about what it asks.
// "Hi, could you tell me how long I can keep a DVD? Thanks!" asks what "how long … keep a DVD" asks.
// General English phrases, matched whole, so that "tell" or "know" inside a real question stay.
const COURTESY = new RegExp(
  [
    'hi',
    'hiya',
    'hello',
    'hey(?: there)?',
    'dear',
    'greetings',
    'good (?:morning|afternoon|evening|day)',
    'thanks?(?: you)?(?: (?:so|very) much| a lot| in advance| again)?',
    'many thanks',
    'ty',
    'cheers',
    '(?:kind |best )?regards',
    'best wishes',
    'sorry(?: to bother you)?',
    'excuse me',
    '(?:could|can|would|will) (?:you|someone|somebody|anyone) (?:please )?(?:tell|let) me(?: know)?',
    '(?:please )?tell me',
    '(?:please )?let me know',
    '(?:do|does) (?:you|anyone|anybody|someone|somebody) (?:happen to )?know',
    "i(?: was|'m| am)? wondering(?: if| whether)?",
    'i wonder(?: if| whether)?',
    "i(?:'d| would) like to know",
    'i (?:want|need) to know',
    '(?:just )?(?:a )?quick question',
    'please',
    'pls',
    'plz',
  ].join('|'),
  'giu',
);
const COURTESY_PHRASE = new RegExp(`(?<![\\p{L}\\p{N}'])(?:${COURTESY.source})(?![\\p{L}\\p{N}'])`, 'giu');

/** The text with courtesy and filler phrases blanked out (same length, so offsets still hold). */
export function stripCourtesy(text: string): string {
  return text.replace(COURTESY_PHRASE, (phrase) => ' '.repeat(phrase.length));
}
