// The pieces under the renderer: row alignment of the two eras, the era diff behind the summary,
// and two static checks of the webview's sources (theme colours only from VS Code variables; the
// renderer free of DOM globals so it runs, and is tested, in Node).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { WireServer } from "../../../common/protocol";
import { compactJson, pathText } from "../../../client/src/preview/webview/columns";
import { alignEras, singleEra, type Line } from "../../../client/src/preview/webview/jsonRows";
import { keyId } from "../../../client/src/preview/webview/model";
import { listMove, treeMove } from "../../../client/src/preview/webview/navigation";
import { eraDiff } from "../../../client/src/preview/webview/summary";
import { discoverResult, initializeResult, prettyWire } from "../../../client/src/preview/webview/wireShape";
import { fixture } from "./markup";

const WEBVIEW = join(__dirname, "..", "..", "..", "client", "src", "preview", "webview");
const show = (l: Line | null) => (l ? `${l.kind}:${l.path.join(".")}${l.mark === "none" ? "" : `:${l.mark}`}` : "gap");

function server(legacy: WireServer["legacy"], modern: WireServer["modern"], missing: WireServer["missing"] = []): Pick<WireServer, "legacy" | "modern" | "missing" | "provenance"> {
  return { legacy, modern, missing, provenance: [] };
}

describe("row alignment", () => {
  it("puts the same key on the same row, gaps where an era has nothing", () => {
    const slots = alignEras(server({ b: { x: 1 }, c: 1 }, { a: {}, b: { x: 1, y: true }, c: 2 }));
    assert.deepEqual(
      slots.map((s) => [show(s.legacy), show(s.modern)]),
      [
        ["rootOpen:", "rootOpen:"],
        ["gap", "leaf:a:add"],
        ["open:b", "open:b"],
        ["leaf:b.x", "leaf:b.x"],
        ["gap", "leaf:b.y:add"],
        ["close:b", "close:b"],
        ["leaf:c", "leaf:c:add"],
        ["rootClose:", "rootClose:"],
      ],
    );
    const changed = slots[6]!.modern!;
    assert.deepEqual(changed.other, { value: 1 });
    assert.equal(changed.compare, "changed");
  });

  it("expands a legacy-only object with − rows and matching gaps", () => {
    const slots = alignEras(server({ logging: { level: "info" }, tools: {} }, { tools: {} }));
    assert.deepEqual(
      slots.map((s) => [show(s.legacy), show(s.modern)]),
      [
        ["rootOpen:", "rootOpen:"],
        ["open:logging:del", "gap"],
        ["leaf:logging.level:del", "gap"],
        ["close:logging:del", "gap"],
        ["leaf:tools", "leaf:tools"],
        ["rootClose:", "rootClose:"],
      ],
    );
    assert.equal(slots[1]!.legacy!.comma, false, "an open row has no comma; its close row does");
    assert.equal(slots[3]!.legacy!.comma, true);
  });

  it("places ghost rows for missing keys at their sorted place, in the eras they are missing from", () => {
    const m = { path: ["completions"], era: "legacy", member: "handleCompletion", meant: "handleComplete", location: { uri: "file:///a.ts", range: { start: { line: 9, character: 2 }, end: { line: 9, character: 18 } } } };
    const slots = alignEras(server({ tools: {} }, { tools: {} }, [m]));
    assert.deepEqual(slots.map((s) => [show(s.legacy), show(s.modern)]).slice(1, 3), [["ghost:completions", "gap"], ["leaf:tools", "leaf:tools"]]);
    assert.equal(slots[1]!.legacy!.comma, true);
  });

  it("folds a key in both eras", () => {
    const folded = new Set([keyId(["resources"])]);
    const slots = alignEras(server({ resources: { listChanged: false } }, { resources: { listChanged: true, subscribe: true } }), { folded });
    assert.equal(slots.length, 3);
    assert.equal(slots[1]!.legacy!.folded, true);
    assert.equal(slots[1]!.modern!.folded, true);
  });

  it("lays out one era alone when the other is null", () => {
    const lines = singleEra(server({ a: 1, r: "y" }, null), "legacy");
    assert.deepEqual(lines.map(show), ["rootOpen:", "leaf:a", "leaf:r", "rootClose:"]);
    assert.ok(lines.every((l) => l.compare === "single" || l.kind.startsWith("root")));
  });

  it("keeps the real fixtures aligned: every slot has a line or a gap on each side", () => {
    for (const name of ["inventory", "inventory-tasks", "gateway", "endpoint"]) {
      for (const s of fixture(name).servers.filter((x) => x.legacy && x.modern)) {
        const slots = alignEras(s);
        for (const slot of slots) {
          if (slot.legacy && slot.modern && slot.legacy.kind !== "ghost" && slot.modern.kind !== "ghost") {
            assert.deepEqual(slot.legacy.path, slot.modern.path, `${name}/${s.name}: rows out of step`);
          }
        }
      }
    }
  });
});

describe("era diff (the summary)", () => {
  it("InventoryServer: turns on two flags; logging and subscribe differ only in cause", () => {
    const d = eraDiff(fixture("inventory").servers[0]!);
    assert.deepEqual(d.turnedOn, [["resources", "listChanged"], ["tools", "listChanged"]]);
    assert.deepEqual(d.added, []);
    assert.deepEqual(d.causedDifferently, [["logging"], ["resources", "subscribe"]]);
  });

  it("tasks on: adds the extension entry", () => {
    assert.deepEqual(eraDiff(fixture("inventory-tasks").servers[0]!).added, [["extensions", "io.modelcontextprotocol/tasks"]]);
  });

  it("GatewayServer: legacy-only logging.level, turned-on flags", () => {
    const d = eraDiff(fixture("gateway").servers[0]!);
    assert.deepEqual(d.legacyOnly, [["logging", "level"]]);
    assert.deepEqual(d.turnedOn, [["prompts", "listChanged"], ["resources", "listChanged"], ["resources", "subscribe"], ["tools", "listChanged"]]);
    assert.deepEqual(d.changed, []);
  });

  it("formats paths and compact JSON as people write them", () => {
    assert.equal(pathText(["resources", "subscribe"]), "resources.subscribe");
    assert.equal(pathText(["extensions", "io.modelcontextprotocol/tasks"]), 'extensions["io.modelcontextprotocol/tasks"]');
    assert.equal(compactJson({ b: [1, "x"], a: {} }), '{ "a": {}, "b": [1, "x"] }');
  });
});

describe("wire shapes", () => {
  it("builds the initialize and server/discover results with placeholders, keys sorted", () => {
    const s = fixture("inventory").servers[0]!;
    const init = initializeResult(s)!;
    const disc = discoverResult(s)!;
    assert.deepEqual(Object.keys(init), ["capabilities", "protocolVersion", "serverInfo"]);
    assert.deepEqual(Object.keys(disc), ["_meta", "cacheScope", "capabilities", "resultType", "supportedVersions", "ttlMs"]);
    assert.equal(init.protocolVersion, "2025-11-25");
    assert.equal(disc.resultType, "complete");
    assert.match(prettyWire(disc).text, /"_meta": \{ "io\.modelcontextprotocol\/serverInfo": <from the running server> \}/);
    assert.equal(initializeResult({ legacy: null }), null);
  });

  it("never mistakes user JSON for a placeholder", () => {
    const text = prettyWire(initializeResult({ legacy: { experimental: { placeholder: "runtime" } } })!).text;
    assert.match(text, /"experimental": \{ "placeholder": "runtime" \}/);
  });
});

describe("keyboard moves (editor-ux §5)", () => {
  // completions (ghost), logging, resources {listChanged, subscribe}, tools (folded)
  const rows = [{ level: 1 }, { level: 1 }, { level: 1, expanded: true }, { level: 2 }, { level: 2 }, { level: 1, expanded: false }];

  it("moves between rows with the arrows, Home and End, stopping at the ends", () => {
    assert.deepEqual(treeMove(rows, 0, "ArrowDown"), { focus: 1 });
    assert.deepEqual(treeMove(rows, 4, "ArrowUp"), { focus: 3 });
    assert.equal(treeMove(rows, 0, "ArrowUp"), undefined);
    assert.equal(treeMove(rows, 5, "ArrowDown"), undefined);
    assert.deepEqual(treeMove(rows, 3, "Home"), { focus: 0 });
    assert.deepEqual(treeMove(rows, 3, "End"), { focus: 5 });
  });

  it("collapses and expands with Left and Right, and walks to parent and first child", () => {
    assert.deepEqual(treeMove(rows, 2, "ArrowRight"), { focus: 3 }, "expanded: into the first child");
    assert.deepEqual(treeMove(rows, 2, "ArrowLeft"), { toggle: true }, "expanded: collapse");
    assert.deepEqual(treeMove(rows, 5, "ArrowRight"), { toggle: true }, "collapsed: expand");
    assert.deepEqual(treeMove(rows, 4, "ArrowLeft"), { focus: 2 }, "child: to its parent");
    assert.equal(treeMove(rows, 1, "ArrowLeft"), undefined);
    assert.equal(treeMove(rows, 1, "ArrowRight"), undefined, "a leaf has nothing to expand");
    assert.equal(treeMove(rows, 1, "x"), undefined);
  });

  it("moves in the server menu", () => {
    assert.equal(listMove(5, -1, 2, "selected"), 2);
    assert.equal(listMove(5, -1, -1, "selected"), 0);
    assert.equal(listMove(5, 4, 0, "next"), 4);
    assert.equal(listMove(5, 0, 0, "prev"), 0);
    assert.equal(listMove(5, 2, 0, "last"), 4);
    assert.equal(listMove(0, -1, -1, "first"), -1);
  });
});

describe("webview sources", () => {
  it("colours only through VS Code theme variables (literals only as var() fallbacks)", () => {
    const css = readFileSync(join(WEBVIEW, "preview.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    // Remove every var(--vscode-…, fallback) with its fallback, innermost first.
    let stripped = css;
    for (let prev = ""; prev !== stripped; ) {
      prev = stripped;
      stripped = stripped.replace(/var\(--vscode-[\w-]+(?:,[^()]*(?:\([^()]*\)[^()]*)*)?\)/g, "VAR");
    }
    assert.doesNotMatch(stripped, /#[0-9a-fA-F]{3,8}\b|\b(rgba?|hsla?)\(|(?<![\w-])(white|black|red|green|blue|gray|grey)(?![\w-])/);
    assert.match(css, /--vscode-editor-background/);
    assert.match(css, /--vscode-focusBorder/);
    assert.match(css, /--vscode-diffEditor-insertedLineBackground/);
    assert.match(css, /--vscode-gitDecoration-addedResourceForeground/);
    assert.match(css, /--vscode-editorWarning-foreground/);
    assert.match(css, /font-family: var\(--ui\)/);
    assert.match(css, /--ui: var\(--vscode-font-family/);
    assert.match(css, /--mono: var\(--vscode-editor-font-family/);
    assert.match(css, /body\.vscode-high-contrast \.row\.add/);
    assert.doesNotMatch(css, /@import|url\(/, "no external resources");
  });

  it("keeps the renderer free of DOM globals; only main.ts and patch.ts touch the page", () => {
    const dom = new Set(["main.ts", "patch.ts"]);
    for (const f of readdirSync(WEBVIEW).filter((x) => x.endsWith(".ts"))) {
      const raw = readFileSync(join(WEBVIEW, f), "utf8");
      const src = raw.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/(?!\/).*$/gm, "");
      if (dom.has(f)) {
        assert.match(raw, /\/\/\/ <reference lib="dom" \/>/);
        continue;
      }
      assert.doesNotMatch(src, /\b(document|window|navigator|localStorage|acquireVsCodeApi)\b\s*[.(]/, f);
      assert.doesNotMatch(src, /reference lib="dom"/, f);
      assert.doesNotMatch(src, /\bonclick=|\bstyle="|<script/i, `${f}: no inline handlers, styles or scripts`);
    }
  });
});
