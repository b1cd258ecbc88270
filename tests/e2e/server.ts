import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
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
  /** The bytes of response bodies sent so far, as sent (compressed when they were). */
  bytesSent: () => number;
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

/** How `npm run bench:browser` serves a slower site; the browser tests use neither. */
export interface ServeOptions {
  /**
   * One link of this many bytes a second, shared by every response, each body sent in 16 KB pieces
   * when the link is free: what a visitor's connection does to a page that fetches several files at once.
   */
  bytesPerSecond?: number;
  /** Bodies gzipped when the request accepts it, as a host that compresses every file would. */
  gzip?: boolean;
}

const PIECE = 16_384;

/**
 * Serves `root` (dist/ unless another build is named) under /sourcebound/ on 127.0.0.1 and a free port,
 * like GitHub Pages serves the site.
 */
export async function startStaticServer(root = DIST, options: ServeOptions = {}): Promise<StaticServer> {
  assertBuilt(root);
  let sent = 0;
  let linkFreeAt = 0;
  const gzipped = new Map<string, Buffer>();
  /** Sends `body` in pieces, each when the shared link has carried the ones before it. */
  const paced = (response: ServerResponse, body: Buffer, bytesPerSecond: number) => {
    let at = 0;
    const next = () => {
      if (at >= body.length || response.destroyed) {
        response.end();
        return;
      }
      const piece = body.subarray(at, at + PIECE);
      at += piece.length;
      const start = Math.max(performance.now(), linkFreeAt);
      linkFreeAt = start + (piece.length / bytesPerSecond) * 1000;
      setTimeout(
        () => {
          sent += piece.length;
          response.write(piece);
          next();
        },
        Math.max(0, linkFreeAt - performance.now()),
      );
    };
    next();
  };
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = fileFor(pathname, root);
    if (file === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('not found');
      return;
    }
    const compress = options.gzip === true && /\bgzip\b/u.test(request.headers['accept-encoding'] ?? '');
    let body: Buffer = readFileSync(file);
    if (compress) {
      body = gzipped.get(file) ?? gzipSync(body);
      gzipped.set(file, body);
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      ...(compress ? { 'content-encoding': 'gzip' } : {}),
      // Every test starts from a fresh browser profile; no-cache keeps a reload honest within one.
      'cache-control': 'no-cache',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    if (options.bytesPerSecond === undefined) {
      sent += body.length;
      response.end(body);
      return;
    }
    paced(response, body, options.bytesPerSecond);
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
    bytesSent: () => sent,
    close: () => {
      closed ??= new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
