// `const capabilities = { tools: {} }; const server = new Server(info, { capabilities });
// capabilities.logging = {};`: top-level statements writing a key of the const object the constructor
// was given, after it. What the server sends depends on the SDK: v1's Server keeps that very object
// (until `registerCapabilities` merges it into a new one, which McpServer does as it installs
// handlers), so a write that follows the construction with nothing else in between is sent; v2's
// copies it one level at construction, so a key written afterwards never is. The engine, which
// knows no SDK, leaves every such key unknown for a use above its writes.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { straightWritesOf } from "../../core/evaluate/straightWrites";
import type { ObjEntry, TopWrite, ValueExpr } from "../../core/model/summary";
import type { SdkSite } from "./findSdkServers";

/** Blanks, semicolons and comments: nothing runs there. */
const NOTHING_RUNS = /^(?:\s|;|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/;

/**
 * The constructor's options with their `capabilities` (a top-level const of the construction's file,
 * given by name) replaced by the object the SDK holds once the module's top level has run; undefined
 * when that is not this case or not known (the engine's answer stands).
 */
export function optionsWithLaterWrites(ev: Evaluator, site: SdkSite, options: ValueExpr, sdk: { version: "v1" | "v2"; lowLevel: boolean }): ValueExpr | undefined {
  if (site.subclass || site.unit.kind !== "module" || options.k !== "obj") return undefined;
  const index = options.entries.findIndex((e) => e.k === "prop" && e.key.k === "static" && e.key.name === "capabilities");
  const entry = options.entries[index];
  if (!entry || entry.k !== "prop" || entry.value.k !== "ref") return undefined;
  // v1's McpServer merges the object into a new one when it installs handlers at construction.
  if (sdk.version === "v1" && !sdk.lowLevel) return undefined;
  const held = heldObject(ev, site, entry.value.name, sdk.version);
  return held && { ...options, entries: options.entries.map((e, i) => (i === index && e.k === "prop" ? { ...e, value: held } : e)) };
}

function heldObject(ev: Evaluator, site: SdkSite, name: string, version: "v1" | "v2"): ValueExpr | undefined {
  const summary = ev.summary(site.file);
  const text = ev.host.text?.(site.file);
  const decl = summary?.decls.get(name);
  if (!summary || text === undefined || decl?.k !== "const" || decl.init.k !== "obj") return undefined;
  const writes = straightWritesOf(summary, text, name);
  const built = site.event.span;
  if (!writes || writes.some((w) => w.k !== "set" || (w.span.start < built.end && w.span.end > built.start))) return undefined;
  const later = writes.filter((w) => w.span.start >= built.end);
  if (later.length === 0) return undefined;
  let seen: readonly TopWrite[];
  if (version === "v2") seen = writes.filter((w) => w.span.end <= built.start);
  else {
    // Each later write must follow the construction (or the write before it) with nothing run in between.
    let from = built.end;
    for (const w of later) {
      if (!NOTHING_RUNS.test(text.slice(from, w.span.start))) return undefined;
      from = w.span.end;
    }
    seen = writes;
  }
  const entries: ObjEntry[] = [...decl.init.entries];
  for (const w of seen) if (w.k === "set") entries.push({ k: "prop", key: { k: "static", name: w.key, span: w.head }, value: w.value });
  return { ...decl.init, entries };
}
