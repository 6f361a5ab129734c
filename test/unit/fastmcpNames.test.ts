// A fastmcp server is called what its clients see, the `name` option, when it is written as a literal
// (as SDK servers are called by their serverInfo name); otherwise by what holds it. Two servers of a
// file with one name each also say what holds them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const START = 'server.start({ transportType: "stdio" });\n';

describe("fastmcp server names", () => {
  it("takes the literal name option", () => {
    const r = analyze({ "s.ts": `import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "weather", version: "1.0.0" });\n${START}` });
    assert.deepEqual(r.analysis.servers.map((s) => s.name), ["weather"]);
  });

  it("falls back to the binding when the name is not a literal, and cleans control characters", () => {
    const r = analyze({
      "a.ts": `import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: process.env.NAME!, version: "1.0.0" });\n${START}`,
      "b.ts": `import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "bell\\u0007tab\\t", version: "1.0.0" });\n${START}`,
    });
    assert.deepEqual(r.analysis.servers.map((s) => s.name).sort(), ["bell tab", "server"]);
  });

  it("two servers of one file with one name say what holds them", () => {
    const r = analyze({
      "s.ts": 'import { FastMCP } from "fastmcp";\nconst a = new FastMCP({ name: "same", version: "1.0.0" });\nconst b = new FastMCP({ name: "same", version: "1.0.0" });\na.start({ transportType: "stdio" });\nb.start({ transportType: "stdio" });\n',
    });
    assert.deepEqual(r.analysis.servers.map((s) => s.name).sort(), ["same (a)", "same (b)"]);
  });
});
