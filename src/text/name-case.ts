// Apart from names.ts, whose list is question-time code: the page shows how a question was read
// (src/ask/reading-words.ts) without downloading the names.

/** A name as written with its capital: "paris" → "Paris". */
export const asName = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
