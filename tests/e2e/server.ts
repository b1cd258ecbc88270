import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseIndex } from '../../src/compiled-index/parse';
import type { CompiledIndex } from '../../src/compiled-index/types';

/** The built site, as `npm run build` leaves it. */
export const DIST = resolve(import.meta.dirname, '../../dist');

/** The build's subpath: GitHub Pages serves a project site under /<repository>/ (see vite.config.ts). */
export const BASE = process.env.SITE_BASE ?? '/sourcebound/';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  /** `http://127.0.0.1:<port>`: every request the page makes to its own site starts with this. */
  origin: string;
  /** The page: `<origin>/sourcebound/`. */
  url: string;
  /** Stops listening and drops open connections, so the browser finds nothing there (the offline test). */
  close: () => Promise<void>;
}

/** Fails the run early, with the fix, when the site was not built. */
export function assertBuilt(root = DIST): void {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(
      `e2e: no built site at ${root}/index.html. Run \`npm run build\` first (\`npm run test:e2e\` does both).`,
    );
  }
}

/** The index the site ships, read from the build the page is served from. */
export function shippedIndex(root = DIST): CompiledIndex {
  const file = readdirSync(join(root, 'assets')).find((name) => /^index-[\w-]+\.bin$/u.test(name));
  if (file === undefined) throw new Error('e2e: no compiled index in dist/assets; run `npm run build`');
  return parseIndex(readFileSync(join(root, 'assets', file)));
}

/** The file under `root` a URL path maps to, or undefined for anything outside the base or outside it. */
export function fileFor(pathname: string, root = DIST): string | undefined {
  if (!pathname.startsWith(BASE)) return undefined;
  let relative = decodeURIComponent(pathname.slice(BASE.length));
  if (relative === '' || relative.endsWith('/')) relative += 'index.html';
  const file = normalize(join(root, relative));
  if (!file.startsWith(root + sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/**
 * Serves `root` (dist/ unless another build is named) under /sourcebound/ on 127.0.0.1 and a free port,
 * like GitHub Pages serves the site.
 */
export async function startStaticServer(root = DIST): Promise<StaticServer> {
  assertBuilt(root);
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = fileFor(pathname, root);
    if (file === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('not found');
      return;
    }
    const body = readFileSync(file);
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      // Every test starts from a fresh browser profile; no-cache keeps a reload honest within one.
      'cache-control': 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ready());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | undefined;
  return {
    origin,
    url: `${origin}${BASE}`,
    close: () => {
      closed ??= new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
