// A registration inside a `try` block: when the `catch` ends the program (`process.exit(1)`, a
// rethrow) or there is no catch, a program that goes on serving ran the whole `try` block, so what it
// registers is as certain as the code around it. A catch that lets the program go on (logs, returns,
// exits only sometimes) leaves the try block conditional past its first statement: that one (a
// registration whose arguments cannot throw while they are built) runs whenever the try does. The
// differential fixtures 362 and 651 check the first and the last case against the real SDK.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nexport const server = new McpServer({ name: "s", version: "1" });\n';
const REGISTER = 'server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));\n    await server.connect(new StdioServerTransport());';

/** Something before the registration in the try block that may throw. */
const MAY_THROW = 'JSON.parse(process.env.CONFIG ?? "{}");\n    ';

function serverWith(handler: string, withCatch = true, before = "") {
  const source = `${HEAD}export async function main() {\n  try {\n    ${before}${REGISTER}\n  } ${withCatch ? `catch (error) {\n${handler}\n  }` : `finally {\n${handler}\n  }`}\n}\nmain();\n`;
  const s = analyze({ "s.ts": source }).servers.get("s");
  assert.ok(s);
  return s;
}

describe("SDK: registrations inside try blocks", () => {
  it("a catch that exits or rethrows, or no catch at all: the try block is certain", () => {
    for (const [handler, withCatch] of [
      ["    console.error(error);\n    process.exit(1);", true],
      ["    throw new Error(`start-up failed: ${String(error)}`);", true],
      ["    console.error('done');", false],
    ] as const) {
      const s = serverWith(handler, withCatch);
      assert.equal(s.exact, true, `${handler}: ${JSON.stringify(s.unknown)}`);
      assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
    }
  });

  it("a catch that lets the program go on, something before the registration that may throw: the prompt is not stated", () => {
    for (const handler of [
      "    console.error(error);",
      "    if (String(error).includes('EPIPE')) return;\n    process.exit(1);",
      "    if (process.env.STRICT) process.exit(1);",
    ]) {
      const s = serverWith(handler, true, MAY_THROW);
      assert.equal(s.exact, false, handler);
      assert.ok(s.unknown.some((u) => u.path.join(".") === "prompts"), `${handler}: ${JSON.stringify(s.unknown)}`);
    }
  });

  it("a catch that lets the program go on, the registration first in the try block: it runs whenever the try does", () => {
    const s = serverWith("    console.error(error);");
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
  });
});
