import { chromium, devices } from '@playwright/test';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
const gpuPids = () => execSync("ps -eo pid,args | grep 'type=gpu-process' | grep -v grep | awk '{print $1}'").toString().trim().split('\n').filter(Boolean);
const others = new Set(gpuPids());
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu', ...(process.env.FLAGS ?? '').split(' ').filter(Boolean)] });
const cpu = (pids) => pids.reduce((n, p) => { try { const f = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' '); return n + Number(f[11]) + Number(f[12]); } catch { return n; } }, 0);
for (const rm of ['no-preference', 'reduce']) for (const path of ['/?lang=en', '/product/local-epins?lang=en', '/orders?lang=en']) {
  const ctx = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block', reducedMotion: rm });
  const page = await ctx.newPage();
  await page.goto('http://localhost:4311' + path);
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  await page.waitForTimeout(2000);
  const mine = gpuPids().filter((p) => !others.has(p));
  const a = cpu(mine);
  await page.waitForTimeout(5000);
  const b = cpu(mine);
  console.log(rm, path, 'my gpu-process ticks/5s', b - a, 'pids', mine.length);
  await ctx.close();
}
await browser.close();
