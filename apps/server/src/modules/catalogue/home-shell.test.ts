import fs from 'node:fs';
import path from 'node:path';
import type { Banner } from '@shop/contracts/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { banners } from './catalogue.tables.ts';
import { insertTestCatalogue } from './catalogue.test-fixtures.ts';
import { renderHomeShell } from './home-shell.ts';

const template =
  '<!doctype html><title>shop</title><div id="root"></div><script src="/a.js"></script>';

describe('home shell (first paint of Home written by the server)', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), template);
    t = await createTestApp({ webRoot });
    await insertTestCatalogue(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('Home carries the first active banner picture; other pages get the plain app page', async () => {
    const home = await t.app.inject({ url: '/?lang=my' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    // Over the app, not in it: React renders into an empty root and removes the shell itself.
    expect(home.body).toMatch(
      /<div class="static-shell" aria-hidden="true">.*<div id="root"><\/div>/,
    );
    expect(home.body).toContain(
      '<source media="(max-width: 640px)" srcset="https://cdn.example/1-m.png">',
    );
    expect(home.body).toContain(
      '<img src="https://cdn.example/1.png" alt="" width="1200" height="450" fetchpriority="high">',
    );
    expect(home.body).toContain('<script src="/a.js"></script>');

    const deep = await t.app.inject({ url: '/orders/123' });
    expect(deep.body).toBe(template);
  });

  it('follows banner changes once the catalogue announces them', async () => {
    await t.database.db.update(banners).set({ isActive: false }).where(eq(banners.sortOrder, 1));
    await t.app.catalogueChanged();
    const home = await t.app.inject({ url: '/' });
    expect(home.body).toContain('src="/media/banners/2.svg"');
    expect(home.body).not.toContain('cdn.example/1.png');
  });

  it('without readable banners (database down) Home is still served, without the shell', async () => {
    await t.app.catalogueChanged();
    const { db } = t.database;
    const original = db.select.bind(db);
    db.select = () => {
      throw new Error('database unavailable');
    };
    try {
      const home = await t.app.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(template);
    } finally {
      db.select = original;
    }
  });

  it('escapes image addresses and leaves an unexpected template alone', () => {
    const banner = {
      imageUrl: 'https://x.example/a.png?"><script>alert(1)</script>',
      mobileImageUrl: '',
      tabletImageUrl: '',
    } as Banner;
    const html = renderHomeShell(template, banner);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('a.png?&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(renderHomeShell('<main></main>', banner)).toBe('<main></main>');
    expect(renderHomeShell(template, undefined)).not.toContain('<picture');
    // "$&" is text here, not String.replace's "the matched part".
    const dollar = renderHomeShell(template, { ...banner, imageUrl: 'https://x.example/$&.png' });
    expect(dollar).toContain('src="https://x.example/$&amp;.png"');
    expect(dollar.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });
});
