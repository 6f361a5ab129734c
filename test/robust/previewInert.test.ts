// The preview is inert, end to end: a hostile project (markup in keys, values, JSDoc, dynamic source
// text, diagnostic messages, file and folder names) goes through the REAL pipeline — the bundled
// language server (dist/server.js) over stdio, its serverReport/listServers answers, and the webview's
// pure renderer — and every state of the page contains only our own markup. The shell document's CSP
// allows only our nonce-bearing script. Hover markdown (rendered by the editor, trusted for our
// commands) keeps user text out of its syntax too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { ServerListEntry, ServerReportResult } from "../../common/protocol";
import { contentSecurityPolicy, previewHtml } from "../../client/src/preview/html";
import { renderPreview, renderView, type ViewModel } from "../../client/src/preview/webview/render";
import { LspClient, positionOf } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";
import { strictTags, textOf } from "../unit/preview/markup";

const FIXTURE = join(__dirname, "..", "fixtures", "robust", "hostile-preview");
const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = "</script><script>alert(1)</script>";
const JS = "javascript:alert(1)";
const ATTR = '" onmouseover="x';
/** Folder and file names the file system allows on Linux and macOS (not on Windows). */
const BASE_FILE = `${JS}/${IMG}.ts`;
const PICKER_FILE = `"><script>alert(1)</script>.ts`;
/** A folder whose name closes a markdown link and starts another (parentheses are not URL-encoded). */
const LINK_FOLDER = "x) [pwn](command:mcpCapabilityLens.copyLegacyJson) (";

const source = readFileSync(join(FIXTURE, "server.ts"), "utf8");

let client: LspClient;
let report: ServerReportResult;
let mixed: ServerReportResult;
let servers: readonly ServerListEntry[];

/** Every state of the page that shows user data. */
function views(): { name: string; html: string }[] {
  const base: ViewModel = { report, selected: 0, follow: true, collapsed: [] };
  const stale = { ...report, stale: `stale ${IMG}${SCRIPT}` };
  return [
    { name: "report", html: renderPreview(base) },
    { name: "picker open", html: renderPreview({ ...base, servers, picker: "open" }) },
    { name: "picker loading", html: renderPreview({ ...base, picker: "loading" }) },
    { name: "collapsed, modern focus", html: renderPreview({ ...base, collapsed: ["problems", "wire", `key:${JSON.stringify([IMG])}`], focusEra: "modern" }) },
    { name: "stale", html: renderPreview({ ...base, report: stale }) },
    { name: "error", html: renderPreview({ ...base, error: `${IMG}${SCRIPT}${ATTR}` }) },
    { name: "empty", html: renderPreview({ selected: -1, follow: false, collapsed: [], servers, picker: "open" }) },
    { name: "mixin server", html: renderPreview({ report: mixed, selected: mixed.selected, follow: true, collapsed: [] }) },
  ];
}

describe("the preview is inert (real server → real renderer)", () => {
  before(async () => {
    const dir = tempProject({
      "server.ts": source,
      [BASE_FILE]: readFileSync(join(FIXTURE, "base.ts"), "utf8"),
      [PICKER_FILE]: readFileSync(join(FIXTURE, "picker.ts"), "utf8"),
      [`${LINK_FOLDER}/b.ts`]: "export class LinkBase { handleComplete(ctx, ref, argument) {} }\n",
      "linked.ts": `import { LinkBase } from "./${LINK_FOLDER}/b";\nexport class Linked extends LinkBase { handleListTools(ctx) {} }\n`,
    });
    client = await LspClient.start(dir);
    await client.open("server.ts", source);
    report = await client.serverReport("server.ts", { position: positionOf(source, "Inventory$Server") });
    mixed = await client.serverReport("server.ts", { name: "Mixed$Server" });
    servers = (await client.listServers()).servers;
  });

  after(async () => {
    await client?.stop();
  });

  it("the payloads really reach the renderer: keys, values, dynamic text, messages, file and folder names", () => {
    const wire = JSON.stringify(report);
    const s = report.servers[report.selected]!;
    assert.equal(s.name, "Inventory$Server");
    assert.ok(Object.keys(s.legacy!).includes(IMG), "a key");
    assert.ok(Object.keys(s.legacy!).includes(SCRIPT), "a script-closing key");
    assert.ok(wire.includes(JSON.stringify(SCRIPT).slice(1, -1)), "a value");
    assert.ok(wire.includes(JS), "a javascript: value and folder");
    assert.ok(wire.includes("<svg onload=alert(1)>"), "dynamic source text");
    assert.ok(s.diagnostics.some((d) => d.message.includes(IMG)), "a diagnostic message (unknown key)");
    assert.ok(s.provenance.some((p) => p.location && decodeURIComponent(p.location.uri).endsWith(BASE_FILE)), "a cause in the hostile file");
    assert.ok(mixed.servers[mixed.selected]!.diagnostics.some((d) => d.message.includes(IMG)), "base-unresolved quotes the extends text");
    assert.ok(servers.some((x) => decodeURIComponent(x.uri).endsWith(PICKER_FILE)), "the picker lists the hostile file");
  });

  for (const [i, name] of ["report", "picker open", "picker loading", "collapsed, modern focus", "stale", "error", "empty", "mixin server"].entries()) {
    it(`state "${name}": only our own elements and attributes, no payload markup`, () => {
      const view = views()[i]!;
      assert.equal(view.name, name);
      const tags = strictTags(view.html); // throws on any element or attribute we do not write ourselves
      assert.ok(tags.length > 5);
      for (const t of tags) {
        for (const [attr, value] of t.attributes) {
          assert.doesNotMatch(attr, /^on|^href$|^src$|^srcdoc$|^style$|^formaction$/i, `<${t.name} ${attr}>`);
          assert.doesNotMatch(value, /["'`<>]/, `${attr} value holds a raw quote or bracket: ${value}`);
          assert.doesNotMatch(value, /^\s*javascript:/i, `${attr}="${value}"`);
        }
        for (const act of ["data-act", "data-copy", "data-toggle"]) {
          const v = t.attributes.get(act);
          if (v !== undefined) assert.match(v, /^\d+$/, `${act} carries an index, never user data`);
        }
      }
      for (const bad of [/<img/i, /<script/i, /<\/script/i, /<svg[^>]*onload/i, /<iframe/i, /<a[\s>]/i, /onerror=/i, /onload=/i, /onmouseover="/i, /\shref=/i, /\ssrc=/i]) {
        assert.doesNotMatch(view.html, bad);
      }
    });
  }

  it("shows the hostile text as text, where it belongs", () => {
    const full = textOf(views()[0]!.html);
    assert.ok(full.includes(IMG), "key shown as text");
    assert.ok(full.includes(SCRIPT), "value shown as text");
    assert.ok(full.includes(JS), "javascript: shown as text");
    assert.ok(full.includes(`${IMG}.ts`), "the file name, decoded, shown as text");
    const picker = textOf(views()[1]!.html);
    assert.ok(picker.includes(PICKER_FILE.replace(/\.ts$/, "")) || picker.includes(PICKER_FILE), "the picker's file name shown as text");
    assert.ok(textOf(views()[5]!.html).includes(`${IMG}${SCRIPT}${ATTR}`), "error text");
  });

  it("the actions table hands user data to the host as data, never as markup or a link", () => {
    const { actions } = renderView({ report, selected: report.selected, follow: true, collapsed: [], servers, picker: "open" });
    const reveal = actions.find((a) => a.kind === "reveal" && decodeURIComponent(a.location.uri).includes(IMG));
    assert.ok(reveal, "a reveal of the hostile file stays a location object");
    const select = actions.find((a) => a.kind === "select" && decodeURIComponent(a.uri).includes("<script>"));
    assert.ok(select, "a select of the hostile file stays a string");
  });

  it("the shell's CSP allows only our nonce-bearing script, and the shell carries no user data", () => {
    const nonce = "bm9uY2Vub25jZW5vbmNlbm9uY2Vub25j";
    const csp = contentSecurityPolicy("https://file+.vscode-resource.vscode-cdn.net", nonce);
    const directives = new Map(csp.split(";").map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1)] as const));
    assert.deepEqual(directives.get("default-src"), ["'none'"]);
    assert.deepEqual(directives.get("script-src"), [`'nonce-${nonce}'`], "scripts: only ours, by nonce");
    for (const [name, sources] of directives) {
      for (const src of sources) {
        assert.ok(!["*", "'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", "http:", "https:", "blob:"].includes(src), `${name} allows ${src}`);
        if (src === "data:") assert.equal(name, "img-src", "data: only for images");
      }
    }
    assert.ok(!directives.has("connect-src") && !directives.has("frame-src") && !directives.has("object-src"), "everything else falls back to 'none'");
    const shell = previewHtml({ cspSource: "https://file+.vscode-resource.vscode-cdn.net", nonce, scriptUri: "https://x/preview.js", styleUri: "https://x/preview.css", title: `${IMG}` });
    const scripts = [...shell.matchAll(/<script\b[^>]*>/gi)];
    assert.equal(scripts.length, 1, "one script element");
    assert.match(scripts[0]![0], new RegExp(`nonce="${nonce}"`));
    assert.doesNotMatch(shell, /<img/i, "even the title is escaped");
    assert.throws(() => previewHtml({ cspSource: "x", nonce: `a" onload="x`, scriptUri: "s", styleUri: "s", title: "t" }), /nonce/);
    assert.throws(() => previewHtml({ cspSource: "x; script-src *", nonce, scriptUri: "s", styleUri: "s", title: "t" }), /cspSource/);
  });

  it("hover markdown keeps user text out of markdown syntax (code spans, escaped prose, intact links)", async () => {
    const hover = await client.hover("server.ts", positionOf(source, "Inventory$Server"));
    const md = (hover?.contents as { value: string }).value;
    assert.ok(md.includes(IMG), "the payload is shown (in code)");
    // Outside code blocks and code spans, no raw HTML from user code.
    const prose = md.replace(/```[\s\S]*?```/g, "").replace(/(`+)[\s\S]*?\1/g, "");
    assert.doesNotMatch(prose, /<img|<script|<\/script|<svg|<iframe/i);
    // Only our own commands are linked, each with URL-encoded JSON arguments.
    for (const m of md.matchAll(/\]\((command:[^)]*)\)/g)) assert.match(m[1]!, /^command:mcpCapabilityLens\.[A-Za-z]+\?%5B[^()\s[\]]*%5D$/);
  });

  it("hover links to files stay one link, whatever the folder name holds", async () => {
    const text = readFileSync(join(client.root, "linked.ts"), "utf8");
    await client.open("linked.ts", text);
    const hover = await client.hover("linked.ts", positionOf(text, "Linked"));
    const md = (hover?.contents as { value: string }).value;
    const line = md.split("\n").find((l) => l.includes("handleComplete"));
    assert.ok(line, md);
    // A markdown link destination ends at the first unbalanced ")": the file URI must escape it.
    const links = [...line.matchAll(/\[([^\]]*)\]\(([^)\s]*)\)/g)];
    assert.equal(links.length, 1, `one link on the line: ${line}`);
    assert.ok(decodeURIComponent(links[0]![2]!.replace(/#L\d+$/, "")).endsWith(`${LINK_FOLDER}/b.ts`), `the link goes to the file: ${links[0]![2]}`);
    assert.doesNotMatch(line.replace(links[0]![0], ""), /command:/, `no command text outside the link: ${line}`);
  });
});
