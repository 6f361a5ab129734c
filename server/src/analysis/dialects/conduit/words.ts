// How the conduit dialect's causes read: the base (`__capabilities__`, the default trio, an Endpoint's
// components), a handler (own or inherited), or an era rule.
import type { CauseWords, DialectWords } from "../../core/dialect";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { ServerReport } from "../../core/model/serverReport";
import { conduitDetails } from "./details";
import { HANDLERS } from "./handlers";

/** What the modern era's rule for `path` is about. */
function ruleTopic(path: readonly string[]): string | undefined {
  if (path.length === 1 && path[0] === "logging") return "always on";
  if (path.length === 2 && (path[1] === "listChanged" || (path[0] === "resources" && path[1] === "subscribe"))) return "subscriptions/listen";
  return undefined;
}

/** `AuditBase.handleSetLogLevel` names an inherited handler more precisely; other details qualify the cause. */
function brief(p: ProvenanceEntry): string {
  if (p.because === "era") return "era rule";
  if (p.because === "tasksExtension") return "tasks extension";
  if (!p.detail) return p.because;
  if (p.detail.endsWith(`.${p.because}`)) return p.detail;
  return `${p.because} (${p.detail})`;
}

function cause(server: ServerReport, p: ProvenanceEntry): CauseWords {
  return { ...words(server, p), brief: brief(p) };
}

function words(server: ServerReport, p: ProvenanceEntry): Omit<CauseWords, "brief"> {
  const details = conduitDetails(server.details);
  switch (p.because) {
    case "base": {
      const endpoint = details?.base.kind === "endpoint";
      return {
        kind: "base",
        label: endpoint ? "base · Endpoint" : "base · __capabilities__",
        spoken: `set by the base, ${endpoint ? "the Endpoint" : "__capabilities__"}`,
        title: "Written in the base capabilities",
      };
    }
    case "default":
      return { kind: "default", label: "default trio", spoken: "from the default trio, the class has no __capabilities__", title: "No __capabilities__: the default tools, resources and prompts" };
    case "era": {
      const topic = ruleTopic(p.path);
      return { kind: "rule", label: topic ? `modern rule · ${topic}` : "modern rule", spoken: `set by the modern era rule${topic ? `, ${topic}` : ""}`, title: "A rule of the 2026-07-28 era" };
    }
    case "tasksExtension":
      return { kind: "tasks", label: "tasks extension", spoken: "set by the tasks extension", title: "The tasks extension is on" };
  }
  if (HANDLERS.has(p.because)) {
    const handler = details?.handlers.find((h) => h.handler === p.because);
    const inherited = handler ? handler.via !== "own" : p.detail !== undefined;
    const label = inherited ? (p.detail ?? `${handler?.className ?? "base"}.${p.because}`) : p.because;
    return {
      kind: inherited ? "inherited" : "handler",
      label,
      spoken: `set by ${inherited ? "inherited handler " : ""}${label}`,
      title: inherited ? `Handler inherited from ${handler?.className ?? "a base class"}` : "Handler of this class",
    };
  }
  return {
    kind: "component",
    label: p.detail ? `${p.because} · ${p.detail}` : p.because,
    spoken: `set by component ${p.because}${p.detail ? `, ${p.detail}` : ""}`,
    title: "Endpoint component",
  };
}

export const conduitWords: DialectWords = {
  serverNoun: "server class",
  tag: () => "conduit",
  cause,
  recognises: "server classes: a class with static __capabilities__, a handler such as handleListTools, Endpoint components, or @mcpServer",
  followsTasksSetting: true,
};
