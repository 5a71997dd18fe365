// One provider process, as the Pulumi host runs it: the built provider from dist/, configured from
// the environment (NGROK_API_BASE_URL, NGROK_API_KEY, NGROK_RATE_LIMIT, PULUMI_NGROK_PACING_DIR).
//   node pacing-child.js create N       creates N credentials at once; prints their ids (JSON)
//   node pacing-child.js delete ID...   deletes them at once
// Prints "ready" once loaded, waits for a line on stdin (so a test can start several processes'
// requests together however long each took to load), then prints {"ok": [...], "failed": [messages]}.
const path = require("path");
const { dispatch } = require(path.join(__dirname, "..", "..", "dist", "provider"));

async function main() {
  const [op, ...args] = process.argv.slice(2);
  process.stdout.write("ready\n");
  await new Promise((resolve) => process.stdin.once("data", resolve));
  const credential = dispatch("Credential");
  const jobs =
    op === "create"
      ? Array.from({ length: Number(args[0]) }, (_, i) => credential.create({ description: `paced ${process.pid} ${i}` }).then((r) => r.id))
      : op === "delete"
        ? args.map((id) => credential.delete(id).then(() => id))
        : [];
  const results = await Promise.allSettled(jobs);
  const out = {
    ok: results.filter((r) => r.status === "fulfilled").map((r) => r.value),
    failed: results.filter((r) => r.status === "rejected").map((r) => String(r.reason && r.reason.message)),
  };
  process.stdout.write(JSON.stringify(out));
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(String(err && err.stack));
    process.exit(1);
  },
);
