import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from '../src/issues';

describe('describeIssues', () => {
  const schema = z.object({ a: z.string(), b: z.string(), c: z.string() });
  const error = schema.safeParse({}).error as z.ZodError;

  it('names each path with its message', () => {
    expect(describeIssues(error)).toMatch(/^a: .*; b: .*; c: /);
  });

  it('says how many issues it left out', () => {
    expect(describeIssues(error, 1)).toMatch(/^a: [^;]*\(and 2 more\)$/);
  });

  it('names the root when the value itself is wrong', () => {
    expect(describeIssues(schema.safeParse(3).error as z.ZodError)).toMatch(/^\(root\): /);
  });
});
