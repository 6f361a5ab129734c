// Walks through barrels skip modules whose text cannot export the name asked for (core/evaluate/
// exportLook.ts). What they may skip is only what could not have answered: a name passed on under
// another name by a module that never writes the original, a module that spells the name with
// Unicode escapes, and `export *` chains must still be followed, file by file as in a whole workspace.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze, memoryWorkspace, ROOT } from "../helpers/memoryWorkspace";

const FASTMCP_SERVER = (from: string, name: string) =>
  `import { ${name} } from "${from}";\nconst server = new ${name}({ name: "s", version: "1.0.0" });\nserver.addPrompt({ name: "p", load: async () => "x" });\nserver.start({ transportType: "stdio" });\n`;

const files: Record<string, string> = {
  "package.json": JSON.stringify({ name: "w", dependencies: { fastmcp: "3.0.0" } }),
  "lib/fast.ts": 'import { FastMCP } from "fastmcp";\nexport { FastMCP as Engine };\n',
  // Never writes FastMCP: passes `Engine` on as `Motor`.
  "lib/mid.ts": 'import { Engine as Motor } from "./fast";\nexport { Motor };\n',
  "lib/other.ts": "export class Unrelated {}\nexport const answer = 42;\n",
  "lib/escaped.ts": 'import { FastMCP } from "fastmcp";\nexport { FastMCP as \\u0053peaker };\n',
  "lib/index.ts": 'export * from "./other";\nexport * from "./mid";\nexport * from "./escaped";\n',
  "renamed.ts": FASTMCP_SERVER("./lib", "Motor"),
  "escaped.ts": FASTMCP_SERVER("./lib", "Speaker"),
  "bases/plain.ts": "export function helper() { return 1; }\n",
  "bases/base.ts": "export class \\u0042ase { handleListTools() { return []; } }\n",
  "bases/index.ts": 'export * from "./plain";\nexport * from "./base";\n',
  "conduit.ts": 'import { Base } from "./bases";\nexport class Tools extends Base {}\n',
};

describe("barrels: modules that cannot export a name are skipped, the others still followed", () => {
  it("finds a fastmcp class passed on under another name, and one spelled with escapes, in a whole workspace", () => {
    const r = analyze(files);
    const dialects = r.analysis.servers.map((s) => `${s.loc.file.slice(ROOT.length + 1)} ${s.dialect}`).sort();
    assert.deepEqual(dialects, ["bases/base.ts conduit", "conduit.ts conduit", "escaped.ts fastmcp", "renamed.ts fastmcp"]);
    assert.ok(r.servers.get("Tools")!.legacy?.["tools"], "the handler inherited through the barrel counts");
  });

  it("finds the same file by file, as the editor analyses", () => {
    const { workspace } = memoryWorkspace(files);
    for (const [file, dialect] of [["renamed.ts", "fastmcp"], ["escaped.ts", "fastmcp"], ["conduit.ts", "conduit"]] as const) {
      const a = workspace.analyzeFile(`${ROOT}/${file}`, { tasksExtension: false });
      assert.deepEqual(a.servers.map((s) => s.dialect), [dialect], file);
    }
  });
});
