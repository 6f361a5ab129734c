// A provider or a base class that comes from a compiled package is read from its declaration file,
// where decorators leave no trace: which of its methods MCP-Nest binds is not known, so the kinds
// they may add are unknown, never dropped (trial 97 C48, C70: the real framework bound their tools).
import assert from "node:assert/strict";
import { it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const LIBRARY_TYPES = `import { z } from "zod";
export declare class WeatherTools {
  getWeather({ city }: { city: string }): Promise<unknown>;
  docs(): unknown;
}
`;

function analyse(module: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "1.9.11" }));
  fs.writeFileSync("/w/node_modules/@modelcontextprotocol/sdk/package.json", JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }));
  fs.writeFileSync("/w/node_modules/@acme/weather-tools/package.json", JSON.stringify({ name: "@acme/weather-tools", version: "1.0.0", main: "dist/index.js", types: "dist/index.d.ts" }));
  fs.writeFileSync("/w/node_modules/@acme/weather-tools/dist/index.d.ts", LIBRARY_TYPES);
  fs.writeFileSync("/w/node_modules/@acme/weather-tools/dist/index.js", "exports.WeatherTools = class {};\n");
  fs.writeFileSync("/w/src/app.module.ts", module);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const [server] = ws.analyzeFile("/w/src/app.module.ts", { tasksExtension: false }).servers;
  return server!;
}

const HEAD = `import { Injectable, Module } from "@nestjs/common";
import { McpModule, McpTransportType, Prompt } from "@rekog/mcp-nest";
import { WeatherTools } from "@acme/weather-tools";
`;
const ROOT = `McpModule.forRoot({ name: "lib", version: "1.0.0", transport: McpTransportType.STDIO })`;

it("a provider class from a compiled package: its kinds are unknown, and the local prompt is kept", () => {
  const s = analyse(`${HEAD}
@Injectable()
class Local {
  @Prompt({ name: "p", description: "p" })
  p() { return { messages: [] }; }
}

@Module({ imports: [${ROOT}], providers: [WeatherTools, Local] })
export class AppModule {}
`);
  assert.equal(s.exact, false);
  assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
  assert.deepEqual(s.unknown.map((u) => u.path.join(".")).sort(), ["resources", "tools"]);
  assert.match(s.unknown[0]!.reason, /WeatherTools is read from a declaration file .*decorators leave no trace/);
});

it("a local provider extending a class of a compiled package: the inherited kinds are unknown", () => {
  const s = analyse(`${HEAD}
@Injectable()
class AppTools extends WeatherTools {
  @Prompt({ name: "p", description: "p" })
  p() { return { messages: [] }; }
}

@Module({ imports: [${ROOT}], providers: [AppTools] })
export class AppModule {}
`);
  assert.equal(s.exact, false);
  assert.deepEqual(s.unknown.map((u) => u.path.join(".")).sort(), ["resources", "tools"]);
});
