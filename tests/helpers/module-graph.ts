// The import graph of src/, read from the source text: what the architecture rules are checked against.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export interface Import {
  /** The specifier as written. */
  specifier: string;
  /** For a relative specifier, the repository path it resolves to; undefined for a package. */
  target: string | undefined;
  /** `import type` / `export type`: erased at build time, so it costs no download and runs nothing. */
  typeOnly: boolean;
  /** `import()`: a separate chunk, loaded when the code runs. */
  dynamic: boolean;
}

// `import x from '…'`, `import type { … } from '…'`, `export { … } from '…'`, `import '…'`; and `import('…')`.
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const SOURCE = /\.(ts|tsx)$/;

export function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

function resolveRelative(from: string, specifier: string): string {
  const base = normalize(join(dirname(from), specifier.replace(/\?.*$/, '')));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

export function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const imports: Import[] = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const specifier = match[3] as string;
    imports.push({
      specifier,
      target: specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined,
      typeOnly: match[2] !== undefined,
      dynamic: false,
    });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) {
    const specifier = match[1] as string;
    imports.push({
      specifier,
      target: specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined,
      typeOnly: false,
      dynamic: true,
    });
  }
  return imports;
}

/** `src/ask/gate.ts` → `ask`; `src/ui/ask/app.tsx` → `ui/ask`; `src/types.ts` → `ground`. */
export function areaOf(path: string): string {
  const parts = relative('src', path).split(/[\\/]/);
  if (parts.length === 1) return 'ground';
  if (parts[0] === 'ui') return parts.length > 2 ? `ui/${parts[1]}` : 'ui';
  return parts[0] as string;
}

/** Every module the page downloads with `entry`: static imports that are not type-only, followed. */
export function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { target, typeOnly, dynamic } of importsOf(file)) {
      if (target !== undefined && !typeOnly && !dynamic && SOURCE.test(target)) visit(target);
    }
  };
  visit(entry);
  return seen;
}

/**
 * Import circles among `files`, as paths. Type-only imports count (they still tangle the design), and so
 * does `import()`: a lazy chunk that imports back up is a circle in the design though not at load.
 */
export function importCircles(files: readonly string[]): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const { target } of importsOf(file)) {
      if (target === undefined || !files.includes(target)) continue;
      if (state.get(target) === 'visiting') circles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return circles;
}
