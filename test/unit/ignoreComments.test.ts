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
