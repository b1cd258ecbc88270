// A file (or one section of it) the ingest could not use, said so that a person can act on it: where,
// what is wrong, what to do. The corpus is indexed without it; the CLI and the page list every one.

export interface LeftOut {
  /** The file's path relative to the corpus folder, `/`-separated. */
  path: string;
  /** The line the problem starts at, when it is one section rather than the whole file. */
  line?: number;
  /** What is wrong: "is 3.1 MB; the limit is 2.0 MB a file". */
  reason: string;
  /** What to do about it: "split it into smaller files". */
  fix: string;
}

/** `guide/cli.md line 40: … — rename one of the two headings`. */
export function describeLeftOut(item: LeftOut): string {
  const where = item.line === undefined ? item.path : `${item.path} line ${item.line}`;
  return `${where}: ${item.reason} — ${item.fix}`;
}
