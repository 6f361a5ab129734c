// A class holding the server in a field, its steps as methods the program calls on its one instance at
// start-up (`kb.registerAll(); await kb.start();`): they run in the order the program calls them, not
// in the order the class declares them. Trial 125 (family R) ran each shape with the real SDK 1.32.2
// and 2.4.0: registering first and connecting second is served; the reverse exits with "Cannot register
// capabilities after connecting to transport" (and a handler before its capability, with "Server does
// not support tools"). The prediction went by declaration order: an error for working servers, and
// no error for failing ones.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const IMPORTS = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const CLASS = (startFirst: boolean, arrows = false) => {
  const start = arrows ? "  start = async () => { await this.server.connect(new StdioServerTransport()); };\n" : "  async start() { await this.server.connect(new StdioServerTransport()); }\n";
  const register = arrows
    ? '  registerAll = () => { this.server.registerTool("search", {}, async () => ({ content: [] })); };\n'
    : '  registerAll() { this.server.registerTool("search", {}, async () => ({ content: [] })); }\n';
  return `class KbServer {\n  private server = new McpServer({ name: "kb", version: "1.0.0" });\n${startFirst ? start + register : register + start}}\n`;
};

describe("SDK: the steps of a server-holding class run in the order the program calls them", () => {
  for (const arrows of [false, true]) {
    it(`register then start, whatever the declaration order: served, no error${arrows ? " (arrow-function properties)" : ""}`, () => {
      for (const startFirst of [true, false]) {
        const r = analyze({ "src/server.ts": `${IMPORTS}${CLASS(startFirst, arrows)}const kb = new KbServer();\nkb.registerAll();\nawait kb.start();\n` });
        const s = r.servers.get("kb")!;
        assert.deepEqual(s.legacy, { tools: { listChanged: true } }, `start declared first: ${startFirst}`);
        assert.equal(s.exact, true);
        assert.deepEqual(r.codes("sdk-register-after-connect"), []);
      }
    });

    it(`start then register, whatever the declaration order: the registration throws${arrows ? " (arrow-function properties)" : ""}`, () => {
      for (const startFirst of [true, false]) {
        const r = analyze({ "src/server.ts": `${IMPORTS}${CLASS(startFirst, arrows)}const kb = new KbServer();\nawait kb.start();\nkb.registerAll();\n` });
        assert.equal(r.codes("sdk-register-after-connect").length, 1, `start declared first: ${startFirst}`);
        assert.equal(r.servers.get("kb")!.legacy, null);
      }
    });
  }

  it("the calls made by a module importing the class, in that module's order", () => {
    const r = analyze({
      "src/server.ts": `${IMPORTS}export class KbServer {\n  private server = new McpServer({ name: "kb", version: "1.0.0" });\n  async start() { await this.server.connect(new StdioServerTransport()); }\n  registerAll() { this.server.registerTool("search", {}, async () => ({ content: [] })); }\n}\n`,
      "src/cli.ts": 'import { KbServer } from "./server.js";\nconst kb = new KbServer();\nkb.registerAll();\nawait kb.start();\n',
    });
    assert.deepEqual(r.servers.get("kb")?.legacy, { tools: { listChanged: true } });
    assert.deepEqual(r.codes("sdk-register-after-connect"), []);
  });
});
