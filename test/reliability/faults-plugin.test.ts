/**
 * The seeded fault run through the provider plugin, on its Node.js package: the same program,
 * seed and faults as faults.test.ts (fault-run.ts).
 */
import { describeFaultRun } from "./fault-run";

describeFaultRun("plugin");
