// `if (readOnly) registerReaders(server); else registerAll(server);`: whichever arm is taken, a key
// both arms add the same way is advertised (the join of two alternatives); a key one arm adds is not
// certain. Proven with the real SDK in the differential fixture 498.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const SERVER = (choice: string, sdk: "v1" | "v2" = "v1") => `${sdk === "v1" ? `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";` : `import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";`}
function readers(s: McpServer) { s.registerTool("read", {}, async () => ({ content: [] })); }
function writers(s: McpServer) { s.registerTool("write", {}, async () => ({ content: [] })); s.registerPrompt("plan", {}, () => ({ messages: [] })); }
function all(s: McpServer) { readers(s); writers(s); }
const READ_ONLY = process.argv.includes("--read-only");
const server = new McpServer({ name: "arms", version: "1.0.0" });
${choice}
await server.connect(new StdioServerTransport());
`;

const reasons = (s: { unknown: readonly { path: readonly string[]; reason: string }[] }) => s.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`).join("\n");

describe("SDK: the two arms of an if/else, joined", () => {
  for (const [label, choice] of [
    ["if/else", "if (READ_ONLY) readers(server);\nelse all(server);"],
    ["if/else with blocks", "if (READ_ONLY) {\n  readers(server);\n} else {\n  writers(server);\n  readers(server);\n}"],
    ["?:", "READ_ONLY ? readers(server) : all(server);"],
  ] as const) {
    it(`${label}: tools (both arms) certain, prompts (one arm) not`, () => {
      const s = analyze({ "src/index.ts": SERVER(choice) }).servers.get("arms")!;
      assert.deepEqual(s.legacy, { tools: { listChanged: true } }, reasons(s));
      assert.equal(s.exact, false);
      assert.match(reasons(s), /^prompts: prompts is registered/m);
      assert.doesNotMatch(reasons(s), /^tools/m);
    });
  }

  it("both arms adding the same keys: exact (SDK v2 too)", () => {
    for (const sdk of ["v1", "v2"] as const) {
      const s = analyze({ "src/index.ts": SERVER("if (READ_ONLY) { writers(server); } else { all(server); }", sdk) }).servers.get("arms")!;
      assert.equal(s.exact, true, `${sdk}: ${reasons(s)}`);
      assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    }
  });

  for (const [label, choice] of [
    ["an if without else", "if (READ_ONLY) readers(server);"],
    ["a condition of its own inside one arm", "if (READ_ONLY) { if (process.env.X) readers(server); } else { all(server); }"],
    ["an arm that may leave early (throw)", "if (READ_ONLY) { readers(server); } else { if (!process.env.TOKEN) throw new Error(\"no token\"); all(server); }"],
    ["the if itself under a condition", "if (process.env.ON) { if (READ_ONLY) readers(server); else all(server); }"],
  ] as const) {
    it(`not joined: ${label}`, () => {
      const s = analyze({ "src/index.ts": SERVER(choice) }).servers.get("arms")!;
      assert.equal(s.exact, false);
      assert.equal("tools" in s.legacy!, false, `${label}: ${JSON.stringify(s.legacy)}`);
    });
  }

  it("a name registered twice within one arm: that arm throws when taken, said as a warning", () => {
    const { servers, diagnostics } = analyze({ "src/index.ts": SERVER("if (READ_ONLY) { readers(server); } else { all(server); readers(server); }") });
    const s = servers.get("arms")!;
    assert.equal(s.exact, false);
    const dup = diagnostics.filter((d) => d.code === "sdk-duplicate-registration");
    assert.equal(dup.length, 1, JSON.stringify(diagnostics.map((d) => d.code)));
    assert.equal(dup[0]!.severity, "warning");
    assert.match(dup[0]!.message, /registerTool throws here if it runs: a tool named "read" is already registered on this server \(by this same code, run before from line 8\)/);
    // The same name once in each arm: only one of them runs, nothing to say.
    const apart = analyze({ "src/index.ts": SERVER("if (READ_ONLY) readers(server); else all(server);") });
    assert.deepEqual(apart.diagnostics.filter((d) => d.code === "sdk-duplicate-registration"), []);
  });
});
