import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createResponseCache } from './cache.ts';
import { loadServerRenderer, pageLanguage } from './server-render.ts';

const request = (
  query: Record<string, unknown>,
  cookies: Record<string, string>,
  acceptLanguage?: string,
) =>
  ({
    query,
    cookies,
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  }) as unknown as FastifyRequest;

describe('pageLanguage (the language a page is rendered in)', () => {
  it('takes ?lang= first, then the cookie, then the browser, else English', () => {
    expect(pageLanguage(request({ lang: 'my' }, { lang: 'en' }, 'en'))).toBe('my');
    expect(pageLanguage(request({ lang: 'mm' }, {}, undefined))).toBe('my');
    expect(pageLanguage(request({}, { lang: 'my' }, 'en-US,en'))).toBe('my');
    expect(pageLanguage(request({}, { lang: 'en' }, 'my-MM,my'))).toBe('en');
    expect(pageLanguage(request({}, {}, 'my-MM,my;q=0.9,en;q=0.5'))).toBe('my');
    expect(pageLanguage(request({}, {}, 'th-TH,th;q=0.9,en;q=0.5'))).toBe('en');
    expect(pageLanguage(request({}, {}, 'fr-FR'))).toBe('en');
    expect(pageLanguage(request({}, {}, undefined))).toBe('en');
  });

  it('ignores values it does not know', () => {
    expect(pageLanguage(request({ lang: 'xx' }, { lang: 'zz' }, 'my'))).toBe('my');
    expect(pageLanguage(request({ lang: ['my'] }, {}, undefined))).toBe('en');
  });
});

describe('loadServerRenderer (head tags, status, pages never kept)', () => {
  /** A web build with a stand-in server entry: it counts renders and answers a head per path. */
  function fakeWebBuild() {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-test-'));
    const webRoot = path.join(root, 'dist');
    fs.mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
    fs.mkdirSync(webRoot);
    fs.writeFileSync(
      path.join(root, 'dist-ssr', 'entry-server.js'),
      `export let renders = 0;
       export const isServerPage = (p) => p === '/' || p.startsWith('/sharewith/');
       export const isCacheablePage = (p) => !p.startsWith('/sharewith/');
       export async function renderPage({ path, origin }) {
         renders += 1;
         return {
           html: '<p>render ' + renders + '</p>',
           state: '{}',
           modules: [],
           head: path.startsWith('/sharewith/')
             ? '<meta property="og:image" content="' + origin + '/icons/icon-512.png">'
             : '',
           ...(path === '/sharewith/gone' ? { status: 404 } : {}),
         };
       }`,
    );
    const indexHtml =
      '<!doctype html><html lang="en"><head><title>Shop</title>' +
      '<link rel="manifest" href="/manifest.webmanifest" />' +
      '<meta name="apple-mobile-web-app-title" content="MyanTopup" />' +
      '<script type="module" crossorigin src="/assets/index.js"></script></head>' +
      '<body><div id="root"></div></body></html>';
    // The manifests as the web build writes them; a name that must be escaped in an attribute.
    fs.writeFileSync(
      path.join(webRoot, 'manifest.webmanifest'),
      JSON.stringify({ short_name: 'MyanTopup' }),
    );
    fs.writeFileSync(
      path.join(webRoot, 'manifest.my.webmanifest'),
      JSON.stringify({ short_name: 'ငွေဖြည့် "ဆိုင်" $&' }),
    );
    return { webRoot, indexHtml };
  }

  const get = (url: string, query: Record<string, string> = {}) =>
    ({
      url,
      query,
      cookies: {},
      headers: {},
      ip: '127.0.0.1',
      protocol: 'http',
      host: 'shop.test',
    }) as unknown as FastifyRequest;

  /** The renderer over the stand-in web build (no API behind it), with its own page cache. */
  async function standInRenderer(cacheName: string) {
    const { webRoot, indexHtml } = fakeWebBuild();
    const cache = createResponseCache({ name: cacheName });
    const app = { inject: () => Promise.reject(new Error('no API in this test')) };
    const renderer = await loadServerRenderer(
      app as unknown as FastifyInstance,
      webRoot,
      indexHtml,
      cache,
      'https://shop.example',
    );
    if (!renderer) throw new Error('no renderer');
    return { renderer, cache };
  }

  it('puts the page head before </head>; share pages render afresh, others come from the cache', async () => {
    const { renderer, cache } = await standInRenderer('test-pages');
    const text = async (url: string) =>
      (await renderer.render(get(url)))?.response.body.toString() ?? '';
    const status = async (url: string) => (await renderer.render(get(url)))?.status;

    const share = await text('/sharewith/abc');
    expect(share).toContain(
      '<meta property="og:image" content="https://shop.example/icons/icon-512.png"></head>',
    );
    expect(share).toContain('<p>render 1</p>');
    expect(await text('/sharewith/abc')).toContain('<p>render 2</p>');

    expect(await text('/')).toContain('<p>render 3</p>');
    expect(await text('/')).toContain('<p>render 3</p>');
    expect(await renderer.render(get('/orders'))).toBeNull();

    // The page's own status: a shared page whose link is gone answers 404, the others 200.
    expect(await status('/sharewith/gone')).toBe(404);
    expect(await status('/sharewith/abc')).toBe(200);
    expect(await status('/')).toBe(200);
    await cache.close();
  });

  it("links the web app manifest of the page's language and names the app in it for iOS", async () => {
    const { renderer, cache } = await standInRenderer('test-pages-manifest');
    const page = async (lang: string) =>
      (await renderer.render(get(`/?lang=${lang}`, { lang })))?.response.body.toString() ?? '';

    const burmese = await page('my');
    expect(burmese).toContain('<html lang="my"');
    expect(burmese).toContain('<link rel="manifest" href="/manifest.my.webmanifest" />');
    expect(burmese).toContain(
      '<meta name="apple-mobile-web-app-title" content="ငွေဖြည့် &#34;ဆိုင်&#34; $&#38;" />',
    );
    const english = await page('en');
    expect(english).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(english).toContain('<meta name="apple-mobile-web-app-title" content="MyanTopup" />');
    await cache.close();
  });
});
