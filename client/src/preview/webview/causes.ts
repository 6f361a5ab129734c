// Why a key is in an era, as a provenance chip: icon by kind, a label, its location, the action a
// click runs, and the same in words for screen readers.
import type { ServerReportResult, WireLocation, WireProvenance, WireServer } from "../../../../common/protocol";
import type { Era } from "../messages";
import { baseName, html, type SafeHtml } from "./escape";
import { icons } from "./icons";
import type { Missing } from "./jsonRows";
import type { Action, ActionTable } from "./model";

export type CauseKind = "base" | "default" | "handler" | "inherited" | "component" | "rule" | "tasks" | "missing";

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

/** What the modern era's rule for `path` is about (the rule documentation names it so). */
function ruleTopic(path: readonly string[]): string | undefined {
  if (path.length === 1 && path[0] === "logging") return "always on";
  if (path.length === 2 && (path[1] === "listChanged" || (path[0] === "resources" && path[1] === "subscribe"))) return "subscriptions/listen";
  return undefined;
}

const TASKS_SOURCE: Readonly<Record<ServerReportResult["tasksSource"], string>> = {
  setting: "workspace setting",
  "package.json": "package.json",
  default: "default",
};

export function describeCause(server: WireServer, p: WireProvenance, tasksSource: ServerReportResult["tasksSource"]): Cause {
  const reveal = (loc: WireLocation | undefined): Action | undefined => (loc ? { kind: "reveal", location: loc } : undefined);
  const at = (loc: WireLocation | undefined) => (loc ? `, ${spokenLoc(loc)}` : "");
  switch (p.because) {
    case "base": {
      const loc = p.location ?? server.base.location;
      const label = server.base.kind === "endpoint" ? "base · Endpoint" : "base · __capabilities__";
      return { kind: "base", label, where: loc && fileLine(loc), action: reveal(loc), spoken: `set by the base, __capabilities__${at(loc)}`, title: "Written in the base capabilities" };
    }
    case "default":
      return {
        kind: "default",
        label: "default trio",
        where: "no __capabilities__",
        action: reveal(server.location),
        spoken: "from the default trio, the class has no __capabilities__",
        title: "No __capabilities__: the default tools, resources and prompts",
      };
    case "era": {
      const topic = ruleTopic(p.path);
      return {
        kind: "rule",
        label: topic ? `modern rule · ${topic}` : "modern rule",
        action: { kind: "openRule", code: RULE_CODES.modernEra },
        spoken: `set by the modern era rule${topic ? `, ${topic}` : ""}`,
        title: "A rule of the 2026-07-28 era: open its documentation",
      };
    }
    case "tasksExtension": {
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
  }
  const handler = server.handlers.find((h) => h.handler === p.because);
  if (handler || /^handle[A-Z]/.test(p.because)) {
    const inherited = handler ? handler.via !== "own" : p.detail !== undefined;
    const label = inherited ? (p.detail ?? `${handler!.className}.${p.because}`) : p.because;
    const loc = p.location ?? handler?.location;
    return {
      kind: inherited ? "inherited" : "handler",
      label,
      where: loc && fileLine(loc),
      action: reveal(loc),
      spoken: `set by ${inherited ? "inherited handler " : ""}${label}${at(loc)}`,
      title: inherited ? `Handler inherited from ${handler?.className ?? "a base class"}` : "Handler of this class",
    };
  }
  return {
    kind: "component",
    label: p.detail ? `${p.because} · ${p.detail}` : p.because,
    where: p.location && fileLine(p.location),
    action: reveal(p.location),
    spoken: `set by component ${p.because}${p.detail ? `, ${p.detail}` : ""}${at(p.location)}`,
    title: "Endpoint component",
  };
}

export function missingCause(m: Missing): Cause {
  return {
    kind: "missing",
    label: `missing? ${m.member}`,
    where: fileLine(m.location),
    action: { kind: "reveal", location: m.location },
    spoken: `missing: ${m.member} is not a handler, did you mean ${m.handler}? ${spokenLoc(m.location)}`,
    title: `${m.member} is not a handler. Did you mean ${m.handler}?`,
  };
}

const ICON: Readonly<Record<CauseKind, () => SafeHtml>> = {
  base: icons.braces,
  default: icons.braces,
  handler: icons.method,
  inherited: icons.inherited,
  component: icons.component,
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
