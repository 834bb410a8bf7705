// A static server for a built site on 127.0.0.1, optionally under a subpath as GitHub Pages
// serves it. Used by scripts/serve.sh and by the end-to-end tests.
//   node scripts/static-server.mjs DIST [PORT] [BASE]
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json',
};

/** Serves directory `dir` at `base` ("/" or "/blackjack/") on `port` (0: a free one). */
export async function serveDir(dir, base = '/', port = 0) {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html missing: build first`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!path.startsWith(base)) { res.writeHead(404).end('not found'); return; }
    let file = join(dir, path.slice(base.length));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404).end('not found'); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}${base}`;
  return { url, close: () => new Promise((ok) => { server.closeAllConnections(); server.close(ok); }) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist = 'dist', port = '8080', base = '/'] = process.argv.slice(2);
  const { url } = await serveDir(resolve(dist), base, Number(port));
  console.log(`Serving Blackjack at ${url}  (Ctrl-C stops)`);
}
