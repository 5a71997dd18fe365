// Every test process: clients made in tests keep their pacing ledgers in the temporary
// directory, not in the user's cache (tests that study the ledger give their own directory).
const os = require("os");
const path = require("path");
process.env.PULUMI_NGROK_PACING_DIR ??= path.join(os.tmpdir(), "pulumi-ngrok-test-pacing");
