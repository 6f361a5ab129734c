// A monorepo's sibling packages are found by name when they are not installed (a fresh clone): the
// server built in `packages/app` from a class or factory of `packages/core` is a server of the SDK,
// with what the core registers, exactly as when the packages were installed and built.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { WorkspacePackages } from "../../server/src/analysis/core/project/workspacePackages";
import { analyze } from "../helpers/memoryWorkspace";

function packagesOf(files: Record<string, string>, roots = ["/w"]): WorkspacePackages {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(name, text);
  return new WorkspacePackages(fs, roots);
}

const manifest = (fields: Record<string, unknown>) => JSON.stringify(fields);

describe("workspace packages: a sibling package's source, by its name", () => {
  it("npm workspaces: exports and main name the build, the source that builds it is found", () => {
    const packages = packagesOf({
      "/w/package.json": manifest({ name: "root", private: true, workspaces: ["packages/*"] }),
      "/w/packages/core/package.json": manifest({ name: "@acme/core", exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" }, "./tools/*": "./dist/tools/*.js" } }),
      "/w/packages/core/src/index.ts": "export const x = 1;\n",
      "/w/packages/core/src/tools/echo.ts": "export const y = 1;\n",
      "/w/packages/util/package.json": manifest({ name: "util", main: "lib/main.js" }),
      "/w/packages/util/lib/main.ts": "export const z = 1;\n",
      "/w/packages/app/src/main.ts": "",
    });
    const from = "/w/packages/app/src/main.ts";
    assert.equal(packages.resolve("@acme/core", from), "/w/packages/core/src/index.ts");
    assert.equal(packages.resolve("@acme/core/tools/echo", from), "/w/packages/core/src/tools/echo.ts");
    assert.equal(packages.resolve("util", from), "/w/packages/util/lib/main.ts");
    assert.equal(packages.resolve("left-pad", from), undefined, "not a package of the monorepo");
    assert.equal(packages.resolve("./core", from), undefined, "a relative path is not a package");
  });

  it("pnpm-workspace.yaml, with ** and an excluded folder", () => {
    const packages = packagesOf({
      "/w/pnpm-workspace.yaml": "packages:\n  - 'apps/**'\n  - \"!apps/legacy\"\n",
      "/w/apps/tools/server/package.json": manifest({ name: "server-core", types: "build/index.d.ts" }),
      "/w/apps/tools/server/src/index.ts": "export {};\n",
      "/w/apps/legacy/package.json": manifest({ name: "legacy" }),
      "/w/apps/legacy/index.ts": "export {};\n",
    });
    assert.equal(packages.resolve("server-core", "/w/apps/web/main.ts"), "/w/apps/tools/server/src/index.ts");
    assert.equal(packages.resolve("legacy", "/w/apps/web/main.ts"), undefined);
  });

  it("never reads above the workspace's roots", () => {
    const packages = packagesOf(
      {
        "/w/package.json": manifest({ name: "root", workspaces: ["packages/*"] }),
        "/w/packages/core/package.json": manifest({ name: "core", main: "dist/index.js" }),
        "/w/packages/core/src/index.ts": "export {};\n",
      },
      ["/w/packages/app"],
    );
    assert.equal(packages.resolve("core", "/w/packages/app/main.ts"), undefined);
  });

  it("a manifest that is not JSON, or names nothing that exists, resolves to nothing", () => {
    const packages = packagesOf({
      "/w/package.json": manifest({ workspaces: { packages: ["pkgs/*"] } }),
      "/w/pkgs/a/package.json": "{ not json",
      "/w/pkgs/b/package.json": manifest({ name: "b", main: "dist/gone.js" }),
    });
    assert.equal(packages.resolve("a", "/w/main.ts"), undefined);
    assert.equal(packages.resolve("b", "/w/main.ts"), undefined);
  });
});

describe("workspace packages: servers across a monorepo that is not installed", () => {
  const monorepo = {
    "package.json": manifest({ name: "root", private: true, workspaces: ["packages/*"] }),
    "packages/core/package.json": manifest({ name: "@acme/mcp-core", type: "module", exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } } }),
    "packages/core/src/index.ts": 'export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport { registerTools } from "./tools.js";\n',
    "packages/core/src/tools.ts":
      'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function registerTools(server: McpServer) {\n  server.registerTool("ping", { description: "Ping" }, async () => ({ content: [] }));\n}\n',
    "packages/app/package.json": manifest({ name: "@acme/app", dependencies: { "@acme/mcp-core": "workspace:*", "@modelcontextprotocol/sdk": "1.17.0" } }),
    "packages/app/src/main.ts":
      'import { McpServer, registerTools } from "@acme/mcp-core";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nconst server = new McpServer({ name: "app", version: "1.0.0" });\nregisterTools(server);\nawait server.connect(new StdioServerTransport());\n',
  };

  it("a server made from a sibling package's re-export, given tools by its helper: found, exact", () => {
    const result = analyze(monorepo);
    const server = result.servers.get("app");
    assert.ok(server, `servers: ${JSON.stringify([...result.servers.keys()])}`);
    assert.equal(server.dialect, "sdk-v1");
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { tools: { listChanged: true } });
  });

  it("without the workspace declaration, the package is not guessed", () => {
    const result = analyze({ ...monorepo, "package.json": manifest({ name: "root", private: true }) });
    assert.equal(result.servers.get("app"), undefined);
  });
});
