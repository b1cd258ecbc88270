// Markdown table rows, read line by line. The extractive stand-in quotes a row with its header; the page
// draws a passage's table as a table. Neither needs more of Markdown than this.

/** A line that belongs to a table: `| Books | 21 days | 3 |`. */
export const TABLE_LINE = /^\s*\|/u;

/**
 * The line under a table's header, GFM's delimiter row: every cell hyphens with an optional colon at
 * either end (`|---|:---:|`, `| :-: | - |`), and at least one pipe, so a thematic break (`---`) is not one.
 * The stand-in, the page and the quote check all read tables with this one rule.
 */
export const TABLE_SEPARATOR = /^(?=[^|]*\|)\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/u;

/** `| Books | 21 days | 3 |` → `['Books', '21 days', '3']`. */
export function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/u, '')
    .replace(/\|$/u, '')
    .split('|')
    .map((cell) => cell.trim());
}
