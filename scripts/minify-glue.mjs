// Minifies the wasm-bindgen JS glue of every page in DIST (Trunk copies it as written), so the
// first-load budget counts code, not whitespace, and rewrites the page's subresource-integrity
// digest to match. Runs before the service worker's file list is made, so the precache hash
// covers the minified files.   Usage: node scripts/minify-glue.mjs DIST
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { minify } from 'terser';

const dist = process.argv[2] || 'dist';
const walk = (d) => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
const sri = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
// wasm-bindgen names each function the module imports from its glue with a hash
// (__wbg_addEventListener_847fd86b8c33ec43), written twice: in the wasm's import section and as a
// key of the glue's import object. Some 200 of them are 9 KB of hex that gzip cannot shrink, in
// both files (about 4 KB gzip of the friends page). Each is renamed to a short name (i0, i1, …) in
// both: a name the glue does not hold exactly once, as a key, is left as it is.
function shortenImports(file, code) {
  const wasmFile = file.replace(/\.js$/, '_bg.wasm');
  if (!existsSync(wasmFile)) return code;
  const wasm = readFileSync(wasmFile);
  const leb = (at) => {
    let value = 0, shift = 0, byte;
    do { byte = wasm[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return [value, at];
  };
  const put = (n) => { const out = []; do { let b = n & 0x7f; n = Math.floor(n / 128); if (n) b |= 0x80; out.push(b); } while (n); return out; };
  const str = (s) => { const b = Buffer.from(s, 'utf8'); return [...put(b.length), ...b]; };
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = leb(at + 1);
    if (id !== 2) { at = body + size; continue; }
    const [count, first] = leb(body);
    let p = first, renamed = 0, next = 0;
    const entries = [];
    for (let i = 0; i < count; i++) {
      let [len, q] = leb(p);
      const module = wasm.subarray(q, q + len).toString('utf8');
      [len, q] = leb(q + len);
      let name = wasm.subarray(q, q + len).toString('utf8');
      q += len;
      // The rest of the import (its kind and type) is copied as it is: find its end.
      const kind = wasm[q++];
      if (kind === 0) q = leb(q)[1];
      else if (kind === 1) { q++; const [flags, r] = leb(q); q = leb(r)[1]; if (flags & 1) q = leb(q)[1]; }
      else if (kind === 2) { const [flags, r] = leb(q); q = leb(r)[1]; if (flags & 1) q = leb(q)[1]; }
      else if (kind === 3) q += 2;
      else if (kind === 4) q = leb(q + 1)[1];
      else throw new Error(`${wasmFile}: an import of unknown kind ${kind}`);
      const escaped = name.replace(/\$/g, '\\$');
      const key = new RegExp(`\\b${escaped}:`, 'g');
      const word = new RegExp(`\\b${escaped}\\b`, 'g');
      if ((code.match(key) || []).length === 1 && (code.match(word) || []).length === 1) {
        let short;
        do short = `i${(next++).toString(36)}`; while (code.includes(short + ':'));
        code = code.replace(key, `${short}:`);
        name = short;
        renamed++;
      }
      // The import's kind and type: what follows its two names.
      entries.push([...str(module), ...str(name), ...wasm.subarray(tailStart(wasm, p, leb), q)]);
      p = q;
    }
    const section = [...put(count), ...entries.flat()];
    const out = Buffer.concat([wasm.subarray(0, at), Buffer.from([2, ...put(section.length), ...section]), wasm.subarray(body + size)]);
    writeFileSync(wasmFile, out);
    console.log(`shortened ${renamed} of ${count} import names in ${wasmFile}: ${wasm.length} -> ${out.length} bytes`);
    return code;
  }
  return code;
}
// Where an import's kind starts: after its module and field names.
function tailStart(wasm, p, leb) {
  let [len, q] = leb(p);
  [len, q] = leb(q + len);
  return q + len;
}

for (const file of walk(dist).filter((f) => f.endsWith('.js') && !f.endsWith('sw.js'))) {
  const source = readFileSync(file, 'utf8');
  const out = await minify(source, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (!out.code) throw new Error(`terser produced nothing for ${file}`);
  out.code = shortenImports(file, out.code);
  const [before, after] = [sri(source), sri(out.code)];
  const pages = readdirSync(dirname(file)).filter((n) => n.endsWith('.html')).map((n) => join(dirname(file), n));
  const referring = pages.filter((p) => readFileSync(p, 'utf8').includes(before));
  for (const page of referring) writeFileSync(page, readFileSync(page, 'utf8').replaceAll(before, after));
  writeFileSync(file, out.code);
  console.log(`minified ${file}: ${source.length} -> ${out.code.length} bytes; integrity updated in ${referring.length} page(s)`);
}
