// A stranger with the room link (issue 35, 1.1): no page of the table with friends, not even a
// browser, just a WebSocket to the signalling server speaking matchbox's JSON signalling, that
// answers the host's WebRTC offer with a session description no browser can read, and sends ICE
// candidates the browser refuses (around an answer that is real). Then the same as the host of a
// room of its own whose link a friend opens: a bad offer, and a real offer behind bad
// candidates. matchbox_socket 0.15.0 as published unwrapped each of these and aborted the page;
// the patched copy (patches/matchbox_socket) drops that one connection. Every step waits on an
// event (a note on the page, a message over the stranger's data channel), never a time.
import { test } from 'node:test';
import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { serve, openBrowser } from './harness.mjs';
import { WEBRTC_FLAGS, signalling, seat, takeSeat, play, openTable } from './friends-harness.mjs';

const SETTINGS = 'blackjack v2\nfour_colour=0\nhigh_contrast=0\nreduce_motion=1\nclock=0\npace=8\nsort=0\nassist=1\nclock_seen=1\n';

/** A session description no browser can parse. */
const BAD_SDP = 'v=0\r\nthis is not a session description\r\n';

/** ICE candidates as matchbox sends them (an RTCIceCandidate's JSON, as a string) that the
 * browser refuses: an unreadable candidate line, an unknown media id, neither media id nor
 * index, a number, and text that is not JSON. */
const BAD_CANDIDATES = [
  '{"candidate":"candidate:not a candidate","sdpMid":"0","sdpMLineIndex":0}',
  '{"candidate":"candidate:1 1 udp 2122260223 127.0.0.1 9 typ host","sdpMid":"no such media"}',
  '{}',
  '42',
  'not json',
];

/**
 * Runs in the stranger's page: a WebSocket to `url` (the room as a friend, or as its host with
 * `.host.KEY`). To the first peer the server names (the host's offer to a friend; a waiting friend
 * to a host) it sends `BAD_CANDIDATES`, then either `BAD_SDP` (resolves once sent), or with
 * `real` a description made by an RTCPeerConnection of its own: as a friend it resolves with the
 * first message on the data channel (the host's seats: the host lived through the candidates);
 * as a host it sends unreadable bytes once the channel opens and resolves. Rejects if the server
 * refused the connection (the room's host has not left it yet).
 */
function stranger({ url, real, badSdp, badCandidates }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const signal = (receiver, data) => ws.send(JSON.stringify({ Signal: { receiver, data } }));
    let opened = false;
    let peer = null;
    let pc = null;
    ws.onopen = () => { opened = true; };
    ws.onclose = () => { if (!opened) reject(new Error('refused')); };
    const gathered = (pc) => new Promise((ok) => {
      if (pc.iceGatheringState === 'complete') return ok();
      pc.addEventListener('icegatheringstatechange', () => { if (pc.iceGatheringState === 'complete') ok(); });
    });
    // The channel matchbox negotiates: reliable, ordered, id 0.
    const connection = () => {
      pc = new RTCPeerConnection();
      const channel = pc.createDataChannel('stranger', { negotiated: true, id: 0 });
      channel.binaryType = 'arraybuffer';
      return channel;
    };
    ws.onmessage = async (e) => {
      const event = JSON.parse(e.data);
      try {
        if (event.NewPeer && peer === null) {
          // As the room's host: offer to the friend.
          peer = event.NewPeer;
          badCandidates.forEach((c) => signal(peer, { IceCandidate: c }));
          if (!real) {
            signal(peer, { Offer: badSdp });
            return resolve('sent');
          }
          const channel = connection();
          channel.onopen = () => {
            channel.send(new Uint8Array([0xff, 0xff, 1, 2, 3]));
            resolve('opened');
          };
          await pc.setLocalDescription(await pc.createOffer());
          await gathered(pc);
          signal(peer, { Offer: pc.localDescription.sdp });
        } else if (event.Signal && event.Signal.data.Offer && peer === null) {
          // As a friend: answer the host's offer.
          peer = event.Signal.sender;
          badCandidates.forEach((c) => signal(peer, { IceCandidate: c }));
          if (!real) {
            signal(peer, { Answer: badSdp });
            return resolve('sent');
          }
          const channel = connection();
          channel.onmessage = () => resolve('heard');
          await pc.setRemoteDescription({ type: 'offer', sdp: event.Signal.data.Offer });
          await pc.setLocalDescription(await pc.createAnswer());
          await gathered(pc);
          signal(peer, { Answer: pc.localDescription.sdp });
        } else if (event.Signal && event.Signal.sender === peer && pc) {
          // The friend's answer to a real offer, and its candidates.
          const data = event.Signal.data;
          if (data.Answer) await pc.setRemoteDescription({ type: 'answer', sdp: data.Answer });
          if (data.IceCandidate && data.IceCandidate !== 'null') await pc.addIceCandidate(JSON.parse(data.IceCandidate)).catch(() => {});
        }
      } catch (err) {
        reject(err);
      }
    };
  });
}

/** A stranger's attempt from a page of its own (closing it closes the socket): `url` is the
 * room's signalling address (or its host's), tried again while the server refuses it (a host
 * that just left may not have left the room yet). */
async function attempt(browser, url, real) {
  for (let tries = 0; ; tries++) {
    const page = await browser.context.newPage();
    try {
      const got = await page.evaluate(stranger, { url, real, badSdp: BAD_SDP, badCandidates: BAD_CANDIDATES });
      return { page, got };
    } catch (e) {
      await page.close();
      if (!String(e).includes('refused') || tries > 100) throw e;
    }
  }
}

/** A browser whose friends page uses `signal`, bots at eight times people's pace. */
async function player(siteUrl, signal) {
  const b = await openBrowser(undefined, WEBRTC_FLAGS);
  // A page error settles `died`, which a wait races (a page that aborted shows nothing more).
  b.pageErrors = [];
  let fail;
  b.died = new Promise((_, f) => { fail = f; });
  b.died.catch(() => {});
  const watch = (p) => p.on('pageerror', (e) => {
    b.pageErrors.push(String(e));
    fail(new Error(`the page died: ${e}`));
  });
  watch(b.page);
  b.context.on('page', watch);
  await b.page.goto(`${siteUrl}rules/taylor.html`);
  await b.page.evaluate(([s, settings]) => {
    localStorage.setItem('bj.friends.signal', s);
    localStorage.setItem('blackjack.settings', settings);
  }, [signal, SETTINGS]);
  return b;
}

/** The page's notes: browsers that could not connect, and messages dropped unread. */
const FAILED = '(\\d+) browsers? could not connect; the table goes on\\.';
const DROPPED = '(\\d+) unreadable messages dropped\\.';

/** The count a note of the page says (`note` is FAILED or DROPPED), 0 without one. */
const count = (page, note) => page.evaluate((note) => Number(document.body.innerText.match(new RegExp(note))?.[1] ?? 0), note);

/** Waits until the page's note says more than `than`, unless the page dies first: then fails
 * with its error (a panic in the release build is an abort, "RuntimeError: unreachable"). A
 * count, not a text: a message of the host's that arrives as it leaves is dropped unread too. */
async function aliveUntil(b, note, than, what) {
  const shown = b.page.waitForFunction(([note, than]) => Number(document.body.innerText.match(new RegExp(note))?.[1] ?? 0) > than, [note, than], { timeout: 30_000 });
  shown.catch(() => {});
  await Promise.race([shown, b.died]).catch((e) => { throw new Error(`${what}: ${e.message}`); });
}

const logLines = (page) => page.locator('#game-log li').allTextContents();

/** Both pages play until each has a new line of the other's move: the host's move reached the
 * friend through WebRTC, and the friend's the host. */
async function movesGoThrough(host, friend) {
  const before = { host: new Set(await logLines(host)), friend: new Set(await logLines(friend)) };
  const fresh = async (page, seen, who) => (await logLines(page)).some((l) => !seen.has(l) && new RegExp(`^${who} (plays|picks)`).test(l));
  const done = async () => (await fresh(friend, before.friend, 'Ann')) && (await fresh(host, before.host, 'Sam'));
  return play([host, friend], done, 90_000);
}

test('friends: a stranger\'s malformed answer, offer and candidates drop that connection; the table goes on', { timeout: 420_000 }, async () => {
  const signal = await signalling();
  const server = await serve('dist', '/');
  const [ann, sam] = [await player(server.url, signal.url), await player(server.url, signal.url)];
  const evil = await openBrowser(undefined, WEBRTC_FLAGS);
  try {
    // Ann opens a Taylor table for four, three seats for friends; Sam takes seat 2; Ann deals.
    const link = await openTable(ann.page, server.url, 4, 3);
    const room = link.split('#room=')[1];
    await sam.page.goto(link);
    await takeSeat(sam.page, 2, 'Sam', sam.problems.consoleErrors);
    await seat(ann.page, 2).getByText('Seat 2: Sam').waitFor();
    await ann.page.getByRole('button', { name: 'Deal' }).click();
    for (const b of [ann, sam]) await b.page.locator('.table.shed .hand-card').first().waitFor({ timeout: 20_000 });

    // A stranger opens a plain WebSocket to the room and answers the host's offer with a
    // description no browser can read (after candidates the browser refuses): the host drops
    // that connection and says so.
    const friendUrl = `${signal.url}/${room}`;
    const failedBefore = await count(ann.page, FAILED);
    const a = await attempt(evil, friendUrl, false);
    assert.equal(a.got, 'sent');
    await aliveUntil(ann, FAILED, failedBefore, 'the host after a malformed answer');

    // Another answers for real, behind the same candidates: the host adds what it can, skips
    // the rest and connects (it sends the stranger the seats, as to anyone who opens the link).
    const b = await Promise.race([attempt(evil, friendUrl, true), ann.died]);
    assert.equal(b.got, 'heard', 'the host connected to the stranger after its malformed candidates');
    await a.page.close();
    await b.page.close();

    // The table goes on: Ann's move reaches Sam, and Sam's reaches Ann.
    assert.ok(await movesGoThrough(ann.page, sam.page), 'moves go through after the stranger');
    assert.deepEqual(ann.pageErrors, [], 'no page error on the host\'s page');

    // A friend's page, the same from a stranger who hosts a room of its own (only the browser
    // that opened a room hosts it: a stranger cannot host Ann's) and sends its link: a
    // description that cannot be read, then a real offer behind bad candidates and unreadable
    // bytes once connected. Sam's page drops the first, skips the candidates, drops the bytes;
    // Sam's seat at Ann's table, in another tab, plays on.
    const [evilRoom, evilKey] = [randomBytes(16), randomBytes(16)].map((b) => b.toString('base64url'));
    const hostUrl = `${signal.url}/${evilRoom}.host.${evilKey}`;
    const lured = { page: await sam.context.newPage(), died: sam.died };
    const offered = attempt(evil, hostUrl, false);
    await lured.page.goto(`${server.url}friends/#room=${evilRoom}`);
    const c = await offered;
    assert.equal(c.got, 'sent');
    await aliveUntil(lured, FAILED, 0, 'a friend after a malformed offer');
    await c.page.close();
    const luredDropped = await count(lured.page, DROPPED);
    const d = await Promise.race([attempt(evil, hostUrl, true), sam.died]);
    assert.equal(d.got, 'opened');
    await aliveUntil(lured, DROPPED, luredDropped, 'a friend after malformed candidates and bytes');
    await d.page.close();
    await lured.page.close();

    // Ann's table goes on with Sam.
    assert.ok(await movesGoThrough(ann.page, sam.page), 'moves go through after the stranger\'s room');
    for (const p of [ann, sam]) assert.deepEqual(p.pageErrors, [], 'no page error on the players\' pages');
    for (const p of [ann, sam]) assert.deepEqual(p.problems.consoleErrors, [], 'no console error on the players\' pages');
  } finally {
    for (const b of [ann, sam, evil]) await b.context.close();
    await server.close();
    signal.stop();
  }
});
