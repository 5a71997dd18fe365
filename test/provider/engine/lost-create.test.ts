/**
 * A create whose answer is lost (the service processed it, then answered a 5xx or dropped the
 * connection) never becomes a duplicate: the client does not repeat it, and the provider finds
 * what it made. For every resource kind, table-driven from the definitions, against the
 * emulator's scripted faults.
 */
import type { Emulator, ScriptedFault } from "../../../emulator";
import { definitions, ResourceHandler, type BoundKind, type Handler, type Provider } from "../../../provider";
import type { BoundDefinition, Props } from "../../../provider/contract";
import { idFromKeys, idKeys } from "../../../provider/engine/locate";
import { oneTimeOutputs } from "../../../provider/engine/recover";
import { article } from "../../../provider/words";
import { aiCall, call } from "../../support/api";
import { collectionOf, missingKinds, validInputs } from "../../support/inputs";
import { boundKinds, emulatorForProvider } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  // Lost answers, not pacing: the parents made for 26 kinds would soon meet the rate limit.
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

type ResourceKind = BoundKind;
const kinds = boundKinds;
const def = (kind: ResourceKind): BoundDefinition => definitions[kind];
/** Kinds found again by listing their collection, or their parent's (the others have ids made of inputs, or cannot be listed). */
const listed = kinds.filter((k) => {
  const b = def(k).binding;
  return (b.kind === "collection" && b.listKey !== undefined) || (b.kind === "sub-collection" && "idPrefix" in b.item);
});
/** Kinds a POST creates whose ids are made of their inputs (an event source). */
const keyedPosts = kinds.filter((k) => def(k).binding.kind === "sub-collection" && idKeys(def(k).binding) !== undefined);
/** Where a lost create of `kind` is looked for: its collection's list, or its parent. */
const listedAt = (kind: ResourceKind): string => {
  const b = def(kind).binding;
  return b.kind === "sub-collection" ? b.parent.path : b.path;
};

/** The requests the kind's API received: the AI Gateway API has its own base URL and log. */
const requestsOf = (kind: ResourceKind) => (def(kind).binding.api === "ai-gateway" ? emu.aiGatewayApi.requests : emu.requests);
/** A request to the kind's API, as someone else's client would send it. */
const callFor = (kind: ResourceKind, method: string, path: string, body?: unknown) =>
  def(kind).binding.api === "ai-gateway" ? aiCall(emu, method, path, body) : call(emu, method, path, body);
const clearRequestsOf = (kind: ResourceKind) => (def(kind).binding.api === "ai-gateway" ? emu.aiGatewayApi.clearRequests() : emu.clearRequests());

let n = 0;
const inputsOf = (kind: ResourceKind) => validInputs[kind](emu, ++n);

/** The stored API objects of a listed kind. */
function stored(kind: ResourceKind): { id: string }[] {
  return emu.resources(collectionOf(kind)) as { id: string }[];
}

/** A path of `kind` with its placeholders filled from `inputs` (a route's edge). */
const filled = (path: string, inputs: Props) => path.replace(/\{(\w+)\}/g, (_m, name: string) => String(inputs[name]));

/** The POST of a create of `kind` with `inputs`. */
function postFault(kind: ResourceKind, inputs: Props, fault: Omit<ScriptedFault, "method" | "path">): ScriptedFault {
  return { method: "POST", path: filled(def(kind).binding.path, inputs), ...fault };
}

/** No input value may appear in an error: the engine prints errors in clear. */
function expectNoValues(message: string, inputs: Props): void {
  for (const value of Object.values(inputs).flat()) {
    if (typeof value === "string" && value.length > 3) expect({ message, quotes: message.includes(value) }).toEqual({ message, quotes: false });
  }
}

const lostAnswers: [string, Omit<ScriptedFault, "method" | "path">][] = [
  ["a 502 after processing", { kind: "status-after", status: 502 }],
  ["a connection reset after processing", { kind: "reset-after" }],
];

it("has sample inputs for every resource kind", () => {
  expect(missingKinds()).toEqual([]);
  expect(listed.length + keyedPosts.length).toBeGreaterThan(1);
});

describe.each(listed)("%s (found again by listing)", (kind) => {
  let handler: Handler;
  beforeAll(() => {
    handler = provider.handler(kind);
  });
  const oneTime = oneTimeOutputs(def(kind));

  it.each(lostAnswers)("after %s, the create makes exactly one resource", async (_name, fault) => {
    const inputs = await inputsOf(kind);
    const before = stored(kind).length;
    clearRequestsOf(kind);
    emu.scriptFault(postFault(kind, inputs, fault));
    const created = await handler.create(inputs);
    const posts = requestsOf(kind).filter((r) => r.method === "POST" && r.processed);
    if (oneTime.length === 0) {
      // Found again: the user sees a successful create, of the one resource there is. The
      // client never repeated the POST.
      expect(posts).toHaveLength(1);
    } else {
      // The outputs only the lost answer carried (a token) are gone: what it made was deleted and
      // created again, with them.
      expect(posts).toHaveLength(2);
      expect(requestsOf(kind).filter((r) => r.method === "DELETE" && r.status === 204)).toHaveLength(1);
      for (const name of oneTime) expect(typeof created.outs[name]).toBe("string");
    }
    expect(stored(kind).slice(before).map((r) => r.id)).toEqual([created.id]);
    expect((await handler.diff(created.id, created.outs, inputs)).changes).toBe(false);
    expect((await handler.read(created.id, created.outs)).props).toEqual(created.outs);
    await handler.delete(created.id, created.outs);
    expect(stored(kind)).toHaveLength(before);
  });

  if (oneTime.length > 0) {
    it("when every create loses its answer, fails saying what it deleted", async () => {
      const inputs = await inputsOf(kind);
      const before = stored(kind).length;
      emu.scriptFault(postFault(kind, inputs, { kind: "status-after", status: 502, times: 3 }));
      const err = (await handler.create(inputs).catch((e: unknown) => e)) as Error;
      expect(err.message).toMatch(
        new RegExp(`The service created ${kind} (\\w+), but its answer was lost, and with it the ${oneTime.join(" and ")} .*: \\1 was deleted, and the next \`up\` creates the ${kind} again$`),
      );
      expectNoValues(err.message, inputs);
      expect(stored(kind)).toHaveLength(before);
    });
  }

  it("after a 503 answered without processing, fails saying nothing was created", async () => {
    const inputs = await inputsOf(kind);
    const before = stored(kind).length;
    emu.scriptFault(postFault(kind, inputs, { kind: "status-before", status: 503 }));
    const err = (await handler.create(inputs).catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ name: "ApiError", status: 503 });
    expect(err.message).toContain(`The service did not create the ${kind} (none made since the request matches it): the next \`up\` creates it`);
    expectNoValues(err.message, inputs);
    expect(stored(kind)).toHaveLength(before);
  });

  it("when the lookup itself fails, names the resource that may exist and how to adopt it", async () => {
    const inputs = await inputsOf(kind);
    const before = stored(kind).length;
    emu.scriptFault(postFault(kind, inputs, { kind: "status-after", status: 500 }));
    // The list fails on every attempt (the tests' client tries 5 times).
    emu.scriptFault({ method: "GET", path: filled(listedAt(kind), inputs), kind: "status-before", status: 503, times: 5 });
    const err = (await handler.create(inputs).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(
      new RegExp(`^HTTP 500: .*The service may have created the ${kind}, and looking for it failed \\(HTTP 503\\): look for ${article(kind)} ${kind} created at \\S+ and add \`importId: "<its id>"\``),
    );
    expectNoValues(err.message, inputs);
    expect(stored(kind)).toHaveLength(before + 1);
    for (const r of stored(kind).slice(before)) await callFor(kind, "DELETE", `${filled(def(kind).binding.path, inputs)}/${r.id}`);
  });

  if (!def(kind).uniqueKey) {
    it("with several matching resources, fails naming them and the importId that adopts one", async () => {
      const inputs = await inputsOf(kind);
      const before = stored(kind).length;
      // Made a moment earlier by someone else, with the same inputs.
      const body = Object.fromEntries(
        Object.entries(def(kind).properties).flatMap(([name, p]) =>
          // A parent's id travels in the path.
          p.input && inputs[name] !== undefined && !def(kind).binding.path.includes(`{${name}}`) ? [[p.input.api, inputs[name]]] : [],
        ),
      );
      const other = (await callFor(kind, "POST", filled(def(kind).binding.path, inputs), body)).json.id as string;
      emu.scriptFault(postFault(kind, inputs, { kind: "status-after", status: 504 }));
      const err = (await handler.create(inputs).catch((e: unknown) => e)) as Error;
      const ids = stored(kind).slice(before).map((r) => r.id);
      expect(ids).toHaveLength(2);
      expect(ids).toContain(other);
      expect(err.message).toContain(`The service may have created the ${kind}: 2 made since the request match it (${[...ids].reverse().join(", ")}): add \`importId: "<one of them>"\``);
      expectNoValues(err.message, inputs);
      for (const id of ids) await callFor(kind, "DELETE", `${filled(def(kind).binding.path, inputs)}/${id}`);
    });

    it("never takes the resource another create of the program made at the same moment for its own", async () => {
      const inputs = await inputsOf(kind);
      const before = stored(kind).length;
      // Two resources of the program with the same inputs, created together; one answer is lost.
      emu.scriptFault(postFault(kind, inputs, { kind: "status-after", status: 502 }));
      const outcomes = await Promise.allSettled([handler.create(inputs), handler.create(inputs)]);
      const made = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value.id] : []));
      expect(new Set(made).size).toBe(made.length);
      expect(made.length).toBe(2);
      expect(stored(kind).slice(before).map((r) => r.id).sort()).toEqual([...made].sort());
      for (const id of made) await handler.delete(id, inputs);
    });
  }
});

describe.each(keyedPosts)("%s (keyed: found again at its own address)", (kind) => {
  let handler: Handler;
  beforeAll(() => {
    handler = provider.handler(kind);
  });

  it.each(lostAnswers)("after %s, the create succeeds with the resource the service made", async (_name, fault) => {
    const inputs = await inputsOf(kind);
    emu.clearRequests();
    emu.scriptFault(postFault(kind, inputs, fault));
    const created = await handler.create(inputs);
    expect(emu.requests.filter((r) => r.method === "POST" && r.processed)).toHaveLength(1);
    expect((await handler.read(created.id, created.outs)).props).toEqual(created.outs);
    expect((await handler.diff(created.id, created.outs, inputs)).changes).toBe(false);
    await handler.delete(created.id, created.outs);
    expect((await handler.read(created.id, created.outs)).id).toBe("");
  });

  it("after a 503 answered without processing, fails saying nothing was created", async () => {
    const inputs = await inputsOf(kind);
    emu.scriptFault(postFault(kind, inputs, { kind: "status-before", status: 503 }));
    const err = (await handler.create(inputs).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(new RegExp(`The service did not create the ${kind}: the next \`up\` creates it$`));
    expectNoValues(err.message, inputs);
    expect((await handler.read(idFromKeys(idKeys(def(kind).binding)!, inputs), inputs)).id).toBe("");
  });
});

it("for a kind that cannot be listed, says the resource may exist and how to adopt it", async () => {
  // The engine is generic over definitions: a listed kind, as if its list did not exist.
  const unlisted: BoundDefinition = { ...definitions.Credential, binding: { kind: "collection", path: "/credentials", idPrefix: "cr" } };
  const handler = new ResourceHandler(unlisted, { client: () => provider.client() });
  const before = emu.resources("credentials").length;
  emu.scriptFault({ method: "POST", path: "/credentials", kind: "reset-after" });
  const err = (await handler.create({ description: "unlisted" }).catch((e: unknown) => e)) as Error;
  expect(err).toMatchObject({ name: "LostCreateError", transport: { name: "TransportError", mayHaveBeenProcessed: true } });
  expect(err.message).toMatch(
    /^POST \/credentials failed: the connection to \S+ was dropped before an answer came; the request was sent and the service may have processed it; it was not repeated, since a repeat could make a duplicate\. The service may have created the Credential: if the account has one matching this resource, add `importId: "cr_\.\.\."` with its id to the resource to adopt it$/,
  );
  const made = emu.resources("credentials").slice(before) as { id: string }[];
  for (const r of made) await call(emu, "DELETE", `/credentials/${r.id}`);
});
