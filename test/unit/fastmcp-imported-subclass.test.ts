// A subclass of FastMCP constructed in one module and written in another (fixture 80 proves the
// one-module case with the real fastmcp): its constructor is followed there. Classes extending FastMCP
// across several modules are a server too, approximate with the reason, never "no server".
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const FASTMCP = { "node_modules/fastmcp/package.json": JSON.stringify({ name: "fastmcp", version: "4.20.16" }) };
const BASE = `import { FastMCP } from "fastmcp";
export class Base extends FastMCP {
  constructor() {
    super({ name: "b", version: "1" });
    this.addPrompt({ name: "p", description: "p", load: async () => "x" });
  }
}
`;
const ENTRY = (from: string, cls: string) => `import { ${cls} } from "${from}";
const server = new ${cls}();
await server.start({ transportType: "stdio" });
`;

describe("fastmcp: a subclass imported from another module", () => {
  it("is found, its constructor followed: exact", () => {
    const r = analyze({ ...FASTMCP, "src/base.ts": BASE, "src/index.ts": ENTRY("./base.js", "Base") });
    const s = [...r.servers.values()];
    assert.equal(s.length, 1);
    assert.equal(s[0]!.exact, true, JSON.stringify(s[0]!.unknown));
    assert.deepEqual(s[0]!.legacy, { completions: {}, logging: {}, prompts: { listChanged: true } });
  });

  it("extending FastMCP through classes in several modules: found, approximate, with why", () => {
    const app = `import { Base } from "./base.js";\nexport class App extends Base {}\n`;
    const r = analyze({ ...FASTMCP, "src/base.ts": BASE, "src/app.ts": app, "src/index.ts": ENTRY("./app.js", "App") });
    const s = [...r.servers.values()];
    assert.equal(s.length, 1);
    assert.equal(s[0]!.exact, false);
    assert.ok(s[0]!.unknown.some((u) => /App extends FastMCP through classes written in several modules/.test(u.reason)), JSON.stringify(s[0]!.unknown));
  });
});
