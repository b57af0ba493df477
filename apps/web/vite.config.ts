import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

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

/**
 * `vite build --ssr`: the server's renderer (src/entry-server.tsx → dist-ssr/entry-server.js),
 * loaded by apps/server (platform/server-render.ts). One file with its libraries, so the server
 * needs nothing of the web app's node_modules at run time.
 */
const serverBuild = defineConfig({
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

const browserBuild = defineConfig({
  plugins: [
    react(),
    // The service worker (src/sw.ts) is ours: precache + the payment timer messages; the plugin
    // compiles it to /sw.js, injects the precache list and writes the web app manifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // Source maps and pre-compressed copies are not app files; the QR reader is the sandbox bank's.
        globIgnores: ['**/*.map', '**/*.gz', '**/*.br', '**/jsQR-*.js'],
      },
      manifest: {
        id: '/',
        name: 'MyanTopup',
        short_name: 'MyanTopup',
        description:
          'Top up Myanmar phones and buy data packages, E-PINs and gift cards. Pay with MM QR.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b2a5b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
    precompress(),
  ],
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
    rolldownOptions: {
      output: {
        // The libraries every page needs go in one chunk: one request, and gzip sees them together
        // instead of a dozen small shared chunks (each with its own overhead). zod is not among
        // them: Home imports its schemas lazily (lib/api-client.ts SchemaSource).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@tanstack|wouter|regexparam|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
