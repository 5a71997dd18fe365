// Steps through one call of the main thread, statement by statement, with the V8 inspector driven
// from a worker thread, and records the files ("rooms") of dist/provider and dist/sdk its code runs
// in, in order. Everything else (Node.js, node_modules, the emulator) is stepped over or out of.
//
//   const walk = require("./walker")(entry?);  await walk.ready;  <the call>;  walk.end();  await walk.result
//
// The walk starts at the driver's `debugger;` statement, or, with `entry` ({ urlRegex, line }), at
// a breakpoint there (a host's gRPC entry point, reached from the event loop). It ends when the
// main thread runs `walk.end()` or, with an entry, when the driver's code runs again.
const fs = require("fs");
const path = require("path");
const { Worker, isMainThread, parentPort, workerData } = require("worker_threads");

const repo = path.resolve(__dirname, "..", "..");
// A room is named by its source: dist/sdk holds the generated SDK (sdk/generated/) and the
// hand-written modules of sdk/ in one directory.
const sourceOf = (file) => (file.startsWith("sdk/") && !fs.existsSync(path.join(repo, file)) ? `sdk/generated/${file.slice(4)}` : file);
const roomOf = (url) => {
  const m = /\/dist\/((provider|sdk)\/.*)\.js$/.exec((url || "").replace(/^file:\/\//, ""));
  return m ? sourceOf(`${m[1]}.ts`) : undefined;
};
const isDriver = (url) => /\/scripts\/walk\/(dynamic|plugin)\.js$/.test(url || "");

if (isMainThread) {
  function walkEnd() {
    return "end";
  }
  module.exports = function start(entry) {
    const worker = new Worker(__filename, { workerData: entry || null });
    const ready = new Promise((resolve) => worker.once("message", resolve));
    const result = ready.then(() => new Promise((resolve) => worker.once("message", resolve)));
    return { ready, end: walkEnd, result: result.then((r) => (worker.terminate(), r)) };
  };
} else {
  const inspector = require("inspector");
  const session = new inspector.Session();
  // The session does not keep the worker alive by itself.
  setInterval(() => {}, 1 << 30);
  session.connectToMainThread();
  const post = (method, params = {}) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  const scripts = new Map();
  session.on("Debugger.scriptParsed", ({ params }) => {
    scripts.set(params.scriptId, params.url);
    // Scripts other than the rooms and the drivers are stepped over whole (Node's own cannot be).
    if (!roomOf(params.url) && !isDriver(params.url) && !params.url.endsWith("/walker.js")) {
      session.post("Debugger.setBlackboxedRanges", { scriptId: params.scriptId, positions: [{ lineNumber: 0, columnNumber: 0 }] }, () => {});
    }
  });

  const rooms = [];
  /** Per entry of `rooms`: whether it was entered by a call (rather than a return or an await resumed). */
  const calls = [];
  let started = false;
  let steps = 0;
  let lastDepth = 0;

  session.on("Debugger.paused", async ({ params: p }) => {
    const frames = p.callFrames.map((f) => scripts.get(f.location.scriptId) || "");
    const callers = [...frames];
    for (let a = p.asyncStackTrace; a; a = a.parent) for (const f of a.callFrames) callers.push(f.url || scripts.get(f.scriptId) || "");
    if (!started) {
      started = p.reason === "other" && (workerData ? !isDriver(frames[0]) : isDriver(frames[0]));
      await post(started ? "Debugger.stepInto" : "Debugger.resume");
      return;
    }
    if (frames[0].endsWith("/walker.js") || (workerData && isDriver(frames[0]))) {
      await post("Debugger.resume");
      parentPort.postMessage(summary());
      return;
    }
    steps++;
    const room = roomOf(frames[0]);
    if (room && rooms[rooms.length - 1] !== room) {
      // A call makes the stack (async callers included) deeper than at the last step in a room.
      calls.push(rooms.length > 0 && callers.length > lastDepth);
      rooms.push(room);
    }
    if (room) lastDepth = callers.length;
    // Out of foreign code called by ours; into anything else, until ours runs again.
    const ours = (url) => roomOf(url) || isDriver(url);
    await post(!room && frames.slice(1).some(ours) ? "Debugger.stepOut" : "Debugger.stepInto");
  });

  function summary() {
    const seen = new Set();
    const left = new Set();
    /** Calls back into a room already left, once per (caller room, room) pair. */
    const returns = new Set();
    let reEntries = 0;
    rooms.forEach((room, i) => {
      if (calls[i] && seen.has(room)) reEntries++;
      if (calls[i] && left.has(room)) returns.add(`${rooms[i - 1]} -> ${room}`);
      if (i > 0) left.add(rooms[i - 1]);
      seen.add(room);
    });
    return { files: [...seen], steps, returns: [...returns], reEntries, walk: rooms.map((r, i) => `${calls[i] ? "+" : "<"}${r}`) };
  }

  (async () => {
    await post("Debugger.enable");
    await post("Debugger.setAsyncCallStackDepth", { maxDepth: 64 });
    if (workerData) await post("Debugger.setBreakpointByUrl", { urlRegex: workerData.urlRegex, lineNumber: workerData.line });
    parentPort.postMessage("ready");
  })();
}
