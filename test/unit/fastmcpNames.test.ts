// A fastmcp server is called what its clients see, the `name` option, when the source gives it: written
// as a literal, or read from consts, imports and a JSON module (`name: pkg.name`, trial 156 c044), as
// SDK servers are called by their serverInfo name; otherwise by what holds it. Two servers of a file
// with one name each also say what holds them.
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

  it("reads the name from an imported package.json and from consts", () => {
    const r = analyze({
      "package.json": JSON.stringify({ name: "sql-host", version: "1.0.0", type: "module" }),
      "src/a.ts": `import { FastMCP } from "fastmcp";
import pkg from "../package.json" with { type: "json" };
export async function startHost() {
  const server = new FastMCP({ name: pkg.name, version: "1.0.0" });
  await server.start({ transportType: "stdio" });
  return server;
}
startHost();
`,
      "src/b.ts": `import { FastMCP } from "fastmcp";
const BASE = { name: "from-const", version: "1.0.0" } as const;
const server = new FastMCP({ ...BASE });
${START}`,
    });
    assert.deepEqual(r.analysis.servers.map((s) => s.name).sort(), ["from-const", "sql-host"]);
  });

  it("keeps the binding when a spread only known when it runs may set the name, or a parameter holds it", () => {
    const r = analyze({
      "a.ts": `import { FastMCP } from "fastmcp";
declare function load(): { name: string; version: \`\${number}.\${number}.\${number}\` };
const BASE = { name: "base" };\nconst server = new FastMCP({ ...BASE, ...load() });
${START}`,
      "b.ts": `import { FastMCP } from "fastmcp";
const name = "file-const";
export function make(name: string) {
  const made = new FastMCP({ name, version: "1.0.0" });
  made.start({ transportType: "stdio" });
}
`,
    });
    assert.deepEqual(r.analysis.servers.map((s) => s.name).sort(), ["made", "server"]);
  });

  it("two servers of one file with one name say what holds them", () => {
    const r = analyze({
      "s.ts": 'import { FastMCP } from "fastmcp";\nconst a = new FastMCP({ name: "same", version: "1.0.0" });\nconst b = new FastMCP({ name: "same", version: "1.0.0" });\na.start({ transportType: "stdio" });\nb.start({ transportType: "stdio" });\n',
    });
    assert.deepEqual(r.analysis.servers.map((s) => s.name).sort(), ["same (a)", "same (b)"]);
  });
});
