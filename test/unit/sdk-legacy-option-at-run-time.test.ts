// An SDK v2 entry point whose `legacy` option is read at run time (argv, env, a parameter): whether
// initialize is answered is not known, and the prediction says so with one entry for the legacy era
// as a whole, which is what lets `mcp-caps probe` accept a run that rejects it (trial 144 c83, c92,
// c93, c101: the entry was a spread with no era, and the probe exited 1 on the strict run).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";
import { eraDifferences, type PredictedServer } from "../../server/src/cli/probe/difference";

const SERVER = 'import { McpServer } from "@modelcontextprotocol/server";\nconst build = () => {\n  const s = new McpServer({ name: "f", version: "1" });\n  s.registerTool("t", {}, async () => ({ content: [] }));\n  return s;\n};\n';
const ENTRIES = [
  'import { serveStdio } from "@modelcontextprotocol/server/stdio";\nserveStdio(build, { legacy: process.argv.includes("--strict") ? "reject" : "serve" });\n',
  'import { createMcpHandler } from "@modelcontextprotocol/server";\nconst OPTIONS = { legacy: process.env.STRICT === "1" ? ("reject" as const) : ("stateless" as const) };\nexport const handler = createMcpHandler(build, OPTIONS);\n',
];

describe("SDK v2: an entry point's legacy option known only at run time", () => {
  for (const entry of ENTRIES) {
    it(entry.split("\n")[1]!.slice(0, 60), () => {
      const s = analyze({ "s.ts": `${SERVER}${entry}` }).servers.get("f")!;
      assert.equal(s.exact, false);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } });
      const open = s.unknown.filter((u) => u.era === "legacy" && u.path.length === 0 && !u.spread);
      assert.equal(open.length, 1, JSON.stringify(s.unknown));
      assert.match(open[0]!.reason, /answers initialize depends on its options/);
      // The strict run: initialize refused. The difference is the whole legacy era, and that entry explains it.
      const predicted: PredictedServer = { name: "f", file: "s.ts", line: 3, dialect: "sdk-v2", exact: false, legacy: s.legacy, modern: s.modern, unknown: s.unknown.map((u) => ({ path: u.path, reason: u.reason, ...(u.era ? { era: u.era } : {}), ...(u.spread ? { spread: true } : {}) })) };
      const [d] = eraDifferences("legacy", null, predicted);
      assert.deepEqual(d!.path, []);
      assert.equal(d!.explainedBy.length, 1);
    });
  }
});
