// User text on its way to a person: capability keys, names, paths and messages can hold anything a
// repository can, so the hover's markdown must keep them inside their code spans and prose (line
// breaks included: \r, \n, U+2028, U+2029), and the CLI's human output must show terminal controls as
// escapes. Checked on the real renderers' output: marked (the markdown library VS Code renders hovers
// with) for the hover, the formatter functions of the CLI for the terminal.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatHumanReport } from "../../server/src/cli/humanReport";
import type { JsonReport } from "../../server/src/cli/jsonReport";
import { diffSnapshots, formatChanges, type Snapshot } from "../../server/src/cli/snapshot";
import { terminalSafe, terminalSafeJson } from "../../server/src/cli/terminalText";
import { code, codeBlock, commandLink, compactJson, escape } from "../../server/src/analysis/core/render/markdown";
import { analyze } from "../helpers/memoryWorkspace";
import { TERMINAL_CONTROLS } from "../robust/support/cliRun";

const BREAKS = ["\r", "\n", "\r\n", "\u2028", "\u2029", "\r\r", "\n\n", "\u2028\u2028"];
const payload = (br: string) => `k${br}${br}# Heading${br}${br}![img](https://attacker.example/p.png)${br}[run](command:evil?%5B%5D)${br}${br}    indented${br}> quote`;

async function tokensOf(md: string): Promise<{ type: string; href?: string }[]> {
  const { marked } = await import("marked");
  const out: { type: string; href?: string }[] = [];
  const walk = (tokens: readonly { type: string; href?: string; tokens?: unknown[]; items?: unknown[] }[]) => {
    for (const t of tokens) {
      out.push({ type: t.type, ...(t.href ? { href: t.href } : {}) });
      if (t.tokens) walk(t.tokens as never);
      if (t.items) walk(t.items as never);
    }
  };
  walk(marked.lexer(md) as never);
  return out;
}

describe("hover markdown: user text with line breaks stays where it was put", () => {
  for (const br of BREAKS) {
    it(`${JSON.stringify(br)} in inline code, prose and a link label`, async () => {
      const md = [`- ${code(payload(br))} — ${escape(payload(br))}`, commandLink(payload(br), "mcpCapabilityLens.openPreviewAt", ["file:///a.ts", "S"])].join("\n");
      assert.doesNotMatch(md.split("\n").join(""), /[\r\u2028\u2029]/);
      const tokens = await tokensOf(md);
      const types = tokens.map((t) => t.type);
      for (const bad of ["heading", "image", "blockquote", "code"]) assert.ok(!types.includes(bad), `a ${bad} from user text: ${types.join(",")}\n${md}`);
      assert.deepEqual(tokens.filter((t) => t.type === "link").map((t) => t.href!.split("?")[0]), ["command:mcpCapabilityLens.openPreviewAt"]);
    });
  }

  it("a fenced JSON block keeps U+2028/U+2029 as escapes (JSON escapes \\r and \\n itself)", async () => {
    const md = codeBlock("json", compactJson({ [`a\u2028\`\`\`\u2028# H`]: {}, "b\r\n```": {} }));
    assert.doesNotMatch(md, /[\r\u2028\u2029]/);
    const types = (await tokensOf(md)).map((t) => t.type);
    assert.deepEqual(types, ["code"]);
  });
});

describe("terminal text: controls and bidi overrides are shown, not obeyed", () => {
  const hostile = "\u001b[31mred\u001b]0;title\u0007\u009b2J\u007f\r\n\t\u202e\u2066\u200f\u2028";

  it("terminalSafe escapes every control, DEL, C1, bidi and line-separator character as \\uXXXX", () => {
    const safe = terminalSafe(hostile);
    assert.doesNotMatch(safe, TERMINAL_CONTROLS);
    assert.doesNotMatch(safe, /\n/);
    assert.equal(safe, "\\u001b[31mred\\u001b]0;title\\u0007\\u009b2J\\u007f\\u000d\\u000a\\u0009\\u202e\\u2066\\u200f\\u2028");
    assert.equal(terminalSafe("plain text · é ✓"), "plain text · é ✓");
  });

  it("terminalSafeJson keeps JSON valid and the value the same", () => {
    const json = JSON.stringify({ [hostile]: hostile }, null, 2);
    const safe = terminalSafeJson(json);
    assert.doesNotMatch(safe.replace(/\n/g, ""), TERMINAL_CONTROLS);
    assert.deepEqual(JSON.parse(safe), JSON.parse(json));
  });

  it("the human report and the --check diff of a hostile report print no raw control", () => {
    const key = `${hostile}key`;
    const report: JsonReport = {
      tool: "mcp-caps",
      version: "test",
      tasksExtension: false,
      servers: [
        {
          name: `S${hostile}`,
          file: `src/${hostile}.ts`,
          line: 1,
          column: 1,
          dialect: "conduit",
          exact: true,
          legacy: { [key]: { [hostile]: true }, tools: { listChanged: false } },
          modern: { [key]: { [hostile]: true }, tools: { listChanged: true } },
          unknown: [{ path: [key], source: `load${hostile}()`, reason: `reason ${hostile}`, file: `src/${hostile}.ts`, line: 1 }],
          provenance: [{ era: "both", path: [key], because: "base", file: `src/${hostile}.ts`, line: 1, detail: hostile }],
        },
      ],
      diagnostics: [{ file: `src/${hostile}.ts`, line: 1, column: 1, endLine: 1, endColumn: 2, severity: "warning", code: `code${hostile}`, message: `message ${hostile}` }],
    };
    const notes = new Map([[`src/${hostile}.ts#S${hostile}`, { problems: 1, missing: [`${hostile} (x is not a handler; did you mean y?)`], nullReason: hostile, tag: `conduit${hostile}`, causes: new Map([[`both\u0000${key}`, `cause ${hostile}`]]), eraNotes: { modern: `note ${hostile}` } }]]);
    for (const era of ["both", "legacy", "modern"] as const) {
      const text = formatHumanReport(report, { era, color: false, tasksSource: "default", fileCount: 1, notes, recognised: [] });
      assert.doesNotMatch(text.replace(/\n/g, ""), TERMINAL_CONTROLS, `--era ${era}`);
      assert.match(text, /\\u001b\[31mred/);
    }
    const coloured = formatHumanReport(report, { era: "both", color: true, tasksSource: "default", fileCount: 1, notes, recognised: [] });
    // Only our own SGR colour sequences remain.
    assert.doesNotMatch(coloured.replace(/\u001b\[\d+m/g, "").replace(/\n/g, ""), TERMINAL_CONTROLS);

    const before: Snapshot = { format: "mcp-caps-snapshot/1", tasksExtension: false, servers: { [`a${hostile}#S`]: { exact: true, legacy: { [key]: 1 }, modern: {} }, shared: { exact: true, legacy: { [key]: hostile }, modern: {} } } };
    const after: Snapshot = { format: "mcp-caps-snapshot/1", tasksExtension: true, servers: { [`b${hostile}#S`]: { exact: true, legacy: {}, modern: {} }, shared: { exact: false, legacy: { [key]: 2 }, modern: {} } } };
    const diff = formatChanges(diffSnapshots(before, after), `caps${hostile}.json`);
    assert.doesNotMatch(diff.replace(/\n/g, ""), TERMINAL_CONTROLS);
    assert.equal(diff.split("\n").length, 1 + 2 + (1 + 4) + (1 + 2) + 1, diff);
  });
});

describe("__proto__ in a capabilities literal, as the runtime sees it", () => {
  it("`__proto__: {...}` and `\"__proto__\": {...}` set the prototype: no key, nothing inherited is advertised", () => {
    const r = analyze({
      "p.ts": [
        "export class A { static __capabilities__() { return { __proto__: { tools: {} }, prompts: {} }; } }",
        'export class B { static __capabilities__() { return { "__proto__": { tools: {} }, prompts: {} }; } }',
        "const base = { __proto__: { resources: {} }, prompts: {} };",
        "export class C { static __capabilities__() { return { ...base }; } }",
        "",
      ].join("\n"),
    });
    for (const name of ["A", "B", "C"]) {
      const s = r.servers.get(name)!;
      assert.deepEqual(Object.keys(s.legacy!), ["prompts"], `${name}: ${JSON.stringify(s.legacy)}`);
      assert.ok(!Object.hasOwn(s.legacy!, "__proto__"), name);
    }
  });

  it("a computed `[\"__proto__\"]` key and a shorthand `{ __proto__ }` are own keys, advertised as written", () => {
    const r = analyze({
      "p.ts": [
        'export class D { static __capabilities__() { return { ["__proto__"]: { listChanged: true }, prompts: {} }; } }',
        "const __proto__ = { x: 1 };",
        "export class E { static __capabilities__() { return { __proto__, prompts: {} }; } }",
        "",
      ].join("\n"),
    });
    const d = r.servers.get("D")!.legacy!;
    assert.ok(Object.hasOwn(d, "__proto__"));
    assert.deepEqual(d["__proto__"], { listChanged: true });
    assert.equal(Object.getPrototypeOf(d), Object.prototype, "the report object's own prototype is untouched");
    const e = r.servers.get("E")!.legacy!;
    assert.ok(Object.hasOwn(e, "__proto__"));
    assert.deepEqual(e["__proto__"], { x: 1 });
  });
});
