/** What zod's classic and mini errors share: a list of issues with a path and a message. */
interface IssueList {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** A zod failure in a line a person can act on: each issue's path and message, the first few only. */
export function describeIssues(error: IssueList, limit = 5): string {
  const issues = error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
  );
  const more = issues.length > limit ? ` (and ${issues.length - limit} more)` : '';
  return `${issues.slice(0, limit).join('; ')}${more}`;
}
