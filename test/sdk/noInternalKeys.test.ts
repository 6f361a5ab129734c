// The analysis marks what it cannot know with internal keys (`$dynamic`, `$spread`); none of them may
// reach a user: not the text report, not the JSON report (eras, reasons, messages), not SARIF, not a
// hover anywhere in the file.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { runCli } from "../../server/src/cli/main";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { FeatureContext } from "../../server/src/features/context";
import { hoverAt } from "../../server/src/features/hover";

const dir = join(import.meta.dirname, "..", "fixtures", "internal-keys");
const INTERNAL = /\$dynamic|\$spread/;

function cli(args: string[]): string {
  let out = "";
  runCli([...args, "."], { cwd: dir, stdout: (t: string) => (out += t), stderr: (t: string) => (out += t), isTty: false, env: {} });
  return out;
}

describe("internal keys never reach a user", () => {
  it("the text, JSON and SARIF reports name what is unknown without them", () => {
    const json = cli(["--json"]);
    const report = JSON.parse(json) as { servers: { exact: boolean; unknown: unknown[] }[] };
    assert.equal(report.servers.length, 3, "three servers found");
    assert.ok(report.servers.every((s) => !s.exact && s.unknown.length > 0), "each says what it does not know");
    for (const [format, out] of [["json", json], ["text", cli(["--no-color"])], ["sarif", cli(["--format", "sarif"])]] as const) {
      const leak = out.split("\n").find((line) => INTERNAL.test(line));
      assert.equal(leak, undefined, `${format}: ${leak}`);
    }
  });

  it("no hover shows them", () => {
    for (const name of ["v1.ts", "v2.ts"]) {
      const fs = new InMemoryFileSystemHost();
      const text = readFileSync(join(dir, name), "utf8");
      fs.writeFileSync(`/w/${name}`, text);
      fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
      const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
      const file = `/w/${name}`;
      const analysis = ws.analyzeFile(file, { tasksExtension: false });
      const location = (loc: { file: string; span: { start: number; end: number } }) => ({ uri: `file://${loc.file}`, range: { start: ws.position(loc.file, loc.span.start), end: ws.position(loc.file, loc.span.end) } });
      const ctx: FeatureContext = { workspace: ws, file, analysis, location };
      let shown = 0;
      for (let offset = 0; offset < text.length; offset++) {
        const markdown = hoverAt(ctx, offset)?.markdown;
        if (!markdown) continue;
        shown++;
        assert.doesNotMatch(markdown, INTERNAL, `${name} hover at offset ${offset}`);
      }
      assert.ok(shown > 0, `${name}: some hover is shown`);
    }
  });
});
