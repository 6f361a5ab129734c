// A whole-workspace analysis decides the files that pass the Conduit screen only for their `extends`
// from the bases they import: it parses them only when an import can reach a file that may declare a
// server, or leads back to them. What it reports must be what a file-by-file analysis (the editor's)
// reports; only the files it parses may differ.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const SERVER_BASE = "export class Base { static __capabilities__() { return { tools: {} }; } handleListTools() { return []; } }\n";

function workspaceOf(files: Record<string, string>): Workspace {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(name, text);
  return new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
}

/** The whole-workspace report, checked against the file-by-file one of a fresh workspace. */
function analyse(files: Record<string, string>): { workspace: Workspace; servers: string[]; diagnostics: string[] } {
  const names = Object.keys(files).filter((f) => f.endsWith(".ts"));
  const workspace = workspaceOf(files);
  const analysis = workspace.analyzeFiles(names, { tasksExtension: false });
  const servers = analysis.servers.map((s) => `${s.name} ${JSON.stringify(s.legacy)}`);
  const label = (d: { code: string; loc: { file: string; span: { start: number } } }) => `${d.code} ${d.loc.file}:${d.loc.span.start}`;
  const diagnostics = analysis.diagnostics.map(label);
  const single = workspaceOf(files);
  const one = names.map((f) => single.analyzeFile(f, { tasksExtension: false }));
  assert.deepEqual(one.flatMap((r) => r.servers.map((s) => `${s.name} ${JSON.stringify(s.legacy)}`)).sort(), [...servers].sort());
  assert.deepEqual([...new Set(one.flatMap((r) => r.diagnostics.map(label)))].sort(), [...diagnostics].sort());
  return { workspace, servers, diagnostics };
}

const parsed = (w: Workspace, file: string) => w.files.stats.parsesByFile.has(file);

describe("files that pass the screen only for their extends", () => {
  it("are not parsed when their bases are ordinary classes, and the servers beside them are still found", () => {
    const { workspace, servers } = analyse({
      "/w/model.ts": "export class Model { id = 1; }\n",
      "/w/user.ts": 'import { Model } from "./model";\nexport class User extends Model { name = ""; }\n',
      "/w/admin.ts": 'import { User } from "./user";\nexport class Admin extends User {}\n',
      "/w/server.ts": SERVER_BASE,
    });
    assert.deepEqual(servers, ['Base {"tools":{}}']);
    assert.equal(parsed(workspace, "/w/user.ts"), false);
    assert.equal(parsed(workspace, "/w/admin.ts"), false);
  });

  it("inherit a server through a chain of such files and a barrel", () => {
    const { workspace, servers } = analyse({
      "/w/base.ts": SERVER_BASE,
      "/w/index.ts": 'export * from "./base";\n',
      "/w/middle.ts": 'import { Base } from "./index";\nexport class Middle extends Base {}\n',
      "/w/leaf.ts": 'import { Middle as M } from "./middle";\nexport class Leaf extends M {}\n',
    });
    assert.deepEqual([...servers].sort(), ['Base {"tools":{}}', 'Leaf {"tools":{}}', 'Middle {"tools":{}}']);
    assert.equal(parsed(workspace, "/w/leaf.ts"), true);
  });

  it("still report an inheritance cycle across files", () => {
    const { diagnostics } = analyse({
      "/w/a.ts": 'import { B } from "./b";\nexport class A extends B {}\n',
      "/w/b.ts": 'import { A } from "./a";\nexport class B extends A {}\n',
    });
    assert.deepEqual(diagnostics, ["inheritance-cycle /w/a.ts:38", "inheritance-cycle /w/b.ts:38"]);
  });

  it("follow a re-export whose `from` is left out (`export { Base } \"./base\"`): TypeScript's parser still reads the module", () => {
    const { servers } = analyse({
      "/w/base.ts": SERVER_BASE,
      "/w/lib/index.ts": 'export { Base }  "../base";\n',
      "/w/app.ts": 'import { Base } from "./lib";\nexport class App extends Base {}\n',
    });
    assert.ok(servers.some((s) => s.startsWith("App ")), JSON.stringify(servers));
  });

  it("still report a class that extends itself through a name it also imports (the local class shadows the import)", () => {
    const { diagnostics } = analyse({
      "/w/gone.ts": 'import { Gone } from "gone-package";\nexport class Gone extends Gone {}\n',
    });
    assert.deepEqual(diagnostics.filter((d) => d.startsWith("inheritance-cycle")), ["inheritance-cycle /w/gone.ts:50"]);
  });

  it("still report an inheritance cycle within a file, and a base declared globally", () => {
    const { diagnostics, servers } = analyse({
      "/w/loop.ts": "export class A extends B {}\nexport class B extends A {}\n",
      "/w/globals.d.ts": "declare class GlobalBase { static __capabilities__(): { tools: {} }; handleListTools(): unknown[]; }\n",
      "/w/uses.ts": "export class Uses extends GlobalBase {}\n",
    });
    assert.deepEqual(
      diagnostics.filter((d) => d.startsWith("inheritance-cycle")),
      ["inheritance-cycle /w/loop.ts:13", "inheritance-cycle /w/loop.ts:41"],
    );
    assert.deepEqual(
      servers.map((s) => s.split(" ")[0]),
      ["GlobalBase", "Uses"],
    );
  });

  it("are decided afresh by every whole-workspace analysis: a base that gains a server in the editor brings its dependents in, and loses them when closed", () => {
    const files = {
      "/w/model.ts": "export class Model { id = 1; }\n",
      "/w/user.ts": 'import { Model } from "./model";\nexport class User extends Model { name = ""; }\n',
    };
    const workspace = workspaceOf(files);
    const names = Object.keys(files);
    const serversOf = () => workspace.analyzeFiles(names, { tasksExtension: false }).servers.map((s) => s.name);
    assert.deepEqual(serversOf(), []);
    assert.equal(parsed(workspace, "/w/user.ts"), false);
    // The base becomes a server while user.ts, ruled out a moment ago, is unchanged.
    workspace.setOverlay("/w/model.ts", SERVER_BASE.replace("class Base", "class Model"));
    assert.deepEqual(serversOf().sort(), ["Model", "User"]);
    workspace.closeOverlay("/w/model.ts");
    assert.deepEqual(serversOf(), []);
  });

  it("are left unparsed in a large workspace whose first folder is all servers (the give-up is judged on files spread over the list)", () => {
    const files: Record<string, string> = {};
    // 40 files at the head of the sorted list extend a server; 200 after them extend ordinary classes.
    files["/w/a/base.ts"] = SERVER_BASE;
    for (let i = 0; i < 40; i++) files[`/w/a/s${String(i).padStart(3, "0")}.ts`] = `import { Base } from "./base";\nexport class S${i} extends Base {}\n`;
    files["/w/b/model.ts"] = "export class Model { id = 1; }\n";
    for (let i = 0; i < 200; i++) files[`/w/b/m${String(i).padStart(3, "0")}.ts`] = `import { Model } from "./model";\nexport class M${i} extends Model {}\n`;
    const { workspace, servers } = analyse(files);
    assert.equal(servers.length, 41);
    const parsedNoise = Object.keys(files).filter((f) => f.startsWith("/w/b/m") && parsed(workspace, f));
    assert.deepEqual(parsedNoise, []);
  });
});

describe("the chain of bases, followed name by name", () => {
  it("leaves out a class whose own base is ordinary although its module imports a file that may declare a server", () => {
    const { workspace, servers } = analyse({
      "/w/server.ts": SERVER_BASE,
      "/w/model.ts": 'import { Base } from "./server";\nexport function describe() { return Base.name; }\nexport class Model { id = 1; }\n',
      "/w/user.ts": 'import { Model } from "./model";\nimport { Base } from "./server";\nexport class User extends Model { kind = Base; }\n',
    });
    assert.deepEqual(servers, ['Base {"tools":{}}']);
    assert.equal(parsed(workspace, "/w/user.ts"), false);
  });

  it("follows a default export, type parameters with comments and type arguments to a server base", () => {
    const { workspace, servers } = analyse({
      "/w/base.ts": SERVER_BASE,
      "/w/id.ts":
        'import { Base } from "./base";\nclass IdBase<\n  // a note; with a semicolon and Attributes<M>\n  T extends object = { a: string },\n> extends Base {\n  id = 1;\n}\nexport default IdBase;\n',
      "/w/user.ts": 'import IdBase from "./id";\nexport class User extends IdBase<{ name: string }> {}\n',
    });
    assert.deepEqual([...servers].sort(), ['Base {"tools":{}}', 'IdBase {"tools":{}}', 'User {"tools":{}}']);
    assert.equal(parsed(workspace, "/w/user.ts"), true);
  });

  it("follows re-exports: an export list, a renamed re-export, `export *` and `export { default as … }`", () => {
    const { servers } = analyse({
      "/w/base.ts": SERVER_BASE.replace("export class Base", "class Base") + "export { Base as Core };\n",
      "/w/index.ts": 'export { Core as Renamed } from "./base";\n',
      "/w/star.ts": 'export * from "./index";\n',
      "/w/def.ts": 'import { Renamed } from "./star";\nexport default class extends Renamed {}\n',
      "/w/again.ts": 'export { default as Anonymous } from "./def";\n',
      "/w/leaf.ts": 'import { Anonymous } from "./again";\nexport class Leaf extends Anonymous {}\n',
    });
    assert.ok(servers.some((s) => s.startsWith("Leaf ")), JSON.stringify(servers));
  });

  it("asks the imports when a base is made by a call (a mixin from a module that may declare a server)", () => {
    const { workspace, servers } = analyse({
      "/w/mixin.ts":
        "export function withTools<T extends new (...a: any[]) => object>(B: T) {\n  return class extends B { static __capabilities__() { return { tools: {} }; } handleListTools() { return []; } };\n}\n",
      "/w/plain.ts": "export class Plain { id = 1; }\n",
      "/w/base.ts": 'import { withTools } from "./mixin";\nimport { Plain } from "./plain";\nexport const Base = withTools(Plain);\n',
      "/w/app.ts": 'import { Base } from "./base";\nexport class App extends Base {}\n',
      "/w/direct.ts": 'import { withTools } from "./mixin";\nimport { Plain } from "./plain";\nexport class Direct extends withTools(Plain) {}\n',
    });
    assert.ok(servers.some((s) => s.startsWith("App ")), JSON.stringify(servers));
    assert.ok(servers.some((s) => s.startsWith("Direct ")), JSON.stringify(servers));
    assert.equal(parsed(workspace, "/w/app.ts"), true);
  });

  it("still reports an inheritance cycle through default exports, and is not misled by `class` in a module name or a comment", () => {
    const { workspace, diagnostics } = analyse({
      "/w/a.ts": 'import B from "./b";\nimport { IsOptional } from "class-validator";\n// this class extends the other one; see b.ts\nclass A extends B {}\nexport default A;\n',
      "/w/b.ts": 'import A from "./a";\nexport default class B extends A {}\n',
      "/w/model.ts": "export class Model { id = 1; }\n",
      "/w/prose.ts": 'import { Model } from "./model";\nimport { a } from "./a";\n// the class that does things; see a.ts\nexport class Prose extends Model {}\n',
    });
    assert.deepEqual(diagnostics.filter((d) => d.startsWith("inheritance-cycle")).length, 2, JSON.stringify(diagnostics));
    assert.equal(parsed(workspace, "/w/prose.ts"), false);
  });

  it("falls back to the search over all imports for generated code with thousands of classes (the walk's budget)", () => {
    const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("\n");
    const { workspace, servers } = analyse({
      "/w/base.ts": "export class B { id = 1; }\n",
      "/w/generated.ts": 'import { B } from "./base";\n' + many(3000, (i) => `export class G${i} extends B {}`) + "\n",
      "/w/server.ts": SERVER_BASE,
      "/w/plain.ts": "export class P { id = 1; }\n",
      "/w/tail.ts": 'import { Base } from "./server";\nimport { P } from "./plain";\n' + many(3000, (i) => `export class T${i} extends ${i === 2999 ? "Base" : "P"} {}`) + "\n",
    });
    assert.equal(parsed(workspace, "/w/generated.ts"), false);
    assert.equal(parsed(workspace, "/w/tail.ts"), true);
    assert.ok(servers.includes('T2999 {"tools":{}}'), JSON.stringify(servers.slice(0, 3)));
  });

  it("takes a name its module never spells for no base, unless the module may take its exports from elsewhere", () => {
    const { workspace, servers } = analyse({
      "/w/server.ts": SERVER_BASE,
      "/w/plain.ts": 'import { Base } from "./server";\nexport const unrelated = Base;\n',
      "/w/missing.ts": 'import { Gone } from "./plain";\nexport class Missing extends Gone {}\n',
      "/w/cjs.ts": 'const other = require("./server");\nmodule.exports = other;\n',
      "/w/viaCjs.ts": 'import { Base } from "./cjs";\nexport class ViaCjs extends Base {}\n',
    });
    assert.equal(parsed(workspace, "/w/missing.ts"), false);
    assert.equal(parsed(workspace, "/w/viaCjs.ts"), true);
    assert.deepEqual(servers, ['Base {"tools":{}}']);
  });
});

