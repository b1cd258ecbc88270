import { Lexer, type Token } from 'marked';
import type { Passage } from '../types';
import { IngestError } from './errors';
import { plainText, slugify } from './slug';

/** One Markdown file of the corpus. */
export interface SourceFile {
  /** Relative to the corpus folder, `/`-separated: `02-borrowing.md`, `guides/setup.md`. */
  path: string;
  text: string;
}

export interface ChunkOptions {
  /**
   * Size target of a passage's text, in characters; default 1200. A longer body is cut between its
   * blocks (paragraphs, lists, tables, code), never inside one, so a single large block may exceed it.
   */
  maxChars?: number;
}

const DEFAULT_MAX_CHARS = 1200;
const BYTE_ORDER_MARK = /^\uFEFF/;
// A lone CR is a line break too, as it is for marked.
const LINE_BREAK = /\r\n?/g;
const MARKDOWN_EXTENSION = /\.(?:md|markdown)$/i;
const LEADING_BLANK_LINES = /^(?:[ \t]*\n)+/;
const NON_WHITESPACE = /\S/;

/** A top-level token of a file and the span of text it came from. */
interface Block {
  token: Token;
  start: number;
  end: number;
}

interface Section {
  /** The heading as written, inline Markdown included: what the slug is made from. */
  heading: string;
  start: number;
  line: number;
  trail: string[];
  body: Block[];
}

/** An id and where it was taken, for the duplicate check. */
interface Claim {
  id: string;
  place: string;
}

interface ChunkedFile {
  passages: Passage[];
  /** Every id the file takes, including those of headings with an empty body, which yield no passage. */
  claims: Claim[];
}

/**
 * Markdown files → passages, one per heading, cut further when a body outgrows the size target. Throws
 * an IngestError listing every problem in the corpus: files without headings, text no heading covers,
 * duplicate ids.
 */
export function chunkCorpus(files: SourceFile[], options: ChunkOptions = {}): Passage[] {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  // Written to catch NaN too: NaN > 0 is false.
  if (!(maxChars > 0)) {
    throw new RangeError(`chunkCorpus: maxChars must be a positive number, got ${maxChars}`);
  }
  if (files.length === 0) throw new IngestError(['corpus is empty: no Markdown files']);

  const problems: string[] = [];
  const passages: Passage[] = [];
  const claims: Claim[] = [];
  for (const file of files) {
    const chunked = chunkFile(file, maxChars);
    if (typeof chunked === 'string') {
      problems.push(chunked);
    } else {
      passages.push(...chunked.passages);
      claims.push(...chunked.claims);
    }
  }
  problems.push(...duplicateIds(claims));
  if (problems.length === 0 && passages.length === 0) {
    problems.push('corpus is empty: no heading has any text under it');
  }
  if (problems.length > 0) throw new IngestError(problems);
  return passages;
}

/** The file's passages, or the one problem that keeps it from having any. */
function chunkFile(file: SourceFile, maxChars: number): ChunkedFile | string {
  const text = file.text.replace(BYTE_ORDER_MARK, '').replace(LINE_BREAK, '\n');
  const firstContent = text.search(NON_WHITESPACE);
  if (firstContent === -1) return `${file.path}: file is empty`;
  const sections = splitAtHeadings(text);
  const firstSection = sections[0];
  if (firstSection === undefined) {
    return `${file.path}: no heading found; every passage needs one to be cited by`;
  }
  if (firstContent < firstSection.start) {
    return `${file.path} line ${lineAt(text, firstContent)}: text before the first heading; every passage needs one to be cited by`;
  }

  const stem = file.path.replace(MARKDOWN_EXTENSION, '');
  const chunked: ChunkedFile = { passages: [], claims: [] };
  for (const section of sections) {
    const id = `${stem}#${slugify(section.heading)}`;
    const place = `${file.path} line ${section.line}`;
    chunked.claims.push({ id, place });
    splitBody(text, section.body, maxChars).forEach((part, index) => {
      // The first part keeps the plain id, so a passage that grows past the target keeps its citations.
      const partId = index === 0 ? id : `${id}-${index + 1}`;
      if (index > 0) chunked.claims.push({ id: partId, place });
      chunked.passages.push({
        id: partId,
        file: file.path,
        line: section.line,
        trail: [...section.trail],
        text: part,
      });
    });
  }
  return chunked;
}

/**
 * Only top-level headings open a section: a `#` in a fence or a table cell is not a heading token, and
 * a heading inside a blockquote or a list item belongs to that block's text.
 */
function splitAtHeadings(text: string): Section[] {
  const sections: Section[] = [];
  const openHeadings: { depth: number; title: string }[] = [];
  let offset = 0;
  // Counted as the tokens go by: re-counting from the top for every heading made ingest quadratic.
  let line = 1;
  for (const token of Lexer.lex(text, { gfm: true })) {
    // marked may rewrite whitespace inside a raw (`1. ` → `1.\n`) but never its length, so spans are
    // measured on raws and the text is always taken from the source.
    const block: Block = { token, start: offset, end: offset + token.raw.length };
    offset = block.end;
    const blockLine = line;
    line += countLineBreaks(token.raw);
    if (token.type === 'heading') {
      while ((openHeadings.at(-1)?.depth ?? 0) >= token.depth) openHeadings.pop();
      openHeadings.push({ depth: token.depth, title: plainText(token.text) });
      sections.push({
        heading: token.text,
        start: block.start,
        line: blockLine,
        trail: openHeadings.map((heading) => heading.title),
        body: [],
      });
    } else if (token.type !== 'space') {
      sections.at(-1)?.body.push(block);
    }
  }
  return sections;
}

/** Cuts a body into parts of at most maxChars where it can, between blocks only. */
function splitBody(text: string, blocks: Block[], maxChars: number): string[] {
  const parts: string[] = [];
  let part: { start: number; end: number } | undefined;
  for (const block of blocks) {
    if (part && trimBlankLines(text.slice(part.start, block.end)).length > maxChars) {
      parts.push(trimBlankLines(text.slice(part.start, part.end)));
      part = undefined;
    }
    part = { start: part?.start ?? block.start, end: block.end };
  }
  if (part) parts.push(trimBlankLines(text.slice(part.start, part.end)));
  return parts.filter((partText) => partText !== '');
}

/** Every id taken twice, with the place that took it first and the place that took it again. */
function duplicateIds(claims: Claim[]): string[] {
  const firstPlace = new Map<string, string>();
  const problems: string[] = [];
  for (const { id, place } of claims) {
    const earlier = firstPlace.get(id);
    if (earlier === undefined) firstPlace.set(id, place);
    else problems.push(`duplicate id ${id}: ${earlier} and ${place}`);
  }
  return problems;
}

// Leading spaces on the first line stay: they can be Markdown (an indented code block).
function trimBlankLines(markdown: string): string {
  return markdown.replace(LEADING_BLANK_LINES, '').trimEnd();
}

function lineAt(text: string, offset: number): number {
  return countLineBreaks(text.slice(0, offset)) + 1;
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
