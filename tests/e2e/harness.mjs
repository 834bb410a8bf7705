// Shared end-to-end harness: the built dist/ served on 127.0.0.1 (optionally under a subpath,
// as GitHub Pages serves it), Debian's headless Chromium through playwright-core,
// and the page-level checks every screen must pass.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveDir } from '../../scripts/static-server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const OUTPUT = join(ROOT, 'test-output');
mkdirSync(OUTPUT, { recursive: true });

/** Serves `dist` (relative to the repo) at `base` ("/" or "/blackjack/") on a free port. */
export function serve(dist, base = '/') {
  return serveDir(join(ROOT, dist), base);
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * A fresh browser profile with watchers: every console error and page error, and every
 * request that would leave 127.0.0.1, are collected for the test to assert on.
 */
export async function openBrowser(viewport = { width: 1440, height: 900 }, extraFlags = []) {
  const profile = mkdtempSync(join(tmpdir(), 'bj-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: [...FLAGS, ...extraFlags], viewport,
  });
  // The profile is this browser's alone: it goes when the browser closes, or every run of the
  // suite would leave a few hundred profiles (gigabytes) in the temporary directory.
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
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

/**
 * Replaces the site's saved data with `saves` (key → text; `null` removes a key), written from a
 * page of the site that runs no app (a rules page), so that no app can save over it before the
 * test opens the page it tests. `keep` leaves the other keys as they are.
 */
export async function putSaves(page, siteUrl, saves, { keep = false } = {}) {
  await page.goto('about:blank');
  await page.goto(`${siteUrl}rules/taylor.html`);
  await page.evaluate(([s, keep]) => {
    if (!keep) localStorage.clear();
    for (const [k, v] of Object.entries(s)) (v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v));
  }, [saves, keep]);
}

/**
 * The browser's random numbers as a fixed sequence from `start`, for every page the test opens:
 * the same deal every run (a game's length varies with its deal).
 */
export async function fixedRandom(page, start) {
  await page.addInitScript((first) => {
    let x = first;
    globalThis.crypto.getRandomValues = (bytes) => {
      for (let i = 0; i < bytes.length; i++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        bytes[i] = x >>> 24;
      }
      return bytes;
    };
  }, start);
}

/**
 * Counts the page's long tasks (over 50 ms, the browser's Long Tasks API) from its first script,
 * for every page the test opens: `window.longTasks` holds each one's start (ms on the page's
 * clock), `window.longTasksSeen` whether this browser reports them at all. A count, never a time,
 * is what a test may assert.
 */
export async function watchLongTasks(page) {
  await page.addInitScript(() => {
    window.longTasks = [];
    window.longTasksSeen = PerformanceObserver.supportedEntryTypes.includes('longtask');
    if (window.longTasksSeen) {
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.startTime)))
        .observe({ type: 'longtask' });
    }
  });
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * A hang catcher for a loop that plays a game. A game's length is its deal's, and on a busy
 * machine each move takes longer, so no loop has a budget for the whole game: it fails only when
 * what it watches (say, the game log's text) has not changed for `stallMs`. Call the returned
 * function once a pass with the current value.
 */
export function stallWatch(what, stallMs = 60_000) {
  let last;
  let since = Date.now();
  return (now) => {
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since > stallMs) {
      throw new Error(`${what}: nothing changed for ${stallMs / 1000} s`);
    }
  };
}
