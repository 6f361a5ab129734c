// The MCP-Nest dialect in the editor: the generic server hover in its own words, its hover on a
// decorated method, the era lenses, and a provider's MCP methods flagged where they are listed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { Loc } from "../../server/src/analysis/core/evaluate/values";
import type { FeatureContext } from "../../server/src/features/context";
import { hoverAt } from "../../server/src/features/hover";
import { lensesFor } from "../../server/src/features/lens";

const APP = `import { Injectable, Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, StdioTransport, Tool } from "@rekog/mcp-nest";

@McpController()
class SearchController {
  @Tool({ name: "search", description: "Searches" })
  search() {
    return [];
  }
}

@Injectable()
class AuditService {
  @Tool({ name: "audit", description: "Never served" })
  audit() {}
}

@Module({ controllers: [SearchController], providers: [AuditService] })
class AppModule {}

export const strategy = new McpStrategy({ name: "search", version: "1.0.0", transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

function context(): FeatureContext {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/src/app.ts", APP);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const file = "/w/src/app.ts";
  const analysis = ws.analyzeFile(file, { tasksExtension: false });
  const location = (loc: Loc) => ({ uri: `file://${loc.file}`, range: { start: ws.position(loc.file, loc.span.start), end: ws.position(loc.file, loc.span.end) } });
  return { workspace: ws, file, analysis, location };
}

describe("MCP-Nest in the editor", () => {
  it("finds the strategy with its version, both eras and the provider's trap", () => {
    const ctx = context();
    const [server] = ctx.analysis.servers;
    assert.ok(server);
    assert.equal(server.dialect, "mcp-nest");
    assert.equal(server.frameworkVersion, "2.0.5");
    assert.deepEqual(server.legacy, { logging: {}, tools: { listChanged: true } });
    assert.deepEqual(server.modern, server.legacy);
    assert.deepEqual(ctx.analysis.diagnostics.map((d) => d.code), ["mcp-nest-provider-not-served"]);
    assert.match(ctx.analysis.diagnostics[0]!.message, /binds MCP methods only from controllers/);
  });

  it("hovers the strategy in its own words and each bound decorator", () => {
    const ctx = context();
    const onStrategy = hoverAt(ctx, APP.indexOf("strategy = new") + 1);
    assert.ok(onStrategy);
    assert.match(onStrategy.markdown, /MCP-Nest 2\.0\.5/);
    assert.match(onStrategy.markdown, /@Tool · SearchController\.search/);
    const onTool = hoverAt(ctx, APP.indexOf("@Tool") + 2);
    assert.ok(onTool);
    assert.match(onTool.markdown, /`@Tool`\*\* on `SearchController\.search` · feeds `strategy` \(the default \(unnamed\) server\)/);
    assert.equal(hoverAt(ctx, APP.indexOf("@Tool({ name: \"audit\"") + 2) ?? null, null, "a provider's method feeds no server");
  });

  it("shows one lens per era", () => {
    const titles = lensesFor(context(), "full").map((l) => l.title);
    assert.deepEqual(titles.slice(0, 2), ["legacy: logging · tools (listChanged)", "modern: logging · tools (listChanged)"]);
  });
});
