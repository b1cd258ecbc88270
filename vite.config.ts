import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { JSX } from './jsx.config.ts';
import { sectionsOf } from './src/compiled-index/container.ts';

/**
 * GitHub Pages serves a project site under /<repository>/; the workflow sets SITE_BASE when the name
 * differs. Local builds use the same subpath, so `npm start` and the browser tests see what Pages serves.
 */
const base = process.env.SITE_BASE ?? '/sourcebound/';

// The Claude client (and the SDK inside it) is imported only once a visitor sets a key. It is left out
// of the precache so that a visitor without a key never downloads it, and cached the first time it loads.
const CLAUDE_CHUNK = /\/assets\/claude-[\w.-]+\.js$/;
const SDK_MODULE = /[\\/]@anthropic-ai[\\/]sdk[\\/]|[\\/]src[\\/]generation[\\/]claude\.ts$/;

/**
 * The compiled index the page ships: generated/index.bin from `npm run ingest`, unless SOURCEBOUND_INDEX
 * names another (the browser benchmark builds the site around a 100,000-passage index).
 */
const index = resolve(process.env.SOURCEBOUND_INDEX ?? 'generated/index.bin');

/** The semantic channel's word vectors: generated/vectors.bin from `npm run write:vectors`, or SOURCEBOUND_VECTORS. */
const vectors = resolve(process.env.SOURCEBOUND_VECTORS ?? 'generated/vectors.bin');

/**
 * A large index's passage text, in blocks beside it, and its postings, in shards beside it (`npm run
 * ingest`, src/compiled-index/text-blocks.ts and posting-shards.ts): each part is its own file of the site,
 * `assets/text/<its SHA-256>.bin` or `assets/postings/<its SHA-256>.bin`, fetched when a question reads it.
 */
const PART_FOLDERS = { text: 'textBlocks', postings: 'postingShards' } as const;
const TEXT_BLOCK_FILE = /\/assets\/text\/[0-9a-f]{64}\.bin$/;
const POSTINGS_SHARD_FILE = /\/assets\/postings\/[0-9a-f]{64}\.bin$/;

/** The digests of the parts the index file names in its header under `field` (none when it holds them). */
function partsNamedBy(path: string, field: (typeof PART_FOLDERS)[keyof typeof PART_FOLDERS]): string[] {
  const [header] = sectionsOf(readFileSync(path), {
    sha256: (bytes) => createHash('sha256').update(bytes).digest(),
  });
  const digests = (
    JSON.parse(new TextDecoder().decode(header)) as Record<string, { digests?: unknown } | undefined>
  )[field]?.digests;
  return Array.isArray(digests) ? digests.filter((digest) => /^[0-9a-f]{64}$/.test(String(digest))) : [];
}

// The page fetches the word vectors itself after the manual, so they are not precached (the worker's
// install would download their megabytes a second time on a first visit); the first fetch through the
// worker caches them, and later visits, offline ones too, read them from that cache.
const VECTORS_FILE = /\/assets\/vectors-[\w.-]+\.bin$/;

export default defineConfig({
  base,
  oxc: JSX,
  // A pattern, not a string: a string alias does not match the id with its `?url` query.
  resolve: {
    alias: [
      { find: /^@sourcebound\/index(?=\?|$)/, replacement: index },
      { find: /^@sourcebound\/vectors(?=\?|$)/, replacement: vectors },
    ],
  },
  build: {
    target: 'es2022',
    // No source maps in the deployed site: they would double the download for nobody's benefit.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Every chunk holding SDK code is named claude-*, the SDK's own lazy pieces (its error classes,
        // its Node shims) included, so that leaving claude-* out of the precache leaves out all of it.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => SDK_MODULE.test(id))
            ? 'assets/claude-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  plugins: [
    {
      // The dev server injects CSS as <style> elements, which the page's CSP forbids; the built site
      // links a stylesheet and keeps the strict policy.
      name: 'sourcebound:dev-csp',
      apply: 'serve',
      transformIndexHtml: (html) => html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    },
    {
      name: 'sourcebound:index-parts',
      apply: 'build',
      generateBundle() {
        // The parts this index names, each: not every file in text/ or postings/, which other indexes share.
        for (const [folder, field] of Object.entries(PART_FOLDERS)) {
          for (const digest of partsNamedBy(index, field)) {
            const file = join(dirname(index), folder, `${digest}.bin`);
            if (!existsSync(file)) {
              this.error(`${index} names ${file}, which is missing: rebuild it with npm run ingest`);
            }
            this.emitFile({
              type: 'asset',
              fileName: `assets/${folder}/${digest}.bin`,
              source: readFileSync(file),
            });
          }
        }
      },
    },
    VitePWA({
      registerType: 'prompt',
      // The app registers the worker from its own bundle (virtual:pwa-register/preact): no inline script.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icon-192.png', 'icon-512.png'],
      manifest: {
        name: 'sourcebound: answers from the library manual, or a refusal',
        short_name: 'sourcebound',
        description:
          'Ask the Alder Street Public Library manual a question. It answers only from the manual, cites it, and refuses everything else.',
        theme_color: '#1f3a5f',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '.',
        scope: '.',
        icons: [
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,json,bin,webmanifest}'],
        // Passage text blocks and postings shards are fetched as questions read them; precaching them
        // would download the whole index again, which is what they exist to avoid.
        globIgnores: ['**/claude-*.js', '**/vectors-*.bin', '**/text/*.bin', '**/postings/*.bin'],
        // The index is the site's content, and offline answers need it cached whatever its size; workbox's
        // default limit of 2 MiB fails the build for a corpus of a few thousand passages.
        maximumFileSizeToCacheInBytes: 128 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // A RegExp, not a function: workbox serialises this into the worker, closures and all.
            urlPattern: CLAUDE_CHUNK,
            handler: 'CacheFirst',
            options: { cacheName: 'claude-client' },
          },
          {
            // Named by their SHA-256: a block never changes, and a new build's text is new blocks.
            urlPattern: TEXT_BLOCK_FILE,
            handler: 'CacheFirst',
            options: { cacheName: 'passage-text', expiration: { maxEntries: 8192 } },
          },
          {
            urlPattern: POSTINGS_SHARD_FILE,
            handler: 'CacheFirst',
            options: { cacheName: 'postings', expiration: { maxEntries: 8192 } },
          },
          {
            urlPattern: VECTORS_FILE,
            handler: 'CacheFirst',
            // One table at a time: a new build's table (a new hash) replaces the old one.
            options: { cacheName: 'word-vectors', expiration: { maxEntries: 1 } },
          },
        ],
      },
    }),
  ],
});
