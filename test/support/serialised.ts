/**
 * The `__provider` text the built SDK really sends for each resource kind, captured with
 * Pulumi's mocks (no engine): exactly what lands in a stack's state.
 */
import * as pulumi from "@pulumi/pulumi";

export interface Captured {
  type: string;
  inputs: Record<string, unknown>;
}

export async function captureRegistrations(program: () => void): Promise<Captured[]> {
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
  program();
  // Registrations complete asynchronously (the provider text is serialised first).
  for (let i = 0; i < 200 && captured.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, 200));
  return captured;
}
