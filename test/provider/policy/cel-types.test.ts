/**
 * The CEL a policy may write, declared twice (the provider's preview check and the emulator each
 * keep their own table: the emulator is the oracle and imports nothing from provider/): both
 * tables declare the same variables with the same types and the same functions, and both give
 * each variable of ngrok's variables pages (https://ngrok.com/docs/traffic-policy/variables/) the
 * type the page gives it, but where listed below with the reason.
 */
import { typeFromText, typeText, variablesFromTable, type CelT } from "../../../cel/check";
import { celDeclarations as emulatorDeclarations } from "../../../emulator/gateway/cel-declarations";
import { celDeclarations as providerDeclarations } from "../../../provider/policy/cel-declarations";
import { corpus } from "../../emulator/gateway/ngrok-docs/corpus";

const signature = (o: { name: string; target?: CelT; args: readonly CelT[]; result: CelT }): string =>
  `${o.target === undefined ? "" : `${typeText(o.target)}.`}${o.name}(${o.args.map(typeText).join(", ")}) -> ${typeText(o.result)}`;

it("the provider and the emulator declare the same variables, of the same types", () => {
  expect(providerDeclarations().variables).toEqual(emulatorDeclarations().variables);
});

it("the provider and the emulator declare the same functions, with the same signatures", () => {
  const sigs = (d: ReturnType<typeof providerDeclarations>): string[] => [...new Set(d.overloads.map(signature))].sort();
  expect(sigs(providerDeclarations())).toEqual(sigs(emulatorDeclarations()));
});

/** A type as the variables pages write it ("int32", "[]string", "map[string][]string", "boolean"), in CEL's words. */
function documented(text: string): string {
  const t = text.trim();
  const list = /^(?:\[\]|list\[)(.+?)\]?$/.exec(t);
  if (t.startsWith("[]") || t.startsWith("list[")) return t === "[]byte" ? "bytes" : `list(${documented(list![1]!)})`;
  const map = /^map\[(\w+)\](.+)$/.exec(t);
  if (map) return `map(${documented(map[1]!)}, ${documented(map[2]!)})`;
  const scalar: Record<string, string> = { boolean: "bool", bool: "bool", integer: "int", int32: "int", int64: "int", string: "string", timestamp: "google.protobuf.Timestamp", duration: "google.protobuf.Duration", Extension: "Extension", cookie: "Cookie" };
  return scalar[t] ?? typeText(typeFromText(t));
}

/** Where the declarations differ from the page's type, and why. */
const DIFFERS: Readonly<Record<string, string>> = {
  // The page says "list"; its example tests membership of a string ('proxy.anonymous.tor' in ...).
  "conn.client_ip.categories": "list(string)",
  "conn.server_ip.categories": "list(string)",
};

/** The declared type of a documented name: `req.url.path`, `res.cookies[k][i].max_age`, `conn.tls.client.extensions[i].id`. */
function declared(name: string): CelT | undefined {
  let t: CelT | undefined = { k: "object", name: "variables", fields: emulatorDeclarations().variables };
  for (const part of name.replace(/\[k\]/g, ".[k]").replace(/\[i\]/g, ".[i]").split(".")) {
    if (t === undefined) return undefined;
    if (part === "[k]") t = t.k === "map" ? t.value : undefined;
    else if (part === "[i]") t = t.k === "list" ? t.elem : undefined;
    else t = t.k === "object" || (t.k === "string" && t.fields) ? t.fields![part] : undefined;
  }
  return t;
}

it.each(corpus.reference.variables.map((v) => [v.name, v.type ?? ""] as const))("%s is declared as the page types it (%s)", (name, type) => {
  const t = declared(name);
  expect(t).toBeDefined();
  expect(typeText(t!)).toBe(DIFFERS[name] ?? documented(type));
});

it("the flat tables read as ngrok's pages list them: a name with names below it and a type of its own is a string with fields", () => {
  const vars = variablesFromTable({ "req.url": "string", "req.url.path": "string", "req.method": "string" });
  expect(vars["req"]).toEqual({ k: "object", name: "req", fields: { url: { k: "string", fields: { path: { k: "string" } } }, method: { k: "string" } } });
});
