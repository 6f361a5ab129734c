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

/** The editor's context for `file` of an in-memory workspace holding `files` (paths under /w). */
function editorContext(files: Record<string, string>, file: string): FeatureContext {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/${name}`, text);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const analysis = ws.analyzeFile(`/w/${file}`, { tasksExtension: false });
  const location = (loc: Loc) => ({ uri: `file://${loc.file}`, range: { start: ws.position(loc.file, loc.span.start), end: ws.position(loc.file, loc.span.end) } });
  return { workspace: ws, file: `/w/${file}`, analysis, location };
}

const nestRelease = (version: string) => ({ "node_modules/@rekog/mcp-nest/package.json": JSON.stringify({ name: "@rekog/mcp-nest", version }) });

function context(): FeatureContext {
  return editorContext({ "src/app.ts": APP, ...nestRelease("2.0.5") }, "src/app.ts");
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
    assert.match(onStrategy.markdown, /`MCP-Nest dialect` `v2\.0\.5`/);
    assert.match(onStrategy.markdown, /@Tool · SearchController\.search/);
    const onTool = hoverAt(ctx, APP.indexOf("@Tool") + 2);
    assert.ok(onTool);
    assert.match(onTool.markdown, /`@Tool`\*\* on `SearchController\.search` · feeds `search` \(the default \(unnamed\) server\)/);
    assert.equal(hoverAt(ctx, APP.indexOf("@Tool({ name: \"audit\"") + 2) ?? null, null, "a provider's method feeds no server");
  });

  it("shows one lens per era", () => {
    const titles = lensesFor(context(), "full").map((l) => l.title);
    assert.deepEqual(titles.slice(0, 2), ["legacy: logging · tools (listChanged)", "modern: logging · tools (listChanged)"]);
  });
});

describe("MCP-Nest in the editor, when the capabilities option writes the primitive", () => {
  const withOption = (tools: string) => APP.replace('version: "1.0.0", transports', `version: "1.0.0", capabilities: { tools: ${tools} }, transports`);

  it("false: nothing served; the lenses say so in a few words, the decorator's hover says why", () => {
    const app = withOption("false");
    const ctx = editorContext({ "src/app.ts": app, ...nestRelease("2.0.5") }, "src/app.ts");
    const [server] = ctx.analysis.servers;
    assert.equal(server?.legacy, null);
    assert.deepEqual(
      lensesFor(ctx, "full").map((l) => l.title).slice(0, 2),
      ["legacy: not served (every request fails (mcp-nest-capability-disabled))", "modern: not served (every request fails (mcp-nest-capability-disabled))"],
    );
    const onTool = hoverAt(ctx, app.indexOf("@Tool") + 2);
    assert.match(onTool?.markdown ?? "", /Not advertised: `search` serves no era \(every request fails \(mcp-nest-capability-disabled\)\)/);
  });

  it("an object: the option's value is what is sent, and the hover says the decorator does not add it", () => {
    const app = withOption("{ listChanged: false }");
    const ctx = editorContext({ "src/app.ts": app, ...nestRelease("2.0.5") }, "src/app.ts");
    assert.deepEqual(ctx.analysis.servers[0]?.legacy, { logging: {}, tools: { listChanged: false } });
    const onTool = hoverAt(ctx, app.indexOf("@Tool") + 2);
    assert.match(onTool?.markdown ?? "", /`tools` itself is what the strategy's capabilities option writes/);
  });
});

describe("MCP-Nest in a checkout without node_modules: the release it declares", () => {
  function strategyOf(files: Record<string, string>) {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/src/app.ts", APP);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/${name}`, text);
    const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
    return ws.analyzeFile("/w/src/app.ts", { tasksExtension: false }).servers[0]!;
  }
  const manifest = (range: string) => JSON.stringify({ name: "w", dependencies: { "@rekog/mcp-nest": range } });
  const versionUnknown = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.some((u) => u.path.length === 0 && /2\.x/.test(u.reason));

  it("a range in 2.x, or a 2.x lock under such a range: the 2.x rules apply as for an installed 2.x", () => {
    const installed = context().analysis.servers[0]!;
    for (const files of [{ "package.json": manifest("^2.0.0") } as Record<string, string>, { "package.json": manifest("^2.0.0"), "package-lock.json": JSON.stringify({ lockfileVersion: 3, packages: { "node_modules/@rekog/mcp-nest": { version: "2.0.2" } } }, null, 2) }]) {
      const s = strategyOf(files);
      assert.equal(versionUnknown(s), false, JSON.stringify(s.unknown));
      assert.deepEqual(s.legacy, installed.legacy);
      assert.deepEqual(s.modern, installed.modern);
    }
  });

  it("a range reaching 1.x under a lock the analysis does not read, a 1.x lock, or nothing declared: the 2.x rules are shown, unverified", () => {
    assert.equal(versionUnknown(strategyOf({ "package.json": manifest(">=1.9.0"), "yarn.lock": "# yarn lockfile v1\n" })), true);
    assert.equal(versionUnknown(strategyOf({ "package.json": manifest("^1.9.0"), "package-lock.json": JSON.stringify({ lockfileVersion: 3, packages: { "node_modules/@rekog/mcp-nest": { version: "1.9.11" } } }, null, 2) })), true);
    assert.equal(versionUnknown(strategyOf({})), true);
  });
});

describe("MCP-Nest causes beyond decorated methods, in the hover", () => {
  const MAIN = `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpStrategy, StdioTransport } from "@rekog/mcp-nest";

@Module({})
class AppModule {}

export async function bootstrap() {
  const mcp = new McpStrategy({
    name: "ops",
    version: "1.0.0",
    transports: [new StdioTransport()],
    serverMutator: (server) => {
      server.server.registerCapabilities({ completions: {} });
      return server;
    },
  });
  mcp.registerTool({ name: "uptime", description: "Uptime", handler: async () => "1" });
  const app = await NestFactory.createMicroservice(AppModule, { strategy: mcp });
  await app.listen();
}
`;
  const ctx = (): FeatureContext => editorContext({ "src/main.ts": MAIN, ...nestRelease("2.0.5") }, "src/main.ts");

  it("names the registration made before serving and the mutator's registerCapabilities as the causes", () => {
    const c = ctx();
    const [server] = c.analysis.servers;
    assert.ok(server);
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { completions: {}, logging: {}, tools: { listChanged: true } });
    assert.deepEqual(c.analysis.diagnostics.map((d) => d.code), [], "a call made before any client connects has no list change to announce");
    const hover = hoverAt(c, MAIN.indexOf("mcp = new") + 1);
    assert.ok(hover);
    assert.match(hover.markdown, /mcp\.registerTool\(\)/);
    assert.match(hover.markdown, /serverMutator · registerCapabilities/);
  });
});

describe("MCP-Nest 1.x in the editor", () => {
  const APP_V1 = `import { Injectable, Module } from "@nestjs/common";
import { McpModule, McpTransportType, Tool } from "@rekog/mcp-nest";

@Injectable()
class WeatherTool {
  @Tool({ name: "get-weather", description: "Weather for a city" })
  get() {
    return { content: [] };
  }
}

@Module({
  imports: [McpModule.forRoot({ name: "weather-mcp", version: "1.0.0", transport: McpTransportType.STDIO })],
  providers: [WeatherTool],
})
export class AppModule {}
`;
  const ctx = (release = "1.9.11"): FeatureContext =>
    editorContext(
      {
        "package.json": JSON.stringify({ name: "w" }),
        "src/app.module.ts": APP_V1,
        ...nestRelease(release),
        "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }),
      },
      "src/app.module.ts",
    );

  it("names the forRoot server, its provider's @Tool as the cause, legacy only, and hovers the provider's method", () => {
    const c = ctx();
    const [server] = c.analysis.servers;
    assert.ok(server);
    assert.equal(server.name, "weather-mcp");
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
    assert.equal(server.modern, null);
    const onRoot = hoverAt(c, APP_V1.indexOf("McpModule.forRoot") + 3);
    assert.ok(onRoot);
    assert.match(onRoot.markdown, /`MCP-Nest dialect` `v1\.9\.11`/);
    assert.match(onRoot.markdown, /@Tool · WeatherTool\.get/);
    const onTool = hoverAt(c, APP_V1.indexOf("@Tool({") + 2);
    assert.ok(onTool);
    assert.match(onTool.markdown, /feeds `weather-mcp` \(the McpModule\.forRoot of `AppModule`\)/);
    const titles = lensesFor(c, "full").map((l) => l.title);
    assert.equal(titles[0], "legacy: tools (listChanged)");
    assert.match(titles[1]!, /^modern: not served \(MCP-Nest 1\.x runs an SDK v1 McpServer/);
  });

  it("a 1.x release laid out before 1.9.6 gets the same rules, flagged, never exact", () => {
    const [server] = ctx("1.8.4").analysis.servers;
    assert.ok(server);
    assert.equal(server.exact, false);
    assert.match(server.unknown.map((u) => u.reason).join("\n"), /@rekog\/mcp-nest 1\.8\.4 runs here: the rules applied are those of 1\.9\.6–1\.9\.11/);
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
  });
});
