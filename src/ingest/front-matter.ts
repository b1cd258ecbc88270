// Front matter: the metadata block docs generators read from the top of a page (YAML between `---`
// lines, TOML between `+++` lines). It is read, not indexed: its `title` names the page's first passage
// when the page has text before its first heading.

const YAML_FENCE = /^---[ \t]*$/u;
// YAML may also close with `...`.
const YAML_CLOSE = /^(?:---|\.\.\.)[ \t]*$/u;
const TOML_FENCE = /^\+\+\+[ \t]*$/u;
// `title: Hooks`, `title: "Hooks: an overview"`; TOML `title = "Hooks"`.
const YAML_TITLE = /^title:[ \t]*(.*?)[ \t]*$/u;
const TOML_TITLE = /^title[ \t]*=[ \t]*(.*?)[ \t]*$/u;
const QUOTED = /^(["'])(.*)\1$/u;

export interface FrontMatter {
  /** How many lines the block takes, fences included; 0 when the file has none. */
  lineCount: number;
  title: string | undefined;
}

/** The front matter opening `lines` (a file's lines, byte order mark removed), if it has one. */
export function readFrontMatter(lines: readonly string[]): FrontMatter {
  const first = lines[0] ?? '';
  const yaml = YAML_FENCE.test(first);
  if (!yaml && !TOML_FENCE.test(first)) return { lineCount: 0, title: undefined };
  const closes = yaml ? YAML_CLOSE : TOML_FENCE;
  const titleLine = yaml ? YAML_TITLE : TOML_TITLE;
  let title: string | undefined;
  for (let at = 1; at < lines.length; at++) {
    const line = lines[at] as string;
    if (closes.test(line)) return { lineCount: at + 1, title };
    const match = titleLine.exec(line);
    if (match !== null && title === undefined) title = unquoted(match[1] as string);
  }
  // No closing fence: a thematic break (`---`) at the top of a page, not front matter.
  return { lineCount: 0, title: undefined };
}

function unquoted(value: string): string | undefined {
  const text = (QUOTED.exec(value)?.[2] ?? value).trim();
  return text === '' ? undefined : text;
}
