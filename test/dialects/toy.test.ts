// A new dialect is one folder on the `Dialect` interface plus one registry entry: the toy dialect in
// ./toy (an imaginary framework, `@example/mcp-lite`) is registered here, in the test, and the engine,
// the editor features (hover, lenses, diagnostics, quick fixes) and the CLI serve it with no other code.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { Dialect } from "../../server/src/analysis/core/dialect";
import type { Loc } from "../../server/src/analysis/core/evaluate/values";
import { runCli } from "../../server/src/cli/main";
import type { FeatureContext } from "../../server/src/features/context";
import { hoverAt } from "../../server/src/features/hover";
import { lensesFor } from "../../server/src/features/lens";
import { tempProject } from "../helpers/tempProject";
import { toyDialect } from "./toy";

const DIALECTS_WITH_TOY = [...DIALECTS, toyDialect];

const NOTES = `import { LiteServer } from "@example/mcp-lite";

export const lite = new LiteServer({ name: "notes" });
lite.tool("add", async () => ({ content: [] }));
lite.notifyToolsChanged();
`;
const FILES: Record<string, string> = {
  "src/notes.ts": NOTES,
  "node_modules/@example/mcp-lite/package.json": JSON.stringify({ name: "@example/mcp-lite", version: "0.3.1" }),
};

function workspace(dialects: readonly Dialect[] = DIALECTS_WITH_TOY): { ws: Workspace; ctx: FeatureContext } {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(`/w/${name}`, text);
  const ws = new Workspace({ fileSystem: fs, dialects, roots: ["/w"] });
  const file = "/w/src/notes.ts";
  const analysis = ws.analyzeFile(file, { tasksExtension: false });
  const location = (loc: Loc) => {
    const start = ws.position(loc.file, loc.span.start);
    return { uri: `file://${loc.file}`, range: { start, end: ws.position(loc.file, loc.span.end) } };
  };
  return { ws, ctx: { workspace: ws, file, analysis, location } };
}

const offsetOf = (needle: string) => NOTES.indexOf(needle) + 1;

describe("a dialect registered in a test, with nothing else changed", () => {
  it("is not seen without its registry entry", () => {
    const { ctx } = workspace(DIALECTS);
    assert.equal(ctx.analysis.servers.length, 0);
  });

  it("finds its server, both eras, the framework version and its own diagnostics through the engine", () => {
    const { ctx } = workspace();
    const [server] = ctx.analysis.servers;
    assert.ok(server);
    assert.equal(server.dialect, "mcp-lite");
    assert.equal(server.frameworkVersion, "0.3.1");
    assert.deepEqual(server.legacy, { tools: {} });
    assert.deepEqual(server.modern, { tools: {} });
    assert.deepEqual(ctx.analysis.diagnostics.map((d) => d.code), ["lite-unadvertised-notification"]);
  });

  it("gets the generic server hover in its own words, and its own hover on lite.tool()", () => {
    const { ctx } = workspace();
    const onName = hoverAt(ctx, NOTES.indexOf("lite = new") + 1);
    assert.ok(onName);
    assert.match(onName.markdown, /MCP server · lite/);
    assert.match(onName.markdown, /`mcp-lite dialect`/);
    assert.match(onName.markdown, /`tools` — `lite\.tool\(\)`/);
    const onTool = hoverAt(ctx, offsetOf("tool(\"add\""));
    assert.ok(onTool);
    assert.match(onTool.markdown, /\*\*lite\.tool\(\)\*\* adds `tools` to lite in both eras/);
    assert.match(onTool.markdown, /Show in Capability Preview/);
  });

  it("gets one lens per era and a problem lens", () => {
    const { ctx } = workspace();
    const titles = lensesFor(ctx, "full").map((l) => l.title);
    assert.deepEqual(titles, ["legacy: tools", "modern: tools", "$(warning) 1 problem"]);
  });

  it("is reported by the CLI, JSON and human, with its dialect and version", () => {
    const dir = tempProject(FILES);
    let out = "";
    const io = { cwd: dir, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} };
    assert.equal(runCli(["--json", "."], io, DIALECTS_WITH_TOY), 0);
    const report = JSON.parse(out);
    assert.equal(report.servers.length, 1);
    assert.equal(report.servers[0].dialect, "mcp-lite");
    assert.equal(report.servers[0].frameworkVersion, "0.3.1");
    assert.deepEqual(report.servers[0].legacy, { tools: {} });
    assert.deepEqual(report.diagnostics.map((d: { code: string; line: number }) => [d.code, d.line]), [["lite-unadvertised-notification", 5]]);
    out = "";
    assert.equal(runCli(["."], io, DIALECTS_WITH_TOY), 0);
    assert.match(out, /lite {2}src\/notes\.ts:3:\d+ {2}mcp-lite · v0\.3\.1/);
    assert.match(out, /tools +\{\} +\{\} +lite\.tool\(\) src\/notes\.ts:4/);
    assert.match(out, /warning +lite-unadvertised-notification/);
  });
});
