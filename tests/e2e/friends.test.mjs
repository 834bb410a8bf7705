// Tables with friends in real headless Chromium: three browsers (three profiles) meet in one
// room through the signalling server on 127.0.0.1, each sees the others' seats taken, the host
// deals, a friend who closes the page is played by a bot and takes the seat back from the same
// link, and a browser without the seat's token cannot take it.
// WebRTC between browsers on one machine: Chromium hides host candidates behind mDNS names
// (WebRtcHideLocalIpsWithMdns) and leaves out loopback addresses unless allowed; both switches
// are Chromium's own (see its webrtc flags), for tests only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, openBrowser, axeViolations, screenshot, PHONE } from './harness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WEBRTC_FLAGS = ['--disable-features=WebRtcHideLocalIpsWithMdns', '--allow-loopback-in-peer-connection'];

const freePort = () => new Promise((ok) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
});

/** The signalling server: scripts/test.sh's (SIGNAL_URL), or one started here on a free port. */
async function signalling() {
  if (process.env.SIGNAL_URL) return { url: process.env.SIGNAL_URL, stop: () => {} };
  const bin = join(ROOT, 'target/release/blackjack-signal');
  assert.ok(existsSync(bin), 'build it first: cargo build --release -p blackjack-signal');
  const port = await freePort();
  const child = spawn(bin, ['--addr', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((ok) => child.stdout.once('data', ok));
  return { url: `ws://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** A browser whose friends page uses `signal`. */
async function player(siteUrl, signal, viewport) {
  const b = await openBrowser(viewport, WEBRTC_FLAGS);
  errors.set(b.page, b.problems.consoleErrors);
  await b.page.goto(`${siteUrl}rules/taylor.html`);
  await b.page.evaluate((s) => localStorage.setItem('bj.friends.signal', JSON.stringify(s)), signal);
  return b;
}

const seat = (page, n) => page.locator(`.friend-seats li[data-seat="${n - 1}"]`);

const errors = new Map();
async function take(page, n, name) {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: `Take seat ${n}` }).click();
  await seat(page, n).getByText(`${name} (you)`).waitFor({ timeout: 20_000 }).catch(async (e) => {
    throw new Error(`${e.message}\nThe page said: ${await page.locator('main').innerText()}\nConsole: ${JSON.stringify(errors.get(page) || [])}`);
  });
}

test('friends: three browsers meet in one room, see each other seated, and a dropped friend comes back', { timeout: 180_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam, bo] = [await player(server.url, signal.url), await player(server.url, signal.url, PHONE), await player(server.url, signal.url)];
  try {
    // The host opens a Taylor table for four: two seats for friends, one bot.
    await ann.page.goto(`${server.url}friends/`);
    await ann.page.getByLabel('Players').selectOption('4');
    await ann.page.getByLabel('Seats for friends').selectOption('2');
    await ann.page.getByLabel('Your name').fill('Ann');
    assert.deepEqual(await axeViolations(ann.page), [], 'axe on the host form');
    await ann.page.getByRole('button', { name: 'Open the table' }).click();
    const link = await ann.page.getByLabel('Room link').inputValue();
    assert.match(link, /\/friends\/#room=[A-Za-z0-9_-]{22}$/);

    // Two friends open the link and take seats 2 and 3; each sees the other's taken.
    await sam.page.goto(link);
    await take(sam.page, 2, 'Sam');
    await bo.page.goto(link);
    await seat(bo.page, 2).getByText('Sam').waitFor();
    assert.equal(await bo.page.getByRole('button', { name: 'Take seat 2' }).count(), 0, 'a taken seat is not offered');
    await take(bo.page, 3, 'Bo');
    await seat(sam.page, 3).getByText('Seat 3: Bo').waitFor();
    await seat(ann.page, 2).getByText('Seat 2: Sam').waitFor();
    await seat(ann.page, 3).getByText('Seat 3: Bo').waitFor();
    assert.match(await seat(ann.page, 4).innerText(), /Bot 4/);
    await sam.page.getByRole('status').getByText('Waiting for the host to deal.').waitFor();
    assert.deepEqual(await axeViolations(sam.page), [], 'axe on the friend\'s lobby');
    await screenshot(sam.page, 'friends-lobby-phone');

    // The host deals: every seat's line tells whose turn it is.
    await ann.page.getByRole('button', { name: 'Deal' }).click();
    for (const b of [ann, sam, bo]) await b.page.getByRole('status').getByText(/turn\. You hold \d+ cards/).waitFor({ timeout: 20_000 });

    // Sam closes the page: the host sees the seat away (a bot plays it); the same link in the
    // same browser takes it back; another browser's token cannot.
    await sam.page.close();
    await seat(ann.page, 2).getByText('away: a bot plays for now').waitFor({ timeout: 20_000 });
    const back = await sam.context.newPage();
    await back.goto(link);
    await seat(back, 2).getByText('Sam (you)').waitFor({ timeout: 20_000 });
    await back.getByRole('status').getByText(/You hold \d+ cards/).waitFor();
    await seat(ann.page, 2).getByText(/^Seat 2: Sam$/).waitFor();
    assert.equal(await back.getByRole('button', { name: /Take seat/ }).count(), 0);

    for (const b of [ann, sam, bo]) assert.deepEqual(b.problems.consoleErrors, [], 'no console errors');
  } finally {
    for (const b of [ann, sam, bo]) await b.context.close();
    await server.close();
    signal.stop();
  }
});

test('friends: a broken room link is explained, never a crash', { timeout: 60_000 }, async () => {
  const server = await serve('dist', '/');
  const b = await openBrowser();
  try {
    await b.page.goto(`${server.url}friends/#room=short`);
    await b.page.getByRole('alert').getByText('not one the game makes').waitFor();
    assert.deepEqual(b.problems.consoleErrors, []);
  } finally {
    await b.context.close();
    await server.close();
  }
});
