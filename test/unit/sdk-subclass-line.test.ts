// A class holding the server in a field, extended by one line of subclasses of which only the last
// is made: `this.m()` runs the most derived override, `super.m()` the next one up. The exact cases
// are checked against the real SDK by the differential fixtures 301 and 397-399; these pin what must
// stay approximate (trial 89 o04, o19, o84).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const BASE = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport abstract class Base {\n  readonly server = new McpServer({ name: "base", version: "1" });\n  protected abstract hook(): void;\n  setup() { this.hook(); }\n}\n';
const IMPL = 'import { Base } from "./base.js";\nexport class Impl extends Base {\n  protected hook() { this.server.registerTool("t", {}, async () => ({ content: [] })); }\n}\n';

function base(files: Record<string, string>) {
  const servers = [...analyze({ "package.json": '{ "name": "app", "type": "module" }', "base.ts": BASE, ...files }).servers.values()];
  return servers.find((s) => s.name === "base")!;
}

describe("SDK v1: a line of subclasses of the class holding the server", () => {
  it("one subclass, made once and set up at the top level: its hook runs, exact", () => {
    const s = base({ "impl.ts": IMPL, "index.ts": 'import { Impl } from "./impl.js";\nconst app = new Impl();\napp.setup();\n' });
    assert.deepEqual(s.unknown, []);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("two subclasses: which one is made is not followed", () => {
    const s = base({
      "impl.ts": IMPL,
      "other.ts": 'import { Base } from "./base.js";\nexport class Other extends Base {\n  protected hook() { this.server.registerPrompt("p", {}, () => ({ messages: [] })); }\n}\n',
      "index.ts": 'import { Impl } from "./impl.js";\nconst app = new Impl();\napp.setup();\n',
    });
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("\n"), /extended by a subclass of the abstract Base, whose code is not followed|read as Base\.server in other\.ts/);
  });

  it("a subclass giving the field a server of its own: the base's server is not claimed", () => {
    const s = base({
      "impl.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { Base } from "./base.js";\nexport class Impl extends Base {\n  override readonly server = new McpServer({ name: "own", version: "1" });\n  protected hook() { this.server.registerTool("t", {}, async () => ({ content: [] })); }\n}\n',
      "index.ts": 'import { Impl } from "./impl.js";\nconst app = new Impl();\napp.setup();\n',
    });
    assert.equal(s.exact, false);
  });

  it("the importer of the subclass registering on app.server: said, not dropped", () => {
    const s = base({ "impl.ts": IMPL, "index.ts": 'import { Impl } from "./impl.js";\nconst app = new Impl();\napp.setup();\napp.server.registerPrompt("p", {}, () => ({ messages: [] }));\n' });
    assert.equal(s.exact, false);
    assert.match(s.unknown.map((u) => u.reason).join("\n"), /read as Base\.server in index\.ts/);
  });
});
