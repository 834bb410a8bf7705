// The tables' sounds, made in the page with Web Audio (no sound files): a card laid, cards picked
// up or dealt, a shuffle, a penalty, and "your turn". Outside every page's first load: each table
// page adds this module once it has loaded, and the service worker precaches it. It listens to
// what the tables already render (the cards that fly in, the laid card, the banner, the turn
// line, the log), so the pages' wasm carries nothing for it but the switch in the head row
// (`input[data-sound]`), whose state this module keeps in localStorage and puts back whenever a
// table redraws it. Browsers let a page play sound only after a tap or a key: the audio starts
// at the first one. Sound is on until switched off: a card table sounds like cards, and the
// switch is on every table. It also names the shedding game in progress in the tab (the page
// itself is only "at the table"): nothing of either is in a first load.
const KEY = 'blackjack.sound';
let on = localStorage.getItem(KEY) !== 'off';
let ctx = null;
let noise = null;

function audio() {
  if (!ctx) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    ctx = new Ctx();
    // Half a second of white noise, the stuff of card sounds.
    noise = ctx.createBuffer(1, ctx.sampleRate / 2, ctx.sampleRate);
    const d = noise.getChannelData(0);
    for (let i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
  }
  if (ctx.state === 'suspended') ctx.resume();
  return ctx;
}

/** A burst of filtered noise: a card's flick (high, short) or slide (lower, longer). */
function swish(at, { freq = 3000, q = 0.8, length = 0.06, gain = 0.35 } = {}) {
  const src = ctx.createBufferSource();
  src.buffer = noise;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = freq;
  filter.Q.value = q;
  const env = ctx.createGain();
  env.gain.setValueAtTime(gain, at);
  env.gain.exponentialRampToValueAtTime(0.001, at + length);
  src.connect(filter).connect(env).connect(ctx.destination);
  src.start(at, Math.random() * 0.3, length + 0.02);
}

/** A soft tone: `notes` as [frequency, start offset] pairs. */
function tone(at, notes, { type = 'sine', length = 0.16, gain = 0.12 } = {}) {
  for (const [freq, off] of notes) {
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.value = freq;
    const env = ctx.createGain();
    env.gain.setValueAtTime(0.0001, at + off);
    env.gain.exponentialRampToValueAtTime(gain, at + off + 0.01);
    env.gain.exponentialRampToValueAtTime(0.0001, at + off + length);
    osc.connect(env).connect(ctx.destination);
    osc.start(at + off);
    osc.stop(at + off + length + 0.02);
  }
}

const SOUNDS = {
  play: (t) => swish(t, { freq: 2600, length: 0.07, gain: 0.45 }),
  pickup: (t) => swish(t, { freq: 1500, q: 0.6, length: 0.11, gain: 0.3 }),
  deal: (t) => swish(t, { freq: 3400, length: 0.05, gain: 0.3 }),
  shuffle: (t) => { for (let i = 0; i < 14; i++) swish(t + i * 0.035 + Math.random() * 0.01, { freq: 2200 + Math.random() * 1500, length: 0.03, gain: 0.22 }); },
  penalty: (t) => tone(t, [[330, 0], [247, 0.13]], { type: 'triangle', length: 0.2, gain: 0.16 }),
  turn: (t) => tone(t, [[660, 0], [990, 0.11]], { length: 0.22, gain: 0.1 }),
};

const lastAt = {};
/** Plays `name` after `delay` seconds, at most once per 40 ms of each sound (a deal of many
 *  cards staggers its own). */
function play(name, delay = 0) {
  if (!on || !ctx || ctx.state !== 'running') return;
  const at = ctx.currentTime + delay;
  if (lastAt[name] !== undefined && Math.abs(at - lastAt[name]) < 0.04) return;
  lastAt[name] = at;
  SOUNDS[name](at);
}

// ----- what the tables show, heard

let myTurn = false;
let logTop = '';
let bannerText = '';
function listen(added) {
  for (const el of added) {
    if (!(el instanceof Element)) continue;
    const all = [el, ...el.querySelectorAll('.laid.from-seat, .fly, .card')];
    let flies = 0;
    for (const n of all) {
      if (n.matches('.laid.from-seat')) play('play');
      else if (n.matches('.fly')) play(n.closest('.uno') ? 'deal' : 'pickup', 0.045 * flies++);
      else if (n.matches('.casino .cards .card')) play('deal', 0.05 * flies++);
    }
  }
  // A penalty's banner (new, or a new text in it).
  const banner = document.querySelector('.refusal')?.textContent || '';
  if (banner !== bannerText && /pick up|costs/.test(banner)) play('penalty');
  bannerText = banner;
  // The turn line, and the log's newest line (a shuffle, a penalty of anyone's).
  const turn = !!document.querySelector('.turn.mine') || /^Your turn/.test(document.querySelector('.uno .status')?.textContent || '');
  if (turn && !myTurn) play('turn', 0.15);
  myTurn = turn;
  const top = document.querySelector('[aria-label="Game log"] li')?.textContent || '';
  if (top !== logTop) {
    if (/shuffl|turned over/i.test(top)) play('shuffle');
    logTop = top;
  }
}

// ----- the switch: every table has one; this keeps them all in step, and brings its look (here,
// not in the pages' stylesheets: nothing of the sound is in a first load). On a narrow phone a
// note stands for the word, which stays its name.
const look = document.createElement('style');
look.textContent = `.sound-switch { display: inline-flex; align-items: center; gap: var(--space-1); min-height: 44px; font-size: var(--text-s); cursor: pointer; }
.sound-switch input { width: 22px; height: 22px; margin: 0; }
@media (max-width: 420px) {
  .sound-switch { position: relative; min-width: 24px; justify-content: center; border-radius: 6px; font-size: 0; }
  .sound-switch::after { content: "\\266A"; font-size: var(--text-l); line-height: 1; }
  .sound-switch:has(input:not(:checked))::after { text-decoration: line-through; opacity: 0.6; }
  .sound-switch:has(input:focus-visible) { outline: 3px solid var(--focus); }
  .sound-switch input { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
}`;
document.head.append(look);

// The shedding table leaves its switch to this module (its page has no room to spare): after
// the sort button of the table's foot, put back whenever the foot is redrawn.
const SWITCH = '<label class="sound-switch"><input type="checkbox" data-sound checked>Sound</label>';
function sync() {
  const foot = document.querySelector('.shed .table-foot');
  if (foot && !foot.querySelector('input[data-sound]')) foot.querySelector('.sort')?.insertAdjacentHTML('afterend', SWITCH);
  for (const box of document.querySelectorAll('input[data-sound]')) {
    if (box.checked !== on) box.checked = on;
  }
}
document.addEventListener('change', (e) => {
  if (!e.target.matches?.('input[data-sound]')) return;
  on = e.target.checked;
  localStorage.setItem(KEY, on ? 'on' : 'off');
  sync();
  if (on && audio()) play('turn');
});

new MutationObserver((records) => {
  sync();
  listen(records.flatMap((r) => [...r.addedNodes]));
}).observe(document.body, { childList: true, subtree: true, characterData: true });
sync();

// The first tap or key wakes the audio (browsers allow sound only after one).
const wake = () => { if (on) audio(); };
for (const type of ['pointerdown', 'keydown']) addEventListener(type, wake, { capture: true, passive: true });
// A tap that came before this module did (it loads after the page): ask the browser.
if (navigator.userActivation?.hasBeenActive && on) audio();

// The tab names the shedding game in progress, from its save ("preset=taylor").
const rules = /preset=(\w+)/.exec(localStorage.getItem('blackjack.shedding') || '');
const title = { taylor: 'Taylor Blackjack', priestly: 'Priestly College BlackJack', british: 'British Black Jack' }[rules?.[1]];
if (title && /\/play\/(index\.html)?$/.test(location.pathname)) document.title = `${title} · Blackjack`;
