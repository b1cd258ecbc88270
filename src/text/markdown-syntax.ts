// Markdown a reader of the rendered page never sees, read by the stand-in's units (src/generation/
// units.ts) and the verifier's quotes (quotes.ts) alike, so that the two agree on what a passage says.

/** One or more block quote markers, nested quotes included: `> `, `>> `, `> > `. */
export const QUOTE_MARKER_RUN = String.raw`(?:>[ \t]?)+`;

/** A block quote's markers at the start of a line: the `> ` of "> as well as on the client.". */
export const QUOTE_MARKERS = new RegExp(String.raw`^\s*${QUOTE_MARKER_RUN}`, 'u');

// A link: its text (at least one letter or digit), then its target at once: `[text](url "title")`,
// `[text][ref]`, `[text][]`, `![alt](src)`. Brackets with no target after them (`path[, options]`) and
// empty ones (`[]`) are text, not a link.
const LINK = /!?\[([^\]\n]*[\p{L}\p{N}][^\]\n]*)\](?:\([^()\s]*(?:\s+"[^"\n]*")?\)|\[[^\]\n]*\])/gu;

/** The offsets in `line` of link syntax: everything of each link but its text. */
export function linkSyntax(line: string): Set<number> {
  const syntax = new Set<number>();
  for (const match of line.matchAll(LINK)) {
    const opening = match[0].indexOf('[') + 1;
    const closing = opening + (match[1] as string).length;
    for (let k = 0; k < match[0].length; k++) {
      if (k < opening || k >= closing) syntax.add(match.index + k);
    }
  }
  return syntax;
}
