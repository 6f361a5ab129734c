import { diagnosticMaker, type CodeInfo } from "../../core/model/diagnostics";

/** Every diagnostic code of the conduit dialect's contract (its §7), with severity and summary. */
export const CONDUIT_CODES = {
  "subscribe-without-resources": { severity: "warning", summary: "handleSubscribeResource present, but the base has no resources: legacy ignores it" },
  "unsubscribe-without-subscribe": { severity: "warning", summary: "handleUnsubscribeResource without handleSubscribeResource" },
  "capability-not-object": { severity: "error", summary: "tools/resources/prompts (or extensions with the tasks extension) is not an object" },
  "handler-arity": { severity: "warning", summary: "a handler declares more parameters than the runtime passes" },
  "handler-static": { severity: "warning", summary: "a handler name on a static member" },
  "handler-misspelled": { severity: "warning", summary: "a member that resembles a handler the class lacks", ignoreTitle: "Mark as helper (ignore here)" },
  "capabilities-not-static": { severity: "warning", summary: "__capabilities__ declared on instances" },
  "capabilities-not-callable": { severity: "error", summary: "static __capabilities__ is not a function" },
  "capabilities-dynamic": { severity: "information", summary: "part or all of the base cannot be evaluated statically" },
  "unknown-capability-key": { severity: "warning", summary: "a top-level base key MCP does not define" },
  "endpoint-capabilities-override": { severity: "warning", summary: "an Endpoint that declares __capabilities__" },
  "component-unresolved": { severity: "information", summary: "an Endpoint component of unknown kind" },
  "inheritance-cycle": { severity: "error", summary: "extends loops" },
  "base-unresolved": { severity: "information", summary: "an extends target that cannot be resolved" },
  "logging-deprecated": { severity: "hint", summary: "handleSetLogLevel: 2026-07-28 has no logging/setLevel" },
  "tasks-legacy-shape": { severity: "warning", summary: "the 2025-11-25 tasks key in the base" },
} as const satisfies Record<string, CodeInfo>;

export type ConduitCode = keyof typeof CONDUIT_CODES;

export const diagnostic = diagnosticMaker(CONDUIT_CODES);
