import { describe, expect, it, vi } from 'vitest';
import { GenerationUnavailableError } from '../../../src/generation/errors';
import { type ClaudeLoader, lazyClaude } from '../../../src/ui/ask/lazy-claude';
import { replying } from '../../helpers/scripted';

const request = { question: 'q', passages: [], prompt: { version: 'v', text: 't' } };
const options = { apiKey: 'sk-ant-x', model: 'claude-opus-5' };

describe('lazyClaude', () => {
  it('loads the client once, on the first question, and names the model before loading', async () => {
    const load = vi.fn<ClaudeLoader>(async () => replying({ answered: false, answer: '', citations: [] }));
    const client = lazyClaude(load, options);
    expect(client.info).toEqual({ kind: 'claude', name: 'claude-opus-5' });
    expect(load).not.toHaveBeenCalled();
    await client.generate(request);
    await client.generate(request);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(options);
  });

  it('turns a failed load into GenerationUnavailableError, and tries again next time', async () => {
    const load = vi
      .fn<ClaudeLoader>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: claude.js'));
    load.mockResolvedValue(replying({ answered: false, answer: '', citations: [] }));
    const client = lazyClaude(load, options);
    await expect(client.generate(request)).rejects.toThrow(GenerationUnavailableError);
    await expect(client.generate(request)).resolves.toMatchObject({ ok: true });
  });

  it('says the client could not be loaded without echoing the browser’s message', async () => {
    const client = lazyClaude(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /sk-ant-x.js')),
      options,
    );
    const error = await client.generate(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GenerationUnavailableError);
    expect((error as Error).message).not.toContain('sk-ant-x');
  });

  it('rethrows an error that is not a failed fetch: the loaded code failed, a bug of ours', async () => {
    const bug = new TypeError('createClaudeClient is not a function');
    const client = lazyClaude(() => Promise.reject(bug), options);
    await expect(client.generate(request)).rejects.toBe(bug);
  });
});
