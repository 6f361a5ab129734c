// Why a key is in an era, as a provenance chip: icon by kind, a label, its location, the action a
// click runs, and the same in words for screen readers.
import type { ServerReportResult, WireLocation, WireProvenance, WireServer } from "../../../../common/protocol";
import type { Era } from "../messages";
import { baseName, html, type SafeHtml } from "./escape";
import { icons } from "./icons";
import type { Missing } from "./jsonRows";
import type { Action, ActionTable } from "./model";

const CAUSE_KINDS = ["base", "default", "handler", "inherited", "component", "registration", "rule", "tasks", "missing"] as const;
export type CauseKind = (typeof CAUSE_KINDS)[number];

export interface Cause {
  readonly kind: CauseKind;
  readonly label: string;
  /** Secondary text after the label (`inventory.ts:9`, `workspace setting`). */
  readonly where?: string;
  readonly action?: Action;
  /** "set by handleSubscribeResource, inventory.ts line 9". */
  readonly spoken: string;
  readonly title: string;
}

/** The `openRule` codes of chips that are not diagnostics (the host maps them to documentation). */
export const RULE_CODES = { modernEra: "modern-era", tasksExtension: "tasks-extension" } as const;

export const fileLine = (loc: WireLocation): string => `${baseName(loc.uri)}:${loc.range.start.line + 1}`;
const spokenLoc = (loc: WireLocation): string => `${baseName(loc.uri)} line ${loc.range.start.line + 1}`;

/** The provenance entry of `path` in `era` (an entry for `both` serves either). */
export function provenanceOf(server: WireServer, path: readonly string[], era: Era): WireProvenance | undefined {
  const same = (p: WireProvenance) => p.path.length === path.length && p.path.every((s, i) => s === path[i]);
  return server.provenance.find((p) => same(p) && p.era === era) ?? server.provenance.find((p) => same(p) && p.era === "both");
}

const TASKS_SOURCE: Readonly<Record<ServerReportResult["tasksSource"], string>> = {
  setting: "workspace setting",
  "package.json": "package.json",
  default: "default",
};

export function describeCause(server: WireServer, p: WireProvenance, tasksSource: ServerReportResult["tasksSource"]): Cause {
  const reveal = (loc: WireLocation | undefined): Action | undefined => (loc ? { kind: "reveal", location: loc } : undefined);
  const at = (loc: WireLocation | undefined) => (loc ? `, ${spokenLoc(loc)}` : "");
  const loc = p.location;
  // Era rules and the tasks switch open their documentation; every other cause is worded by the dialect.
  if (p.because === "era" || p.cause?.kind === "rule") {
    const label = p.cause?.label ?? "modern rule";
    return {
      kind: "rule",
      label,
      where: loc && fileLine(loc),
      action: p.because === "era" ? { kind: "openRule", code: RULE_CODES.modernEra } : reveal(loc),
      spoken: `${p.cause?.spoken ?? "set by the modern era rule"}${at(loc)}`,
      title: p.cause?.title ?? "A rule of the 2026-07-28 era: open its documentation",
    };
  }
  if (p.because === "tasksExtension") {
    const source = TASKS_SOURCE[tasksSource] ?? tasksSource;
    return {
      kind: "tasks",
      label: "tasks extension",
      where: p.path.length === 1 ? source : undefined,
      action: { kind: "openRule", code: RULE_CODES.tasksExtension },
      spoken: `set by the tasks extension, from the ${source}`,
      title: "The tasks extension is on: open its documentation",
    };
  }
  const kind = (CAUSE_KINDS as readonly string[]).includes(p.cause?.kind ?? "") ? (p.cause!.kind as CauseKind) : "component";
  const target = loc ?? (kind === "default" ? server.location : undefined);
  return {
    kind,
    label: p.cause?.label ?? (p.detail ? `${p.because} · ${p.detail}` : p.because),
    where: kind === "default" ? "default" : loc && fileLine(loc),
    action: reveal(target),
    spoken: `${p.cause?.spoken ?? `set by ${p.because}`}${at(loc)}`,
    title: p.cause?.title ?? p.because,
  };
}

export function missingCause(m: Missing): Cause {
  return {
    kind: "missing",
    label: `missing? ${m.member}`,
    where: fileLine(m.location),
    action: { kind: "reveal", location: m.location },
    spoken: `missing: ${m.member} is not a handler, did you mean ${m.meant}? ${spokenLoc(m.location)}`,
    title: `${m.member} is not a handler. Did you mean ${m.meant}?`,
  };
}

const ICON: Readonly<Record<CauseKind, () => SafeHtml>> = {
  base: icons.braces,
  default: icons.braces,
  handler: icons.method,
  inherited: icons.inherited,
  component: icons.component,
  registration: icons.method,
  rule: icons.rule,
  tasks: icons.extension,
  missing: icons.warning,
};

/** The chip markup; `act` is the index of its action (from the row, which runs the same one). */
export function chip(cause: Cause, act: number | undefined): SafeHtml {
  const link = cause.action?.kind === "reveal";
  return html`<span class="chip c-${cause.kind}${link ? " link" : ""}"${act === undefined ? "" : html` data-act="${act}"`} title="${`${cause.label}${cause.where ? ` · ${cause.where}` : ""}: ${cause.title}`}">${ICON[cause.kind]()}<span class="cl">${cause.label}</span>${
    cause.where ? html`<span class="sep">·</span><span class="loc">${cause.where}</span>` : ""
  }</span>`;
}

export function chipWithAction(cause: Cause, actions: ActionTable): { html: SafeHtml; act?: number } {
  const act = cause.action ? actions.add(cause.action) : undefined;
  return { html: chip(cause, act), act };
}
