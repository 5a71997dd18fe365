/**
 * The acceptance run's plans against the definitions (cheap, in `make test`): every kind the
 * definitions register is covered or left out with a reason, every replacement changes only inputs
 * that replace, and the program's spec puts every reference after what it names.
 */
import { definitions, isBoundKind, type ResourceKind } from "../../provider";
import { leftOut, planProblems, replacementProblems, runKinds, specOf, versions } from "./plans";

it("covers every kind of the definitions, or says why not", () => {
  expect(planProblems()).toEqual([]);
  const all = (Object.keys(definitions) as ResourceKind[]).filter(isBoundKind);
  expect(all.filter((k) => !runKinds().includes(k) && leftOut(k) === undefined)).toEqual([]);
  expect(runKinds().length).toBeGreaterThan(20);
});

it("replaces only through inputs that replace, and declares what a resource refers to before it", async () => {
  const v = await versions({ prefix: "pulumi-ngrok-acc-0101-abcd-d", domain: "ngrok.app", ownDomain: "example.com" });
  const problems = runKinds().flatMap((k) => {
    const changed = Object.fromEntries(Object.entries(v.replaced[k]!).filter(([p, x]) => JSON.stringify(x) !== JSON.stringify(v.updated[k]![p])));
    return replacementProblems(k, changed);
  });
  expect(problems).toEqual([]);
  const spec = specOf(v, "replaced");
  const declared: string[] = [];
  for (const r of spec.resources) {
    const refs = [...JSON.stringify(r.inputs).matchAll(/"\$ref":"(\w+)"/g)].map((m) => m[1]!);
    for (const ref of refs) expect({ kind: r.kind, ref, declaredBefore: declared.includes(ref) }).toEqual({ kind: r.kind, ref, declaredBefore: true });
    declared.push(r.kind);
  }
  // The run's prefix is on every resource (its description, metadata or a name of its own), but for
  // items under a parent, which have no field of their own for it and go with their parent.
  const unmarked = spec.resources.filter((r) => !JSON.stringify(r.inputs).includes("pulumi-ngrok-acc-0101-abcd-d")).map((r) => r.kind);
  expect(unmarked.filter((k) => definitions[k].binding.kind !== "sub-collection")).toEqual([]);
});
