import type { z } from 'zod';

/** A zod failure in a line a person can act on: each issue's path and message, the first few only. */
export function describeIssues(error: z.ZodError, limit = 5): string {
  const issues = error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const more = issues.length > limit ? ` (and ${issues.length - limit} more)` : '';
  return `${issues.slice(0, limit).join('; ')}${more}`;
}
