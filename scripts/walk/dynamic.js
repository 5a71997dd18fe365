// The dynamic host's entry point: what a resource's stub calls for a CloudEndpoint's create.
const path = require("path");
const emulator = require("./emulator");
const walker = require("./walker");

const root = path.resolve(__dirname, "..", "..");

(async () => {
  const emu = await emulator(root);
  await emulator.reserveDomain(emu);
  const provider = require("module").createRequire(path.join(root, "package.json"))("pulumi-ngrok/provider");
  const config = { "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off" };
  await provider.call("CloudEndpoint", "configure", [{ config: { get: (k) => config[k] } }]);
  // Warm: the modules loaded, the client made; the walk is of the create alone.
  await provider.call("Credential", "create", [{ description: "warm" }]);
  await provider.call("CloudEndpoint", "check", [{}, emulator.inputs]);
  await emulator.settle();
  const walk = walker();
  await walk.ready;
  debugger;
  await provider.call("CloudEndpoint", "create", [emulator.inputs]);
  walk.end();
  process.stdout.write(`${JSON.stringify({ host: "dynamic", ...(await walk.result) })}\n`);
  emu.stop();
  process.exit(0);
})();
