/**
 * The generated SDK's parent arguments (`edge`, `route`) and secret inputs, with Pulumi's mocks
 * (no engine): a module given its route takes edgeId and routeId from it and is its child; a
 * secret input is secret as an output even when the program passes a plain string.
 */
import * as pulumi from "@pulumi/pulumi";

// The built SDK, as a program imports it.
const ngrok = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

const registered: pulumi.runtime.MockResourceArgs[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        // Keyed resources answer their keys as id; others an id of their kind's form.
        const id = args.inputs.routeId ? `${args.inputs.edgeId}/${args.inputs.routeId}` : `${args.name}-id`;
        return { id, state: args.inputs };
      },
      call: () => ({}),
    },
    "edges-sdk-test",
    "dev",
    false,
  );
});

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply(resolve));
}

/** The URN's end for parent types and a name: `<parent type>$<type>::<name>`. */
function chain(name: string, ...types: string[]): RegExp {
  const tokens = types.map((t) => (t.includes(":") ? t : `pulumi-nodejs:dynamic/ngrok:${t}`).replace(/[$/.]/g, "\\$&"));
  return new RegExp(`(::|\\$)${tokens.join("\\$")}::${name}$`);
}

function secret(o: pulumi.Output<unknown>): Promise<boolean> {
  return pulumi.isSecret(o);
}

describe("parent arguments", () => {
  it("a route given its edge, and a module given its route, take their location from it and are its children", async () => {
    const edge = new ngrok.HttpsEdge("edge", { hostports: ["app.example.com:443"] });
    const route = new ngrok.HttpsEdgeRoute("api", { edge, matchType: "path_prefix", match: "/api" });
    const breaker = new ngrok.HttpsEdgeRouteCircuitBreaker("breaker", { route, numBuckets: 10 });

    expect(await value(route.edgeId)).toBe("edge-id");
    expect(await value(breaker.edgeId)).toBe("edge-id");
    expect(await value(breaker.routeId)).toBe("api-id");
    expect(await value(breaker.id)).toBe("edge-id/api-id");
    // The URN names the parent's type: the edge for the route, the route for the module.
    expect(await value(route.urn)).toMatch(chain("api", "HttpsEdge", "HttpsEdgeRoute"));
    expect(await value(breaker.urn)).toMatch(chain("breaker", "HttpsEdgeRoute", "HttpsEdgeRouteCircuitBreaker"));
    // `route` itself is not an input of the provider.
    const inputs = registered.find((r) => r.name === "breaker")!.inputs;
    expect(Object.keys(inputs)).not.toContain("route");
  });

  it("a TLS edge module given its edge is its child; ids alone make no parent; an explicit parent wins", async () => {
    const edge = new ngrok.TlsEdge("tls", {});
    const backend = new ngrok.TlsEdgeBackend("backend", { edge, backendId: "bkdtg_2abcdefghijklmnopqrstuvwxyz" });
    expect(await value(backend.edgeId)).toBe("tls-id");
    expect(await value(backend.urn)).toMatch(chain("backend", "TlsEdge", "TlsEdgeBackend"));

    const byIds = new ngrok.TlsEdgeTlsTermination("by-ids", { edgeId: "edgtls_2abcdefghijklmnopqrstuvwxyz", terminateAt: "edge" });
    expect(await value(byIds.urn)).toMatch(chain("by-ids", "TlsEdgeTlsTermination"));

    const group = new pulumi.ComponentResource("acme:Group", "group");
    const owned = new ngrok.TlsEdgeIpRestriction("owned", { edge, ipPolicyIds: ["ipp_2abcdefghijklmnopqrstuvwxyz"] }, { parent: group });
    expect(await value(owned.urn)).toMatch(chain("owned", "acme:Group", "TlsEdgeIpRestriction"));
    expect(await value(owned.edgeId)).toBe("tls-id");
  });
});

describe("secret inputs", () => {
  it("are secret outputs even when the program passes plain strings, and stay secret when given as secrets", async () => {
    const route = new ngrok.HttpsEdgeRoute("web", { edgeId: "edghts_2abcdefghijklmnopqrstuvwxyz", matchType: "exact_path", match: "/" });
    const oidc = new ngrok.HttpsEdgeRouteOidc("sso", { route, issuer: "https://id.example.com", clientId: "app", clientSecret: "plain-s3cret" });
    const hook = new ngrok.HttpsEdgeRouteWebhookVerification("hook", { route, provider: "github", secret: pulumi.secret("whsec") });
    const sns = new ngrok.HttpsEdgeRouteWebhookVerification("sns", { route, provider: "sns" });
    expect(await secret(oidc.clientSecret)).toBe(true);
    expect(await secret(hook.secret)).toBe(true);
    expect(await secret(oidc.clientId)).toBe(false);
    expect(await value(sns.secret)).toBeUndefined();
  });
});

describe("schema.json", () => {
  const schema = require("../../../schema.json") as { resources: Record<string, { properties: Record<string, { secret?: boolean }>; inputProperties: Record<string, { secret?: boolean; $ref?: string }>; requiredInputs: string[] }> };

  it("marks secret inputs and outputs, and takes the ids a plugin program gives (the parent argument is the TypeScript SDK's own)", () => {
    const oidc = schema.resources["ngrok:index:HttpsEdgeRouteOidc"]!;
    expect(oidc.properties.clientSecret!.secret).toBe(true);
    expect(oidc.inputProperties.clientSecret!.secret).toBe(true);
    expect(schema.resources["ngrok:index:HttpsEdgeRouteWebhookVerification"]!.inputProperties.secret!.secret).toBe(true);
    expect(oidc.inputProperties.route).toBeUndefined();
    expect(oidc.requiredInputs).toEqual(["edgeId", "routeId", "issuer", "clientId", "clientSecret"]);
    expect(schema.resources["ngrok:index:TlsEdgeBackend"]!.requiredInputs).toEqual(["edgeId", "backendId"]);
    expect(schema.resources["ngrok:index:HttpsEdgeRoute"]!.requiredInputs).toEqual(["edgeId", "matchType", "match"]);
  });
});
