// `const manager = createManager()` with a factory whose every return is `new Manager(...)`: a call on
// the result runs Manager's method (a manager keeping the server only to send stays harmless: fixture
// 489). A factory that may return anything else leaves the call unfollowed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const MANAGER = (factoryBody: string) => `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
export class Manager {
  private server: Server | null = null;
  setServer(server: Server): void {
    this.server = server;
  }
  async ask(): Promise<unknown> {
    if (!this.server) return undefined;
    return this.server.elicitInput({ message: "x", requestedSchema: { type: "object", properties: {} } });
  }
}
export class Other {
  setServer(server: Server): void {
    (server as any).registerCapabilities({ prompts: {} });
  }
}
export function createManager(flag?: boolean) {
${factoryBody}
}
`;
const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createManager } from "./manager.js";
const manager = createManager();
const server = new McpServer({ name: "managed", version: "1.0.0" });
server.registerTool("q", {}, async () => ({ content: [] }));
manager.setServer(server.server);
await server.connect(new StdioServerTransport());
`;
const run = (factoryBody: string) => analyze({ "src/manager.ts": MANAGER(factoryBody), "src/index.ts": SERVER }).servers.get("managed")!;

describe("SDK: the server handed to an object a factory makes", () => {
  it("runs the method of the class every return constructs, after any statements before it", () => {
    const s = run(`  const enabled = process.env.ASK === "1" || flag === true;\n  if (!enabled) console.error("asking is off");\n  return new Manager();`);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("is not followed when a return may give another class, or another value", () => {
    for (const body of [`  if (flag) return new Other();\n  return new Manager();`, `  return flag ? new Other() : new Manager();`, `  if (flag) return undefined;\n  return new Manager();`]) {
      const s = run(body);
      assert.equal(s.exact, false, body);
      assert.ok(s.unknown.some((u) => /manager\.setServer/.test(u.reason)), `${body}\n${JSON.stringify(s.unknown)}`);
    }
  });
});
