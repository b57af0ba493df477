import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// By path, not '@shop/contracts/…': Vite bundles this config with what it imports by path
// and leaves packages to Node, which cannot load the workspace's TypeScript.
import { APP_VERSION } from '../../packages/contracts/src/app-version.ts';
import { languages } from '../../packages/contracts/src/languages.ts';
import { webAppManifestPath } from '../../packages/contracts/src/web-app-manifest.ts';
import { webAppManifest, type ImageSize } from './src/features/install/web-app-manifest.ts';
import { APP_FILES_LIST_FILE } from './src/lib/app-files.ts';
import { LIBRARY_CHUNK_PREFIX, LIBRARY_LIST_FILE } from './src/lib/library-files.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

/** The app's version (the contract's APP_VERSION), shown on the crash screen and the status page. */
const define = { __APP_VERSION__: JSON.stringify(APP_VERSION) };

/**
 * Writes .br and .gz copies of the text assets next to them; the server sends them to browsers
 * that accept them (@fastify/static preCompressed), so phones download ~30 % of the bytes.
 */
function precompress(): Plugin {
  return {
    name: 'shop-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
      }
    },
  };
}

const publicDir = path.join(import.meta.dirname, 'public');

/** A PNG's width and height, from its header (IHDR follows the 8-byte signature). */
function pngSize(publicPath: string): ImageSize {
  const header = fs.readFileSync(path.join(publicDir, publicPath)).subarray(0, 24);
  if (header.toString('latin1', 12, 16) !== 'IHDR') throw new Error(`${publicPath} is not a PNG`);
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}

/**
 * The web app manifest of each language (src/features/install/web-app-manifest.ts), written to the
 * build (where the service worker precaches them) and served by the dev server. The sizes of its
 * icons and screenshots are read from the images themselves.
 */
function webAppManifestFiles(): Plugin {
  const files = () =>
    new Map(
      languages.map((language) => [
        webAppManifestPath(language),
        JSON.stringify(webAppManifest(language, pngSize)),
      ]),
    );
  return {
    name: 'shop-web-app-manifests',
    generateBundle() {
      for (const [urlPath, source] of files())
        this.emitFile({ type: 'asset', fileName: urlPath.slice(1), source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const source = files().get(request.url?.split('?')[0] ?? '');
        if (source === undefined) {
          next();
          return;
        }
        response.setHeader('content-type', 'application/manifest+json');
        response.end(source);
      });
    },
  };
}

/**
 * Writes libraries.json: this build's library chunks (the `library-*` code-splitting groups below)
 * with their sizes. They are not in the service worker's install-time precache; the essential-
 * libraries dialog (features/libraries, ADR 0032) reads this list, checks the free space and asks
 * the worker to keep them. The list itself is precached, so a page gets its own build's list.
 */
function libraryList(): Plugin {
  return {
    name: 'shop-library-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle)
        .flatMap((file) =>
          file.type === 'chunk' && file.name.startsWith(LIBRARY_CHUNK_PREFIX)
            ? [{ url: `/${file.fileName}`, bytes: Buffer.byteLength(file.code) }]
            : [],
        )
        .sort((a, b) => a.url.localeCompare(b.url));
      this.emitFile({
        type: 'asset',
        fileName: LIBRARY_LIST_FILE,
        source: `${JSON.stringify({ files })}\n`,
      });
    },
  };
}

/**
 * The modules a first visit lands on (issue 29): Home is the entry; a listing, the install page
 * and a shared order are each opened from a link; Burmese readers load their strings first.
 */
const FIRST_VISIT_MODULES = [
  'src/features/catalogue/components/shop-highlights.tsx',
  'src/app/routes/product-listing-page.tsx',
  'src/app/routes/install-page.tsx',
  'src/features/sharing/components/shared-order-page.tsx',
  'src/locales/my.json',
  'src/lib/i18n-burmese-features.ts',
];

interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * The install-time precache of a first visit (issue 29, ADR 0065): the pages, styles and
 * manifests, and only the scripts the landing pages load before they are live (the entry and
 * FIRST_VISIT_MODULES with their static imports, read from the build manifest). Every other
 * script, the fonts and the icons go to app-files.json: the worker caches them when first used
 * and downloads them in the background only on a fast, unmetered connection (src/lib/app-files.ts).
 */
function firstVisitPrecache(entries: PrecacheEntry[]) {
  const distDir = path.join(import.meta.dirname, 'dist');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;
  const needed = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || needed.has(chunk.file)) return;
    needed.add(chunk.file);
    for (const css of chunk.css ?? []) needed.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  for (const key of [...entryKeys, ...FIRST_VISIT_MODULES]) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    visit(key);
  }
  // Built assets and icons only: files at the root (start.js, the manifests) are the page's own.
  const later = (entry: PrecacheEntry) =>
    /^(assets|icons)\//.test(entry.url) &&
    (/\.(woff2|png)$/.test(entry.url) || (entry.url.endsWith('.js') && !needed.has(entry.url)));
  const laterFiles = entries.filter(later).map((entry) => `/${entry.url}`);
  const list = `${JSON.stringify({ files: laterFiles.sort() })}\n`;
  fs.writeFileSync(path.join(distDir, APP_FILES_LIST_FILE), list);
  const listEntry: PrecacheEntry = {
    url: APP_FILES_LIST_FILE,
    revision: createHash('sha256').update(list).digest('hex').slice(0, 16),
    size: Buffer.byteLength(list),
  };
  return { manifest: [...entries.filter((entry) => !later(entry)), listEntry], warnings: [] };
}

/**
 * `vite build --ssr`: the server's renderer (src/entry-server.tsx → dist-ssr/entry-server.js),
 * loaded by apps/server (platform/server-render.ts). One file with its libraries, so the server
 * needs nothing of the web app's node_modules at run time.
 */
const serverBuild = defineConfig({
  define,
  plugins: [react()],
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: 'hidden',
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));

/** The app's own source (and the contracts'), not the entry module itself (see 'start' below). */
const isStartModule = (id: string) =>
  !id.includes('node_modules') && /[\\/]src[\\/]/.test(id) && !/[\\/]src[\\/]main\.tsx$/.test(id);

/** A chunk the entry loads with itself (the code-splitting groups below, Rolldown's helpers). */
const isStartChunk = (file: string) =>
  /^assets\/(vendor|start|rolldown-runtime)-[\w-]+\.js$/.test(file);

const browserBuild = defineConfig({
  define,
  plugins: [
    react(),
    // The service worker (src/sw.ts) is ours: precache + the payment timer messages; the plugin
    // compiles it to /sw.js and injects the precache list.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}', LIBRARY_LIST_FILE],
        // Source maps and pre-compressed copies are not app files; the QR reader is the sandbox
        // bank's; the library chunks are kept by the essential-libraries step instead (ADR 0032);
        // the screenshots are for the browser's install sheet only, not worth every visitor's
        // data (≈ 0.35 MB); the back-office is the owner's, loaded when opened: no customer's
        // first visit downloads it (issue 29; 31 KiB gzip); the full Noto Sans Myanmar faces are
        // the fallback for Myanmar letters the shop's subset lacks (ADR 0066), fetched by the rare
        // page that has one, never ahead (2 × 47 KB).
        globIgnores: [
          '**/*.map',
          '**/*.gz',
          '**/*.br',
          '**/jsQR-*.js',
          '**/back-office-*',
          '**/noto-sans-myanmar-myanmar-*',
          `**/${LIBRARY_CHUNK_PREFIX}*.js`,
          'screenshots/**',
          APP_FILES_LIST_FILE,
        ],
        manifestTransforms: [firstVisitPrecache],
      },
      // Ours, one per language (webAppManifestFiles); index.html links the English one.
      manifest: false,
    }),
    webAppManifestFiles(),
    libraryList(),
    precompress(),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: path.join(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    target: 'es2022',
    // Maps for our own debugging; no sourceMappingURL in the files, and the server never serves them.
    sourcemap: 'hidden',
    // scripts/measure-pages.mjs reads it to find the JavaScript each route loads first.
    manifest: true,
    modulePreload: {
      // Browsers without <link rel="modulepreload"> (Safari before 17) fetch a chunk's imports
      // when it runs instead: the polyfill was 0.35 KiB gzip in every first visit (issue 29).
      polyfill: false,
      // The chunks the entry itself imports have loaded before any lazy chunk can be asked for:
      // naming them again in every lazy import's list of what to preload only cost bytes.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !isStartChunk(dep)),
    },
    // A font is a file, never a data: URL in the stylesheet: the CSP allows fonts from 'self' only,
    // and the toggle's 1.5 KB Burmese word face (fonts.css, ADR 0066) is under the inline limit.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      output: {
        // The libraries every page needs go in one chunk: one request, and gzip sees them together
        // instead of a dozen small shared chunks (each with its own overhead). zod is not among
        // them: Home imports its schemas lazily (lib/api-client.ts SchemaSource).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|use-sync-external-store)[\\/]/,
            },
            // The app's own modules that start every page (statically imported by the entry) in one
            // chunk: left alone, Rolldown makes a small chunk of each module the start shares with
            // lazy chunks (issue 29: each costs its import/export lines and gzip sees less at once).
            // The entry module stays out: a group that takes it leaves the entry an empty facade.
            { name: 'start', tags: ['$initial'], test: isStartModule },
            // Libraries loaded only on demand (the payment and share-link QR codes): named, so
            // they stay out of the install-time precache and libraries.json lists them (ADR 0032).
            {
              name: `${LIBRARY_CHUNK_PREFIX}qr-code`,
              test: /node_modules[\\/](qrcode|dijkstrajs)[\\/]|src[\\/]components[\\/]ui[\\/]qr-code\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
