// The built site served as GitHub Pages serves it, for Lighthouse (build.py lighthouse): HTTP/2
// over TLS (with a throwaway certificate the measuring browser is told to accept), text files
// gzip-compressed, ten minutes of caching.  Pages speaks HTTP/2: over HTTP/1.1 a browser opens
// six connections to load the page's sixty modules, and Lighthouse's simulated slow network
// charges a round trip for each wave of six, which the players of the real site never pay.
//   node tests/pages_server.mjs SITE_DIR PORT KEY.pem CERT.pem
import http2 from "node:http2";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
const [rootArgument, port, key, cert] = process.argv.slice(2);
const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
  ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png", ".wasm": "application/wasm", ".zip": "application/zip",
  ".whl": "application/zip", ".webmanifest": "application/manifest+json" };
const root = path.resolve(rootArgument);
const server = http2.createSecureServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) });
server.on("stream", (stream, headers) => {
  let file = decodeURIComponent(headers[":path"].split("?")[0].split("#")[0]);
  if (file.endsWith("/")) file += "index.html";
  const full = path.join(root, path.normalize(file));
  if (!full.startsWith(root + path.sep) || !fs.existsSync(full) || fs.statSync(full).isDirectory()) { stream.respond({ ":status": 404 }); stream.end(); return; }
  const type = types[path.extname(full)] || "application/octet-stream";
  const body = fs.readFileSync(full);
  const gz = /text|json|javascript|svg|manifest/.test(type) && (headers["accept-encoding"] || "").includes("gzip");
  stream.respond({ ":status": 200, "content-type": type, "cache-control": "max-age=600", ...(gz ? { "content-encoding": "gzip" } : {}) });
  stream.end(gz ? zlib.gzipSync(body) : body);
});
server.listen(Number(port), "127.0.0.1");
