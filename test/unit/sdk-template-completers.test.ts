// A resource template adds `completions` only when some variable of its URI has a completer that is set
// (McpServer tests `!!completeCallback(v)`): a completer counts by its value, not by its key. Known
// truthy: counted; known falsy: not; chosen at run time: completions is not stated.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const NEW = (options = "") => `export const server = new McpServer({ name: "s", version: "1" }${options});\n`;
const TEMPLATE = (complete: string) =>
  `server.registerResource("r", new ResourceTemplate("items://{id}", { list: undefined, complete: ${complete} }), {}, async (uri) => ({ contents: [] }));\n`;
const FN = "const ids = (v: string) => [v];\n";

function run(source: string, more: Record<string, string> = {}) {
  const result = analyze({ "s.ts": source, ...more });
  const server = result.servers.get("s");
  assert.ok(server, `no server found: ${JSON.stringify([...result.servers.keys()])}`);
  return { server, result };
}

describe("SDK resource template completers: by their value", () => {
  it("a function chosen by a const the source settles counts: completions, exact", () => {
    const { server } = run(`${V1}${FN}const FEATURES = { completions: true };\n${NEW()}${TEMPLATE("{ id: FEATURES.completions ? ids : undefined }")}`);
    assert.equal(server.exact, true);
    assert.deepEqual(server.legacy, { completions: {}, resources: { listChanged: true } });
  });

  it("a completer that is a function in both arms of an open condition counts", () => {
    const { server } = run(`${V1}${FN}${NEW()}${TEMPLATE("{ id: process.env.A ? ids : (v: string) => [] }")}`);
    assert.equal(server.exact, true);
    assert.ok(server.legacy && "completions" in server.legacy);
  });

  it("completers written undefined or null add nothing: exact, no completions", () => {
    const { server } = run(`${V1}${NEW()}${TEMPLATE("{ id: undefined }")}${TEMPLATE("{ id: null }").replace('"r"', '"r2"').replace("items:", "other:")}`);
    assert.equal(server.exact, true);
    assert.deepEqual(server.legacy, { resources: { listChanged: true } });
  });

  it("a spread the analysis cannot read may set a completer: completions unknown", () => {
    const { server } = run(`${V1}import { extra } from "./extra.js";\n${NEW()}${TEMPLATE("{ ...extra() }")}`, {
      "extra.ts": "export function extra(): Record<string, (v: string) => string[]> { return {}; }\n",
    });
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => u.path.join(".") === "completions"));
  });

  it("completions declared, a completer set by the environment: stated, and no 'nothing answers' warning", () => {
    const { server, result } = run(`${V1}${FN}${NEW(", { capabilities: { completions: {} } }")}${TEMPLATE("{ id: process.env.A ? ids : undefined }")}`);
    assert.deepEqual(server.legacy?.completions, {});
    assert.deepEqual(result.codes("sdk-handler-missing"), []);
  });

  it("a completer that comes after another template's certain one leaves completions stated", () => {
    const second = TEMPLATE("{ id: ids }").replace('"r"', '"r2"').replace("items:", "other:");
    const { server } = run(`${V1}${FN}${NEW()}${second}${TEMPLATE("{ id: process.env.A ? ids : undefined }")}`);
    assert.equal(server.exact, true);
    assert.ok(server.legacy && "completions" in server.legacy);
  });
});
