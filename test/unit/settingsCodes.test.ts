// The setting that silences diagnostic codes offers exactly the codes the dialects can report: a new
// dialect's codes must be listed in package.json, or VS Code flags them as invalid in settings.json.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { PARSE_CODES } from "../../server/src/analysis/core/model/unparsedServer";

it("diagnostics.disabledCodes lists every code of every registered dialect, and nothing else", () => {
  const pkg = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8"));
  const offered: string[] = pkg.contributes.configuration.properties["mcpCapabilityLens.diagnostics.disabledCodes"].items.enum;
  // The engine's own code (a server's file that does not parse) besides the dialects'.
  const reported = new Set([...DIALECTS.flatMap((d) => Object.keys(d.codes)), ...Object.keys(PARSE_CODES)]);
  assert.deepEqual([...offered].sort(), [...reported].sort());
});
