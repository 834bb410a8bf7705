// A stranger who has a room link cannot host the room while its host is away (issue 35, 1.2):
// the attack as it was played. The host opens a table, a friend takes a seat, the host closes its
// page; a third browser writes the table's saved record under the room's key in its own storage
// (as if it had copied it) and opens the link, which makes it the room's host in its page. The
// signalling server refuses it (only the browser that opened the room holds its key), its page
// says so, the friend's page never connects to it (so never hands it the seat's token), and the
// real host opens the link again and has its table back, the friend in their seat.
// The crowding of 1.3 (idle sockets that hold a room) is tested natively: signal/tests/server.rs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, openBrowser } from './harness.mjs';
import { WEBRTC_FLAGS, signalling, seat, takeSeat, openTable } from './friends-harness.mjs';

const SETTINGS = 'blackjack v2\nfour_colour=0\nhigh_contrast=0\nreduce_motion=1\nclock=0\npace=8\nsort=0\nassist=1\nclock_seen=1\n';

/** A browser whose friends page uses `signal`. */
async function player(siteUrl, signal) {
  const b = await openBrowser(undefined, WEBRTC_FLAGS);
  await b.page.goto(`${siteUrl}friends/`);
  await b.page.evaluate(([s, settings]) => {
    localStorage.setItem('bj.friends.signal', s);
    localStorage.setItem('blackjack.settings', settings);
  }, [signal, SETTINGS]);
  // Away from friends/, so that opening a room link loads the page (a fragment change alone
  // does not open the room).
  await b.page.goto('about:blank');
  return b;
}

/** The signalling server's counters. */
async function stats(signalUrl) {
  const res = await fetch(`${signalUrl.replace(/^ws/, 'http')}/stats`);
  return res.json();
}

test('friends: a stranger with the link cannot host the room while its host is away', { timeout: 180_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam, eve] = [await player(server.url, signal.url), await player(server.url, signal.url), await player(server.url, signal.url)];
  try {
    // Ann opens a table for two, one seat for a friend; Sam takes it.
    const link = await openTable(ann.page, server.url, 2, 1);
    const room = link.split('#room=')[1];
    await sam.page.goto(link);
    await takeSeat(sam.page, 2, 'Sam', sam.problems.consoleErrors);
    await seat(ann.page, 2).getByText('Seat 2: Sam').waitFor();
    // The table's record as Ann's browser keeps it.
    const record = await ann.page.evaluate((r) => localStorage.getItem(`bj.friends.host.${r}`), room);
    assert.ok(record, 'the host keeps its table');
    assert.ok(await ann.page.evaluate((r) => localStorage.getItem(`bj.friends.hostkey.${r}`), room), 'and its key, beside it');
    assert.ok(!link.includes(await ann.page.evaluate((r) => localStorage.getItem(`bj.friends.hostkey.${r}`), room)),
      'the link does not carry the key');

    // Ann closes her page: Sam is told, and waits.
    const left = () => sam.page.getByRole('status').getByText('The host left the table.', { exact: false });
    await ann.page.close();
    await left().waitFor({ timeout: 30_000 });

    // Eve writes the record under the room's key and opens the link: her page hosts the room
    // and is refused, with a notice that says why.
    const before = await stats(signal.url);
    await eve.page.goto(`${server.url}friends/`);
    await eve.page.evaluate(([r, text]) => localStorage.setItem(`bj.friends.host.${r}`, text), [room, record]);
    await eve.page.goto('about:blank');
    await eve.page.goto(link);
    await eve.page.getByRole('alert').getByText('Only the browser that opened this table can host it').waitFor({ timeout: 30_000 });
    const after = await stats(signal.url);
    assert.ok(after.refused_not_host > before.refused_not_host, `the server refused a host with another key: ${JSON.stringify(after)}`);
    // Sam's page still waits for the real host: it never met Eve's.
    assert.equal(await left().count(), 1, 'the friend still waits for the host');

    // Ann opens the link again: her table is back, and Sam is in the seat.
    const host = await ann.context.newPage();
    await host.goto(link);
    await seat(host, 2).getByText(/^Seat 2: Sam$/).waitFor({ timeout: 30_000 });
    await left().waitFor({ state: 'detached', timeout: 30_000 });
    await seat(sam.page, 2).getByText('Sam (you)').waitFor({ timeout: 30_000 });
    assert.equal(await host.getByRole('alert').count(), 0, 'the host is not refused');
    assert.deepEqual(ann.problems.consoleErrors, [], 'no console errors on the host\'s pages');
  } finally {
    for (const b of [ann, sam, eve]) await b.context.close();
    await server.close();
    signal.stop();
  }
});
