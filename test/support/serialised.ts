/**
 * The `__provider` text the built SDK really sends for each resource kind, captured with
 * Pulumi's mocks (no engine): exactly what lands in a stack's state.
 */
import * as pulumi from "@pulumi/pulumi";

export interface Captured {
  type: string;
  inputs: Record<string, unknown>;
}

/**
 * Runs `program` under mocks and returns every registration it made, once each resource it
 * returns is registered (its URN resolves only when the mocked engine has answered).
 */
export async function captureRegistrations(program: () => pulumi.Resource | pulumi.Resource[]): Promise<Captured[]> {
  const captured: Captured[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        captured.push({ type: args.type, inputs: args.inputs as Record<string, unknown> });
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "serialisation-test",
    "dev",
    false,
  );
  const made = program();
  const resources = Array.isArray(made) ? made : [made];
  await Promise.all(resources.map((r) => new Promise<void>((resolve) => r.urn.apply(() => resolve()))));
  return captured;
}
