// Loaded into every Node.js process of an acceptance run (NODE_OPTIONS=--require <this file>):
// the program, the dynamic-provider host and the provider plugin. Two jobs, each off unless its
// variable is set:
// - ACCEPTANCE_RESOLVE="host=address,...": those host names resolve to those addresses, as an
//   /etc/hosts line would, without root (a production-like API host served on loopback);
// - ACCEPTANCE_EXCHANGES=<file>: every HTTP exchange undici makes with ACCEPTANCE_ORIGIN (origins
//   separated by commas: each API's) is appended to the file as one JSON line (origin, method, path,
//   request body, status, headers, body),
//   read from undici's diagnostics channels, so that nothing in the provider changes. The run
//   counts and records requests from it. The Authorization header is never written.
"use strict";
const dns = require("node:dns");
const fs = require("node:fs");
const diagnostics = require("node:diagnostics_channel");

const resolve = process.env.ACCEPTANCE_RESOLVE;
if (resolve) {
  const table = new Map(resolve.split(",").filter(Boolean).map((pair) => pair.split("=").map((s) => s.trim().toLowerCase())));
  const original = dns.lookup;
  dns.lookup = function lookup(hostname, options, callback) {
    const address = table.get(String(hostname).toLowerCase());
    if (address === undefined) return original.apply(this, arguments);
    const cb = typeof options === "function" ? options : callback;
    const family = address.includes(":") ? 6 : 4;
    const all = typeof options === "object" && options !== null && options.all;
    process.nextTick(() => (all ? cb(null, [{ address, family }]) : cb(null, address, family)));
    return {};
  };
}

const file = process.env.ACCEPTANCE_EXCHANGES;
const origins = (process.env.ACCEPTANCE_ORIGIN || "").split(",").map((o) => o.trim().replace(/\/$/, "")).filter(Boolean);
if (file && origins.length > 0) {
  const open = new WeakMap();
  const text = (chunks) => Buffer.concat(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : Buffer.from(c)))).toString("utf8");
  diagnostics.channel("undici:request:create").subscribe(({ request }) => {
    const origin = String(request.origin).replace(/\/$/, "");
    if (!origins.includes(origin)) return;
    open.set(request, { origin, method: request.method, path: request.path, sent: [], received: [], status: 0, headers: {} });
  });
  diagnostics.channel("undici:request:bodyChunkSent").subscribe(({ request, chunk }) => open.get(request)?.sent.push(chunk));
  diagnostics.channel("undici:request:bodySent").subscribe(({ request }) => {
    const x = open.get(request);
    // A string or Buffer body goes out in one write that bodyChunkSent may not report.
    if (x && x.sent.length === 0 && (typeof request.body === "string" || Buffer.isBuffer(request.body))) x.sent.push(request.body);
  });
  diagnostics.channel("undici:request:headers").subscribe(({ request, response }) => {
    const x = open.get(request);
    if (!x) return;
    x.status = response.statusCode;
    const h = response.headers;
    for (let i = 0; i + 1 < h.length; i += 2) x.headers[String(h[i]).toLowerCase()] = String(h[i + 1]);
  });
  diagnostics.channel("undici:request:bodyChunkReceived").subscribe(({ request, chunk }) => open.get(request)?.received.push(chunk));
  const finish = (request, error) => {
    const x = open.get(request);
    if (!x) return;
    open.delete(request);
    const line = { at: new Date().toISOString(), pid: process.pid, origin: x.origin, method: x.method, path: x.path, requestBody: text(x.sent), status: x.status, headers: x.headers, body: text(x.received) };
    if (error) line.error = String(error.code ?? error.message ?? error);
    fs.appendFileSync(file, JSON.stringify(line) + "\n");
  };
  diagnostics.channel("undici:request:trailers").subscribe(({ request }) => finish(request));
  diagnostics.channel("undici:request:error").subscribe(({ request, error }) => finish(request, error));
}
