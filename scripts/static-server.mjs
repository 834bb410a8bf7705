// A static server for a built site on 127.0.0.1, optionally under a subpath as GitHub Pages
// serves it. Used by scripts/serve.sh, scripts/lighthouse.sh and the end-to-end tests.
//   node scripts/static-server.mjs DIST [PORT] [BASE] [--pages]
// --pages answers as GitHub Pages does: gzip when the client accepts it, `Cache-Control:
// max-age=600`, and an ETag (a matching If-None-Match gets 304). Without it every response is
// `no-cache`, uncompressed (the tests' default: a rebuilt file is always fetched again).
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.svg', '.json', '.webmanifest']);

/**
 * Serves directory `dir` at `base` ("/" or "/blackjack/") on `port` (0: a free one). With
 * `{ pages: true }`, headers as GitHub Pages sends them (see above). `stats` counts the
 * responses and the bytes sent (bodies, as sent: compressed when compressed).
 */
export async function serveDir(dir, base = '/', port = 0, { pages = false } = {}) {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html missing: build first`);
  const stats = { requests: 0, bytes: 0, urls: [] };
  const gzipped = new Map();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const send = (status, headers, body = '') => {
      stats.requests += 1;
      stats.bytes += body.length;
      stats.urls.push(`${status} ${path} ${body.length}`);
      res.writeHead(status, headers).end(body);
    };
    if (!path.startsWith(base)) return send(404, {}, 'not found');
    let file = join(dir, path.slice(base.length));
    if (!file.startsWith(dir)) return send(403, {});
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return send(404, {}, 'not found');
    const type = TYPES[extname(file)] || 'application/octet-stream';
    if (!pages) return send(200, { 'content-type': type, 'cache-control': 'no-cache' }, readFileSync(file));
    const { size, mtimeMs } = statSync(file);
    const etag = `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
    const headers = { 'content-type': type, 'cache-control': 'max-age=600', etag, vary: 'Accept-Encoding' };
    if (req.headers['if-none-match'] === etag) return send(304, headers);
    let body = readFileSync(file);
    if (COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
      const key = `${file} ${etag}`;
      if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
      body = gzipped.get(key);
      headers['content-encoding'] = 'gzip';
    }
    send(200, headers, body);
  });
  // BIND=0.0.0.0 (scripts/serve.sh) opens it to a home network; the tests keep 127.0.0.1.
  const host = process.env.BIND || '127.0.0.1';
  await new Promise((ok) => server.listen(port, host, ok));
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${server.address().port}${base}`;
  return { url, stats, close: () => new Promise((ok) => { server.closeAllConnections(); server.close(ok); }) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const pages = args.includes('--pages');
  const [dist = 'dist', port = '8080', base = '/'] = args.filter((a) => a !== '--pages');
  const { url } = await serveDir(resolve(dist), base, Number(port), { pages });
  console.log(`Serving Blackjack at ${url}${pages ? ' (gzip and cache headers, as GitHub Pages)' : ''}  (Ctrl-C stops)`);
}
