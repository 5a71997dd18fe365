/**
 * The committed package-lock.json is the one `npm install` writes from package.json with the npm
 * on PATH (the machine's, which `make install` runs): a fresh clone stays clean after `make up`
 * and `make test`. npm writes the lockfile of a copy of the two files in a directory of its own
 * (`--package-lock-only`: from the registry's metadata, npm's cache first, nothing installed).
 * .ci/run also checks `git status --porcelain` in its clone after the install and after the tests.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

jest.setTimeout(5 * 60_000);

const root = path.resolve(__dirname, "..");

it("npm install leaves package-lock.json as committed", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lockfile-"));
  try {
    for (const f of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(root, f), path.join(dir, f));
    const r = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile(
        "npm",
        ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"],
        { cwd: dir, env: { ...process.env, npm_config_update_notifier: "false" }, maxBuffer: 64 << 20 },
        (err, stdout, stderr) => resolve({ code: err ? 1 : 0, out: stdout + stderr }),
      ),
    );
    expect({ code: r.code, out: r.code === 0 ? "" : r.out }).toEqual({ code: 0, out: "" });
    const written = fs.readFileSync(path.join(dir, "package-lock.json"), "utf8");
    const committed = fs.readFileSync(path.join(root, "package-lock.json"), "utf8");
    // The names of the packages npm added or dropped say what differs, not a 10,000-line diff.
    const packages = (text: string) => Object.keys((JSON.parse(text) as { packages: Record<string, unknown> }).packages);
    const added = packages(written).filter((p) => !packages(committed).includes(p));
    const dropped = packages(committed).filter((p) => !packages(written).includes(p));
    expect({ added, dropped, same: written === committed }).toEqual({ added: [], dropped: [], same: true });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
