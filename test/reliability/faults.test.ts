/** The seeded fault run on the dynamic SDK (fault-run.ts; faults-plugin.test.ts is the plugin's). */
import { describeFaultRun } from "./fault-run";

describeFaultRun("dynamic");
