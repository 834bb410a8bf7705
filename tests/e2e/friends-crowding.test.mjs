// Link-holders cannot crowd out friends (issue 35, 1.3), end to end against the real signalling
// server (its own, started here with short timeouts and a small room): a stranger with the link
// fills the room with idle WebSockets while the host is away, keeping them alive; the room
// refuses one more, but the host reopens the table all the same, the server closes every socket
// that never signals the host once the host is back (--intro-secs), a socket silent past
// --idle-secs is closed, and a friend then opens the link and takes a seat. The rules themselves
// are tested natively (signal/tests/server.rs); this is the same with the pages in the loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './harness.mjs';
import { signalling, seat, takeSeat, openTable, friendsPlayer as player } from './friends-harness.mjs';

// A room takes this many friends (its host on top); a friend that has not signalled the host
// within INTRO seconds, and any socket silent for IDLE seconds, is closed. Short, so the test
// is, but not shorter than a real page needs: IDLE outlasts the pages' keep-alive (every 10 s,
// matchbox_socket's), or the host's own socket would be closed while it waits for Sam; INTRO
// leaves a page on a loaded machine time to answer the host's offer.
const ROOM = 4;
const INTRO = 6;
const IDLE = 15;

/** Opens `n` WebSockets to `url` from `page` (a stranger's script, no game in it), each kept
 * alive with a message every 500 ms if `keepAlive`; resolves once each has opened or closed.
 * Their states stay in `window.__sockets` (`open`, `closed` with its code, `everOpen`). */
function sockets(page, url, n, keepAlive) {
  return page.evaluate(([url, n, keepAlive]) => {
    window.__sockets ||= [];
    const settled = [];
    for (let i = 0; i < n; i++) {
      const s = { url, state: 'connecting', code: null, everOpen: false };
      window.__sockets.push(s);
      const ws = new WebSocket(url);
      let timer;
      settled.push(new Promise((ok) => {
        ws.onopen = () => {
          Object.assign(s, { state: 'open', everOpen: true });
          if (keepAlive) timer = setInterval(() => ws.send('"KeepAlive"'), 500);
          ok();
        };
        ws.onclose = (e) => {
          Object.assign(s, { state: 'closed', code: e.code });
          clearInterval(timer);
          ok();
        };
      }));
    }
    return Promise.all(settled).then(() => window.__sockets.slice(-n).map((s) => ({ ...s })));
  }, [url, n, keepAlive]);
}

/** Waits until every socket of `page` to `url` is closed; returns their states. */
async function allClosed(page, url, timeout) {
  await page.waitForFunction((url) => window.__sockets.filter((s) => s.url === url).every((s) => s.state === 'closed'),
    url, { timeout, polling: 100 });
  return page.evaluate((url) => window.__sockets.filter((s) => s.url === url), url);
}

async function stats(signalUrl) {
  return (await fetch(`${signalUrl.replace(/^ws/, 'http')}/stats`)).json();
}

test('friends: idle sockets of link-holders cannot keep the host or a friend out', { timeout: 180_000 }, async () => {
  const signal = await signalling(['--max-room', String(ROOM), '--intro-secs', String(INTRO), '--idle-secs', String(IDLE)]);
  const server = await serve('dist', '/');
  const [ann, sam, eve] = [await player(server.url, signal.url), await player(server.url, signal.url), await player(server.url, signal.url)];
  try {
    const link = await openTable(ann.page, server.url, 2, 1);
    const room = link.split('#room=')[1];
    const roomUrl = `${signal.url}/${room}`;
    // Eve's script runs in a page of the site: Chromium's local-network checks refuse a
    // WebSocket to 127.0.0.1 from about:blank (as a stranger's page on its own site would be
    // from a public one; the server sees the same sockets either way).
    await eve.page.goto(`${server.url}rules/`);
    await seat(ann.page, 2).getByText('Seat 2: Free').waitFor({ timeout: 30_000 });

    // A socket that says nothing, in a room of its own (no host there to introduce it to): the
    // server closes it for idling.
    const silentUrl = `${signal.url}/silentroom000000000000`;
    const [silent] = await sockets(eve.page, silentUrl, 1, false);
    assert.equal(silent.state, 'open', 'a socket to any room opens');
    const [closedSilent] = await allClosed(eve.page, silentUrl, (IDLE + 10) * 1000);
    assert.equal(closedSilent.code, 1000, 'closed for idling, by the server');

    // Ann closes her page. Eve fills the room with sockets kept alive, and one more is refused.
    await ann.page.close();
    const before = await stats(signal.url);
    const lurkers = await sockets(eve.page, roomUrl, ROOM, true);
    assert.ok(lurkers.every((s) => s.state === 'open'), `the room takes ${ROOM}: ${JSON.stringify(lurkers)}`);
    const [extra] = await sockets(eve.page, roomUrl, 1, true);
    assert.equal(extra.state, 'closed', `one more is refused: ${JSON.stringify(extra)}`);
    assert.ok((await stats(signal.url)).refused_full > before.refused_full, 'counted as a full room');
    // Kept alive, they outlast the idle timeout while the host is away (only the intro timeout,
    // which runs while a host is there, can close them).
    await eve.page.waitForTimeout((IDLE + 1) * 1000);
    const held = await eve.page.evaluate((url) => window.__sockets.filter((s) => s.url === url && s.state === 'open').length, roomUrl);
    assert.equal(held, ROOM, 'the lurkers hold the room');

    // Ann opens the link again: she hosts her table (the full room does not keep its host out),
    // and the lurkers, who never signal her, are closed.
    const host = await ann.context.newPage();
    await host.goto(link);
    await seat(host, 2).getByText('Seat 2: Free').waitFor({ timeout: 30_000 });
    assert.equal(await host.getByRole('alert').count(), 0, 'the host is not refused');
    const closed = await allClosed(eve.page, roomUrl, (INTRO + 15) * 1000);
    assert.deepEqual(closed.filter((s) => s.everOpen).map((s) => s.code), Array(ROOM).fill(1008),
      'each lurker closed by the server for never signalling the host');

    // Sam opens the link and takes the open seat; the host sees him there.
    await sam.page.goto(link);
    await takeSeat(sam.page, 2, 'Sam', sam.problems.consoleErrors);
    await seat(host, 2).getByText('Seat 2: Sam').waitFor({ timeout: 30_000 });
    assert.deepEqual(ann.problems.consoleErrors, [], 'no console errors on the host\'s pages');
    assert.deepEqual(sam.problems.consoleErrors, [], 'nor on the friend\'s');
  } finally {
    for (const b of [ann, sam, eve]) await b.context.close();
    await server.close();
    signal.stop();
  }
});
