// The precision rules of the SDK dialect hold only where the code leaves no doubt: each case here is a
// near miss of a pattern the differential fixtures (90-99) show exact, and must stay approximate,
// with the doubtful key not stated. (What the SDK advertises for the certain part is what those
// fixtures check against the real SDK: registerTool adds tools.listChanged = true in v1.)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const V1 = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';
const NEW = 'export const server = new McpServer({ name: "s", version: "1" });\n';
const TOOL = (name: string) => `server.registerTool(${name}, { description: "d" }, async () => ({ content: [] }));`;
const PROMPT = 'server.registerPrompt("p", { description: "d" }, () => ({ messages: [] }));';

function serverOf(source: string, more: Record<string, string> = {}) {
  const result = analyze({ "s.ts": source, ...more });
  const server = result.servers.get("s");
  assert.ok(server, `no server found: ${JSON.stringify([...result.servers.keys()])}`);
  return server;
}

describe("SDK precision: what stays approximate", () => {
  it("a registration under an if inside the construction's own branch", () => {
    const s = serverOf(`${V1}export function start() {\n  if (process.env.A) return;\n  else {\n    const server = new McpServer({ name: "s", version: "1" });\n    ${PROMPT}\n    if (process.env.B) ${TOOL('"t"')}\n  }\n}\n`);
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
    assert.ok(s.unknown.some((u) => u.path.join(".") === "tools"));
  });

  it("a loop over a parameter that shares its name with a const table of the file", () => {
    const s = serverOf(`${V1}const TOOLS = ["a", "b"];\n${NEW}function register(srv: McpServer, TOOLS: string[]) {\n  for (const t of TOOLS) srv.registerTool(t, { description: "d" }, async () => ({ content: [] }));\n}\nregister(server, []);\n`);
    assert.equal(s.exact, false);
    assert.equal(s.legacy && "tools" in s.legacy, false);
  });

  it("a loop whose body may break, and a some() callback that may stop early", () => {
    const s = serverOf(`${V1}const NAMES = ["a", "b"];\n${NEW}for (const n of NAMES) {\n  if (n === "a") break;\n  ${TOOL("n")}\n}\nNAMES.some((n) => ${PROMPT.replace(";", "")});\n`);
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, {});
  });

  it("a method of an object whose spread of unknown keys may replace it", () => {
    const s = serverOf(`${V1}import { load } from "./load.js";\n${NEW}const plugin = { mount(srv: McpServer) { srv.registerTool("t", { description: "d" }, async () => ({ content: [] })); }, ...load() };\nplugin.mount(server);\n`, {
      "load.ts": "export function load(): Record<string, unknown> { return {}; }\n",
    });
    assert.equal(s.exact, false);
  });

  it("a resource URI from a helper that may return a template object is not called a plain string", () => {
    const s = serverOf(`${V1}import { pick } from "./pick.js";\n${NEW}server.registerResource("r", pick(), {}, async (uri) => ({ contents: [] }));\n`, {
      "pick.ts": 'import { ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function pick() { return Math.random() > 0.5 ? "a://b" : new ResourceTemplate("a://{x}", { list: undefined, complete: { x: () => [] } }); }\n',
    });
    assert.equal(s.exact, false, "completions may be advertised by the template");
  });
});

describe("SDK precision: function-local consts", () => {
  it("a local capabilities const that the function changes afterwards is not its literal (no false throw)", () => {
    const low = 'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { ListPromptsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n';
    const result = analyze({
      "s.ts": `${low}export function make(withPrompts: boolean) {\n  const capabilities: Record<string, object> = { tools: {} };\n  if (withPrompts) capabilities.prompts = {};\n  const server = new Server({ name: "s", version: "1" }, { capabilities });\n  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [] }));\n  return server;\n}\n`,
    });
    assert.deepEqual(result.codes("sdk-handler-undeclared"), []);
    assert.equal([...result.servers.values()][0]?.exact, false);
  });
});

describe("SDK precision: what becomes exact", () => {
  it("a registration in the same branch as the construction, and loops over const tables in it", () => {
    const s = serverOf(`${V1}const MAP = { a: 1 };\nexport function start() {\n  if (process.env.A) return;\n  else {\n    const server = new McpServer({ name: "s", version: "1" });\n    for (const k in MAP) ${TOOL("k")}\n    Object.keys(MAP).forEach(() => ${PROMPT.replace(";", "")});\n  }\n}\n`);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });
});

describe("SDK precision: conditions and loops the source decides", () => {
  it("&&, || and ?: on const flags: the operand that runs is certain, the one ruled out adds nothing", () => {
    const s = serverOf(`${V1}const ON = true;\nconst OFF = 0;\n${NEW}ON && ${TOOL('"a"')}\nOFF || ${PROMPT}\nOFF ? server.server.registerCapabilities({ logging: {} }) : null;\n`);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
  });

  it("a string enum member and a const compared with ===, !== and ==", () => {
    const s = serverOf(`${V1}enum Kind { A = "a", B = "b" }\nconst KIND: Kind = Kind.B;\nconst LEVEL = 2;\n${NEW}if (KIND !== Kind.A && LEVEL == 2) ${TOOL('"t"')}\nif (KIND === Kind.A) ${PROMPT}\n`);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("a loop over a factory's own array of call results, inside a branch on a const", () => {
    const s = serverOf(`${V1}import { make } from "./make.js";\nconst WITH = true;\nexport function build() {\n  const server = new McpServer({ name: "s", version: "1" });\n  if (WITH) {\n    const defs = [make("a"), make("b")];\n    for (const d of defs) server.registerTool(d.name, { description: "d" }, async () => ({ content: [] }));\n  }\n  return server;\n}\nexport const s = build();\n`, {
      "make.ts": "export function make(name: string) { return { name }; }\n",
    });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("a table mapped before its loop keeps its items (map, sort, concat); filter and slice(n) may leave none", () => {
    const tables = "const TOOLS = [() => \"a\", () => \"b\"];\nconst PROMPTS = [\"p\"];\n";
    const kept = serverOf(`${V1}${tables}${NEW}TOOLS.map((f) => f()).forEach((n) => ${TOOL("n").replace(";", "")});\nfor (const p of PROMPTS.map((x) => x).sort().concat([])) ${PROMPT}\n`);
    assert.equal(kept.exact, true, JSON.stringify(kept.unknown));
    assert.deepEqual(kept.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    const dropped = serverOf(`${V1}${tables}${NEW}TOOLS.filter((f) => f() === "z").forEach((f) => ${TOOL("f()").replace(";", "")});\nfor (const p of PROMPTS.slice(1)) ${PROMPT}\n`);
    assert.equal(dropped.exact, false);
    assert.deepEqual(dropped.legacy, {});
    assert.deepEqual(dropped.unknown.map((u) => u.path.join(".")).sort(), ["prompts", "tools"]);
  });

  it("an early return whose condition never holds leaves what follows certain", () => {
    const s = serverOf(`${V1}const DISABLED = false;\nfunction addTools(srv: McpServer) {\n  if (DISABLED) return;\n  srv.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n}\n${NEW}addTools(server);\n`);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("a tool in both arms of an if/else on run-time data, and of a ?: : tools certain, a prompt in one arm not", () => {
    const s = serverOf(`${V1}${NEW}if (process.env.RO) { ${TOOL('"get"')} } else { ${TOOL('"put"')} ${PROMPT} }
process.env.X ? ${TOOL('"a"').replace(";", "")} : ${TOOL('"b"').replace(";", "")};
`);
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["prompts"]);
  });

  it("a return in the other arm before its tool leaves tools unknown; a return after it does not", () => {
    const make = (elseArm: string) => serverOf(`${V1}export function make() {\n  const server = new McpServer({ name: "s", version: "1" });\n  if (process.env.X) { ${TOOL('"a"')} } else { ${elseArm} }\n  return server;\n}\nexport const s = make();\n`);
    const skipped = make(`if (process.env.Y) return server; ${TOOL('"b"')}`);
    assert.equal(skipped.exact, false);
    assert.deepEqual(skipped.legacy, {});
    const after = make(`${TOOL('"b"')} return server;`);
    assert.equal(after.exact, true, JSON.stringify(after.unknown));
    assert.deepEqual(after.legacy, { tools: { listChanged: true } });
  });

  it("an imported object flag is read when no module changes it, not when another module does; an imported primitive const is", () => {
    const source = `${V1}import { CONFIG, VERBOSE } from "./config.js";\n${NEW}if (CONFIG.tools) ${TOOL('"t"')}\nif (!VERBOSE) ${PROMPT}\n`;
    const config = { "config.ts": "export const CONFIG = { tools: true };\nexport const VERBOSE = false;\n" };
    const kept = serverOf(source, config);
    assert.equal(kept.exact, true, JSON.stringify(kept.unknown));
    assert.deepEqual(kept.legacy, { prompts: { listChanged: true }, tools: { listChanged: true } });
    const s = serverOf(source, { ...config, "env.ts": 'import { CONFIG } from "./config.js";\nCONFIG.tools = process.env.TOOLS === "1";\n' });
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
    assert.deepEqual(s.unknown.map((u) => u.path.join(".")), ["tools"]);
  });
});

// `@modelcontextprotocol/ext-apps/server` 1.x (read in its published build): registerAppTool(server,
// name, config, cb) reads config._meta.ui and calls server.registerTool(name, { ...config, _meta }, cb);
// registerAppResource(server, name, uri, config, cb) calls server.registerResource(name, uri,
// { mimeType, ...config }, cb). SDK v1's first registerTool / registerResource add tools / resources
// with listChanged: true (the differential fixtures check that rule against the real SDK).
describe("SDK precision: the ext-apps helpers", () => {
  const APPS = 'import { registerAppResource, registerAppTool, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";\n';
  const APP_TOOL = 'registerAppTool(server, "show", { description: "d", _meta: { ui: { resourceUri: "ui://show/app.html" } } }, async () => ({ content: [] }));\n';
  const APP_RESOURCE = 'registerAppResource(server, "app", "ui://show/app.html", { mimeType: RESOURCE_MIME_TYPE }, async () => ({ contents: [] }));\n';
  const MANIFEST = (range: string) => ({ "package.json": JSON.stringify({ name: "apps", dependencies: { "@modelcontextprotocol/ext-apps": range } }) });

  it("registerAppTool and registerAppResource are the registrations they make", () => {
    const s = serverOf(`${V1}${APPS}${NEW}${APP_TOOL}${APP_RESOURCE}`, MANIFEST("^1.1.2"));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { resources: { listChanged: true }, tools: { listChanged: true } });
  });

  it("in a helper given the server", () => {
    const s = serverOf(`${V1}${APPS}${NEW}function ui(srv: McpServer) {\n  ${APP_TOOL.replace("server", "srv")}}\nui(server);\n`, MANIFEST("1.7.5"));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });

  it("stays approximate: a config whose _meta is not written there (the helper may throw before registering)", () => {
    const s = serverOf(`${V1}${APPS}import { CONFIG } from "./config.js";\n${NEW}registerAppTool(server, "show", CONFIG, async () => ({ content: [] }));\n`, {
      "config.ts": "export const CONFIG: any = JSON.parse(process.env.CONFIG ?? '{}');\n",
      ...MANIFEST("^1.1.2"),
    });
    assert.equal(s.exact, false);
    assert.equal(s.legacy && "tools" in s.legacy, false);
  });

  it("stays approximate: a helper of the same name from another module", () => {
    const s = serverOf(`${V1}import { registerAppTool } from "./apps.js";\n${NEW}${APP_TOOL}`, { "apps.ts": "export const registerAppTool: (...args: unknown[]) => void = (globalThis as any).register;\n", ...MANIFEST("^1.1.2") });
    assert.equal(s.exact, false);
  });

  it("stays approximate: a 0.x release, or no manifest naming the package", () => {
    for (const more of [MANIFEST("^0.4.2"), {}]) {
      const s = serverOf(`${V1}${APPS}${NEW}${APP_TOOL}`, more);
      assert.equal(s.exact, false);
    }
  });
});

describe("SDK precision: completable inside an optional of another zod", () => {
  const prompt = (zodImport: string) =>
    `${V1}import { completable } from "@modelcontextprotocol/sdk/server/completable.js";\nimport { z } from "${zodImport}";\n${NEW}server.registerPrompt("p", { argsSchema: { a: completable(z.string(), () => []).optional() } }, () => ({ messages: [] }));\n`;

  it("zod/v4 with no zod version known: whether completions is advertised is not stated", () => {
    const s = serverOf(prompt("zod/v4"));
    assert.equal(s.exact, false);
    assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
    assert.ok(s.unknown.some((u) => u.path.join(".") === "completions"), JSON.stringify(s.unknown));
  });

  it("zod mini's optional is never the SDK's: no completions, exact", () => {
    const s = serverOf(prompt("zod/mini"));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { prompts: { listChanged: true } });
  });

  it("the plain package is the one the SDK loads: completions", () => {
    const s = serverOf(prompt("zod"));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { completions: {}, prompts: { listChanged: true } });
  });
});

describe("SDK precision: McpServer options the constructor refuses", () => {
  it("maxToolInputElements below 1 on 1.32: the server does not start (approximate, said); a run-time value stays a configuration", () => {
    const pkg = { "package.json": '{ "name": "a", "dependencies": { "@modelcontextprotocol/sdk": "1.32.2" } }' };
    const made = (limit: string) => `${V1}export const server = new McpServer({ name: "s", version: "1" }, { maxToolInputElements: ${limit} });\n${TOOL('"t"')}\n`;
    const zero = serverOf(made("0"), pkg);
    assert.equal(zero.exact, false);
    assert.ok(zero.unknown.some((u) => /RangeError/.test(u.reason)), JSON.stringify(zero.unknown));
    assert.equal(serverOf(made("100"), pkg).exact, true);
    const before = serverOf(made("0"), { "package.json": '{ "name": "a", "dependencies": { "@modelcontextprotocol/sdk": "1.31.0" } }' });
    assert.equal(before.exact, true, "1.31 ignores the option");
    // `undefined` and Infinity mean "no limit": nothing is thrown.
    assert.equal(serverOf(made("undefined"), pkg).exact, true);
    assert.equal(serverOf(made("Infinity"), pkg).exact, true);
  });

  it("maxToolInputElements known only at run time (NaN when the variable is unset): whether the server starts is not known", () => {
    const pkg = { "package.json": '{ "name": "a", "dependencies": { "@modelcontextprotocol/sdk": "1.32.2" } }' };
    const s = serverOf(`${V1}export const server = new McpServer({ name: "s", version: "1" }, { maxToolInputElements: Number(process.env.MAX_ELEMENTS) });\n${TOOL('"t"')}\n`, pkg);
    assert.equal(s.exact, false);
    assert.ok(s.unknown.some((u) => /only known at run time.*RangeError/.test(u.reason)), JSON.stringify(s.unknown));
  });

  it("SDK v2 refuses the same values (a literal 0, a run-time value may)", () => {
    const v2 = (limit: string) => `import { McpServer } from "@modelcontextprotocol/server";\nexport const server = new McpServer({ name: "s", version: "1" }, { maxToolInputElements: ${limit} });\n${TOOL('"t"')}\n`;
    for (const limit of ["0", "Number(process.env.MAX_ELEMENTS)"]) {
      const s = serverOf(v2(limit));
      assert.equal(s.exact, false, limit);
      assert.ok(s.unknown.some((u) => /RangeError/.test(u.reason)), JSON.stringify(s.unknown));
    }
    assert.equal(serverOf(v2("500")).exact, true);
  });
});

describe("SDK precision: resources registered in a loop over URIs", () => {
  const loop = (items: string) => `${V1}${NEW}${items}.map((uri) => server.registerResource("r", uri, {}, async (u) => ({ contents: [{ uri: u.href, text: "" }] })));\n`;

  it("every item a string: static resources, no template completions to miss (exact)", () => {
    const s = serverOf(loop('["flags://all", "flags://mine"]'));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { resources: { listChanged: true } });
  });

  it("stays approximate: an item that is not a known string may be a template with completions", () => {
    const s = serverOf(loop("[\"flags://all\", process.env.EXTRA_URI!]"));
    assert.equal(s.exact, false);
  });
});

describe("SDK precision: a resource's URI kept in a field of its class", () => {
  const cls = (field: string) => `${V1}class Roots {\n  ${field}\n  register(s: McpServer) { s.registerResource("roots", this.uri, {}, async (u) => ({ contents: [{ uri: u.href, text: "/" }] })); }\n}\n${NEW}new Roots().register(server);\n`;

  it("a readonly string field: a static resource (exact)", () => {
    const s = serverOf(cls('readonly uri = "fs://roots";'));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { resources: { listChanged: true } });
  });

  it("stays approximate: a public field other code may set to a template", () => {
    assert.equal(serverOf(cls('uri: any = "fs://roots";')).exact, false);
  });
});

describe("SDK precision: tool objects made in a loop's table, named by their constructor", () => {
  const tools = (a: string, b: string, declare = "private readonly name: string") =>
    `${V1}class Tool {\n  constructor(${declare}) {}\n  register(s: McpServer) { s.registerTool(this.name, { description: "d" }, async () => ({ content: [] })); }\n}\n${NEW}for (const t of [new Tool(${a}), new Tool(${b})]) t.register(server);\n`;

  it("two items given one name: the second registration throws at start-up (exact, null)", () => {
    const s = serverOf(tools('"query"', '"query"'));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.equal(s.legacy, null);
  });

  it("two names: both registered", () => {
    const s = serverOf(tools('"a"', '"b"'));
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(s.legacy, { tools: { listChanged: true } });
  });
});

describe("SDK precision: registerToolTask refuses taskSupport \"forbidden\"", () => {
  it("the call throws (\"Use registerTool() instead\"): whether the server starts is not claimed (trial 116 t04)", () => {
    const call = (support: string) => `${V1}${NEW}server.experimental.tasks.registerToolTask("job", { execution: { taskSupport: ${support} } as any }, {} as any);\n`;
    const forbidden = serverOf(call('"forbidden"'));
    assert.equal(forbidden.exact, false);
    assert.ok(forbidden.unknown.some((u) => /taskSupport "forbidden"/.test(u.reason)), JSON.stringify(forbidden.unknown));
    const optional = serverOf(call('"optional"'));
    assert.ok(!optional.unknown.some((u) => /forbidden/.test(u.reason)));
    assert.ok("tools" in (optional.legacy ?? {}));
  });
});
