// The one MCP-Nest server of a one-file program (src/app.ts, with MCP-Nest 2.0.5 installed), analysed
// in memory.
import assert from "node:assert/strict";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

export function onlyNestServer(text: string): ServerReport {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/src/app.ts", text);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const found = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] }).analyzeFiles(["/w/src/app.ts"], { tasksExtension: false }).servers.filter((s) => s.dialect === "mcp-nest");
  assert.equal(found.length, 1);
  return found[0]!;
}
