/**
 * The lookup of every resource kind (`get<Kind>`, `get<Kind>Output`), called as a program calls
 * it: from the built SDK, with the settings in the stack's config, against the emulator over
 * loopback. One table over the definitions: each kind is found by id and by its natural key, and
 * a lookup that matches nothing, or several, fails in one line.
 */
import { inspect } from "util";
import * as pulumi from "@pulumi/pulumi";
import type { Emulator } from "../../../emulator";
import { definitions, type BoundKind, type Provider } from "../../../provider";
import { locatingInputs } from "../../../provider/engine/locate";
import { lookupFunction } from "../../../provider/functions/lookups";
import type { BoundDefinition } from "../../../provider/contract";
import { boundKinds, emulatorForProvider } from "../../support/provider";
import { validInputs } from "../../support/inputs";
import { call } from "../../support/api";

type Props = Record<string, unknown>;
type Lookup = (args: Props) => Promise<Props>;
type LookupOutput = (args: Props) => pulumi.Output<Props>;

const sdk = require("pulumi-ngrok") as Record<string, unknown> & typeof import("../../../sdk/generated");
const lookup = (kind: string): Lookup => sdk[`get${kind}`] as Lookup;
const lookupOutput = (kind: string): LookupOutput => sdk[`get${kind}Output`] as LookupOutput;
const resolve = <T>(o: pulumi.Output<T>): Promise<T> => new Promise((r) => o.apply(r));

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }, { "ngrok:rateLimit": "off" }));
  pulumi.runtime.setAllConfig(
    {
      "ngrok:apiKey": emu.apiKey,
      "ngrok:apiBaseUrl": emu.url,
      "ngrok:rateLimit": "off",
      "ngrok:aiGatewayApiKey": emu.aiGatewayApi.apiKey,
      "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url,
      "ngrok:aiGatewayRateLimit": "off",
    },
    ["ngrok:apiKey", "ngrok:aiGatewayApiKey"],
  );
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

// The one object of its kind (AiGatewayConfig) has no second to tell apart: its own case below.
const kinds = boundKinds.filter((k) => definitions[k].binding.kind !== "singleton");
type ResourceKind = BoundKind;
let n = 0;

/** Two resources of the kind, made through the provider: the lookup must tell them apart. */
async function two(kind: ResourceKind): Promise<{ id: string; outs: Props }[]> {
  const made = [];
  for (let i = 0; i < 2; i++) made.push(await provider.handler(kind).create(await validInputs[kind](emu, ++n)));
  return made;
}

const pick = (from: Props, names: readonly string[]): Props => Object.fromEntries(names.map((k) => [k, from[k]]));

it("every kind has its lookup in the SDK, in both forms", () => {
  for (const kind of kinds) {
    expect({ kind, promise: typeof sdk[`get${kind}`], output: typeof sdk[`get${kind}Output`] }).toEqual({ kind, promise: "function", output: "function" });
  }
});

// First: the walks these lookups make serve (and miss) the later tests' lookups of the same kinds.
describe("a program's lookups of a kind", () => {
  const pagePaths = () => emu.requests.filter((r) => r.method === "GET").map((r) => r.path + r.query);

  it("are answered from one walk of its list, by id and by name, in both forms, whenever they run", async () => {
    // 130 vaults: two pages of the list.
    const ids: string[] = [];
    for (let i = 0; i < 130; i++) ids.push((await call(emu, "POST", "/vaults", { name: `together-${i}` })).json.id as string);
    emu.clearRequests();
    const byName = Promise.all([0, 1, 2, 128, 129].map((i) => sdk.getVault({ name: `together-${i}` })));
    const byId = Promise.all([3, 4, 127].map((i) => resolve(sdk.getVaultOutput({ id: ids[i]! }))));
    expect((await byName).map((f) => f.id)).toEqual([0, 1, 2, 128, 129].map((i) => ids[i]));
    expect((await byId).map((f) => f.name)).toEqual(["together-3", "together-4", "together-127"]);
    // Later lookups, one at a time, by name and by id: the same walk.
    expect((await sdk.getVault({ name: "together-64" })).id).toBe(ids[64]);
    expect((await sdk.getVault({ id: ids[65]! })).name).toBe("together-65");
    expect(pagePaths()).toEqual(["/vaults", expect.stringMatching(/^\/vaults\?/)]);

    // Made after the walk: a lookup by name walks afresh once, and later lookups share that walk.
    const late = (await call(emu, "POST", "/vaults", { name: "together-late" })).json.id as string;
    emu.clearRequests();
    expect((await sdk.getVault({ name: "together-late" })).id).toBe(late);
    expect((await sdk.getVault({ name: "together-7" })).id).toBe(ids[7]);
    expect(pagePaths()).toEqual(["/vaults", expect.stringMatching(/^\/vaults\?/)]);
  });

  it("by id alone read only the pages they need, and a GET for an id the pages do not hold", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call(emu, "POST", "/service_users", { name: `alone-${i}` })).json.id as string);
    emu.clearRequests();
    const found = await Promise.all(ids.map((id) => sdk.getServiceUser({ id })));
    expect(found.map((f) => f.name)).toEqual(["alone-0", "alone-1", "alone-2"]);
    expect(pagePaths()).toEqual(["/service_users"]);
    const late = (await call(emu, "POST", "/service_users", { name: "alone-late" })).json.id as string;
    emu.clearRequests();
    expect((await sdk.getServiceUser({ id: late })).name).toBe("alone-late");
    expect(pagePaths()).toEqual([`/service_users/${late}`]);
  });
});

describe.each(kinds)("get%s", (kind) => {
  const def = definitions[kind];
  const keys = def.lookupKey ?? [];
  const located = locatingInputs(def);
  const secrets = Object.entries(def.properties).filter(([, p]) => p.secret).map(([name]) => name);

  it("finds by id and by its natural key, never answers a secret, and fails in one line when none matches", async () => {
    const [wanted, other] = await two(kind);
    const where = pick(wanted!.outs, located);
    // Deleted first: list pages read within seconds serve later lookups, as they serve a refresh.
    await provider.handler(kind).delete(other!.id, other!.outs);

    const byId = await lookup(kind)({ id: wanted!.id, ...where });
    const named = pick(wanted!.outs, [...keys, ...["createdAt"].filter((p) => wanted!.outs[p] !== undefined)]);
    expect(byId).toMatchObject({ id: wanted!.id, ...named });
    // What only lookups answer (a self link): in the lookup's answer, never in the resource's state.
    for (const name of Object.keys(def.properties).filter((n) => def.properties[n]!.lookupOnly)) {
      expect({ name, answered: byId[name] !== undefined, stored: name in wanted!.outs }).toEqual({ name, answered: true, stored: false });
    }
    for (const secret of secrets) expect({ secret, value: byId[secret] }).toEqual({ secret, value: undefined });

    if (keys.length) {
      const byKey = await lookup(kind)({ ...pick(wanted!.outs, keys), ...where });
      expect(byKey.id).toBe(wanted!.id);
      expect(byKey).toEqual(byId);
      const output = await resolve(lookupOutput(kind)({ ...pick(wanted!.outs, keys), ...where }));
      expect(output.id).toBe(wanted!.id);
    } else {
      expect(await resolve(lookupOutput(kind)({ id: wanted!.id, ...where }))).toEqual(byId);
    }

    const gone = lookup(kind)({ id: other!.id, ...pick(other!.outs, located) });
    await expect(gone).rejects.toThrow(new RegExp(`^get${kind}: no ${kind} has id ${other!.id.replace(/\//g, "\\/")}$`));
    await expect(gone).rejects.toMatchObject({ name: "LookupError" });
    // As Pulumi's runtime inspects an uncaught error (with colours): the line, no stack.
    expect(inspect(await gone.catch((e: unknown) => e), { colors: true })).toBe(`LookupError: get${kind}: no ${kind} has id ${other!.id}`);
    if (keys.length) {
      await expect(lookup(kind)({ ...pick(other!.outs, keys), ...pick(other!.outs, located) })).rejects.toThrow(
        new RegExp(`^get${kind}: no ${kind} has ${keys[0]} "[^\n]*": give the id \\(\`(?:[a-z]+_\\.\\.\\.|<id>)\`\\) of an existing one$`),
      );
    }
  });
});

describe("getAiGatewayConfig", () => {
  it("reads the account's one configuration by its id, and refuses any other id", async () => {
    await provider.handler("AiGatewayConfig").create(await validInputs.AiGatewayConfig(emu, ++n));
    const found = await lookup("AiGatewayConfig")({ id: "gateway-config" });
    expect(found).toMatchObject({ id: "gateway-config", totalTimeout: `${100 + n}s`, perRequestTimeout: "30s", maxOutputTokens: 1000 + n, uri: `${emu.aiGatewayApi.url}/gateway-config` });
    await expect(lookup("AiGatewayConfig")({ id: "other" })).rejects.toThrow(/^getAiGatewayConfig: /);
  });
});

describe("lookups by a natural key that several resources share", () => {
  it("fail naming every match, and succeed once the key is complete", async () => {
    const [first, second] = await two("VaultSecret");
    // The same secret name in two vaults: the name alone is ambiguous, vault and name are not.
    const renamed = await provider.handler("VaultSecret").update(second!.id, second!.outs, { ...second!.outs, name: first!.outs.name });
    expect(renamed.outs.name).toBe(first!.outs.name);
    await expect(sdk.getVaultSecret({ name: first!.outs.name as string })).rejects.toThrow(
      `getVaultSecret: 2 VaultSecret resources have name "${first!.outs.name as string}" (${second!.id}, ${first!.id}): give the id of the one you mean, or its vaultId as well`,
    );
    expect((await sdk.getVaultSecret({ name: first!.outs.name as string, vaultId: first!.outs.vaultId as string })).id).toBe(first!.id);
  });

  it("pooled cloud endpoints share a url: found by id, or named by the lookup by url; an agent's endpoint is none", async () => {
    await call(emu, "POST", "/reserved_domains", { domain: "pooled.example.com" });
    const policy = '{"on_http_request":[{"actions":[{"type":"deny"}]}]}';
    const pooled = [];
    for (let i = 0; i < 2; i++) {
      pooled.push((await call(emu, "POST", "/endpoints", { type: "cloud", url: "https://pooled.example.com", pooling_enabled: true, traffic_policy: policy })).json.id as string);
    }
    await expect(sdk.getCloudEndpoint({ url: "https://pooled.example.com" })).rejects.toThrow(
      `getCloudEndpoint: 2 CloudEndpoint resources have url "https://pooled.example.com" (${pooled[1]}, ${pooled[0]}): give the id of the one you mean`,
    );
    expect((await sdk.getCloudEndpoint({ id: pooled[0]!, url: "https://pooled.example.com" })).poolingEnabled).toBe(true);

    // An agent's endpoint is in the same list, and is no CloudEndpoint.
    const cred = (await call(emu, "POST", "/credentials", {})).json.id as string;
    emu.connectAgent({ credentialId: cred, os: "linux", agentVersion: "3.18.4", tunnels: [{ proto: "https", publicUrl: "https://agent-only.example.com", forwardsTo: "localhost:80" }] });
    const agentEndpoint = (await call(emu, "GET", "/endpoints")).json.endpoints.find((e: { type: string }) => e.type !== "cloud");
    expect(agentEndpoint).toBeDefined();
    await expect(sdk.getCloudEndpoint({ url: agentEndpoint.public_url })).rejects.toThrow(`getCloudEndpoint: no CloudEndpoint has url "${agentEndpoint.public_url as string}"`);
    await expect(sdk.getCloudEndpoint({ id: agentEndpoint.id })).rejects.toThrow(`getCloudEndpoint: no CloudEndpoint has id ${agentEndpoint.id as string}`);
  });

  it("names the argument to give when none is given", async () => {
    await expect(sdk.getVault({})).rejects.toThrow("getVault: give id or name to say which Vault to find");
  });
});

describe("a kind's lookup follows from its definition", () => {
  const cloudEndpoint: BoundDefinition = {
    name: "CloudEndpoint",
    description: "An endpoint the service runs.",
    binding: { kind: "collection", path: "/endpoints", idPrefix: "ep", listKey: "endpoints" },
    properties: {
      url: { type: { kind: "string" }, description: "Its URL.", input: { api: "url", required: true, onChange: "replace", unset: "clear" } },
      trafficPolicy: { type: { kind: "string" }, description: "Its policy.", input: { api: "traffic_policy", onChange: "update", unset: "clear" } },
    },
    lookupKey: ["url"],
    example: "",
  };

  it("takes the id or the declared natural key, and answers every property", () => {
    const f = lookupFunction(cloudEndpoint);
    expect(f.name).toBe("getCloudEndpoint");
    expect(Object.keys(f.inputs)).toEqual(["id", "url"]);
    expect(f.inputs.id!.required).toBe(false);
    expect(Object.keys(f.outputs)).toEqual(["id", "url", "trafficPolicy"]);
    const byIdOnly = lookupFunction({ ...cloudEndpoint, lookupKey: undefined });
    expect(byIdOnly.inputs).toEqual({ id: expect.objectContaining({ required: true }) });
  });

  it("refuses a natural key that is not a property", () => {
    expect(() => lookupFunction({ ...cloudEndpoint, lookupKey: ["hostname"] })).toThrow("CloudEndpoint: lookupKey names hostname, which is not a property");
  });
});
