// What the end-to-end tests of tables with friends share: the signalling server, Chromium's
// switches for WebRTC on one machine, and keeping each page's wasm memory where a test reads it.
// WebRTC between browsers on one machine: Chromium hides host candidates behind mDNS names
// (WebRtcHideLocalIpsWithMdns) and leaves out loopback addresses unless allowed; both switches
// are Chromium's own (see its webrtc flags), for tests only.
import assert from 'node:assert/strict';
import { axeViolations, openBrowser } from './harness.mjs';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WEBRTC_FLAGS = ['--disable-features=WebRtcHideLocalIpsWithMdns', '--allow-loopback-in-peer-connection'];

const freePort = () => new Promise((ok) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
});

/** The signalling server: scripts/test.sh's (SIGNAL_URL), or one started here on a free port;
 * always one of its own when the test needs other `flags` (`blackjack-signal --help`). */
export async function signalling(flags = []) {
  if (process.env.SIGNAL_URL && flags.length === 0) return { url: process.env.SIGNAL_URL, stop: () => {} };
  const bin = join(ROOT, 'target/server/blackjack-signal');
  assert.ok(existsSync(bin), 'build it first: cargo build --profile server -p blackjack-signal');
  const port = await freePort();
  // Every page is on this machine: no limit of rooms per address, as scripts/test.sh's server
  // (a test's own `flags` come after, and the last of a flag counts).
  const base = ['--addr', `127.0.0.1:${port}`, '--remember-per-address', '0'];
  const child = spawn(bin, [...base, ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((ok) => child.stdout.once('data', ok));
  return { url: `ws://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** An init script (runs in every page before its scripts, not in workers): keeps each wasm
 * instance's memory in `self.__wasmMemories`, where a test searches it. */
export function keepWasmMemories() {
  const keep = (r) => {
    const memory = (r.instance || r).exports?.memory;
    if (memory) (self.__wasmMemories ||= []).push(memory);
    return r;
  };
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming) WebAssembly.instantiateStreaming = (...a) => streaming.apply(WebAssembly, a).then(keep);
  const plain = WebAssembly.instantiate;
  WebAssembly.instantiate = (...a) => plain.apply(WebAssembly, a).then(keep);
}

/** Seat `n` (from 1) in a page's lobby. */
export const seat = (page, n) => page.locator(`.friend-seats li[data-seat="${n - 1}"]`);

/** Takes seat `n` under `name` as a person would; a failure says what the page said and the
 * console errors it had (`consoleErrors`). */
export async function takeSeat(page, n, name, consoleErrors = []) {
  // The field appears with the seats; a render right after it appears can set it back to what
  // the page held, so type until the name stays (a person sees it and types again).
  const field = page.getByLabel('Your name');
  for (let i = 0; i < 20; i++) {
    await field.fill(name);
    await page.waitForTimeout(200);
    if ((await field.inputValue()) === name) break;
  }
  await page.getByRole('button', { name: `Take seat ${n}` }).click();
  await seat(page, n).getByText(`${name} (you)`).waitFor({ timeout: 20_000 }).catch(async (e) => {
    throw new Error(`${e.message}\nThe page said: ${await page.locator('main').innerText()}\nConsole: ${JSON.stringify(consoleErrors)}`);
  });
}

/** The host, Ann, opens a Taylor table for `players` with `friends` seats for friends on the
 * friends form; returns the room link. */
export async function openTable(page, siteUrl, players, friends) {
  await page.goto(`${siteUrl}friends/`);
  await page.getByLabel('Players').selectOption(String(players));
  await page.getByLabel('Seats for friends').selectOption(String(friends));
  await page.getByLabel('Your name').fill('Ann');
  await page.getByRole('button', { name: 'Open the table' }).click();
  return page.getByLabel('Room link').inputValue();
}

/** The host opens a table of `game` (its label on the friends form): the form leads to that
 * family's own page (`friends/<path>/`, its form's game `value`), where the host, Ann, opens a
 * table of three with one seat for a friend (axe checks the form). Returns the room link,
 * checked to open that page. */
export async function openFamilyTable(page, siteUrl, { game, path, value }) {
  await page.goto(`${siteUrl}friends/`);
  await page.getByLabel('Game').selectOption({ label: game });
  await page.waitForURL(new RegExp(`/friends/${path}/$`));
  assert.equal(await page.getByLabel('Game').inputValue(), value);
  await page.getByLabel('Players').selectOption('3');
  await page.getByLabel('Seats for friends').selectOption('1');
  await page.getByLabel('Your name').fill('Ann');
  assert.deepEqual(await axeViolations(page), [], 'axe on the host form');
  await page.getByRole('button', { name: 'Open the table' }).click();
  const link = await page.getByLabel('Room link').inputValue();
  assert.match(link, new RegExp(`/friends/${path}/#room=[A-Za-z0-9_-]{22}$`), `the room link opens friends/${path}/`);
  return link;
}

/** One move on a page's mounted table when it is that seat's turn (as a person would): a suit
 * when asked, a card that follows, "Finished", else pick up; "Last card" in time. */
export async function move(page) {
  const table = page.locator('.table.shed');
  const next = table.getByRole('button', { name: 'Next round' });
  if (await next.count()) return next.click();
  const suits = table.getByRole('group', { name: 'Name a suit' });
  if (await suits.count()) return suits.getByRole('button', { name: 'Hearts' }).click();
  if (!(await table.getByText('Your turn', { exact: true }).count())) return;
  const hand = table.locator('.hand-card');
  const playable = table.locator('.hand-card.playable');
  // "Last card" only before a card that follows: a false call costs a card.
  if ((await hand.count()) === 2 && (await playable.count()) && (await table.getByRole('button', { name: 'Last card' }).count())) {
    await table.getByRole('button', { name: 'Last card' }).click();
  }
  if (await playable.count()) return playable.first().click({ position: { x: 10, y: 30 } });
  const finished = table.getByRole('button', { name: 'Finished' });
  if (await finished.count()) return finished.click();
  const pick = table.getByRole('button', { name: /^Pick up/ });
  if (await pick.count()) return pick.click();
}

/** Every page plays its seat until `done()`. A game's length is its deal's, so there is no
 * budget for the whole of it: only a table where nothing happens for `stallMs` (the game log of
 * `pages[0]` unchanged) fails, as a hang. */
export async function play(pages, done, stallMs = 60_000) {
  const log = (page) => page.locator('#game-log').textContent().catch(() => '');
  let last = await log(pages[0]);
  let since = Date.now();
  while (!(await done())) {
    for (const p of pages) await move(p).catch(() => {});
    await pages[0].waitForTimeout(50);
    const now = await log(pages[0]);
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since > stallMs) {
      return false;
    }
  }
  return true;
}

/** The players' settings the tests of tables with friends start from: bots at eight times
 * people's pace, no animations, no quick-play clock. */
export const QUICK_SETTINGS = 'blackjack v2\nfour_colour=0\nhigh_contrast=0\nreduce_motion=1\nclock=0\npace=8\nsort=0\nassist=1\nclock_seen=1\n';

/** A browser whose friends page uses the signalling server `signal`, with `QUICK_SETTINGS`. It
 * is left on about:blank, so that opening a room link loads the page (a fragment change alone
 * does not open the room). */
export async function friendsPlayer(siteUrl, signal) {
  const b = await openBrowser(undefined, WEBRTC_FLAGS);
  await b.page.goto(`${siteUrl}friends/`);
  await b.page.evaluate(([s, settings]) => {
    localStorage.setItem('bj.friends.signal', s);
    localStorage.setItem('blackjack.settings', settings);
  }, [signal, QUICK_SETTINGS]);
  await b.page.goto('about:blank');
  return b;
}
