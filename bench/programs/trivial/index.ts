// `count` dynamic resources that do one HTTP call per operation and nothing else: what Pulumi
// itself costs per dynamic resource, the floor the engine benchmark compares the provider with.
// The call goes to the emulator's health path (NGROK_API_BASE_URL, NGROK_API_KEY).
// Stack config `secretOutput: true` gives each resource a secret `token` output, as a credential
// has: the floor of what Pulumi itself costs to keep secret outputs.
import { randomBytes } from "crypto";
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const secretOutput = config.getBoolean("secretOutput") ?? false;

async function ping(): Promise<void> {
    const res = await fetch(`${process.env.NGROK_API_BASE_URL}/_emulator/health`, {
        headers: { authorization: `Bearer ${process.env.NGROK_API_KEY ?? ""}` },
    });
    await res.text();
    if (res.status !== 200) throw new Error(`health: HTTP ${res.status}`);
}

const provider: pulumi.dynamic.ResourceProvider = {
    async create(inputs) {
        await ping();
        const outs = secretOutput ? { ...inputs, token: randomBytes(24).toString("base64url") } : inputs;
        return { id: `trivial-${inputs.i}`, outs };
    },
    async read(id, props) {
        await ping();
        return { id, props };
    },
    async delete() {
        await ping();
    },
};

class Trivial extends pulumi.dynamic.Resource {
    constructor(i: number) {
        super(provider, `trivial-${i}`, { i, token: undefined }, secretOutput ? { additionalSecretOutputs: ["token"] } : undefined, "bench", "Trivial");
    }
}

for (let i = 0; i < count; i++) new Trivial(i);
