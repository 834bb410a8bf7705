// A stranger who has a room link cannot host the room while its host is away (issue 35, 1.2):
// the attack as it was played. The host opens a table, a friend takes a seat, the host closes its
// page; a third browser writes the table's saved record under the room's key in its own storage
// (as if it had copied it) and opens the link, which makes it the room's host in its page. The
// signalling server refuses it (only the browser that opened the room holds its key), its page
// says so, the friend's page never connects to it, and the real host opens the link again and
// has its table back, the friend in their seat. And the friend's page never sends its seat token
// to anyone (protocol 4): every byte it puts on a data channel is recorded in the page, and the
// token is in none of them, though the page claimed the seat and later proved it to the host.
// The crowding of 1.3 (idle sockets that hold a room) is tested natively (signal/tests/server.rs)
// and end to end (friends-crowding.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './harness.mjs';
import { signalling, seat, takeSeat, openTable, friendsPlayer as player } from './friends-harness.mjs';

/** Every message the page sends on a WebRTC data channel, as hex, in `window.__sent`. */
function recordSent() {
  window.__sent = [];
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data)
      : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : new TextEncoder().encode(String(data));
    window.__sent.push(Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
    return send.call(this, data);
  };
}

/** The forms a 128-bit token could take in bytes, as hex: little- and big-endian, postcard's
 * varint (LEB128, how the wire writes a u128), and the text the page stores. */
function tokenForms(text) {
  const value = BigInt(`0x${text}`);
  const be = text.padStart(32, '0');
  const le = be.match(/../g).reverse().join('');
  let varint = '';
  for (let v = value; ; ) {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    varint += (v ? low | 0x80 : low).toString(16).padStart(2, '0');
    if (!v) break;
  }
  const ascii = Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');
  return { be, le, varint, ascii };
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
    await sam.context.addInitScript(recordSent);
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

    // What Sam's page sent, to Ann's first table and to the reopened one: its claim, its proof,
    // pings. The token it keeps is in none of it, in any form.
    const token = await sam.page.evaluate((r) => localStorage.getItem(`bj.friends.seat.${r}`), room);
    assert.match(token ?? '', /^[0-9a-f]{32}$/, 'the friend keeps a seat token');
    const sent = await sam.page.evaluate(() => window.__sent);
    // The recorder saw the game's own messages (a claim, a proof: each begins with the protocol's
    // version, the same two bytes).
    assert.ok(sent.length >= 2 && sent.every((m) => m.slice(0, 4) === sent[0].slice(0, 4)), `the friend's messages were recorded: ${sent}`);
    for (const [form, hex] of Object.entries(tokenForms(token))) {
      // Half the form is enough to give most of the token away.
      const half = hex.slice(0, hex.length / 2 + (hex.length / 2) % 2);
      assert.ok(!sent.some((m) => m.includes(half)), `the token (${form}) is not in what the friend sent`);
    }
    assert.deepEqual(ann.problems.consoleErrors, [], 'no console errors on the host\'s pages');
  } finally {
    for (const b of [ann, sam, eve]) await b.context.close();
    await server.close();
    signal.stop();
  }
});
