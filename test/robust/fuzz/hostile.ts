// Hand-made hostile workspaces: the inputs the issue lists (deep nesting, a 1 MB one-line literal, NUL
// bytes, invalid UTF-8, BOM, CRLF, self-extending classes, extends cycles across files, 200-deep
// chains, const cycles, self-spreads through imports, import cycles) and the blow-ups found while
// fuzzing (shared sub-objects, doubling arrays, very many members, helper fan-out in the SDK dialect).
// Each comes with what a sane answer looks like.

export interface Outcome {
  readonly servers: readonly { readonly name: string; readonly exact: boolean; readonly legacyNull: boolean; readonly modernNull: boolean }[];
  readonly serverCount: number;
  readonly codes: readonly string[];
  readonly skipped: readonly { readonly file: string; readonly reason: string; readonly detail: string }[];
}

export interface HostileInput {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** What the answer must satisfy: a message when it does not. */
  readonly expect?: (o: Outcome) => string | undefined;
}

const SERVER = "export class S { handleListTools(ctx) { return { tools: [] }; } }\n";
const has = (code: string) => (o: Outcome) => (o.codes.includes(code) ? undefined : `expected a ${code} diagnostic, got [${[...new Set(o.codes)].join(", ")}]`);
const servers = (n: number) => (o: Outcome) => (o.serverCount === n ? undefined : `expected ${n} server(s), got ${o.serverCount}`);
const all = (...checks: ((o: Outcome) => string | undefined)[]) => (o: Outcome) => checks.map((c) => c(o)).find((m) => m !== undefined);
/** The deep file is either analysed or skipped with a reason, and the plain server next to it still works. */
const deepFile = (o: Outcome) =>
  o.servers.some((s) => s.name === "S") ? undefined : `the server in the other file is missing (skipped: ${JSON.stringify(o.skipped)})`;

function deep(name: string, file: string, text: string): HostileInput {
  return { name, files: { [file]: text, "ok.ts": SERVER }, expect: deepFile };
}

function chainFiles(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    files[`chain/c${i}.ts`] =
      i === 0
        ? "export class C0 { static __capabilities__() { return { tools: { listChanged: false } }; } handleListTools(ctx) {} }\n"
        : `import { C${i - 1} } from "./c${i - 1}";\nexport class C${i} extends C${i - 1} { handleCall${i}(ctx) {} }\n`;
  }
  return files;
}

const N = 10_000;

export function hostileInputs(): HostileInput[] {
  return [
    // 10,000-deep nesting of every kind of syntax.
    deep("nesting: 10,000 parentheses", "deep.ts", `export class D { static __capabilities__() { return ${"(".repeat(N)}{}${")".repeat(N)}; } }\n`),
    deep("nesting: 10,000 object literals", "deep.ts", `export class D { static __capabilities__() { return ${"{ a: ".repeat(N)}1${" }".repeat(N)}; } }\n`),
    deep("nesting: 10,000 arrays", "deep.ts", `export const x = ${"[".repeat(N)}${"]".repeat(N)};\n`),
    deep("nesting: 10,000 blocks", "deep.ts", `${"{".repeat(N)}${"}".repeat(N)}\n`),
    deep("nesting: 10,000 functions", "deep.ts", `${"function f() {".repeat(N)}${"}".repeat(N)}\n`),
    deep("nesting: 10,000 arrows", "deep.ts", `export const f = ${"() => ".repeat(N)}1;\n`),
    deep("nesting: 10,000 class expressions", "deep.ts", `export const D = ${"class extends ".repeat(N)}Object {};\n`),
    deep("nesting: 10,000 ternaries", "deep.ts", `export const x = ${"a ? b : ".repeat(N)}c;\n`),
    deep("nesting: 10,000 templates", "deep.ts", `export const x = ${"`${".repeat(N)}1${"}`".repeat(N)};\n`),
    deep("nesting: 10,000 generic types", "deep.ts", `type T = ${"Array<".repeat(N)}1${">".repeat(N)};\n`),
    deep("nesting: 10,000 JSX elements", "deep.tsx", `export const x = ${"<a>".repeat(N)}${"</a>".repeat(N)};\n`),
    deep("nesting: 10,000 unclosed braces", "deep.ts", `export class D { static __capabilities__() { return ${"{ a: ".repeat(N)}\n`),
    deep("nesting: 100,000-long property chain", "deep.ts", `const x = a${".b".repeat(100_000)};\nexport class D { static __capabilities__() { return { tools: x }; } }\n`),
    deep("nesting: 100,000-long call chain", "deep.ts", `const x = f${"()".repeat(100_000)};\nexport class D { static __capabilities__() { return { tools: x }; } }\n`),
    deep("nesting: 100,000 additions", "deep.ts", `const x = ${"1 + ".repeat(100_000)}1;\nexport class D { static __capabilities__() { return { tools: x }; } }\n`),
    deep("nesting: 2,000 nested mixin calls", "deep.ts", `const M = (B) => class extends B {};\nexport class D extends ${"M(".repeat(2000)}Object${")".repeat(2000)} { handleListTools(ctx) {} }\n`),

    {
      // TypeScript's own parser backtracks exponentially here (each `async f(` may start an arrow
      // function): 18 levels take ~2 s, each further level about twice as long. Found by the fuzzer
      // (a duplicated `async registerTool(` in an SDK fixture).
      name: "parser backtracking: 24 nested `async f(` calls (a 600-byte file)",
      files: { "async.ts": `import { McpServer } from "@modelcontextprotocol/server";\nexport const server = new McpServer({ name: "x", version: "1" }, { capabilities: { tools: {} } });\nserver.registerTool("t", {}, ${"async f(\n  \"x\",\n  ".repeat(24)}async () => ({ content: [] })${")".repeat(24)});\n`, "ok.ts": SERVER },
      expect: (o) => (o.servers.some((s) => s.name === "S") ? undefined : "the plain server next to it is missing"),
    },

    {
      // The same backtracking through unnamed `async (` arrows whose parenthesis never closes: 23
      // such lines (a duplicated `async ({ title, ... })` in an SDK fixture) take minutes to parse.
      // Found by `npm run fuzz` (seed 20260728, input #11384).
      name: "parser backtracking: 23 unclosed `async ({` arrows",
      files: { "arrows.ts": `import { McpServer } from "@modelcontextprotocol/server";\nexport const server = new McpServer({ name: "x", version: "1" }, { capabilities: { tools: {} } });\nserver.registerTool("t",\n${"  async ({ title, z.object({ title: z.string(), url: z.string().url() }) },\n".repeat(23)}  async () => ({ content: [] }));\n`, "ok.ts": SERVER },
      expect: (o) => (o.servers.some((s) => s.name === "S") ? undefined : "the plain server next to it is missing"),
    },

    // Huge one-line inputs.
    {
      name: "a 1 MB one-line string literal in __capabilities__",
      files: { "big.ts": `const big = "${"x".repeat(1 << 20)}";\nexport class S { static __capabilities__() { return { tools: { listChanged: false }, experimental: { big } }; } handleListTools(ctx) {} }\n` },
      expect: servers(1),
    },
    {
      name: "a 1 MB one-line template literal",
      files: { "big.ts": `export class S { static __capabilities__() { return { tools: \`${"y".repeat(1 << 20)}\` }; } }\n` },
      expect: all(servers(1), has("capability-not-object")),
    },
    {
      name: "a 1 MB one-line object literal (60,000 keys)",
      files: { "big.ts": `export class S { static __capabilities__() { return { tools: {}, experimental: { ${Array.from({ length: 60_000 }, (_, i) => `k${i}: ${i}`).join(", ")} } }; } }\n` },
      expect: servers(1),
    },
    {
      name: "a 1 MB one-line comment and identifier",
      files: { "big.ts": `// ${"z".repeat(1 << 20)}\nexport class ${"S".repeat(1 << 19)} { handleListTools(ctx) {} handleCompleet(ctx, r, a) {} }\n` },
      expect: all(servers(1), has("handler-misspelled")),
    },
    {
      name: "a file over the 8 MB limit",
      files: { "huge.ts": `// ${"h".repeat(8 * 1024 * 1024 + 10)}\n${SERVER}`, "ok.ts": SERVER.replace("class S", "class T") },
      expect: (o) => (o.skipped.some((s) => s.reason === "too-large") ? undefined : "expected the huge file to be skipped as too-large"),
    },

    // Bytes that are not plain text.
    {
      name: "NUL bytes at the start (a binary file)",
      files: { "bin.ts": `\u0000\u0001\u0002${SERVER}`, "ok.ts": SERVER.replace("class S", "class T") },
      expect: (o) => (o.skipped.some((s) => s.reason === "binary") ? undefined : "expected the file to be skipped as binary"),
    },
    { name: "NUL bytes after the first 8 KB", files: { "nul.ts": `${SERVER}${" ".repeat(9000)}\u0000\u0000 export const x = "\u0000";\n` }, expect: servers(1) },
    {
      name: "invalid UTF-8 everywhere (read as U+FFFD)",
      files: { "utf8.ts": Buffer.concat([Buffer.from("export class S\xff"), Buffer.from([0xff, 0xc3, 0xed, 0xa0, 0x80]), Buffer.from(" { handleListTools(ctx) {} static __capabilities__() { return { \"t\xff\": {} }; } }\n")]).toString("utf8") },
    },
    { name: "lone surrogates in names, keys and strings", files: { "sur.ts": `export class S\ud800 { static __capabilities__() { return { "\udfff": {}, tools: { "\ud83d": "\ude00" } }; } handleListTools(ctx) {} }\n` } },
    { name: "a BOM (and a second one)", files: { "bom.ts": `\ufeff${SERVER}`, "bom2.ts": `\ufeff\ufeff${SERVER.replace("class S", "class T")}` }, expect: (o) => (o.serverCount >= 1 ? undefined : "expected a server") },
    { name: "CRLF, CR-only and U+2028 line ends", files: { "crlf.ts": SERVER.replace(/\n/g, "\r\n") + "export class T {\r\n  handleListTools(ctx) {}\r\n  handleCompleet(ctx, r, a) {}\r\n}\r\n", "cr.ts": `export class U {\r  handleListTools(ctx) {}\r}\r`, "ls.ts": `export class V {\u2028  handleListTools(ctx) {}\u2029}` }, expect: all(servers(4), has("handler-misspelled")) },
    { name: "control characters and bidi overrides", files: { "ctl.ts": `export class S\u202e { static __capabilities__() { return { "\u001b[31mtools": {}, "\u0007": {} }; } }\n` } },

    // Classes that follow themselves.
    { name: "a self-extending class", files: { "self.ts": "export class S extends S { handleListTools(ctx) {} }\n" }, expect: has("inheritance-cycle") },
    {
      name: "extends cycle across three files",
      files: {
        "a.ts": 'import { C } from "./c";\nexport class A extends C { handleListTools(ctx) {} }\n',
        "b.ts": 'import { A } from "./a";\nexport class B extends A { handleCallTool(ctx, n, a) {} }\n',
        "c.ts": 'import { B } from "./b";\nexport class C extends B { static __capabilities__() { return { tools: {} }; } }\n',
      },
      expect: all(servers(3), has("inheritance-cycle")),
    },
    { name: "extends cycle through mixins", files: { "m.ts": "const M = (B) => class extends B {};\nexport class A extends M(B) { handleListTools(ctx) {} }\nexport class B extends M(A) {}\n" } },
    { name: "a 200-deep inheritance chain across 200 files", files: chainFiles(200), expect: servers(200) },
    {
      name: "a 1,500-deep inheritance chain in one file (over the chain limit)",
      files: { "long.ts": Array.from({ length: 1500 }, (_, i) => (i === 0 ? "class C0 { handleListTools(ctx) {} }" : `class C${i} extends C${i - 1} {}`)).join("\n") + "\nexport class S extends C1499 {}\n" },
    },
    { name: "a mixin that calls itself", files: { "m.ts": "const M = (B) => class extends M(B) {};\nconst N = (B) => N(B);\nexport class S extends M(Object) { handleListTools(ctx) {} }\nexport class T extends N(Object) { handleListTools(ctx) {} }\n" }, expect: servers(2) },

    // Values that follow themselves.
    { name: "const a = b; const b = a", files: { "c.ts": "const a = b;\nconst b = a;\nexport class S { static __capabilities__() { return a; } }\nexport class T { static __capabilities__() { return { tools: b }; } }\n" }, expect: all(servers(2), has("capabilities-dynamic")) },
    { name: "const A = { ...A }", files: { "c.ts": "const A = { ...A, tools: {} };\nexport class S { static __capabilities__() { return A; } }\n" }, expect: servers(1) },
    {
      name: "spreads of themselves through imports",
      files: {
        "a.ts": 'import { B } from "./b";\nexport const A = { ...B, tools: {} };\nexport class S { static __capabilities__() { return A; } }\n',
        "b.ts": 'import { A } from "./a";\nexport const B = { ...A, prompts: {} };\nexport class T { static __capabilities__() { return { ...B }; } }\n',
      },
      expect: servers(2),
    },
    {
      name: "import cycles, export * cycles and default re-export cycles",
      files: {
        "a.ts": 'export * from "./b";\nexport { default } from "./b";\nimport { X } from "./b";\nimport D from "./b";\nexport class S extends D { static __capabilities__() { return X; } }\n',
        "b.ts": 'export * from "./a";\nexport { default } from "./a";\n',
        "index.ts": 'export * from "./index";\nimport { Y } from "./index";\nexport class T extends Y { handleListTools(ctx) {} }\n',
      },
      expect: servers(2),
    },
    {
      name: "ambient modules that re-export each other, and a global class that extends itself",
      files: {
        "types/a.d.ts": 'declare module "a" { export { X } from "b"; }\ndeclare module "b" { export { X } from "a"; }\ndeclare module "c" { import { Y } from "c"; export class Y extends Y { handleListTools(ctx: unknown): unknown; } }\n',
        "types/g.d.ts": "declare class G extends G { handleListTools(ctx: unknown): unknown; }\n",
        "s.ts": 'import { X } from "a";\nimport { Y } from "c";\nexport class S extends X { handleListTools(ctx) {} }\nexport class T extends Y {}\nexport class U extends G {}\n',
      },
      expect: (o) => (o.servers.some((s) => s.name === "S" && !s.exact) ? undefined : "S is missing or exact"),
    },
    { name: "a 5,000-long const chain", files: { "c.ts": Array.from({ length: 5000 }, (_, i) => (i === 0 ? "const a0 = { tools: {} };" : `const a${i} = a${i - 1};`)).join("\n") + "\nexport class S { static __capabilities__() { return a4999; } }\n" }, expect: servers(1) },
    {
      name: "a 2,000-file re-export chain",
      files: { ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`r/r${i}.ts`, i === 0 ? "export const X = { tools: {} };\n" : `export * from "./r${i - 1}";\n`])), "s.ts": 'import { X } from "./r/r1999";\nexport class S { static __capabilities__() { return X; } }\n' },
      expect: servers(1),
    },
    { name: "__proto__, constructor and toString as keys, names and imports", files: { "p.ts": 'import { __proto__ } from "./q";\nexport class constructor { static __capabilities__() { return { __proto__: { polluted: 1 }, ["__proto__"]: {}, toString: {}, tools: __proto__ }; } }\nexport class hasOwnProperty extends toString { handleListTools(ctx) {} }\n', "q.ts": "export const __proto__ = { listChanged: false };\n" }, expect: servers(2) },

    // Blow-ups found by fuzzing: each is small source with a huge meaning.
    {
      name: "shared sub-objects: 26 consts, each holding the previous twice (2^25 leaves)",
      files: { "laughs.ts": Array.from({ length: 26 }, (_, i) => (i === 0 ? "const a0 = { x: 1 };" : `const a${i} = { y: a${i - 1}, z: a${i - 1} };`)).join("\n") + "\nexport class S { static __capabilities__() { return { tools: {}, experimental: a25 }; } }\n" },
      expect: servers(1),
    },
    {
      name: "doubling arrays: 30 consts, each spreading the previous twice (2^30 items)",
      files: { "arrays.ts": Array.from({ length: 30 }, (_, i) => (i === 0 ? "const a0 = [1, 2];" : `const a${i} = [...a${i - 1}, ...a${i - 1}];`)).join("\n") + "\nexport class S { static __capabilities__() { return { tools: {}, experimental: { a: a29 } }; } }\n" },
      expect: servers(1),
    },
    {
      name: "20,000-deep value built from cached consts",
      files: { "nest.ts": [...Array.from({ length: 20_001 }, (_, i) => (i === 0 ? "const a0 = { tools: {} };" : `const a${i} = { x: a${i - 1} };`)), `export class S { static __capabilities__() { return { tools: {}, experimental: { ${Array.from({ length: 200 }, (_, i) => `k${i}: a${(i + 1) * 100}`).join(", ")} } }; } }`].join("\n") + "\n" },
      expect: servers(1),
    },
    {
      name: "a class with 20,000 members",
      files: { "wide.ts": `export class S {\n${Array.from({ length: 20_000 }, (_, i) => `  helper${i}(x) { return x; }`).join("\n")}\n  handleListTools(ctx) {}\n}\n` },
      expect: servers(1),
    },
    {
      name: "5,000 members that resemble handlers",
      files: { "typos.ts": `export class S {\n${Array.from({ length: 5000 }, (_, i) => `  handleListToolz${i}(ctx) {}`).join("\n")}\n  handleCallTool(ctx, n, a) {}\n}\n` },
      expect: servers(1),
    },
    {
      // The look at a module's export clauses before it is parsed must stay linear in its text.
      name: "a constructor imported from a module of 120,000 unclosed `export {`",
      files: { "noise.ts": "export {".repeat(120_000), "server.ts": 'import { Thing } from "./noise";\nconst s = new Thing({ name: "x" });\ns.start();\n' },
      expect: servers(0),
    },
    {
      // TypeScript's parser reads each `async` as the start of an arrow function, looking ahead through the rest.
      name: "100,000 `async` in a row after an SDK server",
      files: { "s.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "x", version: "1" });\n' + "async ".repeat(100_000) },
      expect: servers(0),
    },
    {
      name: "SDK: a server file with 50,000 functions",
      files: {
        "s.ts":
          'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "x", version: "1" });\n' +
          Array.from({ length: 50_000 }, (_, i) => `function f${i}() {}`).join("\n") +
          '\nserver.registerTool("t", {}, async () => ({ content: [] }));\n',
      },
      expect: servers(1),
    },
    {
      // A file that passes only for `extends` is decided from what it imports, read from its text.
      name: "a class extending an import, then 100,000 `import ` that never reach a `from`",
      files: { "base.ts": "export class B { handleListTools() { return []; } }\n", "s.ts": 'import { B } from "./base";\nexport class A extends B {}\n' + "import ".repeat(100_000) },
      expect: (o) => (o.serverCount >= 1 ? undefined : `expected the base's server, got ${o.serverCount}`),
    },
    { name: "5,000 server classes in one file", files: { "many.ts": Array.from({ length: 5000 }, (_, i) => `export class S${i} { handleListTools(ctx) {} }`).join("\n") + "\n" }, expect: servers(5000) },
    {
      name: "SDK: helpers that call the next helper ten times, eight levels deep",
      files: {
        "sdk.ts": [
          'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
          'function h0(s) { s.registerTool("t", {}, async () => ({ content: [] })); }',
          ...Array.from({ length: 7 }, (_, i) => `function h${i + 1}(s) { ${`h${i}(s); `.repeat(10)}}`),
          'export const server = new McpServer({ name: "x", version: "1" }, { capabilities: {} });',
          "h7(server);",
        ].join("\n") + "\n",
      },
      expect: servers(1),
    },
    {
      name: "SDK: a server handed around in a cycle of helpers",
      files: {
        "sdk.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { b } from "./b";\nexport function a(s) { b(s); s.registerTool("t", {}, async () => ({ content: [] })); a(s); }\nexport const server = new McpServer({ name: "x", version: "1" }, { capabilities: { tools: {} } });\na(server);\n',
        "b.ts": 'import { a } from "./sdk";\nexport function b(s) { a(s); b(s); s.registerPrompt("p", {}, async () => ({ messages: [] })); }\n',
      },
      expect: servers(1),
    },
    {
      // Each class decorator's body is read for what it may do to the class; functions of the workspace
      // calling one another in wide layers made that reading exponential (25^6 bodies) before each
      // body was read once.
      name: "MCP-Nest: a class decorator reaching six layers of 25 workspace functions that call all of the next layer",
      files: {
        "app.module.ts": [
          'import { Controller, Module } from "@nestjs/common";',
          'import { McpModule, Tool } from "@rekog/mcp-nest";',
          ...Array.from({ length: 6 }, (_, l) => Array.from({ length: 25 }, (_, i) => `function g${l}_${i}(t) { ${l < 5 ? Array.from({ length: 25 }, (_, j) => `g${l + 1}_${j}(t);`).join(" ") : "return t;"} }`)).flat(),
          `function Deco() { return (t) => { ${Array.from({ length: 25 }, (_, j) => `g0_${j}(t);`).join(" ")} }; }`,
          "@Deco()",
          "@Controller()",
          'export class Tools { @Tool({ name: "x", description: "x" }) x() { return { content: [] }; } }',
          '@Module({ imports: [McpModule.forRoot({ name: "h", version: "1" })], providers: [Tools], controllers: [Tools] })',
          "export class AppModule {}",
        ].join("\n") + "\n",
      },
      expect: servers(1),
    },
  ];
}
