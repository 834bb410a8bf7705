// What a first visit costs on the wire, service worker precache included: a fresh Chromium
// profile opens the built site and waits until the service worker controls the page (it has
// precached every file); the server counts the responses and the bytes it sent. Reports only.
//   node scripts/first-visit.mjs [dist] [--pages]   (--pages: gzip and cache headers, as GitHub Pages)
import { resolve } from 'node:path';
import { serveDir } from './static-server.mjs';
import { openBrowser } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const pages = args.includes('--pages');
const dist = resolve(args.find((a) => !a.startsWith('--')) || 'dist');
const server = await serveDir(dist, '/', 0, { pages });
const { context, page } = await openBrowser({ width: 390, height: 844 });
try {
  await page.goto(server.url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  const { requests, bytes, urls } = server.stats;
  if (args.includes('--list')) console.log(urls.join('\n'));
  console.log(`first visit${pages ? ' (gzip, max-age=600)' : ' (no-cache, no gzip)'}: ${requests} requests, ${(bytes / 1024).toFixed(1)} KB`);
} finally {
  await context.close();
  await server.close();
}
