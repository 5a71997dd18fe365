// Makes the package resolvable by its own name from the repo (examples, the dynamic-provider host
// and tests run programs whose serialised stubs `require("pulumi-ngrok/provider")`).
// A symlink keeps a single copy of @pulumi/pulumi: the one in the repo's node_modules.
const fs = require("fs");
const path = require("path");
const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", require(path.join(root, "package.json")).name);
fs.mkdirSync(path.dirname(link), { recursive: true });
try {
  if (path.resolve(path.dirname(link), fs.readlinkSync(link)) === root) process.exit(0);
  fs.rmSync(link, { recursive: true, force: true });
} catch {
  // no link yet
}
fs.symlinkSync(path.relative(path.dirname(link), root), link, "dir");
