// After an edit inside a 2,000-line file, the next diagnostics pull re-parses that file only: shown
// through the server's own instrumentation (the stats request counts parses per file).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

function bigServer(): string {
  const lines = ['import { Base } from "./base";', 'import { helper } from "./helpers";', "export class BigServer extends Base {"];
  for (let i = 0; lines.length < 1995; i++) lines.push(`  tool${i}(ctx: unknown) { return helper(${i}); }`);
  lines.push("  handleListTools(ctx: unknown) { return { tools: [] }; }", "}", "");
  return lines.join("\n");
}

describe("incremental re-analysis in the server", () => {
  let client: LspClient;
  const big = bigServer();
  before(async () => {
    const root = tempProject({
      "base.ts": "export class Base { handleComplete(ctx: unknown, ref: unknown, arg: unknown) { return {}; } }\n",
      "helpers.ts": "export function helper(n: number) { return n; }\n",
      "other.ts": "export class Other { handleListPrompts(ctx: unknown) { return { prompts: [] }; } }\n",
      "big.ts": big,
    });
    client = await LspClient.start(root);
    await client.open("big.ts", big);
    await client.open("other.ts", "export class Other { handleListPrompts(ctx: unknown) { return { prompts: [] }; } }\n");
  });
  after(async () => client.stop());

  it("an edit in a 2,000-line file re-parses that file and nothing else", async () => {
    assert.equal(big.split("\n").length, 1998);
    await client.diagnostics("big.ts");
    await client.diagnostics("other.ts");
    const before = await client.stats();
    const bigPath = Object.keys(before.parsesByFile).find((f) => f.endsWith("/big.ts"))!;
    assert.equal(before.parsesByFile[bigPath], 1);
    assert.ok(Object.keys(before.parsesByFile).some((f) => f.endsWith("/base.ts")), "the base was read");

    await client.change("big.ts", big.replace("tool500(", "renamedTool500("));
    const items = await client.diagnostics("big.ts");
    assert.ok(Array.isArray(items));
    const after = await client.stats();
    assert.equal(after.parses - before.parses, 1, "one parse for the edit");
    assert.equal(after.parsesByFile[bigPath], 2);
    for (const [file, n] of Object.entries(after.parsesByFile)) if (file !== bigPath) assert.equal(n, before.parsesByFile[file], `${file} not parsed again`);
  });
});
