// The Problems strip: this server's diagnostics (from every file it is built from, hints included), each with
// its severity in words, code, location and quick fixes as buttons.
import type { WireDiagnostic, WireServer } from "../../../../common/protocol";
import { fileLine } from "./causes";
import { html, join, type SafeHtml } from "./escape";
import { icons } from "./icons";
import type { ActionTable } from "./model";

const ORDER: Readonly<Record<WireDiagnostic["severity"], number>> = { error: 0, warning: 1, information: 2, hint: 3 };
const ICON = { error: icons.error, warning: icons.warning, information: icons.info, hint: icons.hint } as const;

// Spans the message sets in backticks, and identifiers worth setting in code font: handler-like names, Class.member, method paths
// (`logging/setLevel`), `__capabilities__`, capability keys and quoted keys. Matched on the raw text; every piece,
// matched or not, is escaped by `html`.
const CODE_TOKEN = /`[^`\n]{1,120}`|"[^"\n]{1,80}"|\b__capabilities__(?:\(\))?|(?<![\w@])@?[A-Za-z][\w.-]*(?:\/[A-Za-z][\w.-]*)+|\b[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*(?:\(\))?|\bhandle[A-Z_][\w$]*|\b(?:completions|logging|resources|prompts|tools|extensions|experimental|listChanged|subscribe)\b/g;

export function messageHtml(message: string): SafeHtml {
  const parts: SafeHtml[] = [];
  let last = 0;
  for (const m of message.matchAll(CODE_TOKEN)) {
    const at = m.index ?? 0;
    // A span the message sets in backticks itself is code as a whole, without them.
    const token = m[0].startsWith("`") ? m[0].slice(1, -1) : m[0];
    parts.push(html`${message.slice(last, at)}`, html`<code>${token}</code>`);
    last = at + m[0].length;
  }
  parts.push(html`${message.slice(last)}`);
  return join(parts);
}

export function sortedDiagnostics(server: WireServer): WireDiagnostic[] {
  return [...server.diagnostics].sort(
    (a, b) =>
      ORDER[a.severity] - ORDER[b.severity] ||
      a.location.uri.localeCompare(b.location.uri) ||
      a.location.range.start.line - b.location.range.start.line ||
      a.location.range.start.character - b.location.range.start.character,
  );
}

function problem(d: WireDiagnostic, actions: ActionTable): SafeHtml {
  const where = `${fileLine(d.location)}:${d.location.range.start.character + 1}`;
  const fixes = d.fixes.map(
    (f) => html`<button type="button" class="btn ${f.preferred ? "pri" : "sec"}" data-act="${actions.add({ kind: "applyFix", fix: f })}">${f.title}</button>`,
  );
  return html`<li class="prob sev-${d.severity}"><span class="sev">${ICON[d.severity]()}<span class="sr">${d.severity}:</span></span><span class="msg">${messageHtml(d.message)}</span><span class="where"><button type="button" class="linkbtn code" data-act="${actions.add({ kind: "openRule", code: d.code })}" title="Open the documentation of this rule">${d.code}</button> · ${d.severity} · <button type="button" class="linkbtn" data-act="${actions.add({ kind: "reveal", location: d.location })}" title="Go to the problem">${where}</button></span>${
    fixes.length > 0 ? html`<span class="fixes">${join(fixes)}</span>` : ""
  }</li>`;
}

export function renderProblems(server: WireServer, collapsed: boolean, actions: ActionTable): SafeHtml {
  const list = sortedDiagnostics(server);
  const body =
    list.length === 0
      ? html`<p class="none">No problems in this server.</p>`
      : html`<ul class="probs" aria-label="Problems of this server">${join(list.map((d) => problem(d, actions)))}</ul>`;
  return html`<section class="sect" aria-labelledby="sh-problems"><h2 class="sh"><button type="button" class="shb" id="sh-problems" data-cmd="section" data-section="problems" aria-expanded="${collapsed ? "false" : "true"}" aria-controls="sec-problems">${
    collapsed ? icons.chevronRight() : icons.chevronDown()
  }<span>Problems</span><span class="cnt" aria-hidden="true">${list.length}</span><span class="sr">, ${list.length} ${list.length === 1 ? "problem" : "problems"}</span></button><span class="r">this server, with the files it is built from</span></h2><div id="sec-problems"${
    collapsed ? html` hidden` : ""
  }>${body}</div></section>`;
}
