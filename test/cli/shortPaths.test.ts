// The human report names the workspace's files relative to where mcp-caps runs, in the messages and
// notes the analysis writes with absolute paths too, and so do GitHub's annotations; --json keeps the
// messages as written.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";
import { tempProject } from "../helpers/tempProject";

describe("paths in the human report's messages", () => {
  it("an mcp-framework server with no tool: the folder it looks in is named relative to the working directory", () => {
    const dir = tempProject({
      "package.json": JSON.stringify({ name: "fx", type: "module", dependencies: { "mcp-framework": "0.2.22" } }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }),
      "src/index.ts": 'import { MCPServer } from "mcp-framework";\nconst server = new MCPServer();\nserver.start();\n',
      // A file the folder holds but the loader skips: named in the message, which saves a hunt.
      "src/tools/BaseTool.ts": 'import { MCPTool } from "mcp-framework";\nexport default class BaseTool extends MCPTool {}\n',
    });
    const text = mcpCapsInProcess(dir, ["--no-color", "."]);
    assert.match(text.stdout, /^ {6}mcp-framework finds no tool for this server \(src\/tools holds no file it loads; it skips BaseTool\.ts \(mcp-framework-file-excluded\)\)/m, text.stdout);
    assert.ok(!text.stdout.includes(dir), `no absolute path of the workspace in the human report:\n${text.stdout}`);
    const json = JSON.parse(mcpCapsInProcess(dir, ["--json", "."]).stdout) as { diagnostics: { code: string; message: string }[] };
    const message = json.diagnostics.find((d) => d.code === "mcp-framework-no-tools")!.message;
    assert.ok(message.includes(`${dir}/src/tools holds no file`), message);
    // GitHub's annotations are read by people too (review of trial 146: an absolute runner path in each).
    const github = mcpCapsInProcess(dir, ["--format", "github", "."]).stdout;
    assert.match(github, /^::error [^\n]*::mcp-framework finds no tool for this server \(src\/tools holds no file it loads/m, github);
    assert.ok(!github.includes(dir), `no absolute path of the workspace in the annotations:\n${github}`);
  });
});
