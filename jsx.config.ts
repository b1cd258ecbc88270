// Shared by the site build and the tests: JSX compiles to Preact's automatic runtime.
export const JSX = { jsx: { runtime: 'automatic', importSource: 'preact' } } as const;
