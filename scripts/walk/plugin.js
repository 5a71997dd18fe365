// The plugin host's entry point: a Create of a CloudEndpoint over gRPC, as the engine sends it.
const fs = require("fs");
const path = require("path");
const emulator = require("./emulator");
const walker = require("./walker");

const root = path.resolve(__dirname, "..", "..");
const need = require("module").createRequire(path.join(root, "package.json"));
const grpc = need("@grpc/grpc-js");
const { Struct } = need("google-protobuf/google/protobuf/struct_pb");
const provrpc = need("@pulumi/pulumi/proto/provider_grpc_pb");
const prov = need("@pulumi/pulumi/proto/provider_pb");
const server = path.join(root, "dist", "provider", "hosts", "plugin", "server.js");

(async () => {
  const emu = await emulator(root);
  await emulator.reserveDomain(emu);
  const running = await require(server).serve(undefined, { version: "0.0.0", schema: () => "{}" });
  const client = new provrpc.ResourceProviderClient(`127.0.0.1:${running.port}`, grpc.credentials.createInsecure());
  const call = (method, request) => new Promise((resolve, reject) => client[method](request, (e, r) => (e ? reject(e) : resolve(r))));
  const configure = new prov.ConfigureRequest();
  for (const [k, v] of Object.entries({ apiKey: emu.apiKey, apiBaseUrl: emu.url, rateLimit: "off" })) configure.getVariablesMap().set(`ngrok:${k}`, v);
  configure.setArgs(Struct.fromJavaScript({}));
  await call("configure", configure);
  // The engine marks secrets: the policy's credentials are one.
  const secret = (value) => ({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value });
  const inputs = { ...emulator.inputs, trafficPolicySecrets: secret(emulator.inputs.trafficPolicySecrets) };
  const urn = (kind) => `urn:pulumi:walk::walk::ngrok:index:${kind}::x`;
  const create = (kind, props) => {
    const r = new prov.CreateRequest();
    r.setUrn(urn(kind));
    r.setProperties(Struct.fromJavaScript(props));
    return r;
  };
  // Warm: the modules loaded, the client made; the walk is of the create alone.
  await call("create", create("Credential", { description: "warm" }));
  const check = new prov.CheckRequest();
  check.setUrn(urn("CloudEndpoint"));
  check.setOlds(Struct.fromJavaScript({}));
  check.setNews(Struct.fromJavaScript(inputs));
  await call("check", check);
  await emulator.settle();
  const request = create("CloudEndpoint", inputs);
  // From the host's handler of every call (`unary`): the gRPC library before it is not ours.
  const line = fs.readFileSync(server, "utf8").split("\n").findIndex((l) => l.includes("return (call, callback) =>"));
  const walk = walker({ urlRegex: "dist/provider/hosts/plugin/server\\.js$", line: line + 1 });
  await walk.ready;
  await call("create", request);
  process.stdout.write(`${JSON.stringify({ host: "plugin", ...(await walk.result) })}\n`);
  emu.stop();
  process.exit(0);
})();
