// The full results as sent on the wire: `initialize` (legacy) and `server/discover` (modern). Only
// the capabilities come from the class; values the running server picks are dashed placeholders,
// never invented, and the copied text keeps them as `<…>` so it cannot pass for real JSON values.
import type { Json, WireServer } from "../../../../common/protocol";
import { compactJson, nullReason, valueTokens } from "./columns";
import { html, join, type SafeHtml } from "./escape";
import { icons } from "./icons";
import { isObject } from "./jsonRows";
import type { ActionTable } from "./model";

/** A value only the running server knows (a class, so no user JSON can pass for one). */
export class Placeholder {
  constructor(readonly placeholder: string) {}
}
type WireValue = Json | Placeholder | { readonly [key: string]: WireValue };

const RUNNING = new Placeholder("from the running server");
const RUNTIME = new Placeholder("runtime");

/** The `initialize` result (keys sorted); null when the era is not served. */
export function initializeResult(server: Pick<WireServer, "legacy">): Record<string, WireValue> | null {
  if (server.legacy === null) return null;
  return { capabilities: server.legacy, protocolVersion: "2025-11-25", serverInfo: RUNNING };
}

/** The `server/discover` result (keys sorted); null when the era is not served. */
export function discoverResult(server: Pick<WireServer, "modern">): Record<string, WireValue> | null {
  if (server.modern === null) return null;
  return {
    _meta: { "io.modelcontextprotocol/serverInfo": RUNNING },
    cacheScope: RUNTIME,
    capabilities: server.modern,
    resultType: "complete",
    supportedVersions: RUNTIME,
    ttlMs: RUNTIME,
  };
}

/** A value on one line: JSON, with placeholders inside objects too. */
function inline(v: WireValue): { html: SafeHtml; text: string } {
  if (v instanceof Placeholder) return { html: html`<span class="ph">${v.placeholder}</span>`, text: `<${v.placeholder}>` };
  if (isObject(v as Json)) {
    const o = v as Record<string, WireValue>;
    const keys = Object.keys(o).sort();
    if (keys.length === 0) return { html: html`{}`, text: "{}" };
    const items = keys.map((k) => ({ k, v: inline(o[k]!) }));
    return {
      html: html`{ ${join(items.map((i) => html`<span class="j-key">${JSON.stringify(i.k)}</span>: ${i.v.html}`), ", ")} }`,
      text: `{ ${items.map((i) => `${JSON.stringify(i.k)}: ${i.v.text}`).join(", ")} }`,
    };
  }
  return { html: valueTokens(v as Json), text: compactJson(v as Json) };
}

/** Pretty print with the root and `capabilities` expanded, deeper values on one line (as in a log). */
export function prettyWire(result: Record<string, WireValue>): { html: SafeHtml; text: string } {
  const htmlLines: SafeHtml[] = [html`{`];
  const textLines: string[] = ["{"];
  const keys = Object.keys(result).sort();
  keys.forEach((k, i) => {
    const comma = i < keys.length - 1 ? "," : "";
    const v = result[k]!;
    const keyHtml = html`<span class="j-key">${JSON.stringify(k)}</span>`;
    if (k === "capabilities" && isObject(v as Json) && Object.keys(v as object).length > 0) {
      const caps = v as Record<string, WireValue>;
      const ck = Object.keys(caps).sort();
      htmlLines.push(html`  ${keyHtml}: {`);
      textLines.push(`  ${JSON.stringify(k)}: {`);
      ck.forEach((c, j) => {
        const cc = j < ck.length - 1 ? "," : "";
        const inner = inline(caps[c]!);
        htmlLines.push(html`    <span class="j-key">${JSON.stringify(c)}</span>: ${inner.html}${cc}`);
        textLines.push(`    ${JSON.stringify(c)}: ${inner.text}${cc}`);
      });
      htmlLines.push(html`  }${comma}`);
      textLines.push(`  }${comma}`);
    } else {
      const inner = inline(v);
      htmlLines.push(html`  ${keyHtml}: ${inner.html}${comma}`);
      textLines.push(`  ${JSON.stringify(k)}: ${inner.text}${comma}`);
    }
  });
  htmlLines.push(html`}`);
  textLines.push("}");
  return { html: join(htmlLines, "\n"), text: textLines.join("\n") };
}

function card(method: string, version: string, result: Record<string, WireValue> | null, server: WireServer, actions: ActionTable): SafeHtml {
  const head = html`<b>${method}</b> result · ${version}`;
  if (result === null) {
    const note = server.eraNotes[method === "initialize" ? "legacy" : "modern"];
    const d = nullReason(server);
    const why = note ? html` (${note.brief ?? note.text})` : d ? html` (<code>${d.code}</code>)` : "";
    return html`<div class="wcard"><div class="wh">${head}</div><p class="wns">Not served${why}: no result is sent.</p></div>`;
  }
  const pretty = prettyWire(result);
  const copy = actions.add({ kind: "copy", text: pretty.text, what: `${method} result` });
  return html`<div class="wcard"><div class="wh">${head}<span class="r"><button type="button" class="ibtn" data-act="${copy}" aria-label="Copy the ${method} result" title="Copy (placeholders stay as &lt;…&gt;)">${icons.copy()}</button></span></div><pre tabindex="0" role="region" aria-label="${method} result">${pretty.html}</pre></div>`;
}

export function renderWire(server: WireServer, collapsed: boolean, actions: ActionTable): SafeHtml {
  return html`<section class="sect" aria-labelledby="sh-wire"><h2 class="sh"><button type="button" class="shb" id="sh-wire" data-cmd="section" data-section="wire" aria-expanded="${collapsed ? "false" : "true"}" aria-controls="sec-wire">${
    collapsed ? icons.chevronRight() : icons.chevronDown()
  }<span>Wire shape</span></button><span class="r">full results as sent, keys sorted</span></h2><div id="sec-wire"${collapsed ? html` hidden` : ""}><div class="wire">${card(
    "initialize",
    "2025-11-25",
    initializeResult(server),
    server,
    actions,
  )}${card("server/discover", "2026-07-28", discoverResult(server), server, actions)}</div><p class="wnote">Dashed values are set by the running server, not by its source, and are not analysed.</p></div></section>`;
}
