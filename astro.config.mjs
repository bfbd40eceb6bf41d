// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { precompress, precompressDir } from './src/build/precompress.ts';
import { cssLayers, readCompiledTokens } from './src/build/cssLayers.ts';
import { runtimeRewrites } from './src/build/runtimeRewrites.ts';
import { buildSync, transformSync } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { AD_SLOT_INLINE } from './src/features/ads/adSlotInline.ts';
import { bootScript } from './src/layouts/bootShell.ts';
import { BASE_PATH } from './src/lib/safeUrl.ts';

/**
 * `client:afterload` (src/client/directives/afterLoad.ts, ADR 001 "Fifth round"): every island hydrates when
 * the browser is idle after the load event, or — for a reader who saves data — on the first tap or focus
 * inside it (the tap is replayed). `client:afterload="<name>"` hydrates on request.
 * @type {import('astro').AstroIntegration}
 */
const afterLoadDirective = {
  name: 'shancheng:client-afterload',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'afterload', entrypoint: fileURLToPath(new URL('./src/client/directives/afterLoad.ts', import.meta.url)) });
    },
  },
};

/**
 * The one inline script of every page (src/layouts/bootShell.ts): the first-load class of spec 2.11
 * before the first paint, and spec 8's retry for a page script or style sheet that failed to load. Injected
 * as `head-inline`, so Astro hashes it for the CSP (ADR 009).
 * @type {import('astro').AstroIntegration}
 */
const bootIntegration = {
  name: 'shancheng:boot',
  hooks: {
    'astro:config:setup': ({ injectScript }) => {
      // Minified: it is in every page's HTML and counts in each page's JS budget (ADR 001).
      injectScript('head-inline', transformSync(bootScript(BASE_PATH), { minify: true, loader: 'js', target: 'es2020', charset: 'utf8' }).code.trim());
    },
  },
};

/** The entry points whose import graphs name the chunk groups below. */
const GRAPH_ENTRIES = {
  shell: ['src/layouts/startShell.ts', 'src/bridge/startBridge.ts', 'src/client/pageSocketEvent.ts'],
  api: ['src/client/api.ts', 'src/client/getEndpoint.ts', 'src/client/postEndpoint.ts'],
  bar: ['src/features/interaction/InteractionBar.island.tsx', 'src/features/interaction/ReportPopup.island.tsx', 'src/features/interaction/ownHeldComments.ts'],
};
/** esbuild's import graph of every entry above, read once (one bundle pass each time the config loads). */
const GRAPH = buildSync({
  entryPoints: Object.values(GRAPH_ENTRIES).flat(),
  bundle: true,
  write: false,
  metafile: true,
  format: 'esm',
  platform: 'browser',
  outdir: 'import-graph',
  jsx: 'automatic',
  loader: { '.css': 'empty' },
  logLevel: 'silent',
}).metafile.inputs;

/**
 * The modules `entries` import, read off the import graph: statically only, or with `dynamic` also what they
 * import by `import()` (and what that imports). Absolute paths, as the bundler names modules.
 * @param {string[]} entries
 * @param {{ dynamic?: boolean }} [options]
 */
function importGraph(entries, { dynamic = false } = {}) {
  /** @type {Set<string>} */
  const graph = new Set();
  /** @param {string} file */
  const visit = (file) => {
    if (graph.has(file) || !GRAPH[file]) return;
    graph.add(file);
    for (const edge of GRAPH[file].imports) if (edge.kind === 'import-statement' || (dynamic && edge.kind === 'dynamic-import')) visit(edge.path);
  };
  for (const entry of entries) visit(entry);
  return new Set([...graph].filter((file) => !file.endsWith('.css')).map((file) => path.resolve(file)));
}

/**
 * The chunks the reader's scripts are cut into beside what the bundler decides by itself (ADR 011, "Chunks"). A
 * module goes to the first group below that names it, with what it imports that no earlier group took.
 *
 * - shell: the shell script every page runs before its load event (AppShell.astro: startShell and startBridge,
 *   with the session, host and storage they import). Every page loads all of it anyway; as six small chunks it
 *   was six requests queued with the first screen's pictures on a weak network. Only what they import
 *   statically: the reading settings, loaded when the 我的 popup opens, keep their own chunk. With them the name of
 *   the page socket's event (pageSocketEvent.ts), which the socket's chunk and a live's page script share.
 * - the small groups: modules page scripts run before load and islands after, in the sets that load together.
 * - api: the API client with ofetch and the two endpoint helpers, which the lists' 加载更多 loads on demand.
 * - react: React's own package and the session hook of every island (react-dom is the renderer's chunk).
 * - outbox: the outbox of ADR 032, for every island that writes.
 * - bar: the like-and-comment bar and the report popup of every detail page, with the calls they make. They were
 *   a dozen chunks under 1 KB each; as one gzip stream they weigh about 1.5 KB less, in one request.
 */
const SHELL_MODULES = importGraph(GRAPH_ENTRIES.shell);
/**
 * Modules page scripts run before load and islands after, in the sets that always load together; each set its own
 * chunk, so that the groups below do not take them in (a list would then load the bar before load).
 */
const SMALL_GROUPS = {
  safeUrl: ['src/lib/safeUrl.ts'],
  browserUi: ['src/client/browserUi.ts'],
  afterLoad: ['src/client/directives/afterLoad.ts', 'src/client/directives/requestHydration.ts'],
  requireLogin: ['src/features/login-gate/requireLogin.ts', 'src/bridge/appLoginPrompt.ts'],
  likeTap: ['src/features/interaction/tapListLike.ts', 'src/features/interaction/decideLikeTap.ts'],
  formatCount: ['src/lib/formatCount.ts'],
  reviewStateText: ['src/lib/reviewStateText.ts'],
  // The realtime channel: the page's one socket and the counts of the details.
  live: [
    'src/client/pageSocket.ts',
    'src/client/socket.ts',
    'src/lib/goim.ts',
    'src/features/realtime/liveCounts.ts',
    'src/features/realtime/liveCountsStore.ts',
  ],
  // The breaking-news banner on that socket: its own chunk, so that a live's page, which has no banner, does not load it.
  banner: ['src/features/realtime/breakingBanner.ts', 'src/contract/breaking.ts'],
};
// A file moved or renamed would leave its group empty without a word.
for (const file of [...Object.values(SMALL_GROUPS).flat(), 'src/features/interaction/ownHeldComments.ts']) {
  if (!existsSync(file)) throw new Error(`astro.config.mjs: chunk group file ${file} is missing`);
}
const SMALL_MODULES = new Set(
  Object.values(SMALL_GROUPS)
    .flat()
    .map((file) => path.resolve(file)),
);
const taken = (/** @type {string} */ file) => SHELL_MODULES.has(file) || SMALL_MODULES.has(file);
const API_MODULES = new Set([...importGraph(GRAPH_ENTRIES.api)].filter((file) => !taken(file)));
/** The outbox of ADR 032, loaded by every island that writes: the forms' pages need it without the bar. */
const OUTBOX_MODULES = new Set(
  ['src/features/outbox/useOutbox.ts', 'src/client/outboxBrowser.ts', 'src/client/outbox.ts', 'src/client/outboxIdb.ts'].map((file) => path.resolve(file)),
);
/** Every island's session hook goes with React. */
const SESSION_HOOK = path.resolve('src/features/login-gate/useSession.ts');
const BAR_MODULES = new Set(
  [...importGraph(GRAPH_ENTRIES.bar, { dynamic: true })].filter(
    // The islands themselves stay entries of their own (the page names them).
    (file) =>
      !taken(file) &&
      !API_MODULES.has(file) &&
      !OUTBOX_MODULES.has(file) &&
      file !== SESSION_HOOK &&
      file.includes(`${path.sep}src${path.sep}`) &&
      !file.endsWith('.island.tsx'),
  ),
);
/** @param {Set<string>} modules */
const inGroup = (modules) => (/** @type {string} */ id) => modules.has(id.split('?')[0] ?? id);
const REACT = /[\\/]node_modules[\\/](react|@nanostores[\\/]react)[\\/]/;
/** In order: a module goes to the first group that tests true (the highest priority). */
const CHUNK_GROUPS = [
  { name: 'shell', test: inGroup(SHELL_MODULES) },
  ...Object.entries(SMALL_GROUPS).map(([name, files]) => ({ name, test: inGroup(new Set(files.map((file) => path.resolve(file)))) })),
  { name: 'api', test: inGroup(API_MODULES) },
  { name: 'react', test: (/** @type {string} */ id) => id === SESSION_HOOK || REACT.test(id) },
  { name: 'outbox', test: inGroup(OUTBOX_MODULES) },
  { name: 'bar', test: inGroup(BAR_MODULES) },
].map((group, index, all) => ({ ...group, priority: all.length - index }));

/**
 * The newsroom console (ADR 017): one React app served at /newsroom/ by src/server/main.ts, apart from the
 * reader site — none of the reader's shell, boot script or islands. Bundled here after the page build into
 * dist/newsroom/_astro (hashed, immutable) with a manifest the server reads for its one HTML page.
 * @type {import('astro').AstroIntegration}
 */
const newsroomConsole = {
  name: 'shancheng:newsroom-console',
  hooks: {
    'astro:build:done': async () => {
      const out = fileURLToPath(new URL('./dist/newsroom/', import.meta.url));
      rmSync(out, { recursive: true, force: true });
      mkdirSync(path.join(out, '_astro'), { recursive: true });
      const result = buildSync({
        entryPoints: { console: fileURLToPath(new URL('./src/newsroom/main.tsx', import.meta.url)) },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2020',
        jsx: 'automatic',
        charset: 'utf8',
        define: { 'process.env.NODE_ENV': '"production"' },
        outdir: path.join(out, '_astro'),
        entryNames: '[name]-[hash]',
        metafile: true,
        logLevel: 'warning',
      });
      const files = Object.keys(result.metafile.outputs).map((f) => path.basename(f));
      const js = files.find((f) => f.endsWith('.js'));
      const css = files.find((f) => f.endsWith('.css'));
      if (!js || !css) throw new Error('the newsroom console build made no script or style');
      writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({ js, css }));
      // Compressed at build like the reader's assets: otherwise every server process brotli-11s the
      // console's bundle as it starts (tens of seconds of CPU on a loaded machine).
      await precompressDir(out);
    },
  },
};

// Pages live under BASE_PATH (/shancheng, the one spelling: src/lib/safeUrl.ts) and are rendered on demand by src/server/main.ts (middleware mode).
export default defineConfig({
  base: BASE_PATH,
  output: 'server',
  trailingSlash: 'ignore',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    // Islands render to a string, not a stream: no web stream and no text decoding per island on every uncached
    // render (bench/where-time-goes.md); src/build/runtimeRewrites.ts keeps their useId prefix on that path.
    react({ experimentalDisableStreaming: true }),
    afterLoadDirective,
    bootIntegration,
    precompress(),
    newsroomConsole,
  ],
  compressHTML: true,
  // Every page's CSS in its own <style> (hashed for the CSP): no render-blocking request before the first
  // paint. Most readers arrive from a share link with nothing cached, where a stylesheet request costs a
  // round trip on a weak network (ADR 001, "CSS inline"); ~4–5 KB gzip a page, inside the 14 KB first screen.
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  // Content-Security-Policy (docs/security.md; ADR 009): Astro hashes every script and style it emits. Pages
  // rendered on demand (all of ours) get the policy as a response header, so frame-ancestors works too
  // (it would be ignored in a <meta>); src/server/main.ts covers the answers Astro does not render.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "media-src 'self' https: blob:",
        "connect-src 'self' ws: wss:",
        // Only the sanitizer's video hosts (IFRAME_HOSTS) may be framed (security.md G56); listed here
        // rather than imported (that would load jsdom into the config); tests/security/headers.test.ts
        // checks the rendered policy against IFRAME_HOSTS.
        'frame-src https://player.bilibili.com https://v.qq.com https://player.youku.com https://open.iqiyi.com https://player.cntv.cn',
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        // security.md H64: only our own pages may frame a page (the apps open it top-level).
        "frame-ancestors 'self'",
      ],
      // The messenger's JS-SDK is the one outside script (src/features/share/startShare.ts).
      // The ad slot's inline chooser (src/features/ads/adSlotInline.ts) is not Astro's to hash: its hash is here.
      scriptDirective: {
        resources: ["'self'", 'https://res.wx.qq.com'],
        hashes: [`sha256-${createHash('sha256').update(AD_SLOT_INLINE).digest('base64')}`],
      },
      // CMS article HTML keeps a few sanitised style attributes (text-align, color, font-weight, img
      // width/height: src/features/richtext/sanitizeHtml.server.ts); hashes cannot cover attributes, so
      // style-src-attr alone allows inline attributes. <style> elements stay hash-only; scripts never.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // No modulepreload polyfill/helper: every phone we serve supports module preloading (ADR 001 budgets).
  vite: {
    build: { modulePreload: false },
    // Astro's CSP without its per-render copies of the build's hash list and digests, and the islands' id prefix
    // when they render to a string (src/build/runtimeRewrites.ts).
    plugins: [runtimeRewrites()],
    // Every stylesheet in the site's cascade layers, the palette and scales compiled to their values (src/build/cssLayers.ts).
    css: { postcss: { plugins: [cssLayers(readCompiledTokens(readFileSync(new URL('./src/styles/tokens.css', import.meta.url), 'utf8')))] } },
    environments: {
      client: {
        build: {
          rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
        },
      },
    },
  },
});
