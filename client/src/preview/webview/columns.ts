// The two era columns: header, then the aligned JSON lines as a tree of key rows (gaps, braces and
// closing lines are presentation only). An era that is null gets a "not served" panel instead.
import type { Json, ServerReportResult, WireDiagnostic, WireServer } from "../../../../common/protocol";
import type { Era } from "../messages";
import { chipWithAction, describeCause, fileLine, missingCause, provenanceOf, type Cause } from "./causes";
import { html, join, type SafeHtml } from "./escape";
import { icons } from "./icons";
import { alignEras, isObject, singleEra, type Line } from "./jsonRows";
import { keyId, type ActionTable } from "./model";

export const ERA_INFO: Readonly<Record<Era, { readonly title: string; readonly method: string; readonly versions: string; readonly spoken: string }>> = {
  legacy: { title: "Legacy", method: "initialize", versions: "2025-11-25 · also 2025-06-18", spoken: "Legacy capabilities, initialize result, 2025-11-25 and 2025-06-18" },
  modern: { title: "Modern", method: "server/discover", versions: "2026-07-28", spoken: "Modern capabilities, server/discover result, 2026-07-28" },
};

/** Path as people write it: `resources.subscribe`, `extensions["io.modelcontextprotocol/tasks"]`. */
export function pathText(path: readonly string[]): string {
  return path.map((s, i) => (/^[A-Za-z_$][\w$]*$/.test(s) ? (i === 0 ? s : `.${s}`) : `[${JSON.stringify(s)}]`)).join("");
}

/** Compact JSON on one line, with a space after `:` and `,` inside objects. */
export function compactJson(v: Json): string {
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    return keys.length === 0 ? "{}" : `{ ${keys.map((k) => `${JSON.stringify(k)}: ${compactJson(v[k]!)}`).join(", ")} }`;
  }
  if (Array.isArray(v)) return `[${v.map(compactJson).join(", ")}]`;
  return JSON.stringify(v);
}

/** A JSON value as coloured tokens (escaped by `html`). */
export function valueTokens(v: Json): SafeHtml {
  if (v === null || typeof v === "boolean") return html`<span class="j-bool">${String(v)}</span>`;
  if (typeof v === "number") return html`<span class="j-num">${String(v)}</span>`;
  if (typeof v === "string") return html`<span class="j-str">${JSON.stringify(v)}</span>`;
  return html`<span class="j-punct">${compactJson(v)}</span>`;
}

function spokenValue(v: Json | undefined): string {
  if (v === undefined) return "";
  if (isObject(v)) {
    const n = Object.keys(v).length;
    return n === 0 ? "empty object" : `object with ${n} ${n === 1 ? "key" : "keys"}`;
  }
  if (Array.isArray(v)) return `list of ${v.length}`;
  return typeof v === "string" ? v : String(v);
}

function spokenCompare(line: Line, era: Era): string {
  switch (line.compare) {
    case "same":
      return "same in both eras";
    case "differs":
      return "in both eras, contents differ";
    case "changed": {
      if (!line.other) return "differs between eras";
      const other = era === "modern" ? "legacy" : "modern";
      const turnsOn = era === "modern" && line.value === true;
      return `${turnsOn ? "modern turns it on, " : "differs, "}${other}: ${spokenValue(line.other.value)}`;
    }
    case "only":
      return era === "modern" ? "added in modern, not in legacy" : "legacy only, not in modern";
    case "missing":
      return "missing in this era";
    case "single":
      return `${era === "modern" ? "legacy" : "modern"} is not served`;
  }
}

const indent = (depth: number) => "  ".repeat(depth);
const SIGN = { add: "+", del: "−", none: "" } as const;

interface RowCtx {
  readonly server: WireServer;
  readonly report: ServerReportResult;
  readonly era: Era;
  readonly actions: ActionTable;
  /** The first key row of the column takes the tab stop. */
  tabStop: boolean;
}

function punctRow(line: Line | null): SafeHtml {
  if (!line) return html`<div class="row gap" aria-hidden="true"><span class="sg"></span><span class="cd"></span></div>`;
  const text = line.kind === "rootOpen" ? "{" : line.kind === "rootClose" ? "}" : `${indent(line.depth)}}${line.comma ? "," : ""}`;
  return html`<div class="row punct${line.mark === "none" ? "" : ` ${line.mark}`}" aria-hidden="true"><span class="sg">${SIGN[line.mark]}</span><span class="cd">${text}</span></div>`;
}

function causeOf(line: Line, ctx: RowCtx): Cause | undefined {
  if (line.kind === "ghost") return missingCause(line.missing!);
  const p = provenanceOf(ctx.server, line.path, ctx.era);
  return p ? describeCause(ctx.server, p, ctx.report.tasksSource) : undefined;
}

function keyRow(line: Line, ctx: RowCtx): SafeHtml {
  const key = line.path[line.path.length - 1]!;
  const path = pathText(line.path);
  const ghost = line.kind === "ghost";
  const cause = causeOf(line, ctx);
  const chip = cause ? chipWithAction(cause, ctx.actions) : undefined;
  const copyText = `${path}: ${line.value === undefined ? "" : compactJson(line.value)}`;
  const copy = ctx.actions.add({ kind: "copy", text: copyText, what: `${ERA_INFO[ctx.era].title} ${path}` });
  const expandable = line.kind === "open";
  const toggle = expandable ? ctx.actions.add({ kind: "toggleKey", id: keyId(line.path) }) : undefined;

  const keyHtml = html`<span class="j-key"${chip?.act === undefined ? "" : html` data-act="${chip.act}"`}>${JSON.stringify(key)}</span>`;
  const value = expandable ? (line.folded ? html`<span class="j-punct">{…}</span>${line.comma ? "," : ""}` : html`{`) : html`${valueTokens(line.value!)}${line.comma ? "," : ""}`;
  const note =
    line.other && ctx.era === "modern" && !ghost ? html`<span class="was">legacy: ${compactJson(line.other.value)}</span>` : "";
  const code = html`${indent(line.depth)}${keyHtml}: ${value}${note}`;

  const label = [
    path,
    ghost ? undefined : spokenValue(line.value),
    ghost ? cause!.spoken : (cause?.spoken ?? "cause not recorded at this depth"),
    ghost ? undefined : spokenCompare(line, ctx.era),
    expandable && line.folded ? "collapsed" : undefined,
  ]
    .filter((s): s is string => !!s)
    .join(", ");
  const classes = ["row", "key", ghost ? "ghost" : "", line.mark === "none" ? "" : line.mark].filter(Boolean).join(" ");
  const tab = ctx.tabStop ? "0" : "-1";
  ctx.tabStop = false;
  return html`<div class="${classes}" role="treeitem" aria-level="${line.depth}" aria-label="${label}"${
    expandable ? html` aria-expanded="${line.folded ? "false" : "true"}" data-toggle="${toggle!}"` : ""
  } tabindex="${tab}" data-key="${`${ctx.era}:${keyId(line.path)}`}"${chip?.act === undefined ? "" : html` data-act="${chip.act}"`} data-copy="${copy}"><span class="sg" aria-hidden="true">${
    ghost ? "" : SIGN[line.mark]
  }</span><span class="cd">${code}</span>${chip ? html`<span class="cause">${chip.html}</span>` : ""}</div>`;
}

function rowsHtml(lines: readonly (Line | null)[], ctx: RowCtx): SafeHtml {
  return join(lines.map((l) => (l && (l.kind === "open" || l.kind === "leaf" || l.kind === "ghost") ? keyRow(l, ctx) : punctRow(l))));
}

/** The diagnostic that explains why an era is null (the code the lens names too). */
export function nullReason(server: WireServer): WireDiagnostic | undefined {
  for (const code of ["capabilities-not-callable", "capability-not-object", "capabilities-dynamic"]) {
    const d = server.diagnostics.find((x) => x.code === code);
    if (d) return d;
  }
  return server.diagnostics.find((d) => d.severity === "error");
}

const sameStart = (a: WireDiagnostic["location"], b: WireDiagnostic["location"]) =>
  a.uri === b.uri && a.range.start.line === b.range.start.line && a.range.start.character === b.range.start.character;

/** The era's note when it is a fact to show, not the sentence of an error the column shows instead. */
function shownNote(server: WireServer, era: Era): WireServer["eraNotes"]["legacy"] {
  const note = server.eraNotes[era];
  if (!note) return undefined;
  if (note.location && server.diagnostics.some((d) => d.severity === "error" && sameStart(d.location, note.location!))) return undefined;
  return note;
}

/**
 * An era the entry point does not serve (SDK v1: initialize only): a fact about the program, shown
 * neutrally with the place that decides it; a note that sits on an error (a start-up throw) is a problem.
 */
function servedNote(server: WireServer, era: Era, actions: ActionTable): SafeHtml | undefined {
  const note = shownNote(server, era);
  if (!note) return undefined;
  return html`<div class="notserved neutral" role="note"><div class="ns-h">${icons.info()}<b>Not served</b></div><p>${note.text}.</p>${
    note.location
      ? html`<p class="ns-links">Decided at <button type="button" class="linkbtn" data-act="${actions.add({ kind: "reveal", location: note.location })}">${fileLine(note.location)}</button></p>`
      : ""
  }</div>`;
}

function notServed(server: WireServer, era: Era, actions: ActionTable): SafeHtml {
  const fact = servedNote(server, era, actions);
  if (fact) return fact;
  const d = nullReason(server);
  // Nothing failed, but the whole object is only known at run time (a framework whose installed
  // version is not known, say): a fact about the analysis, shown neutrally with its reason.
  const whole = d ? undefined : server.unknown.find((u) => u.path.length === 0 && !u.spread);
  if (whole) {
    return html`<div class="notserved neutral" role="note"><div class="ns-h">${icons.info()}<b>Not known statically</b></div><p>${whole.reason}.</p>${
      whole.location ? html`<p class="ns-links"><button type="button" class="linkbtn" data-act="${actions.add({ kind: "reveal", location: whole.location })}">${fileLine(whole.location)}</button></p>` : ""
    }</div>`;
  }
  const unknown = d?.code === "capabilities-dynamic";
  const heading = unknown ? "Not known until the server runs" : "Not served";
  const what = unknown
    ? `The ${ERA_INFO[era].method} capabilities are computed at run time.`
    : `${ERA_INFO[era].method} fails at run time with this server, so no capabilities are advertised.`;
  // Both eras stopped by the same problem: its message is told once, in the legacy column.
  const toldBefore = era === "modern" && server.legacy === null && !shownNote(server, "legacy");
  return html`<div class="notserved" role="note"><div class="ns-h">${unknown ? icons.info() : icons.error()}<b>${heading}</b>${
    d ? html` <span class="ns-code">(${d.code})</span>` : ""
  }</div><p>${what}${toldBefore && d ? " The same problem as in legacy stops it." : ""}</p>${
    d
      ? html`${toldBefore ? "" : html`<p class="ns-msg">${d.message}</p>`}<p class="ns-links"><button type="button" class="linkbtn" data-act="${actions.add({ kind: "reveal", location: d.location })}">${fileLine(d.location)}</button> · <button type="button" class="linkbtn" data-act="${actions.add({ kind: "openRule", code: d.code })}">about ${d.code}</button></p>`
      : ""
  }</div>`;
}

function keyCount(v: Json | null): number {
  return isObject(v) ? Object.keys(v).length : 0;
}

function columnHtml(era: Era, body: SafeHtml, server: WireServer, actions: ActionTable, focused: boolean): SafeHtml {
  const info = ERA_INFO[era];
  const value = server[era];
  const copy =
    value === null
      ? ""
      : html`<button type="button" class="ibtn" data-act="${actions.add({ kind: "copy", text: JSON.stringify(value, null, 2), what: `${info.title} capabilities JSON` })}" aria-label="Copy ${info.title.toLowerCase()} capabilities JSON" title="Copy ${info.title.toLowerCase()} JSON">${icons.copy()}</button>`;
  const count = keyCount(value);
  return html`<section class="col era-${era}${focused ? " focused" : ""}" aria-labelledby="col-${era}"><div class="ch"><span class="sr" id="col-${era}">${info.spoken}</span><span class="era" aria-hidden="true"><i class="dot ${era}"></i>${info.title}</span><span class="m1" aria-hidden="true">· ${info.method}</span><span class="m" aria-hidden="true">${info.versions}</span><span class="r">${
    value === null ? html`<span>not served</span>` : html`<span>${count} ${count === 1 ? "key" : "keys"}</span>`
  }${copy}</span></div>${body}</section>`;
}

/** Both columns; `folded` holds the `keyId`s of collapsed key rows. */
export function renderColumns(report: ServerReportResult, server: WireServer, folded: ReadonlySet<string>, actions: ActionTable, focusEra?: Era): SafeHtml {
  const tree = (era: Era, lines: readonly (Line | null)[]) =>
    html`<div class="rows" role="tree" aria-labelledby="col-${era}">${rowsHtml(lines, { server, report, era, actions, tabStop: true })}</div>`;
  let legacy: SafeHtml;
  let modern: SafeHtml;
  if (server.legacy !== null && server.modern !== null) {
    const slots = alignEras(server, { folded });
    legacy = tree("legacy", slots.map((s) => s.legacy));
    modern = tree("modern", slots.map((s) => s.modern));
  } else {
    legacy = server.legacy === null ? notServed(server, "legacy", actions) : tree("legacy", singleEra(server, "legacy", { folded }));
    modern = server.modern === null ? notServed(server, "modern", actions) : tree("modern", singleEra(server, "modern", { folded }));
  }
  return html`<div class="cols">${columnHtml("legacy", legacy, server, actions, focusEra === "legacy")}${columnHtml("modern", modern, server, actions, focusEra === "modern")}</div>`;
}

