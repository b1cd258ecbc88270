// Which files a corpus is read from: the same rule for the CLI's folder walk and the page's picked files.

/** Markdown, as the common docs generators name it; `.mdx` is Markdown with JSX (docs-syntax.ts). */
const MARKDOWN_FILE = /\.(?:md|mdx|markdown)$/iu;
/** Plain text: one passage per blank-line-separated block. */
const PLAIN_TEXT_FILE = /\.txt$/iu;
const DOC_EXTENSION = /\.(?:md|mdx|markdown|txt)$/iu;

export type DocKind = 'markdown' | 'text';

/** What a file is read as, by its name; undefined for a file that is not a document. */
export function docKindOf(path: string): DocKind | undefined {
  if (MARKDOWN_FILE.test(path)) return 'markdown';
  if (PLAIN_TEXT_FILE.test(path)) return 'text';
  return undefined;
}

/** `guide/cli.md` → `guide/cli`: the part of a passage id before the `#`. */
export const stemOf = (path: string) => path.replace(DOC_EXTENSION, '');

/** `guide/getting-started.md` → `getting-started`: what names a passage when nothing else does. */
export const fileTitleOf = (path: string) => stemOf(path).split('/').at(-1) ?? path;

export const DOC_EXTENSIONS_IN_WORDS = '.md, .mdx, .markdown or .txt';

/** A file that is not a document, as a line of the left-out list. */
export const notADocument = (path: string) => ({
  path,
  reason: `not a documentation file (${DOC_EXTENSIONS_IN_WORDS})`,
  fix: 'convert it to Markdown or plain text to include it',
});

/**
 * The most a file may hold, in characters (about 2 MB of text). The page refuses a larger file before
 * reading it; the ingest refuses it before the Markdown lexer, whose time and memory grow with it.
 */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
