// The editor on servers built at module level (the usual SDK and framework form): the calls that shape
// the server come after its construction, outside its span, and still get their hover; a framework
// whose version is not installed says its era is not known, never that it is not served.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { Loc } from "../../server/src/analysis/core/evaluate/values";
import type { FeatureContext } from "../../server/src/features/context";
import { hoverAt } from "../../server/src/features/hover";
import { lensesFor } from "../../server/src/features/lens";

const SDK_V1 = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

export const server = new McpServer({ name: "w", version: "1.0.0" });

server.registerTool("t", { description: "d" }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
`;

const FASTMCP = `import { FastMCP } from "fastmcp";

const server = new FastMCP({ name: "r", version: "1.0.0" });
server.addTool({ name: "t", description: "d", execute: async () => "ok" });
await server.start({ transportType: "stdio" });
`;

function context(file: string, text: string): FeatureContext {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync(file, text);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const analysis = ws.analyzeFile(file, { tasksExtension: false });
  const location = (loc: Loc) => ({ uri: `file://${loc.file}`, range: { start: ws.position(loc.file, loc.span.start), end: ws.position(loc.file, loc.span.end) } });
  return { workspace: ws, file, analysis, location };
}

describe("module-level servers in the editor", () => {
  it("hovering a registerTool call after the construction says what it adds, and to which era", () => {
    const hover = hoverAt(context("/w/src/server.ts", SDK_V1), SDK_V1.indexOf("registerTool") + 3);
    assert.ok(hover, "a hover on registerTool");
    assert.match(hover.markdown, /\*\*registerTool\*\* · feeds `w`/);
    assert.match(hover.markdown, /\*\*Adds\*\* `tools: \{ listChanged: true \}` to legacy \(initialize\)\. modern: not served/);
  });

  it("a fastmcp server whose version is not installed: the newest rules known, approximate, and modern is not served", () => {
    const ctx = context("/w/src/recipes.ts", FASTMCP);
    const titles = lensesFor(ctx, "full").map((l) => l.title);
    assert.equal(titles[0], "legacy ≈ completions · logging · tools");
    assert.equal(titles[1], "modern: not served (fastmcp answers initialize only)");
    const hover = hoverAt(ctx, FASTMCP.indexOf("server =") + 2)!;
    assert.match(hover.markdown, /`fastmcp dialect` `version unknown` `≈ approximate`/);
    assert.match(hover.markdown, /`logging`, `completions` — legacy only: `fastmcp 4\.8\.0–5\.0\.0 rule`/);
    assert.match(hover.markdown, /the rules of fastmcp 4\.8\.0 to below 5\.0\.0 are shown, unverified for this project/);
    assert.doesNotMatch(hover.markdown, /vunknown|initialize fails/);
    assert.ok(hoverAt(ctx, FASTMCP.indexOf("addTool") + 2), "a hover on addTool");
  });
});
