/**
 * One resource's life cycle through the provider's operations (check, create, read, diff, update,
 * delete) against the emulator over loopback, driven by a table of steps: what each resource
 * test file states is what differs, the sequence is the same for all.
 */
import type { Emulator } from "../../emulator";
import { definitions, type BoundKind, type Provider } from "../../provider";
import { call } from "./api";
import { idPrefixOf } from "../../provider/engine/locate";

type Props = Record<string, unknown>;

export interface LifecycleSpec {
  kind: BoundKind;
  /** The program's first inputs. */
  inputs: Props;
  /** Outputs after create (a subset). */
  created: Props;
  /** In-place updates, in order: each gives the program's whole new inputs, and what the API then holds (a subset). */
  updates: { what: string; inputs: Props; api: Record<string, unknown> }[];
  /** Changes to immutable inputs, each applied to the last inputs: preview must show a replace of `replaces`. */
  replaces: { what: string; change: Props; replaces: string[] }[];
  /** A change made behind Pulumi's back (a PATCH through the API): refresh shows `property` as `value`. */
  drift: { body: Record<string, unknown>; property: string; value: unknown };
}

/** Runs the life cycle; returns nothing, asserts everything. */
export async function runLifecycle(provider: Provider, emu: Emulator, spec: LifecycleSpec): Promise<void> {
  const handler = provider.handler(spec.kind);
  const def = definitions[spec.kind];
  const apiPath = (id: string) => `${def.binding.path}/${id}`;
  const at = (step: string) => `${spec.kind}: ${step}`;

  expect({ at: at("check"), failures: (await handler.check({}, spec.inputs)).failures }).toEqual({ at: at("check"), failures: [] });
  const created = await handler.create(spec.inputs);
  expect(created.id).toMatch(new RegExp(`^${idPrefixOf(def.binding)}_[0-9A-Za-z]{27}$`));
  expect(created.outs).toMatchObject(spec.created);
  const id = created.id;

  // Read right after create: the same outputs; no diff against the same program.
  const read = await handler.read(id, created.outs);
  expect(read).toEqual({ id, props: created.outs });
  expect({ at: at("no-change diff"), diff: await handler.diff(id, read.props, spec.inputs) }).toEqual({
    at: at("no-change diff"),
    diff: { changes: false, changed: [], replaces: [], deleteBeforeReplace: false },
  });

  let outs = read.props;
  let inputs = spec.inputs;
  for (const step of spec.updates) {
    const diff = await handler.diff(id, outs, step.inputs);
    expect({ at: at(step.what), changes: diff.changes, replaces: diff.replaces }).toEqual({ at: at(step.what), changes: true, replaces: [] });
    outs = (await handler.update(id, outs, step.inputs)).outs;
    inputs = step.inputs;
    const api = (await call(emu, "GET", apiPath(id))).json as Record<string, unknown>;
    expect({ at: at(step.what), api }).toEqual({ at: at(step.what), api: expect.objectContaining(step.api) });
    // Applied: no diff left, and refresh reads the same.
    expect({ at: at(`${step.what}, then diff`), changes: (await handler.diff(id, outs, inputs)).changes }).toEqual({
      at: at(`${step.what}, then diff`),
      changes: false,
    });
    expect(await handler.read(id, outs)).toEqual({ id, props: outs });
  }

  for (const step of spec.replaces) {
    const diff = await handler.diff(id, outs, { ...inputs, ...step.change });
    expect({ at: at(step.what), diff }).toEqual({ at: at(step.what), diff: { changes: true, changed: expect.arrayContaining(step.replaces), replaces: step.replaces, deleteBeforeReplace: false } });
  }

  // Refresh after an out-of-band change shows it, and the program's inputs then differ.
  expect((await call(emu, "PATCH", apiPath(id), spec.drift.body)).status).toBe(200);
  const refreshed = await handler.read(id, outs);
  expect({ at: at("refresh after drift"), value: refreshed.props[spec.drift.property] }).toEqual({
    at: at("refresh after drift"),
    value: spec.drift.value,
  });
  const repair = await handler.diff(id, refreshed.props, inputs);
  expect({ at: at("diff after drift"), changes: repair.changes, replaces: repair.replaces }).toEqual({
    at: at("diff after drift"),
    changes: true,
    replaces: [],
  });

  await handler.delete(id);
  expect((await call(emu, "GET", apiPath(id))).status).toBe(404);
  // Deleting what is already gone succeeds; refresh reports it gone.
  await expect(handler.delete(id)).resolves.toBeUndefined();
  expect(await handler.read(id, refreshed.props)).toEqual({ id: "", props: {} });
}

/**
 * Adoption, as `importId` and `Resource.get` use it: a resource made through the API is adopted
 * at create with the program's mutable inputs applied, and read by id alone.
 */
export async function runAdoption(provider: Provider, emu: Emulator, kind: BoundKind, apiBody: Record<string, unknown>, inputs: Props): Promise<Props> {
  const handler = provider.handler(kind);
  const def = definitions[kind];
  const made = await call(emu, "POST", def.binding.path, apiBody);
  expect(made.status).toBe(201);
  const id = made.json.id as string;
  const news = { ...inputs, importId: id };
  expect((await handler.check({}, news)).failures).toEqual([]);
  const adopted = await handler.create(news);
  expect(adopted.id).toBe(id);
  expect((await handler.diff(id, adopted.outs, news)).changes).toBe(false);
  // `Resource.get`: a read with nothing but the id.
  const got = await handler.read(id, {});
  expect(got.id).toBe(id);
  await handler.delete(id);
  expect(emu.resources(def.binding.path.slice(1)).filter((r) => (r as { id: string }).id === id)).toEqual([]);
  return got.props;
}
