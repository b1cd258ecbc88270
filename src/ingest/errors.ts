/**
 * Everything wrong with a corpus, collected in one pass so an author fixes it all at once instead of
 * one rebuild per mistake. The message is the problems, one a line.
 */
export class IngestError extends Error {
  override readonly name = 'IngestError';
  readonly problems: string[];

  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}
