// Shared end-to-end harness: a static server for a built dist/ on 127.0.0.1 (optionally under
// a subpath, as GitHub Pages serves it), Debian's headless Chromium through playwright-core,
// and the page-level checks every screen must pass.
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, existsSync, statSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const OUTPUT = join(ROOT, 'test-output');
mkdirSync(OUTPUT, { recursive: true });

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json',
};

/** Serves `dist` (relative to the repo) at `base` ("/" or "/blackjack/") on a free port. */
export async function serve(dist, base = '/') {
  const dir = join(ROOT, dist);
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dist}/index.html missing: build first`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!path.startsWith(base)) { res.writeHead(404).end('not found'); return; }
    let file = join(dir, path.slice(base.length));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404).end('not found'); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}${base}`;
  return { url, close: () => new Promise((ok) => { server.closeAllConnections(); server.close(ok); }) };
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * A fresh browser profile with watchers: every console error and page error, and every
 * request that would leave 127.0.0.1, are collected for the test to assert on.
 */
export async function openBrowser(viewport = { width: 1440, height: 900 }) {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'bj-e2e-')), {
    executablePath: '/usr/bin/chromium', headless: true, args: FLAGS, viewport,
  });
  const problems = { consoleErrors: [], foreignRequests: [] };
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.hostname !== '127.0.0.1') problems.foreignRequests.push(r.url());
  });
  const watch = (page) => {
    page.on('console', (m) => { if (m.type() === 'error') problems.consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => problems.consoleErrors.push(String(e)));
  };
  context.on('page', watch);
  context.pages().forEach(watch);
  const page = context.pages()[0] || await context.newPage();
  return { context, page, problems };
}

/** Runs axe-core on the page and returns its violations (an empty list is the pass). */
export async function axeViolations(page) {
  await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
