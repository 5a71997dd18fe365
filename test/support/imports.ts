/**
 * The relative-import graph of TypeScript sources, its cycles, and the imports that go up or
 * sideways in a declared order of folders. Type-only imports and exports (`import type`,
 * `export type`, `import { type A }`, `import("./x").T`) count: the compiler erases them, but a
 * reader still has to understand both files at once.
 */
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";

/** Every `.ts` file under `dirs` (relative to `root`), as paths relative to `root` with "/". */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) return e.name === "node_modules" ? [] : walk(p);
      return e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
    });
  return dirs.filter((d) => fs.existsSync(path.join(root, d))).flatMap(walk).sort();
}

/**
 * The relative specifiers a source loads at run time: imports, re-exports, `require(...)` and
 * `import(...)`; with `types`, also those it imports only types from. `packages` adds the
 * specifiers of packages (not relative).
 */
export function runtimeImports(fileName: string, text: string, options: { types?: boolean; packages?: boolean } = {}): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node) && (options.packages || node.text.startsWith("."))) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly || options.types) literal(node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly || options.types) literal(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if ((!node.isTypeOnly || options.types) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression);
    } else if (options.types && ts.isImportTypeNode(node)) {
      // `import("../x").T` in a type.
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg)) literal(arg.literal);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === "require";
      if ((isRequire || callee.kind === ts.SyntaxKind.ImportKeyword) && node.arguments.length === 1) literal(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The file a relative specifier of `from` names, among `known` (paths relative to the root). With
 * `rootDirs`, as the compiler's option: directories seen as one, so that a path not found under
 * the deepest of them that holds it is looked for at the same place under the others.
 */
function resolve(from: string, specifier: string, known: ReadonlySet<string>, rootDirs: readonly string[] = []): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const find = (p: string) => [p, `${p}.ts`, `${p}/index.ts`, p.replace(/\.js$/, ".ts")].find((c) => known.has(c));
  const found = find(base);
  if (found !== undefined) return found;
  const holds = (dir: string) => (dir === "." ? !base.startsWith("../") : base === dir || base.startsWith(`${dir}/`));
  const matched = rootDirs.filter(holds).sort((a, b) => b.length - a.length)[0];
  if (matched === undefined) return undefined;
  const rest = path.posix.relative(matched, base);
  for (const dir of rootDirs) {
    const there = dir === matched ? undefined : find(path.posix.join(dir, rest));
    if (there !== undefined) return there;
  }
  return undefined;
}

/**
 * Each file's imports among `files`, type-only ones included (imports of anything else are left
 * out), resolved
 * with `rootDirs` (relative to `root`) as the compiler resolves them.
 */
export function importGraph(root: string, files: readonly string[], rootDirs: readonly string[] = []): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const specifiers = runtimeImports(file, fs.readFileSync(path.join(root, file), "utf8"), { types: true });
      const targets = specifiers.map((s) => resolve(file, s, known, rootDirs)).filter((t): t is string => t !== undefined);
      return [file, [...new Set(targets)].sort()];
    }),
  );
}

/**
 * One cycle per strongly connected group of files that import each other, as the path that
 * leads from its first file (by name) back to it: ["a.ts", "b.ts", "a.ts"].
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm; recursive, as an import chain is far shorter than the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);

  return groups
    .map((group) => {
      const members = new Set(group);
      const start = group[0]!;
      // Breadth-first within the group: the shortest way from `start` back to itself.
      const previous = new Map<string, string>();
      const queue = [start];
      while (queue.length) {
        const v = queue.shift()!;
        for (const w of graph.get(v) ?? []) {
          if (!members.has(w)) continue;
          if (w === start) {
            const cycle = [start];
            for (let u: string | undefined = v; u !== undefined && u !== start; u = previous.get(u)) cycle.splice(1, 0, u);
            return [...cycle, start];
          }
          if (!previous.has(w)) {
            previous.set(w, v);
            queue.push(w);
          }
        }
      }
      return [...group, start];
    })
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * Every import (run-time or type-only, `require` included) by a file under `from` of a file
 * under one of `into`, or of one of `packages` (a package's own name reaches all of it): as
 * "importer -> specifier". Directories are relative to `root`.
 */
export function importsInto(root: string, from: string, into: readonly string[], packages: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root, [from])) {
    for (const specifier of runtimeImports(file, fs.readFileSync(path.join(root, file), "utf8"), { types: true, packages: true })) {
      const target = specifier.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : undefined;
      const named = target === undefined ? packages.some((p) => specifier === p || specifier.startsWith(`${p}/`)) : into.some((d) => target === d || target.startsWith(`${d}/`));
      if (named) found.push(`${file} -> ${specifier}`);
    }
  }
  return found;
}

/**
 * The imports of `graph` that break a layering: `layers` names folders and files (relative to the
 * root, with "/") from the bottom up, and a file under one may import only files under itself or
 * under a layer before it. Files under no layer are not looked at, nor are imports of them. As
 * "importer -> imported (<its layer> is above <importer's layer>)".
 */
export function layerViolations(graph: ReadonlyMap<string, readonly string[]>, layers: readonly string[]): string[] {
  const layerOf = (file: string): number => layers.findIndex((l) => file === l || file.startsWith(`${l}/`));
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (from < 0) continue;
    for (const target of targets) {
      const to = layerOf(target);
      if (to > from) found.push(`${file} -> ${target} (${layers[to]} is above ${layers[from]})`);
    }
  }
  return found.sort();
}
