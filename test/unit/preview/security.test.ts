// Everything the preview shows comes from the user's code. A hostile report (the real tasks-on
// InventoryServer with markup, script breakers, javascript: URLs and attribute breakers put into
// class names, keys, values, file names, messages, codes and fix titles) must render as text only.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ServerReportResult } from "../../../common/protocol";
import { esc, html } from "../../../client/src/preview/webview/escape";
import { renderView, type ViewModel } from "../../../client/src/preview/webview/render";
import { fixture, serverList, strictTags, textOf } from "./markup";

const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = "</script><script>alert(1)</script>";
const JS = "javascript:alert(1)";
const ATTR = '" onmouseover="x';

const report = fixture("hostile");
const servers = serverList("hostile-server-list");

/** Every state that shows user data: the full report, picker open, error and empty messages. */
function views() {
  const base: ViewModel = { report, selected: 0, follow: true, collapsed: [] };
  return [
    renderView(base),
    renderView({ ...base, servers, picker: "open" }),
    renderView({ ...base, collapsed: ["problems", "wire", `key:${JSON.stringify([IMG + ATTR])}`], focusEra: "modern" }),
    renderView({ ...base, error: `${IMG}${SCRIPT}${ATTR}` }),
    renderView({ selected: -1, follow: false, collapsed: [], empty: `${IMG}${SCRIPT}${ATTR}`, servers, picker: "open" }),
    renderView({ ...base, report: { ...report, servers: [{ ...report.servers[0]!, modern: null }] } as ServerReportResult }),
  ];
}

describe("preview security: hostile user data renders as text", () => {
  it("the fixture really carries the payloads everywhere user data goes", () => {
    const s = report.servers[0]!;
    assert.ok(s.name.includes(IMG) && s.name.includes(ATTR));
    assert.ok(Object.keys(s.legacy!).some((k) => k.includes(IMG)));
    assert.ok(JSON.stringify(s.legacy).includes(JS));
    assert.ok(s.location.uri.includes(IMG));
    assert.ok(s.diagnostics.some((d) => d.message.includes(SCRIPT)));
    assert.ok(s.diagnostics.some((d) => d.message.includes(JS)));
    assert.ok(s.diagnostics.some((d) => d.code.includes(IMG)));
    assert.ok(s.diagnostics.some((d) => d.fixes.some((f) => f.title.includes(IMG))));
    assert.ok(s.provenance.every((p) => !p.cause || p.cause.label.includes(IMG)));
    assert.ok(s.unknown.some((u) => u.reason.includes(IMG)));
    assert.ok(report.stale!.includes(SCRIPT));
    assert.ok(servers.some((x) => x.uri.startsWith("javascript:")));
  });

  for (const [i, view] of views().entries()) {
    describe(`state ${i}`, () => {
      it("contains only our own tags and attributes (no <img, <script, on*= or broken-out quotes)", () => {
        const tags = strictTags(view.html);
        assert.ok(tags.length > 10);
        for (const t of tags) for (const name of t.attributes.keys()) assert.doesNotMatch(name, /^on|^href$|^src$|^style$/i);
      });

      it("has no markup from the payloads, in any letter case", () => {
        assert.doesNotMatch(view.html, /<img/i);
        assert.doesNotMatch(view.html, /<script/i);
        assert.doesNotMatch(view.html, /<\/script/i);
        assert.doesNotMatch(view.html, /onerror=/i);
        assert.doesNotMatch(view.html, /onmouseover="/i);
        assert.doesNotMatch(view.html, /\s(href|src|style|formaction|action)=/i);
        assert.doesNotMatch(view.html, /=\s*["']?\s*javascript:/i);
      });

      it("keeps attribute values inside their quotes", () => {
        for (const t of strictTags(view.html)) {
          for (const [name, value] of t.attributes) {
            assert.doesNotMatch(value, /["'`<>]/, `${name} holds a raw quote or bracket: ${value}`);
          }
        }
      });
    });
  }

  it("still shows the hostile text, escaped, where it belongs", () => {
    const [full] = views();
    const text = textOf(full!.html);
    assert.ok(text.includes(`Inventory${IMG}Server${ATTR}`), "server name");
    assert.ok(full!.html.includes(esc(IMG)));
    assert.ok(full!.html.includes("&lt;img src&#61;x onerror&#61;alert(1)&gt;"));
    assert.ok(full!.html.includes("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert.ok(full!.html.includes("&quot; onmouseover&#61;&quot;x"));
    assert.ok(full!.html.includes("&#39; onfocus&#61;&#39;x&#96;"), "single quotes and backticks too");
    assert.ok(text.includes(JS), "javascript: shows as text");
    assert.ok(text.includes(`Rename to handleComplete${IMG}${ATTR}${SCRIPT}`), "fix title");
    assert.ok(text.includes(`stale ${IMG}`), "stale message");
    const picker = textOf(views()[1]!.html);
    assert.ok(picker.includes(`Evil${IMG}${ATTR}`));
  });

  it("never puts user data into the attributes the script acts on", () => {
    for (const view of views()) {
      for (const t of strictTags(view.html)) {
        for (const name of ["data-act", "data-copy", "data-toggle"]) {
          const v = t.attributes.get(name);
          if (v !== undefined) assert.match(v, /^\d+$/, `${name}="${v}"`);
        }
        const cmd = t.attributes.get("data-cmd");
        if (cmd !== undefined) assert.ok(["picker", "tasks", "follow", "refresh", "section"].includes(cmd));
      }
    }
  });

  it("hands user data to the host unchanged, as data (the action table)", () => {
    const [full] = views();
    const fix = full!.actions.find((a) => a.kind === "applyFix" && a.fix.title.includes(IMG));
    assert.ok(fix);
    const select = views()[1]!.actions.find((a) => a.kind === "select" && a.uri.startsWith("javascript:"));
    assert.ok(select, "a javascript: uri stays a string for the host, never a link");
  });
});

describe("escape helpers", () => {
  it("escapes & < > \" ' and backtick", () => {
    assert.equal(esc(`&<>"'\`=`), "&amp;&lt;&gt;&quot;&#39;&#96;&#61;");
  });

  it("escapes every interpolation of html`` unless it is html`` itself", () => {
    const inner = html`<b>${"<i>"}</b>`;
    assert.equal(html`<p title="${'"x='}">${inner}${["<a>", html`<br>`]}${null}${undefined}${false}${0}</p>`.value, '<p title="&quot;x&#61;"><b>&lt;i&gt;</b>&lt;a&gt;<br>0</p>');
  });
});
