// The workspace is built for an editor: after one file's text changes, analysing again re-parses that
// file only, and re-analyses only the classes that read it. Counted through the store's own
// instrumentation (`files.stats.parsesByFile`) and the workspace's (`stats.classAnalyses`).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { CancelledError } from "../../server/src/analysis/core/cancellation";

const examples = join(__dirname, "..", "..", "examples");

function loadExamples(): { workspace: Workspace; files: string[] } {
  const fs = new InMemoryFileSystemHost();
  const files: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (name === "node_modules") continue;
      if (statSync(p).isDirectory()) walk(p, `${rel}/${name}`);
      else {
        fs.writeFileSync(`/ex${rel}/${name}`, readFileSync(p, "utf8"));
        if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(`/ex${rel}/${name}`);
      }
    }
  };
  walk(examples, "");
  return { workspace: new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/ex"] }), files: files.sort() };
}

describe("incremental analysis", () => {
  it("re-parses only the changed file when examples/ is analysed twice", () => {
    const { workspace, files } = loadExamples();
    assert.ok(files.length >= 5, "examples/ has several files");
    const first = workspace.analyzeFiles(files, { tasksExtension: false });
    assert.ok(first.servers.length > 0);
    const parsesAfterFirst = new Map(workspace.files.stats.parsesByFile);
    // A file no dialect screens in and nothing needs (a helper returning a value only known at run time) is never parsed.
    for (const f of files) assert.ok((parsesAfterFirst.get(f) ?? 0) <= 1, `${f} parsed at most once`);
    assert.ok(files.filter((f) => parsesAfterFirst.get(f) === 1).length >= files.length - 2, "nearly every example is parsed");

    const edited = files.find((f) => first.servers.some((s) => s.loc.file === f))!;
    const text = workspace.files.text(edited)!;
    workspace.setOverlay(edited, `${text}\n// edited\n`);
    workspace.analyzeFiles(files, { tasksExtension: false });

    for (const f of files) {
      assert.equal(workspace.files.stats.parsesByFile.get(f), f === edited ? 2 : parsesAfterFirst.get(f), `${f} parsed ${f === edited ? "again" : "no more"}`);
    }
  });

  it("re-analyses only the classes that depend on the edited file", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/base.ts", "export class Base { handleComplete(ctx: unknown) { return {}; } }\n");
    fs.writeFileSync("/w/a.ts", 'import { Base } from "./base";\nexport class A extends Base { handleListTools(ctx: unknown) { return []; } }\n');
    fs.writeFileSync("/w/b.ts", "export class B { handleListTools(ctx: unknown) { return []; } }\n");
    const workspace = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
    const files = ["/w/a.ts", "/w/b.ts", "/w/base.ts"];
    const before = workspace.analyzeFiles(files, { tasksExtension: false });
    assert.deepEqual(before.servers.find((s) => s.name === "A")?.legacy?.completions, {});
    const analysesBefore = workspace.stats.classAnalyses;

    workspace.setOverlay("/w/base.ts", "export class Base { helper() { return 1; } }\n");
    const after = workspace.analyzeFiles(files, { tasksExtension: false });
    assert.equal(after.servers.find((s) => s.name === "A")?.legacy?.completions, undefined, "A sees the base's new text");
    assert.equal(workspace.stats.classAnalyses - analysesBefore, 2, "A and Base analysed again, B reused");
    assert.deepEqual(workspace.dependentsOf("/w/base.ts"), ["/w/a.ts"]);
  });

  it("stops between classes when cancelled", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/a.ts", "export class A { handleListTools() {} }\nexport class B { handleListTools() {} }\n");
    const workspace = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
    assert.throws(() => workspace.analyzeFile("/w/a.ts", { tasksExtension: false, token: { isCancellationRequested: true } }), CancelledError);
  });
});
