// sdk-connect-per-request (proven with the real SDK in test/sdk/perRequestConnect.test.ts): said for a
// server made outside the handler an HTTP route or listener runs per request, on the releases that
// refuse a second connect(), with a Streamable HTTP transport (which stays open); not for a server the handler makes, a handler that closes something, a
// callback run once, or SDK v1 before 1.26.0.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import express from "express";
const app = express();
`;
const SHARED = `const server = new McpServer({ name: "shared", version: "1.0.0" });
server.registerTool("q", {}, async () => ({ content: [] }));
`;
const CONNECT = `  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);`;

function warnings(source: string, sdk = "1.32.2"): string[] {
  const files = { "package.json": JSON.stringify({ name: "app", type: "module", dependencies: { "@modelcontextprotocol/sdk": sdk } }), "src/index.ts": source };
  return analyze(files).diagnostics.filter((d) => d.code === "sdk-connect-per-request").map((d) => d.message);
}

describe("SDK: connect() per request on one server", () => {
  it("a route handler or a request listener: warned, naming how it runs", () => {
    const route = warnings(`${HEAD}${SHARED}app.post("/mcp", async (req, res) => {\n${CONNECT}\n});\napp.listen(3000);\n`);
    assert.equal(route.length, 1);
    assert.match(route[0]!, /app\.post\(…\) calls for every request/);
    assert.match(route[0]!, /SDK 1\.32\.2 refuses every later connect\(\) \("Already connected to a transport"\)/);
    const listener = warnings(`${HEAD}${SHARED}import http from "node:http";\nconst h = http.createServer();\nh.on("request", async (req: any, res: any) => {\n${CONNECT}\n});\n`);
    assert.equal(listener.length, 1);
  });

  it("not for a server made in the handler, a handler closing the transport, an SSE transport, a callback run once, or SDK 1.25", () => {
    const sse = `${HEAD}import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";\n${SHARED}app.get("/sse", async (req, res) => {\n  const transport = new SSEServerTransport("/messages", res);\n  await server.connect(transport);\n});\n`;
    assert.deepEqual(warnings(sse), []);
    const made = `${HEAD}app.post("/mcp", async (req, res) => {\n  const server = new McpServer({ name: "shared", version: "1.0.0" });\n  server.registerTool("q", {}, async () => ({ content: [] }));\n${CONNECT}\n});\n`;
    const closes = `${HEAD}${SHARED}app.post("/mcp", async (req, res) => {\n  res.on("close", () => transport.close());\n${CONNECT}\n});\n`;
    const once = `${HEAD}${SHARED}setTimeout(async () => {\n  const req: any = {}, res: any = {};\n${CONNECT}\n}, 0);\n`;
    assert.deepEqual(warnings(made), []);
    // The handler's own server, under the name of the program's one (the flow tells them apart).
    assert.deepEqual(warnings(made.replace(HEAD, HEAD + SHARED)), []);
    assert.deepEqual(warnings(closes.replace("res.on(\"close\", () => transport.close());\n", "res.on(\"close\", () => { void transport.close(); });\n")), []);
    assert.deepEqual(warnings(once), []);
    assert.deepEqual(warnings(`${HEAD}${SHARED}app.post("/mcp", async (req, res) => {\n${CONNECT}\n});\n`, "1.25.3"), []);
  });

  // The handler's work in a function it calls: as if written in the handler (the real SDK's answers for
  // these shapes are in test/sdk/perRequestConnect.test.ts: gateway-method, imported-handler).
  const GATEWAY = (body: string, listener: string) => `${HEAD}${SHARED}import { createServer } from "node:http";\nclass Gateway {\n  async handle(req: any, res: any) {\n${body}\n  }\n  async dispatch(req: any, res: any) {\n    if (req.url === "/mcp") await this.handle(req, res);\n    else res.end();\n  }\n  listen(port: number) {\n${listener}\n  }\n}\nnew Gateway().listen(3000);\n`;
  const VIA_HANDLE = `    createServer((req, res) => { this.handle(req, res).catch(() => {}); }).listen(port);`;

  it("a method the listener calls, or calls through another method, or a function a route is given by name: warned at the connect(), naming the handler", () => {
    const method = warnings(GATEWAY(CONNECT, VIA_HANDLE));
    assert.equal(method.length, 1);
    assert.match(method[0]!, /^connect\(\) runs in Gateway\.handle\(\), which the handler createServer\(…\) \(line 19\) runs for every request by the call at line 19/);
    const twoCalls = warnings(GATEWAY(CONNECT, `    createServer((req, res) => { void this.dispatch(req, res); }).listen(port);`));
    assert.equal(twoCalls.length, 1);
    assert.match(twoCalls[0]!, /by the calls at line 19, then line 15/);
    const byName = warnings(`${HEAD}${SHARED}async function handle(req: any, res: any) {\n${CONNECT}\n}\napp.post("/mcp", handle);\napp.listen(3000);\n`);
    assert.equal(byName.length, 1);
    assert.match(byName[0]!, /handle\(\), which the handler app\.post\(…\) \(line 12\) runs for every request, on one server/);
  });

  it("not for a method that makes its server, one whose listener closes it, or one called only at start-up", () => {
    const made = CONNECT.replace("  const transport", "  const server = new McpServer({ name: \"own\", version: \"1.0.0\" });\n  const transport");
    assert.deepEqual(warnings(GATEWAY(made, VIA_HANDLE).replace(SHARED, "")), []);
    assert.deepEqual(warnings(GATEWAY(CONNECT, `    createServer((req, res) => { res.on("close", () => { void server.close(); }); this.handle(req, res).catch(() => {}); }).listen(port);`)), []);
    assert.deepEqual(warnings(GATEWAY(CONNECT, `    const req: any = {}, res: any = {};\n    void this.handle(req, res);`)), []);
  });
});
