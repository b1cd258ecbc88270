import { Lexer, type Token } from 'marked';
import type { Passage } from '../types';
import { checkBudget, MAX_HEADING_WORK, overHeadingWork } from './budget';
import { docKindOf, fileTitleOf, notADocument, stemOf } from './doc-files';
import { cleanDocsSyntax } from './docs-syntax';
import { IngestError } from './errors';
import { readFrontMatter } from './front-matter';
import { idClaimer } from './heading-ids';
import { describeLeftOut, type LeftOut } from './left-out';
import { plainText, slugify, slugOfPlainText } from './slug';

/** One file of the corpus. */
export interface SourceFile {
  /** Relative to the corpus folder, `/`-separated: `02-borrowing.md`, `guides/setup.md`. */
  path: string;
  /** Read once, when the chunking reaches the file (it may be a getter that reads it then). */
  readonly text: string;
}

export interface ChunkOptions {
  /**
   * Size target of a passage's text, in characters; default 1200. A longer body is cut between its
   * blocks (paragraphs, lists, tables, code), never inside one and never between a lead-in sentence and
   * its list or table, so a single large block may exceed it.
   */
  maxChars?: number;
  /** The Markdown lexer; marked's unless a test gives one that fails. */
  lex?: (markdown: string) => Token[];
  /**
   * Called as each file starts, with its place in `files`, and once more with `files.length` when every
   * file is read: the page's worker reports progress, and times each file, with it.
   */
  onFile?: (index: number) => void;
}

/** What the corpus yields: its passages, and every file or section left out, with why. */
export interface Chunked {
  passages: Passage[];
  leftOut: LeftOut[];
}

const DEFAULT_MAX_CHARS = 1200;
const BYTE_ORDER_MARK = /^\uFEFF/;
// A lone CR is a line break too, as it is for marked.
const LINE_BREAK = /\r\n?/g;
const LEADING_BLANK_LINES = /^(?:[ \t]*\n)+/;
const NON_WHITESPACE = /\S/;
// `## Options {#build-options}`: VitePress and Docusaurus let a heading name its own anchor.
const CUSTOM_ANCHOR = /\s*\{#([\w-]+)\}\s*$/u;
// A paragraph that announces what follows: "The opening hours are:".
const LEAD_IN = /:\s*$/u;
// Plain text: a block ends at a blank line.
const BLANK_LINES = /\n[ \t]*\n/u;

/** A top-level token of a file and the span of text it came from. */
interface Block {
  token: Token;
  start: number;
  end: number;
}

interface Section {
  /** The heading as a reader sees it, for the trail. */
  title: string;
  /** The slug the heading asks for: its own anchor, or made from its text. */
  slug: string;
  /** Whether the heading names its own anchor (`{#id}`): the author's id, used as written. */
  anchored: boolean;
  /** The slug of the heading it sits under, to tell repeated headings apart. */
  parentSlug: string | undefined;
  line: number;
  trail: string[];
  body: Block[];
}

/** One section's passages and the ids they take, before the corpus-wide check for clashes. */
interface SectionParts {
  path: string;
  line: number;
  passages: Passage[];
}

/** The lexer failed on a file: said as a left-out file, never as a crash of the whole corpus. */
class LexerFailure extends Error {}

/** A file's headings passed MAX_HEADING_WORK at the heading on `line` (of the cleaned text). */
class HeadingWorkExceeded extends Error {
  constructor(readonly line: number) {
    super(`heading work exceeded at line ${line}`);
  }
}

/**
 * Documentation files → passages, one per heading, cut further when a body outgrows the size target.
 * Front matter is read, not indexed; docs-site syntax is taken out (docs-syntax.ts). A file that cannot
 * be used (not a document, too large or deep, no text) is left out and listed, and the rest indexed;
 * a heading whose id is taken elsewhere is left out too, naming both places. Throws an IngestError only
 * when nothing at all can be indexed.
 */
export function chunkCorpus(files: SourceFile[], options: ChunkOptions = {}): Chunked {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  // Written to catch NaN too: NaN > 0 is false.
  if (!(maxChars > 0)) {
    throw new RangeError(`chunkCorpus: maxChars must be a positive number, got ${maxChars}`);
  }
  if (files.length === 0) throw new IngestError(['corpus is empty: no documentation files']);
  const lex = options.lex ?? lexMarkdown;

  const leftOut: LeftOut[] = [];
  const sections: SectionParts[] = [];
  for (const [index, file] of files.entries()) {
    options.onFile?.(index);
    const chunked = chunkFile({ file, maxChars, lex });
    if ('reason' in chunked) leftOut.push(chunked);
    else sections.push(...chunked);
  }
  options.onFile?.(files.length);
  const passages = withoutClashes(sections, leftOut);
  if (passages.length === 0) {
    throw new IngestError([
      ...leftOut.map(describeLeftOut),
      'corpus is empty: no file has any text to index',
    ]);
  }
  return { passages, leftOut };
}

/** The passages of every section whose ids are free; a section taking an id already taken is left out. */
function withoutClashes(sections: SectionParts[], leftOut: LeftOut[]): Passage[] {
  const taken = new Map<string, string>();
  const passages: Passage[] = [];
  for (const section of sections) {
    const place = `${section.path} line ${section.line}`;
    const clash = section.passages.find((passage) => taken.has(passage.id));
    if (clash !== undefined) {
      leftOut.push({
        path: section.path,
        line: section.line,
        reason: `section left out: its id ${clash.id} is taken by ${taken.get(clash.id)} as well`,
        fix: 'rename one of the two headings, or give one an anchor of its own ({#another-id})',
      });
      continue;
    }
    for (const passage of section.passages) taken.set(passage.id, place);
    passages.push(...section.passages);
  }
  return passages;
}

/** The file's sections, or why it is left out. */
function chunkFile({
  file,
  maxChars,
  lex,
}: {
  file: SourceFile;
  maxChars: number;
  lex: (markdown: string) => Token[];
}): SectionParts[] | LeftOut {
  const kind = docKindOf(file.path);
  if (kind === undefined) return notADocument(file.path);
  const read = textOf(file);
  if (typeof read !== 'string') return read;
  const text = read.replace(BYTE_ORDER_MARK, '').replace(LINE_BREAK, '\n');
  const overBudget = checkBudget(text);
  if (overBudget !== undefined) return { path: file.path, ...overBudget };
  const parts =
    kind === 'text'
      ? textBlocks(file.path, text)
      : markdownSections({ path: file.path, source: text, maxChars, lex });
  if ('reason' in parts) return parts;
  if (parts.length === 0) {
    return {
      path: file.path,
      reason: 'has no text to index (front matter, comments and markup aside)',
      fix: 'add text under a heading, or leave the file out of the folder',
    };
  }
  return parts;
}

/**
 * A file's text, read when the chunking reaches it: the page's ingest worker reads each file the visitor
 * brought only then. One the browser cannot read (moved or deleted since it was picked, not readable: a
 * DOMException) is left out by name; anything else is a bug of ours.
 */
function textOf(file: SourceFile): string | LeftOut {
  try {
    return file.text;
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    return {
      path: file.path,
      reason: `could not be read (${error.message || error.name})`,
      fix: 'check that it is still there and readable, then bring it again',
    };
  }
}

/** Plain text: one passage per blank-line-separated block, under the file's name. */
function textBlocks(path: string, text: string): SectionParts[] {
  const title = fileTitleOf(path);
  const id = `${stemOf(path)}#${slugify(title)}`;
  const parts: SectionParts[] = [];
  let line = 1;
  for (const block of text.split(BLANK_LINES)) {
    const offset = LEADING_BLANK_LINES.exec(block)?.[0] ?? '';
    const body = block.slice(offset.length).trimEnd();
    const blockLine = line + countLineBreaks(offset);
    line += countLineBreaks(block) + 2;
    if (body === '') continue;
    const partId = parts.length === 0 ? id : `${id}-${parts.length + 1}`;
    parts.push({
      path,
      line: blockLine,
      passages: [{ id: partId, file: path, line: blockLine, trail: [title], text: body }],
    });
  }
  return parts;
}

function markdownSections({
  path,
  source,
  maxChars,
  lex,
}: {
  path: string;
  source: string;
  maxChars: number;
  lex: (markdown: string) => Token[];
}): SectionParts[] | LeftOut {
  const lines = source.split('\n');
  const frontMatter = readFrontMatter(lines);
  const cleaned = cleanDocsSyntax(lines.slice(frontMatter.lineCount), frontMatter.lineCount + 1);
  const text = cleaned.lines.join('\n');
  const lineOf = (cleanedLine: number) => cleaned.origin[cleanedLine - 1] ?? cleanedLine;
  let sections: Section[];
  try {
    sections = splitAtHeadings({ text, title: frontMatter.title ?? fileTitleOf(path), lex });
  } catch (error) {
    if (error instanceof HeadingWorkExceeded) return { path, ...overHeadingWork(lineOf(error.line)) };
    if (!(error instanceof LexerFailure)) throw error;
    return {
      path,
      reason: `the Markdown reader failed on it (${error.message})`,
      fix: 'look for deeply nested or unclosed markup and simplify it',
    };
  }
  const stem = stemOf(path);
  const slugCounts = new Map<string, number>();
  for (const section of sections) slugCounts.set(section.slug, (slugCounts.get(section.slug) ?? 0) + 1);
  const parts: SectionParts[] = [];
  const claim = idClaimer();
  for (const section of sections) {
    // A heading repeated in the file (`Usage` under each command) is told apart by the one above it.
    const repeated = (slugCounts.get(section.slug) ?? 0) > 1 && section.parentSlug !== undefined;
    const id = claim(
      `${stem}#${repeated ? `${section.parentSlug}-${section.slug}` : section.slug}`,
      !section.anchored,
    );
    const line = lineOf(section.line);
    const passages = splitBody(text, section.body, maxChars).map((part, index) => ({
      // The first part keeps the plain id, so a passage that grows past the target keeps its citations.
      id: index === 0 ? id : claim(`${id}-${index + 1}`, true),
      file: path,
      line,
      trail: [...section.trail],
      text: part,
    }));
    if (passages.length > 0) parts.push({ path, line, passages });
  }
  return parts;
}

// Block tokens only: a section is cut by its blocks' spans and named by its heading's text, so nothing
// reads the inline tokens marked would make of every paragraph, and its inline pass takes time growing
// with the square of a paragraph's intraword runs (`a_a_a_…`, `a*a*…`, `a!a!…`: 600 KB took 144 s).
// Headings alone are read inline, within MAX_HEADING_WORK.
const lexMarkdown = (markdown: string): Token[] => new Lexer({ gfm: true }).blockTokens(markdown);

/** The lexer, with whatever it throws (a stack overflow on deep nesting) as a LexerFailure. */
function lexed<T>(lex: () => T): T {
  try {
    return lex();
  } catch (error) {
    throw new LexerFailure(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

/**
 * Only top-level headings open a section: a `#` in a fence or a table cell is not a heading token, and
 * a heading inside a blockquote or a list item belongs to that block's text. Text before the first
 * heading is a section named after the file's title.
 */
function splitAtHeadings({
  text,
  title,
  lex,
}: {
  text: string;
  title: string;
  lex: (markdown: string) => Token[];
}): Section[] {
  const sections: Section[] = [];
  const openHeadings: { depth: number; title: string; slug: string }[] = [];
  let offset = 0;
  // Counted as the tokens go by: re-counting from the top for every heading made ingest quadratic.
  let line = 1;
  let headingWork = 0;
  // Each heading's text read once: a changelog says `Bug Fixes` thousands of times.
  const titles = new Map<string, string>();
  for (const token of lexed(() => lex(text))) {
    // marked may rewrite whitespace inside a raw (`1. ` → `1.\n`) but never its length, so spans are
    // measured on raws and the text is always taken from the source.
    const block: Block = { token, start: offset, end: offset + token.raw.length };
    offset = block.end;
    const blockLine = line;
    line += countLineBreaks(token.raw);
    if (token.type === 'heading') {
      const anchor = CUSTOM_ANCHOR.exec(token.text);
      const heading = anchor === null ? token.text : token.text.slice(0, anchor.index);
      let headingTitle = titles.get(heading);
      if (headingTitle === undefined) {
        headingWork += heading.length ** 2;
        if (headingWork > MAX_HEADING_WORK) throw new HeadingWorkExceeded(blockLine);
        headingTitle = lexed(() => plainText(heading));
        titles.set(heading, headingTitle);
      }
      const slug = anchor === null ? slugOfPlainText(headingTitle) : (anchor[1] as string).toLowerCase();
      while ((openHeadings.at(-1)?.depth ?? 0) >= token.depth) openHeadings.pop();
      const parentSlug = openHeadings.at(-1)?.slug;
      openHeadings.push({ depth: token.depth, title: headingTitle, slug });
      sections.push({
        title: headingTitle,
        slug,
        anchored: anchor !== null,
        parentSlug,
        line: blockLine,
        trail: openHeadings.map((open) => open.title),
        body: [],
      });
    } else if (token.type !== 'space' && token.type !== 'def' && NON_WHITESPACE.test(token.raw)) {
      // A link reference definition (`[fs]: fs.md#file-system`) says where links point, not anything a
      // reader is told: API references end each file with hundreds of them, which would be a passage.
      let section = sections.at(-1);
      // A thematic break before any text (`---` under the front matter) is no text to name a passage for.
      if (section === undefined && token.type === 'hr') continue;
      if (section === undefined) {
        section = {
          title,
          slug: slugify(title),
          anchored: false,
          parentSlug: undefined,
          line: blockLine,
          trail: [title],
          body: [],
        };
        sections.push(section);
      }
      section.body.push(block);
    }
  }
  return sections;
}

/**
 * Cuts a body into parts of at most maxChars where it can, between blocks only, and never between a
 * lead-in ("The opening hours are:") and the list or table it introduces.
 */
function splitBody(text: string, blocks: Block[], maxChars: number): string[] {
  const parts: string[] = [];
  let part: { start: number; end: number } | undefined;
  for (const unit of leadInsJoined(blocks)) {
    if (part && trimBlankLines(text.slice(part.start, unit.end)).length > maxChars) {
      parts.push(trimBlankLines(text.slice(part.start, part.end)));
      part = undefined;
    }
    part = { start: part?.start ?? unit.start, end: unit.end };
  }
  if (part) parts.push(trimBlankLines(text.slice(part.start, part.end)));
  return parts.filter((partText) => partText !== '');
}

/** The blocks as spans that may not be cut inside: a lead-in paragraph joined to its list or table. */
function leadInsJoined(blocks: Block[]): { start: number; end: number }[] {
  const units: { start: number; end: number }[] = [];
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    const introduced =
      previous !== undefined &&
      previous.token.type === 'paragraph' &&
      LEAD_IN.test(previous.token.raw) &&
      (block.token.type === 'list' || block.token.type === 'table');
    const last = units.at(-1);
    if (introduced && last !== undefined) last.end = block.end;
    else units.push({ start: block.start, end: block.end });
  });
  return units;
}

// Leading spaces on the first line stay: they can be Markdown (an indented code block).
function trimBlankLines(markdown: string): string {
  return markdown.replace(LEADING_BLANK_LINES, '').trimEnd();
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
