// `basePath: paths.root` with `paths` a const object literal of another module: the property's
// expression is read where it is written, so `dirname(fileURLToPath(import.meta.url))` there is that
// module's folder (fixture 67 of test/fixtures/mcp-framework proves it on the real framework). When
// the object may have changed after it was declared, or a spread hides which entry wins, it is not read.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const ROOT = 'resolve(dirname(fileURLToPath(import.meta.url)), "..")';

function analyse(paths: string, index = 'export const server = new MCPServer({ name: "x", basePath: paths.root });\nserver.start();\n') {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
  fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  fs.writeFileSync("/w/src/config/paths.ts", `import { dirname, resolve } from "node:path";\nimport { fileURLToPath } from "node:url";\n${paths}`);
  fs.writeFileSync("/w/src/index.ts", `import { MCPServer } from "mcp-framework";\nimport { paths } from "./config/paths.js";\n${index}`);
  fs.writeFileSync("/w/src/tools/Echo.ts", 'import { MCPTool } from "mcp-framework";\nexport default class Echo extends MCPTool {}\n');
  fs.writeFileSync("/w/src/prompts/Greet.ts", 'import { MCPPrompt } from "mcp-framework";\nexport default class Greet extends MCPPrompt {}\n');
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const [server] = ws.analyzeFiles(["/w/src/index.ts", "/w/src/config/paths.ts"], { tasksExtension: false }).servers;
  assert.ok(server);
  return { legacy: server.legacy, exact: server.exact, unknown: server.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`) };
}

describe("mcp-framework: basePath as a property of an object another module declares", () => {
  it("its import.meta.url is that module's: dist/config/.. is dist, where the loaders find the tools and prompts", () => {
    assert.deepEqual(analyse(`export const paths = { root: ${ROOT} };\n`), { legacy: { completions: {}, prompts: {}, tools: {} }, exact: true, unknown: [] });
  });

  it("a property of a nested object, and an entry written after a spread, are read too", () => {
    const nested = analyse(`const base = { root: "/elsewhere" };\nexport const paths = { ...base, dirs: { root: ${ROOT} }, root: ${ROOT} };\n`, 'export const server = new MCPServer({ name: "x", basePath: paths.dirs.root });\nserver.start();\n');
    assert.equal(nested.exact, true, nested.unknown.join("\n"));
    assert.equal(analyse(`const base = { root: "/elsewhere" };\nexport const paths = { ...base, root: ${ROOT} };\n`).exact, true);
  });

  it("changed after it is declared (in its module or by an importer), or hidden by a later spread: not known", () => {
    for (const [paths, index] of [
      [`export const paths = { root: ${ROOT} };\npaths.root = "/srv/mcp";\n`, undefined],
      [`export const paths = { root: ${ROOT} };\n`, 'paths.root = "/srv/mcp";\nexport const server = new MCPServer({ name: "x", basePath: paths.root });\nserver.start();\n'],
      [`const extra: any = JSON.parse(process.env.PATHS ?? "{}");\nexport const paths = { root: ${ROOT}, ...extra };\n`, undefined],
    ] as const) {
      const got = analyse(paths, index);
      assert.equal(got.exact, false, paths);
      assert.ok(got.unknown.some((u) => u.startsWith("tools: basePath is paths.root, which is not known")), got.unknown.join("\n"));
    }
  });
});
