// Builds static/cards.svg, the card-face sprite, from the CC0 deck in the npm package
// @letele/playing-cards 0.1.0 (Adrian Kennard's public-domain SVG cards, packaged as React
// components). The sprite is committed, so the build never needs this script or the package;
// run it again only to change the art:
//   npm install --no-save @letele/playing-cards@0.1.0 && node scripts/make-card-sprite.mjs
// Output: one <symbol id="QS" viewBox="-120 -168 240 336"> per face ("AS".."KS", "10H", ...),
// without the card's outline (the page draws that, heavier in high contrast). Suit signs and
// corner indices are drawn in currentColor, so the page picks the suit colours (four-colour deck,
// high contrast) by setting `color` on the <use>. Shared shapes (suits, rank glyphs) are stored
// once and path data is rounded to whole units of each shape's own grid, which keeps the file
// small without a visible change.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const input = process.argv[2] || `${root}node_modules/@letele/playing-cards/dist/index.esm.js`;
const output = process.argv[3] || `${root}static/cards.svg`;

// Evaluate the package's module with a stand-in for React that returns the element tree.
let src = readFileSync(input, 'utf8').replace(/^import .*$/gm, '');
const exported = src.match(/export \{([^}]*)\};/)[1].split(',').map((s) => s.trim().split(' as '));
src = src.replace(/export \{[^}]*\};/, '');
const React = { createElement: (tag, props, ...kids) => ({ tag, props: props || {}, kids: kids.flat().filter((k) => k != null) }) };
const deck = new Function('React', '_extends', `${src}\nreturn {${exported.map(([a, b]) => `${JSON.stringify(b)}: ${a}`).join(',')}};`)(
  React,
  Object.assign,
);

const SUITS = { S: 'S', H: 'H', D: 'D', C: 'C' };
const RANKS = { a: 'A', 2: '2', 3: '3', 4: '4', 5: '5', 6: '6', 7: '7', 8: '8', 9: '9', 10: '10', j: 'J', q: 'Q', k: 'K' };

// ---- path data: absolute, rounded to a grid, written back relative with the fewest characters
const ARGS = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
function parsePath(d) {
  const out = [];
  let i = 0;
  let cmd = null;
  const num = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
  const skip = () => {
    while (i < d.length && /[\s,]/.test(d[i])) i++;
  };
  for (;;) {
    skip();
    if (i >= d.length) break;
    if (/[a-zA-Z]/.test(d[i])) cmd = d[i++];
    else if (cmd === null) throw new Error(`bad path ${d.slice(0, 40)}`);
    const n = ARGS[cmd.toLowerCase()];
    const args = [];
    for (let k = 0; k < n; k++) {
      skip();
      if (cmd.toLowerCase() === 'a' && (k === 3 || k === 4)) {
        args.push(Number(d[i++]));
        continue;
      }
      const m = d.slice(i).match(num);
      if (!m) throw new Error(`bad number in path at ${d.slice(i, i + 20)}`);
      args.push(Number(m[0]));
      i += m[0].length;
    }
    out.push([cmd, args]);
    // After a moveto, further pairs are linetos.
    if (cmd === 'm') cmd = 'l';
    if (cmd === 'M') cmd = 'L';
    if (n === 0) cmd = null;
  }
  return out;
}

function fmt(n) {
  const s = String(n);
  return s.startsWith('0.') ? s.slice(1) : s.startsWith('-0.') ? '-' + s.slice(2) : s;
}

function optimisePath(d, grid) {
  const r = (v) => Math.round(v / grid);
  let x = 0, y = 0, sx = 0, sy = 0; // exact current point and subpath start
  let X = 0, Y = 0, SX = 0, SY = 0; // rounded ones, as written
  let out = '';
  let last = '';
  let dot = false; // whether the last number written has a decimal point
  const emit = (c, nums) => {
    if (c !== last || c === 'm') {
      out += c;
      dot = false;
    }
    for (const n of nums) {
      const t = fmt(Math.round(n * 1000) / 1000);
      const glued = /[a-z]$/.test(out) || t.startsWith('-') || (t.startsWith('.') && dot);
      out += (glued ? '' : ' ') + t;
      dot = t.includes('.');
    }
    last = c === 'm' ? 'l' : c;
  };
  for (const [cmd, a] of parsePath(d)) {
    const rel = cmd === cmd.toLowerCase();
    const c = cmd.toLowerCase();
    const px = (v) => (rel ? x + v : v);
    const py = (v) => (rel ? y + v : v);
    if (c === 'z') {
      out += 'z';
      last = 'z';
      x = sx; y = sy; X = SX; Y = SY;
      continue;
    }
    if (c === 'h') {
      x = px(a[0]);
      const nx = r(x);
      emit('h', [nx - X]);
      X = nx;
      continue;
    }
    if (c === 'v') {
      y = py(a[0]);
      const ny = r(y);
      emit('v', [ny - Y]);
      Y = ny;
      continue;
    }
    if (c === 'a') {
      const ex = px(a[5]), ey = py(a[6]);
      const nx = r(ex), ny = r(ey);
      emit('a', [r(a[0]) || 1, r(a[1]) || 1, Math.round(a[2]), a[3], a[4], nx - X, ny - Y]);
      x = ex; y = ey; X = nx; Y = ny;
      continue;
    }
    // m l c s q t: pairs of points, the last one the new current point
    const pts = [];
    for (let k = 0; k < a.length; k += 2) pts.push([r(px(a[k])), r(py(a[k + 1]))]);
    emit(c, pts.flatMap(([u, v]) => [u - X, v - Y]));
    x = px(a[a.length - 2]);
    y = py(a[a.length - 1]);
    [X, Y] = pts[pts.length - 1];
    if (c === 'm') {
      sx = x; sy = y; SX = X; SY = Y;
    }
  }
  return out;
}

// ---- serialise the element trees, renaming ids and recolouring suit signs and indices
const ATTR = { className: 'class', xlinkHref: 'href', strokeWidth: 'stroke-width', strokeLinecap: 'stroke-linecap',
  strokeLinejoin: 'stroke-linejoin', strokeMiterlimit: 'stroke-miterlimit', strokeDasharray: 'stroke-dasharray',
  fontSize: 'font-size', fontFamily: 'font-family', textAnchor: 'text-anchor' };

function ser(node, ids, { recolour = false, grid = 0 } = {}) {
  if (typeof node !== 'object') return String(node);
  let attrs = '';
  for (const [k, v] of Object.entries(node.props)) {
    if (v == null || k === 'aria-labelledby' || k === 'id') continue;
    let val = String(v);
    if (k === 'xlinkHref') val = '#' + ids.get(val.slice(1));
    if (recolour && (k === 'fill' || k === 'stroke') && (val === 'red' || val === '#000')) val = 'currentColor';
    if (k === 'd' && grid) val = optimisePath(val, grid);
    if (k === 'strokeWidth' && grid && node.tag === 'path') val = fmt(Number(val) / grid);
    attrs += ` ${ATTR[k] || k}="${val}"`;
  }
  // Path data rounded to a coarser grid is written in that grid's units, scaled back here.
  if (grid > 1 && node.tag === 'path') attrs += ` transform="scale(${grid})"`;
  // A suit sign's shape has no fill of its own (black by default): give it the suit colour.
  if (recolour && node.tag === 'path' && !('fill' in node.props)) attrs += ' fill="currentColor"';
  const kids = node.kids.map((k) => ser(k, ids, { recolour, grid })).join('');
  return `<${node.tag}${attrs}>${kids}</${node.tag}>`;
}

const shared = new Map(); // serialised def -> its id in the sprite
const defs = [];
let counter = 0;
const newId = () => {
  // Lower-case ids, never clashing with a card's ("QS", "10H").
  let n = counter++;
  let s = '';
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
};

const symbols = [];
for (const [suitKey, suit] of Object.entries(SUITS)) {
  for (const [rankKey, rank] of Object.entries(RANKS)) {
    const name = suitKey + rankKey;
    const tree = deck[name]({});
    const ids = new Map();
    const body = [];
    for (const child of tree.kids) {
      if (child.tag === 'defs') {
        for (const def of child.kids) {
          const vb = def.props.viewBox || '';
          // Suit signs (-600 grid) and rank glyphs (-500 grid) take the suit colour.
          const recolour = vb.startsWith('-600') || vb.startsWith('-500');
          // Court figures are drawn on a 1300 x 2000 grid shown at most a few hundred pixels wide:
          // steps of 4 units (well under a pixel) are enough.
          const grid = vb.startsWith('0 0 1300') ? 4 : 0;
          const text = ser(def, ids, { recolour, grid });
          let id = shared.get(text);
          if (!id) {
            id = newId();
            shared.set(text, id);
            defs.push(text.replace(/^<(\w+)/, `<$1 id="${id}"`));
          }
          ids.set(def.props.id, id);
        }
      } else if (child.tag === 'rect' && child.props.fill === '#fff') {
        // the card's outline: the page draws it
      } else if (child.tag === 'text' || (child.tag === 'path' && child.props.fill === '#fff')) {
        // the ace of spades' web address and the QR code drawn in its spade
      } else {
        body.push(child);
      }
    }
    const inner = body.map((n) => ser(n, ids)).join('');
    symbols.push(`<symbol id="${rank}${suit}" viewBox="-120 -168 240 336">${inner}</symbol>`);
  }
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg"><!-- Card faces: Adrian Kennard's SVG playing cards, CC0 1.0 (public domain), via the npm package @letele/playing-cards 0.1.0. Generated by scripts/make-card-sprite.mjs. --><defs>${defs.join('')}</defs>${symbols.join('')}</svg>\n`;
writeFileSync(output, svg);
console.log(`cards.svg: ${symbols.length} faces, ${defs.length} shared shapes, ${(svg.length / 1024).toFixed(1)} KB, ${(gzipSync(svg, { level: 9 }).length / 1024).toFixed(1)} KB gzip`);
