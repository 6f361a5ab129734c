// Generated workspaces of class chains written every way a base can be exported and imported
// (default, renamed, export lists, barrels, namespaces, mixins, cycles), with prose that looks like
// code: a whole-workspace analysis, which follows the bases by their names before parsing anything,
// must report what a file-by-file analysis (the editor's, which parses everything) reports.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { Rng } from "../robust/fuzz/prng";

interface Klass {
  readonly name: string;
  readonly file: number;
  /** How its module exports it: by name, renamed, as the default, as a value a call makes, or not at all. */
  readonly exportAs: "named" | "list" | "renamed" | "default" | "defaultClass" | "made" | "none";
}

/** The name another module imports `k` by, and the import statement that binds it. */
function importOf(k: Klass, local: string): string | undefined {
  const from = `"./f${k.file}"`;
  switch (k.exportAs) {
    case "named":
    case "list":
      return `import { ${k.name} as ${local} } from ${from};`;
    case "renamed":
      return `import { ${k.name}Alias as ${local} } from ${from};`;
    case "made":
      return `import { ${k.name}Made as ${local} } from ${from};`;
    case "default":
    case "defaultClass":
      return `import ${local} from ${from};`;
    case "none":
      return undefined;
  }
}

function generate(rng: Rng): Record<string, string> {
  const fileCount = rng.range(2, 6);
  const lines: string[][] = Array.from({ length: fileCount }, () => []);
  const classes: Klass[] = [];
  const defaults = new Set<number>();
  const count = rng.range(2, 9);
  for (let i = 0; i < count; i++) {
    const file = rng.int(fileCount);
    let exportAs = rng.pick(["named", "named", "list", "renamed", "default", "defaultClass", "made", "made", "none"] as const);
    if ((exportAs === "default" || exportAs === "defaultClass") && defaults.has(file)) exportAs = "named";
    if (exportAs === "default" || exportAs === "defaultClass") defaults.add(file);
    classes.push({ name: `K${i}`, file, exportAs });
  }
  // A mixin that adds a handler, in a module of its own (which may declare a server by itself), and
  // one that adds nothing, in a module that may not.
  lines[0]!.push("export const WithTools = (B: any) => class extends B { handleListTools() { return []; } };");
  lines[fileCount - 1]!.push("export const Same = (B: any) => B;");
  let imports = 0;
  for (const k of classes) {
    const own = lines[k.file]!;
    let heritage = "";
    const base = rng.chance(0.75) ? rng.pick(classes) : undefined;
    if (base) {
      let ref: string | undefined = base.name;
      if (base.file !== k.file) {
        const local = `B${imports++}`;
        const how = rng.int(4);
        if (how === 0 && base.exportAs !== "none" && base.exportAs !== "default" && base.exportAs !== "defaultClass") {
          // Through a barrel.
          const exported = base.exportAs === "renamed" ? `${base.name}Alias` : base.name;
          own.unshift(`import { ${exported} as ${local} } from "./barrel${base.file}";`);
          lines.push([`export * from "./f${base.file}";`]);
          ref = local;
        } else if (how === 1 && (base.exportAs === "named" || base.exportAs === "list")) {
          own.unshift(`import * as NS${local} from "./f${base.file}";`);
          ref = `NS${local}.${base.name}`;
        } else {
          const statement = importOf(base, local);
          if (statement) own.unshift(statement);
          ref = statement ? local : undefined;
        }
      }
      if (ref !== undefined) {
        const wrap = rng.pick(["", "", "WithTools", "Same"]);
        if (wrap === "WithTools" && k.file !== 0) own.unshift('import { WithTools } from "./f0";');
        if (wrap === "Same" && k.file !== fileCount - 1) own.unshift(`import { Same } from "./f${fileCount - 1}";`);
        heritage = ` extends ${wrap ? `${wrap}(${ref})` : ref}${rng.chance(0.3) ? "<{ a: string }>" : ""}`.replace(/\)<\{ a: string \}>$/, ")");
      }
    }
    const members = rng.chance(0.25) ? "static __capabilities__() { return { tools: {} }; } handleListTools() { return []; }" : "id = 1;";
    const typeParams = rng.chance(0.2) ? "<\n  // a note; with Attributes<M>\n  T extends object = {},\n>" : "";
    const decl = `class ${k.name}${typeParams}${heritage} { ${members} }`;
    switch (k.exportAs) {
      case "named":
        own.push(`export ${decl}`);
        break;
      case "list":
        own.push(decl, `export { ${k.name} };`);
        break;
      case "renamed":
        own.push(decl, `export { ${k.name} as ${k.name}Alias };`);
        break;
      case "default":
        own.push(decl, `export default ${k.name};`);
        break;
      case "defaultClass":
        own.push(`export default ${decl}`);
        break;
      case "made":
        if (k.file !== fileCount - 1) own.unshift(`import { Same } from "./f${fileCount - 1}";`);
        own.push(decl, `export const ${k.name}Made = Same(${k.name});`);
        break;
      case "none":
        own.push(decl);
    }
  }
  // Prose and names that look like code, and an import of a module that may declare a server which
  // nothing extends.
  for (let f = 0; f < fileCount; f++) {
    if (rng.chance(0.3)) lines[f]!.unshift('import { IsOptional } from "class-validator";');
    if (rng.chance(0.3)) lines[f]!.push("// the class that does it; class K0 extends Nothing {");
    if (rng.chance(0.3) && f !== 0) lines[f]!.unshift('import { WithTools as Unused } from "./f0";');
  }
  const out: Record<string, string> = {};
  lines.forEach((l, i) => {
    const name = i < fileCount ? `/w/f${i}.ts` : `/w/barrel${l[0]!.match(/f(\d+)/)![1]}.ts`;
    // Each import once (a class may need one another class of the file already brought in).
    const unique = l.filter((line, at) => !line.startsWith("import ") || l.indexOf(line) === at);
    out[name] = (out[name] ?? "") + unique.join("\n") + "\n";
  });
  return out;
}

function workspaceOf(files: Record<string, string>): Workspace {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(name, text);
  return new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
}

function reports(files: Record<string, string>): { whole: string[]; single: string[] } {
  const names = Object.keys(files).sort();
  const label = (d: { code: string; loc: { file: string; span: { start: number } } }) => `${d.code} ${d.loc.file}:${d.loc.span.start}`;
  const whole = workspaceOf(files).analyzeFiles(names, { tasksExtension: false });
  const single = workspaceOf(files);
  const one = names.map((f) => single.analyzeFile(f, { tasksExtension: false }));
  return {
    whole: [...whole.servers.map((s) => `${s.name} ${JSON.stringify(s.legacy)}`), ...new Set(whole.diagnostics.map(label))].sort(),
    single: [...one.flatMap((r) => r.servers.map((s) => `${s.name} ${JSON.stringify(s.legacy)}`)), ...new Set(one.flatMap((r) => r.diagnostics.map(label)))].sort(),
  };
}

describe("bases followed by name before any parse (generated workspaces)", () => {
  it("report what a file-by-file analysis reports", () => {
    let withServers = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const files = generate(new Rng(seed));
      const { whole, single } = reports(files);
      assert.deepEqual(whole, single, `seed ${seed}:\n${Object.entries(files).map(([f, t]) => `--- ${f}\n${t}`).join("")}`);
      if (whole.some((l) => !l.includes(" /w/"))) withServers++;
    }
    // The generator is worth something only if many workspaces hold inherited servers.
    assert.ok(withServers > 150, `only ${withServers} of 300 workspaces hold a server`);
  });
});
