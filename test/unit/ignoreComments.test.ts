// `// mcp-caps-ignore-next-line <codes>`: a diagnostic the author keeps is not reported, in the CLI
// and in the editor alike (the workspace drops it); another code on that line, or the same code on
// another line, still is.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";
import { tempProject } from "../helpers/tempProject";

const SERVER = (above: string) => `export class InventoryServer {
  static __capabilities__() {
    return { tools: {} };
  }
  handleCallTool() {}
${above}  handleCompletion(ctx: unknown, ref: unknown, argument: unknown) {}
}
`;

const codes = (dir: string) => (JSON.parse(mcpCapsInProcess(dir, ["--json", "."]).stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);

describe("mcp-caps-ignore-next-line", () => {
  it("silences the code it names on the next line", () => {
    assert.deepEqual(codes(tempProject({ "s.ts": SERVER("") })), ["handler-misspelled"]);
    assert.deepEqual(codes(tempProject({ "s.ts": SERVER("  // mcp-caps-ignore-next-line handler-misspelled -- a helper the class calls\n") })), []);
    assert.deepEqual(codes(tempProject({ "s.ts": SERVER("  /* mcp-caps-ignore-next-line */\n") })), [], "no code: every code");
  });

  it("leaves other codes, and other lines, alone", () => {
    assert.deepEqual(codes(tempProject({ "s.ts": SERVER("  // mcp-caps-ignore-next-line capabilities-dynamic\n") })), ["handler-misspelled"]);
    assert.deepEqual(codes(tempProject({ "s.ts": SERVER("  // mcp-caps-ignore-next-line handler-misspelled\n\n") })), ["handler-misspelled"], "a blank line between");
  });
});

describe("the 'ignore here' action", () => {
  it("on a problem inherited from an installed package: written above the server that shows it, in the user's file, and honoured", async () => {
    const { memoryWorkspace, ROOT } = await import("../helpers/memoryWorkspace");
    const { quickFixesIn } = await import("../../server/src/features/actions");
    const app = `import { Base } from "base-pkg";\nexport class Api extends Base {\n  static __capabilities__() {\n    return { tools: {} };\n  }\n  handleCallTool() {}\n}\n`;
    const files = {
      "package.json": JSON.stringify({ name: "w", dependencies: { "base-pkg": "1.0.0" } }),
      "node_modules/base-pkg/package.json": JSON.stringify({ name: "base-pkg", version: "1.0.0", types: "index.d.ts" }),
      "node_modules/base-pkg/index.d.ts": "export declare class Base {\n  handleCompletion(ctx: unknown, ref: unknown, argument: unknown): void;\n}\n",
    };
    const open = (text: string) => {
      const { workspace } = memoryWorkspace({ ...files, "src/api.ts": text });
      const file = `${ROOT}/src/api.ts`;
      const analysis = workspace.analyzeFile(file, { tasksExtension: false });
      const location = (loc: { file: string; span: { start: number; end: number } }) => ({ uri: `file://${loc.file}`, range: { start: workspace.position(loc.file, loc.span.start), end: workspace.position(loc.file, loc.span.end) } });
      return { workspace, file, analysis, location };
    };
    const ctx = open(app);
    assert.deepEqual(ctx.analysis.diagnostics.map((d) => d.code), ["handler-misspelled"]);
    const name = app.indexOf("Api");
    const mark = quickFixesIn(ctx, { start: name, end: name + 3 }).find((f) => f.fix.ignores);
    assert.equal(mark?.fix.title, "Mark as helper (ignore here)");
    const edit = mark!.fix.edits[0]!;
    assert.equal(edit.loc.file, ctx.file, "in the user's file, not the package's");
    const edited = app.slice(0, edit.loc.span.start) + edit.newText + app.slice(edit.loc.span.end);
    assert.match(edited, /\/\/ mcp-caps-ignore-next-line handler-misspelled\nexport class Api/);
    assert.deepEqual(open(edited).analysis.diagnostics.map((d) => d.code), []);
  });
});
