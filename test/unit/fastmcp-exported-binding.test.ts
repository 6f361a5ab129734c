// A fastmcp server made in a function and kept in an exported `let` (`export let server; export
// function init() { server = new FastMCP(..) }`): the modules importing the binding add tools and
// prompts through it. What they add is not followed, so it is not stated, and the reason says where.
// (Trial 117 j03: claimed exactly without those tools and prompts before.)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

describe("fastmcp: a server kept in an exported let set by a function", () => {
  it("what the importers add is not stated", () => {
    const r = analyze({
      "package.json": JSON.stringify({ name: "fm-holder", type: "module", dependencies: { fastmcp: "^3.35.0" } }),
      "src/state.ts": `import { FastMCP } from "fastmcp";\nexport let server: FastMCP;\nexport function init() { server = new FastMCP({ name: "fm-holder", version: "1.0.0" }); }\n`,
      "src/tools.ts": `import { server } from "./state.js";\nexport function addTools() { server.addTool({ name: "t", description: "t", execute: async () => "ok" }); }\n`,
      "src/index.ts": `import { init, server } from "./state.js";\nimport { addTools } from "./tools.js";\ninit();\naddTools();\nserver.start({ transportType: "stdio" });\n`,
    });
    const s = r.servers.get("fm-holder")!;
    assert.equal(s.exact, false);
    assert.ok(!("tools" in (s.legacy ?? {})), JSON.stringify(s.legacy));
    assert.ok(s.unknown.some((u) => u.path.join(".") === "tools" && /assigned to server, which state\.ts exports/.test(u.reason)), JSON.stringify(s.unknown));
  });
});
