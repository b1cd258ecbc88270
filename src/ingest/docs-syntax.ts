// The syntax docs generators add to Markdown, taken out before the lexer so that no passage quotes it:
// HTML comments, HTML / JSX / Vue tags (their text content stays), VitePress and Docusaurus `:::`
// containers (their content stays, and a title they carry), GitHub alert markers, MDX import and export
// lines and `{/* */}` comments, VitePress `<<<` includes, and twoslash markers in twoslash code fences.
// Code fences and code spans are kept verbatim. Works line by line, remembering where each kept line came
// from, so a passage still names the line of its heading in the file as written.

export interface CleanedLines {
  lines: string[];
  /** The 1-based line of the file each kept line came from. */
  origin: number[];
}

// ``` or ~~~, at any indentation (fences inside list items are indented), with an info string.
const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})(.*)$/u;
// `::: tip`, `::: warning Be careful`, `:::note[Heads up]`, `::::`: the marker goes, a title stays.
const CONTAINER_LINE = /^\s{0,3}:{3,}\s*([\w-]*)(?:\[([^\]]*)\])?\s*(.*?)\s*(?:\{[^}]*\})?\s*$/u;
// `> [!NOTE]`: the blockquote stays, the marker goes.
const GITHUB_ALERT = /^(\s*>\s*)\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*$/iu;
// `import { Tabs } from '@theme/Tabs'`, `import './x.css'`, `export const meta = {…}`, at the margin.
const ESM_START =
  /^(?:import\s*(?:[\w$*{][^\n]*\bfrom\s*["']|["']|\{)|export\s+(?:default|const|let|var|function|async|class|\{|\*))/u;
// `<<< @/snippets/snippet.js{2}`: a VitePress include of a file that is not here.
const INCLUDE_LINE = /^\s*<<<\s+\S/u;
// In a ```ts twoslash fence: `// ^?`, `// @errors: 2322`, `// @filename: a.ts`, `// ---cut---`.
const TWOSLASH_MARKER = /^\s*\/\/\s*(?:\^[?|~]|@[\w-]+\b|-{3}cut(?:-[\w]+)?-{3})/u;
const TWOSLASH_INFO = /\btwoslash\b/u;
const BLANK = /^\s*$/u;
// A tag's name: `div`, `tab-group`, `AppContext.Provider`. Not `https:` (an autolink) nor `a@b` (mail).
const TAG_NAME = /^\/?[A-Za-z][\w.-]*/u;
const AFTER_TAG_NAME = /^(?:\s|\/|>|$)/u;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
// What stripMarkup looks at in text: an escape, a code span, a tag or comment, an MDX comment.
const MARKUP_START = /[\\`<{]/gu;
// Elements whose content is code, not text.
const RAW_TEXT_ELEMENTS = new Set(['script', 'style']);

/** Where the scanner is inside prose; carried from line to line, as a comment or a tag may span lines. */
type Scan =
  | { mode: 'text' }
  | { mode: 'comment'; close: '-->' | '*/}' }
  | {
      mode: 'tag';
      name: string;
      closing: boolean;
      quote: string | undefined;
      braces: number;
      /** Where on this line the tag opened, and the text before it: a tag left open at the end of a line it
       * did not start is no tag (`a <b and c`), and the `<` is read again as text. */
      openedAt?: { at: number; text: string };
    }
  | { mode: 'raw'; name: string };

interface Fence {
  marker: string;
  twoslash: boolean;
}

/** `lines` as the lexer should see them; `firstLine` is the file line of `lines[0]`. */
export function cleanDocsSyntax(lines: readonly string[], firstLine = 1): CleanedLines {
  const out: CleanedLines = { lines: [], origin: [] };
  // Whether a line was removed since the last one kept: a blank line of the file then adds nothing, as
  // runs of blank lines left by removals collapse to one.
  let removedSince = false;
  const keep = (line: string, at: number) => {
    out.lines.push(line);
    out.origin.push(at);
    removedSince = false;
  };
  // A removed line leaves a blank, so that the paragraphs around it stay apart, but never two in a row.
  const blank = (at: number) => {
    const previous = out.lines.at(-1);
    if (previous !== undefined && !BLANK.test(previous)) keep('', at);
    removedSince = true;
  };
  const blankOfFile = (line: string, at: number) => {
    const previous = out.lines.at(-1);
    if (previous !== undefined && BLANK.test(previous) && removedSince) return;
    keep(line, at);
  };

  let fence: Fence | undefined;
  let scan: Scan = { mode: 'text' };
  let inEsm = false;
  lines.forEach((line, index) => {
    const at = firstLine + index;
    if (fence !== undefined) {
      if (closesFence(line, fence.marker)) fence = undefined;
      else if (fence.twoslash && TWOSLASH_MARKER.test(line)) return;
      keep(line, at);
      return;
    }
    if (inEsm) {
      // An MDX import or export runs to the next blank line.
      if (BLANK.test(line)) inEsm = false;
      blank(at);
      return;
    }
    if (scan.mode === 'text') {
      const opened = FENCE_OPEN.exec(line);
      // A backtick fence's info string holds no backtick; otherwise it is a code span.
      if (
        opened !== null &&
        !((opened[2] as string).startsWith('`') && (opened[3] as string).includes('`'))
      ) {
        fence = { marker: opened[2] as string, twoslash: TWOSLASH_INFO.test(opened[3] as string) };
        keep(line, at);
        return;
      }
      const container = CONTAINER_LINE.exec(line);
      if (container !== null) {
        const title = (container[2] ?? container[3] ?? '').trim();
        if (title === '') blank(at);
        else keep(title, at);
        return;
      }
      if (ESM_START.test(line)) {
        inEsm = true;
        blank(at);
        return;
      }
      if (INCLUDE_LINE.test(line)) {
        blank(at);
        return;
      }
      const alert = GITHUB_ALERT.exec(line);
      if (alert !== null) {
        keep((alert[1] as string).trimEnd(), at);
        return;
      }
    }
    // A tag never runs past a blank line; a comment may.
    if (BLANK.test(line) && (scan.mode === 'tag' || scan.mode === 'raw')) scan = { mode: 'text' };
    const inMarkup = scan.mode !== 'text';
    const stripped = stripMarkup(line, scan);
    scan = stripped.scan;
    if (!BLANK.test(stripped.text)) keep(stripped.text, at);
    else if (BLANK.test(line) && !inMarkup) blankOfFile(line, at);
    else blank(at);
  });
  return out;
}

function closesFence(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && [...trimmed].every((character) => character === marker[0]);
}

/**
 * One line of prose with comments and tags taken out, their text content kept; code spans and
 * backslash escapes copied as they are.
 */
function stripMarkup(line: string, start: Scan): { text: string; scan: Scan } {
  let scan = start;
  let text = '';
  let at = 0;
  for (;;) {
    if (at >= line.length) {
      if (scan.mode !== 'tag' || scan.openedAt === undefined || BLANK.test(scan.openedAt.text)) break;
      text = `${scan.openedAt.text}<`;
      at = scan.openedAt.at + 1;
      scan = { mode: 'text' };
      continue;
    }
    const character = line[at] as string;
    switch (scan.mode) {
      case 'comment': {
        const end = line.indexOf(scan.close, at);
        if (end === -1) return { text, scan };
        at = end + scan.close.length;
        scan = { mode: 'text' };
        continue;
      }
      case 'raw': {
        const end = line.toLowerCase().indexOf(`</${scan.name}`, at);
        if (end === -1) return { text, scan };
        at = end + 2 + scan.name.length;
        scan = { mode: 'tag', name: scan.name, closing: true, quote: undefined, braces: 0 };
        continue;
      }
      case 'tag': {
        if (scan.quote !== undefined) {
          if (character === scan.quote) scan = { ...scan, quote: undefined };
        } else if (character === '"' || character === "'") scan = { ...scan, quote: character };
        else if (character === '{') scan = { ...scan, braces: scan.braces + 1 };
        else if (character === '}') scan = { ...scan, braces: Math.max(0, scan.braces - 1) };
        else if (character === '>' && scan.braces === 0) {
          const opensRawText = !scan.closing && RAW_TEXT_ELEMENTS.has(scan.name.toLowerCase());
          scan = opensRawText ? { mode: 'raw', name: scan.name.toLowerCase() } : { mode: 'text' };
        }
        at++;
        continue;
      }
      case 'text':
        break;
    }
    if (character === '\\') {
      text += line.slice(at, at + 2);
      at += 2;
      continue;
    }
    if (character === '`') {
      const run = /^`+/u.exec(line.slice(at))?.[0] as string;
      const close = findClosingRun(line, at + run.length, run.length);
      const end = close === -1 ? at + run.length : close + run.length;
      text += line.slice(at, end);
      at = end;
      continue;
    }
    if (line.startsWith('<!--', at)) {
      scan = { mode: 'comment', close: '-->' };
      at += 4;
      continue;
    }
    if (line.startsWith('{/*', at)) {
      scan = { mode: 'comment', close: '*/}' };
      at += 3;
      continue;
    }
    if (character === '<') {
      const name = TAG_NAME.exec(line.slice(at + 1))?.[0];
      const closing = name?.startsWith('/') ?? false;
      // `Array<T>` in prose is a type, not a tag; `Ctrl</kbd>` closes one.
      const afterWord = WORD_CHARACTER.test(line[at - 1] ?? ' ');
      if (
        name !== undefined &&
        (closing || !afterWord) &&
        AFTER_TAG_NAME.test(line.slice(at + 1 + name.length))
      ) {
        scan = {
          mode: 'tag',
          name: closing ? name.slice(1) : name,
          closing,
          quote: undefined,
          braces: 0,
          openedAt: { at, text },
        };
        at += 1 + name.length;
        continue;
      }
    }
    // Up to the next character that can open markup, copied in one piece: a character at a time, a line
    // of 1.6 million made as many strings to join, and took four times what half of it took.
    MARKUP_START.lastIndex = at + 1;
    const next = MARKUP_START.test(line) ? MARKUP_START.lastIndex - 1 : line.length;
    text += line.slice(at, next);
    at = next;
  }
  if (scan.mode !== 'tag') return { text, scan };
  // Carried to the next line, the tag no longer opened on it.
  const { openedAt: _openedHere, ...carried } = scan;
  return { text, scan: carried };
}

/** Where a code span opened by `length` backticks closes, or -1 when it does not on this line. */
function findClosingRun(line: string, from: number, length: number): number {
  for (let at = line.indexOf('`', from); at !== -1; at = line.indexOf('`', at)) {
    let end = at;
    while (line[end] === '`') end++;
    if (end - at === length) return at;
    at = end;
  }
  return -1;
}
