// The static server the browser tests and the page benchmarks share (browser.mjs re-exports it):
// a build folder on 127.0.0.1, optionally gzip and HTTP/2 as static hosts serve, with an ETag per
// file.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** What a static host compresses (GitHub Pages and most CDNs): text, JSON and WebAssembly. */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt']);

/**
 * Serves root on a free port of 127.0.0.1: GET/HEAD only, no directory listing, no path escapes.
 * `gzip`: sends what a static host compresses gzip -9 to a browser that accepts it (the cold-start
 * benchmark); the tests get the files as they are. `http2`: over TLS with HTTP/2, as GitHub Pages and
 * most static hosts serve (every request at once, where HTTP/1.1 answers six at a time), with a
 * certificate made for the run by openssl (the browser is told to accept it): the benchmark only.
 * `validators` (default): an ETag per file, so a page opened again asks and gets 304 (below); false
 * for a file whose every page must download everything, as on a first visit (slow-network.mjs).
 */
export function serve(root, { gzip = false, http2: useHttp2 = false, validators = true } = {}) {
  const packed = new Map();
  const etags = new Map(); // file (and encoding) -> its last body and that body's ETag
  const handler = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let rel = decodeURIComponent(url.pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(root, '.' + rel);
    if (!file.startsWith(root + path.sep) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (error, body) => {
      if (error) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const ext = path.extname(file).toLowerCase();
      const encode = gzip && COMPRESSED.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding']));
      if (encode) {
        if (!packed.has(file)) packed.set(file, zlib.gzipSync(body, { level: 9 }));
        body = packed.get(file);
      }
      // A validator, as GitHub Pages and most static hosts send: a page opened again in the same
      // browser asks with If-None-Match and gets 304, and Chromium reuses what it compiled from
      // the cached copy (its JavaScript and WebAssembly code caches) instead of compiling the
      // engine again for every page a test file opens. Hashed once per file (a rebuilt file, whose
      // bytes differ, gets a new one).
      const key = `${file}${encode ? ' gzip' : ''}`;
      if (!etags.get(key)?.body.equals(body))
        etags.set(key, { body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"` });
      const { etag } = etags.get(key);
      const headers = {
        ...(validators ? { etag } : {}),
        ...(encode ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
        // Not no-store: Chromium reports a no-store response read as a stream (the page reads a
        // model's weights so, to show how much has arrived) as aborted once it ends
        // (microsoft/playwright#42742). no-cache: every use asks again (a rebuilt file is seen).
        'cache-control': 'no-cache',
        // As GitHub Pages and most static hosts send: lets the cross-origin test load attnlab.js.
        'access-control-allow-origin': '*',
      };
      if (validators && req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      res.writeHead(200, {
        ...headers,
        'content-type': MIME[ext] ?? 'application/octet-stream',
        'content-length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  };
  const server = useHttp2
    ? http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, handler)
    : http.createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A key and a certificate for 127.0.0.1, made by openssl in a temporary folder. */
function selfSignedCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-tls-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } catch (error) {
    throw new Error(`HTTP/2 needs a certificate made by openssl (apt-get install openssl): ${error.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
