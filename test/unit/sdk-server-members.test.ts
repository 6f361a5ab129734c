// The list of members the SDK's server classes declare (sdkServerMembers.ts) must hold every member of
// the releases installed here, read from their declaration files: a property named otherwise is taken
// as one the SDK never reads, which a newer release could make untrue.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";
import { SDK_SERVER_MEMBERS } from "../../server/src/analysis/dialects/sdk/sdkServerMembers";

const MODULES = join(__dirname, "..", "..", "node_modules", "@modelcontextprotocol");
const CLASSES = new Set(["Protocol", "Server", "McpServer"]);

function declaredMembers(files: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isClassDeclaration(n) && n.name && CLASSES.has(n.name.text)) for (const m of n.members) if (m.name && !ts.isComputedPropertyName(m.name)) names.add(m.name.getText(sf));
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return names;
}

describe("SDK: the members its server classes declare", () => {
  it("v1, as installed: every member is in the list", () => {
    const dist = join(MODULES, "sdk", "dist", "esm");
    const found = declaredMembers([join(dist, "shared", "protocol.d.ts"), join(dist, "server", "index.d.ts"), join(dist, "server", "mcp.d.ts")]);
    assert.ok(found.size > 60, `only ${found.size} members read`);
    assert.deepEqual([...found].filter((n) => !SDK_SERVER_MEMBERS.has(n)), []);
  });

  it("v2, as installed (server and core): every member is in the list", () => {
    const files = ["server", "core"].flatMap((p) => {
      const dist = join(MODULES, p, "dist");
      return existsSync(dist) ? readdirSync(dist).filter((f) => f.endsWith(".d.mts")).map((f) => join(dist, f)) : [];
    });
    const found = declaredMembers(files);
    assert.ok(found.size > 60, `only ${found.size} members read`);
    assert.deepEqual([...found].filter((n) => !SDK_SERVER_MEMBERS.has(n)), []);
  });
});
