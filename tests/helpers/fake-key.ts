// An Anthropic-key-shaped value for tests that paste one where it does not belong. Built at run time, so
// that no tracked file holds a literal a secret scanner would take for a real key.
export const fakeAnthropicKey = (body: string): string => ['sk', 'ant', 'api03', body].join('-');
