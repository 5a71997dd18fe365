// The bundled emulator in a process of its own (so that the walk never steps through it), with no
// rate limit; resolves its URL, key and a stop function.
const { spawn } = require("child_process");
const path = require("path");

module.exports = function emulator(root) {
  const child = spawn(process.execPath, [path.join(root, "dist", "emulator", "cli.js"), "--rate-limit", "off"], { stdio: ["ignore", "pipe", "ignore"] });
  return new Promise((resolve) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const url = /NGROK_API_BASE_URL=(\S+)/.exec(out);
      const key = /NGROK_API_KEY=(\S+)/.exec(out);
      if (url && key) resolve({ url: url[1], apiKey: key[1], stop: () => child.kill() });
    });
  });
};

/** What every walk creates: a CloudEndpoint whose policy has a credential, on a reserved domain. */
module.exports.inputs = {
  url: "https://app.example.com",
  trafficPolicy: { onHttpRequest: [{ actions: [{ type: "basic-auth", config: { realm: "app" } }] }, { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] }] },
  trafficPolicySecrets: { "onHttpRequest[0].actions[0].config.credentials[0]": "user:password1" },
};

module.exports.reserveDomain = (emu) =>
  fetch(`${emu.url}/reserved_domains`, {
    method: "POST",
    headers: { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2", "content-type": "application/json" },
    body: JSON.stringify({ domain: "app.example.com" }),
  });

/** Lets what a warm-up left running (list-read batches, the pacer's timers) end before the walk. */
module.exports.settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
