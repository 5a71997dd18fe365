/**
 * The repository's documents stand on their own: nothing points at a path outside the repository,
 * every relative link in a Markdown file leads to a file in it, and the contributors' guide is
 * CONTRIBUTING.md, linked from the README.
 */
import * as fs from "fs";
import * as path from "path";

const root = path.resolve(__dirname, "..");
const skipped = new Set(["node_modules", "dist", ".git", ".pulumi-test", "coverage"]);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (skipped.has(e.name)) return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.isFile() && !/\.(tgz|png|jpg|ico)$/.test(e.name) && e.name !== "package-lock.json" ? [p] : [];
  });
}

const all = files(root);
const rel = (p: string) => path.relative(root, p);

it("no file points at a path outside the repository", () => {
  const offenders: string[] = [];
  const names = new Set(all.map((p) => path.basename(p)));
  for (const file of all) {
    const text = fs.readFileSync(file, "utf8");
    // A relative path that climbs out of the repository.
    for (const m of text.matchAll(/(?<![\w/.])(?:\.\.\/)+[\w@.-]+(?:\/[\w@.-]+)*/g)) {
      if (path.relative(root, path.resolve(path.dirname(file), m[0])).startsWith("..")) offenders.push(`${rel(file)}: ${m[0]}`);
    }
    // A document named as if it were here.
    for (const m of text.matchAll(/\b[\w-]+\.md\b/g)) if (!names.has(m[0])) offenders.push(`${rel(file)}: ${m[0]}`);
  }
  expect(offenders).toEqual([]);
});

/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(file: string): Set<string> {
  const text = fs.readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-")));
}

it("every relative link in the Markdown files leads to a file in the repository, and to a heading of it", () => {
  const broken: string[] = [];
  for (const file of all.filter((p) => p.endsWith(".md"))) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(/\]\(([^)\s]+)\)/g)) {
      const [target, anchor] = m[1]!.split("#") as [string, string | undefined];
      if (/^[a-z]+:/i.test(target)) continue; // a URL
      const resolved = target === "" ? file : path.resolve(path.dirname(file), target);
      if (path.relative(root, resolved).startsWith("..") || !fs.existsSync(resolved)) broken.push(`${rel(file)}: ${m[1]}`);
      else if (anchor !== undefined && resolved.endsWith(".md") && !anchors(resolved).has(anchor)) broken.push(`${rel(file)}: ${m[1]} (no such heading)`);
    }
  }
  expect(broken).toEqual([]);
});

it("the README is for users: at most 250 lines, linking every page of docs/, with no hashes or load averages", () => {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  expect(readme.split("\n").length - (readme.endsWith("\n") ? 1 : 0)).toBeLessThanOrEqual(250);
  const pages = fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md"));
  expect(pages.filter((f) => !readme.includes(`](docs/${f}`))).toEqual([]);
  expect(readme).not.toMatch(/\b[0-9a-f]{16,}\b|load average/i);
});

it("the contributors' guide is CONTRIBUTING.md, linked from the README, with the architecture, adding a resource, the tests and the conventions", () => {
  // One guide: the top level holds no other document but the changelog.
  expect(fs.readdirSync(root).filter((f) => f.endsWith(".md")).sort()).toEqual(["CHANGELOG.md", "CONTRIBUTING.md", "README.md"]);
  const guide = fs.readFileSync(path.join(root, "CONTRIBUTING.md"), "utf8");
  const headings = [...guide.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  expect(headings).toEqual(expect.arrayContaining(["Architecture", "Adding a resource", "Tests", "Conventions"]));
  expect(fs.readFileSync(path.join(root, "README.md"), "utf8")).toContain("](CONTRIBUTING.md)");
});

/** The repository's tracked folders and files, with "/" (git's view: what a clone holds). */
function tracked(): { files: Set<string>; dirs: Set<string> } {
  const list = (require("child_process") as typeof import("child_process")).execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
  const dirs = new Set(list.flatMap((f) => f.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
  return { files: new Set(list), dirs };
}

/** The repository paths a Markdown text names in code spans (`provider/engine/`), placeholders left out. */
function namedPaths(text: string): string[] {
  const top = "provider|emulator|sdk|test|bench|scripts|examples|clock|docs|release";
  return [...text.matchAll(new RegExp(`\`((?:${top})/[\\w./-]*)\``, "g"))].map((m) => m[1]!);
}

it("every repository path the documents name in code is there", () => {
  const { files: held, dirs } = tracked();
  const docs = ["README.md", "CONTRIBUTING.md", "emulator/README.md", ...fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
  const missing = docs.flatMap((doc) =>
    namedPaths(fs.readFileSync(path.join(root, doc), "utf8"))
      .map((p) => p.replace(/\/$/, ""))
      .filter((p) => !held.has(p) && !dirs.has(p))
      .map((p) => `${doc}: ${p}`),
  );
  expect(missing).toEqual([]);
  expect(namedPaths("see `provider/engine/`, `test/a.test.ts` and `sdk/generated/<kind>.ts`")).toEqual(["provider/engine/", "test/a.test.ts"]);
});

it("CONTRIBUTING.md's map of the tree names every folder of the repository's root and of provider/, emulator/, sdk/ and test/", () => {
  const text = fs.readFileSync(path.join(root, "CONTRIBUTING.md"), "utf8");
  const map = /## Architecture[\s\S]*?```\n([\s\S]*?)```/.exec(text)![1]!;
  expect(map.split("\n").filter(Boolean).length).toBeLessThanOrEqual(14);
  const { dirs } = tracked();
  const folders = [...dirs].filter((d) => !d.includes("/") || (/^(provider|emulator|sdk|test)\/[^/]+$/.test(d)));
  // A folder is named as `name/` (under its parent's line) or inside a `{a,b}` group.
  const named = (d: string) => {
    const name = d.split("/").pop()!;
    return new RegExp(`(^|[\\s(/{,])${name.replace(/[.]/g, "\\.")}(/|[,}])`, "m").test(map);
  };
  expect(folders.filter((d) => !named(d)).sort()).toEqual([]);
});
