// `const capabilities = { tools: {} }; const server = new Server(info, { capabilities });
// capabilities.logging = {};`: top-level statements writing a key of the const object the constructor
// was given, after it. What the server sends depends on the SDK: v1's Server keeps that very object
// (until `registerCapabilities` merges it into a new one, which McpServer does as it installs
// handlers), so a write that follows the construction with nothing else in between is sent; v2's
// copies it one level at construction, so a key written afterwards never is. The engine, which
// knows no SDK, leaves every such key unknown for a use above its writes.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { straightWritesOf } from "../../core/evaluate/straightWrites";
import type { FileSummary, ObjEntry, Span, TopWrite, ValueExpr } from "../../core/model/summary";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import { requiredCapability, SCHEMA_METHODS } from "./sdkTables";
import type { SdkSite } from "./findSdkServers";

/** Blanks, semicolons and comments: nothing runs there. */
const NOTHING_RUNS = /^(?:\s|;|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/;

/**
 * The constructor's options with their `capabilities` (a top-level const of the construction's file,
 * given by name) replaced by the object the SDK holds once the module's top level has run; undefined
 * when that is not this case or not known (the engine's answer stands).
 */
export function optionsWithLaterWrites(ev: Evaluator, site: SdkSite, options: ValueExpr, sdk: { version: "v1" | "v2"; lowLevel: boolean }): LaterWrites | undefined {
  if (site.subclass || site.unit.kind !== "module" || options.k !== "obj") return undefined;
  const index = options.entries.findIndex((e) => e.k === "prop" && e.key.k === "static" && e.key.name === "capabilities");
  const entry = options.entries[index];
  if (!entry || entry.k !== "prop" || entry.value.k !== "ref") return undefined;
  // v1's McpServer merges the object into a new one when it installs handlers at construction.
  if (sdk.version === "v1" && !sdk.lowLevel) return undefined;
  const held = heldObject(ev, site, entry.value.name, sdk.version);
  return held && { options: { ...options, entries: options.entries.map((e, i) => (i === index && e.k === "prop" ? { ...e, value: held.object } : e)) }, ...(held.loggingLate ? { loggingLate: held.loggingLate } : {}) };
}

/** The options as the server holds them, and where `logging` is written after the construction, if it is. */
export interface LaterWrites {
  readonly options: ValueExpr;
  /**
   * v1's constructor installs its `logging/setLevel` handler only for a `logging` it is given: one
   * written later is sent in initialize, but nothing answers setLevel.
   */
  readonly loggingLate?: Span;
}

/**
 * Whether nothing runs in `text` between `from` and `to` but top-level statements `harmless` accepts:
 * once they are set aside, only blanks, semicolons and comments are left.
 */
function nothingRunsBetween(sf: ts.SourceFile, text: string, from: number, to: number, harmless: (st: ts.Statement) => boolean): boolean {
  let rest = "";
  let at = from;
  for (const st of sf.statements) {
    if (st.end <= from || st.pos >= to) continue;
    const start = st.getStart(sf);
    if (start < from || st.end > to || !harmless(st)) continue;
    rest += text.slice(at, start);
    at = st.end;
  }
  return NOTHING_RUNS.test(rest + text.slice(at, to));
}

/**
 * `server.setRequestHandler(ListToolsRequestSchema, async () => …)` on the server made here, with an
 * SDK schema and a function written there: it installs a handler (run only when a request comes)
 * and replaces no capabilities object. It does read one key, the capability its method requires
 * (sdkTables.ts), which must not be one written later: at that moment it is not yet what the write makes it.
 */
function installsHandlerOnly(st: ts.Statement, binding: string, summary: FileSummary, laterKeys: ReadonlySet<string>): boolean {
  if (!ts.isExpressionStatement(st) || !ts.isCallExpression(st.expression)) return false;
  const call = st.expression;
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression) || callee.expression.text !== binding || callee.name.text !== "setRequestHandler" || call.questionDotToken || callee.questionDotToken) return false;
  const [schema, handler] = call.arguments;
  if (call.arguments.length !== 2 || !schema || !handler || !ts.isIdentifier(schema) || !(ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) return false;
  const imported = summary.imports.get(schema.text);
  const method = imported && imported.specifier.startsWith("@modelcontextprotocol/sdk") && !summary.decls.has(schema.text) ? SCHEMA_METHODS[imported.imported] : undefined;
  if (method === undefined) return false;
  const required = requiredCapability(method, "v1");
  return required === undefined || !laterKeys.has(required);
}

function heldObject(ev: Evaluator, site: SdkSite, name: string, version: "v1" | "v2"): { readonly object: ValueExpr; readonly loggingLate?: Span } | undefined {
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
    // Each later write must follow the construction (or the write before it) with nothing run in
    // between but handlers installed on the server that check no key written later.
    const laterKeys = new Set(later.map((w) => (w.k === "set" ? w.key : "")));
    const sf = parsedSource(ev, site.file);
    let from = built.end;
    for (const w of later) {
      if (!sf || !nothingRunsBetween(sf, text, from, w.span.start, (st) => installsHandlerOnly(st, site.binding, summary, laterKeys))) return undefined;
      from = w.span.end;
    }
    seen = writes;
  }
  const entries: ObjEntry[] = [...decl.init.entries];
  for (const w of seen) if (w.k === "set") entries.push({ k: "prop", key: { k: "static", name: w.key, span: w.head }, value: w.value });
  const loggingLate = version === "v1" ? later.find((w) => w.k === "set" && w.key === "logging")?.span : undefined;
  return { object: { ...decl.init, entries }, ...(loggingLate ? { loggingLate } : {}) };
}
