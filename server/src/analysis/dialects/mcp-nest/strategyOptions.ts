// The options object of `new McpStrategy({...})`, read from the syntax: the `server` name, the
// `capabilities` (with keys written as `undefined` told apart from absent ones, which is what the
// framework's `'logging' in capabilities` test does), and the transports, which decide the eras.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { withoutMarkers } from "../../core/evaluate/unknownParts";
import { DYNAMIC_KEY, SPREAD_KEY, toJson } from "../../core/evaluate/values";
import type { DynamicPart, JsonObject, Loc, Value } from "../../core/evaluate/values";
import type { ObjEntry, ValueExpr } from "../../core/model/summary";
import type { UnknownPart } from "../../core/model/unknown";
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import { mutatedNames } from "../../core/evaluate/mutation";
import { displayable } from "../../core/model/text";
import { mcpNestExport } from "./reexports";
import { optionProps, spreadCall, type OptionProp } from "./spreadOptions";

export interface TransportInfo {
  readonly kind: "stdio" | "streamable-http";
  readonly legacy: boolean;
  readonly modern: boolean;
  readonly loc: Loc;
  /**
   * A Streamable HTTP transport's `mount` option: "self" when it mounts its own routes on the
   * application's HTTP adapter as it starts (absent, unless a controller reads its httpHandlers, or
   * `true`), "off" (`false`), "unknown" (not a literal, or the options hold a spread).
   */
  readonly mount?: "self" | "off" | "unknown";
}

export interface StrategyOptions {
  /** The `name` option, what clients see as serverInfo.name, when the options give it statically (through consts, imports and spreads too). */
  readonly name?: string;
  readonly server: string | undefined;
  readonly serverLoc: Loc | undefined;
  /** The capabilities option as known (absent keys and keys written `undefined` are left out). */
  readonly capabilities: JsonObject;
  /** Where each top-level capability key is written. */
  readonly capabilityLocs: ReadonlyMap<string, Loc>;
  /** Top-level keys present in the option, `undefined` ones included. */
  readonly presentKeys: ReadonlySet<string>;
  /** The option may hold keys not known statically (a value or a spread only known when it runs): where it is written. */
  readonly capabilitiesOpen?: Loc;
  /**
   * With `capabilitiesOpen`: the only keys what is not known may write, when it is a choice of objects
   * whose keys are known (`env ? { logging: undefined } : undefined`); absent: any key.
   */
  readonly capabilitiesMayHold?: ReadonlySet<string>;
  readonly unknown: UnknownPart[];
  /** null: the transports are not known statically. */
  readonly transports: TransportInfo[] | null;
  /** Where the transports option is written (the options, when it is not). */
  readonly transportsLoc?: Loc;
  /** The `serverMutator` property, as the options give it (through spreads and a function's literal too), when they hold one. */
  readonly serverMutator?: OptionProp;
  /** Whether the options give the strategy an HTTP adapter (`httpAdapter`): "unknown" when they hold a spread. */
  readonly httpAdapter?: "given" | "absent" | "unknown";
}

type ObjectExpr = Extract<ValueExpr, { k: "obj" }>;
type ArrayExpr = Extract<ValueExpr, { k: "arr" }>;

/** The literal an expression stands for, and the file that writes it: options are often an exported const
 *  of a config module (`new McpStrategy(mcpOptions)`), so consts are followed through imports. */
export function resolveLiteral(ev: Evaluator, file: string, expr: ValueExpr | undefined, changedElsewhere?: ReadonlySet<string>): { expr: ValueExpr; file: string } | undefined {
  let cur = expr;
  let at = file;
  // `mcpOptions.capabilities = {...}` where it is read or where it is declared (or, when the caller
  // read the whole package, anywhere in it): not what was written.
  const changed = (where: string, name: string): boolean => {
    if (changedElsewhere?.has(name)) return true;
    const summary = ev.summary(where);
    const text = ev.host.text?.(where);
    return summary === undefined || text === undefined || mutatedNames(summary, text).has(name);
  };
  for (let i = 0; i < 10 && cur?.k === "ref"; i++) {
    const declared = constDeclaration(ev, at, cur.name);
    if (declared && (changed(at, cur.name) || changed(declared.file, declared.name))) return undefined;
    cur = declared?.init;
    at = declared?.file ?? at;
  }
  return cur ? { expr: cur, file: at } : undefined;
}

export function resolveObject(ev: Evaluator, file: string, expr: ValueExpr | undefined, changedElsewhere?: ReadonlySet<string>): { obj: ObjectExpr; file: string } | undefined {
  const found = resolveLiteral(ev, file, expr, changedElsewhere);
  return found?.expr.k === "obj" ? { obj: found.expr, file: found.file } : undefined;
}

function resolveArray(ev: Evaluator, file: string, expr: ValueExpr | undefined): { arr: ArrayExpr; file: string } | undefined {
  const found = resolveLiteral(ev, file, expr);
  return found?.expr.k === "arr" ? { arr: found.expr, file: found.file } : undefined;
}

export function prop(obj: Extract<ValueExpr, { k: "obj" }>, name: string): Extract<ObjEntry, { k: "prop" }> | undefined {
  return obj.entries.find((e): e is Extract<ObjEntry, { k: "prop" }> => e.k === "prop" && e.key.k === "static" && e.key.name === name);
}

const isUndefined = (v: Value): boolean => v.t === "dyn" && v.text === "undefined";

/** Options of which nothing is known, with why. */
export function unknownOptions(reason: string, at: Loc): StrategyOptions {
  // They may hold a capabilities option, and one with the key logging turns off the default `logging: {}`.
  return { server: undefined, serverLoc: undefined, capabilities: {}, capabilityLocs: new Map(), presentKeys: new Set(), capabilitiesOpen: at, unknown: [{ path: [], reason, loc: at }], transports: null, transportsLoc: at };
}

export function readOptions(ev: Evaluator, callFile: string, arg: ValueExpr | undefined, at: Loc): StrategyOptions {
  const unknown: UnknownPart[] = [];
  // `new McpStrategy(mcpOptions({ version: "1.2.0" }))`: the literal a function of the workspace returns (calledLiteral.ts).
  const resolved = resolveObject(ev, callFile, arg) ?? (arg ? spreadCall(ev, callFile, arg) : undefined);
  const unread = () => unknownOptions("the McpStrategy options are not an object literal the code leaves as written, so nothing of them is known without running the server", at);
  if (!resolved) return unread();
  const { obj, file } = resolved;
  const params = "params" in resolved ? resolved.params : undefined;
  // `{ ...MCP_OPTIONS, transports }` with MCP_OPTIONS a literal const (of this file or imported): its
  // properties laid out (spreadOptions.ts), each read in the file it is written in. A function's
  // literal is always laid out: its properties may read the parameters, which only that follows.
  const props = params || obj.entries.some((e) => e.k === "spread") ? optionProps(ev, file, obj, undefined, 0, undefined, params) : undefined;
  if (params && !props) return unread();
  const get = (name: string): OptionProp | undefined => {
    if (props) return props.get(name);
    const p = prop(obj, name);
    return p ? { entry: p, file } : undefined;
  };
  const spreadOpen = props === undefined && obj.entries.some((e) => e.k === "spread");
  let server: string | undefined;
  let serverLoc: Loc | undefined;
  const serverProp = get("server");
  if (serverProp) {
    const v = ev.evaluate(serverProp.entry.value, ev.fileScope(serverProp.file), { calls: false });
    serverLoc = { file: serverProp.file, span: serverProp.entry.value.span };
    if (v.t === "prim" && typeof v.value === "string" && v.value !== "") server = v.value;
    else if (!(v.t === "prim" || isUndefined(v))) unknown.push({ path: [], reason: `the server name ${ev.sourceText(serverProp.entry.value, serverProp.file)} is only known when it runs, and it decides which controllers bind`, loc: serverLoc });
  }
  if (spreadOpen) unknown.push({ path: [], spread: true, reason: "the McpStrategy options hold a spread that is only known when it runs", loc: at });
  // A spread only known when it runs may bring its own name.
  const nameProp = spreadOpen ? undefined : get("name");
  const nameValue = nameProp ? ev.evaluate(nameProp.entry.value, ev.fileScope(nameProp.file), { calls: false }) : undefined;
  const name = nameValue?.t === "prim" && typeof nameValue.value === "string" ? displayable(nameValue.value) : undefined;

  const capabilitiesProp = get("capabilities");
  const { capabilities, capabilityLocs, presentKeys, capabilitiesOpen, capabilitiesMayHold } = readCapabilitiesOption(ev, capabilitiesProp?.file ?? file, capabilitiesProp?.entry.value, unknown);
  const httpAdapter = get("httpAdapter") ? "given" : props === undefined && obj.entries.some((e) => e.k !== "prop" || e.key.k !== "static") ? "unknown" : "absent";
  // A spread of the options may bring a capabilities option of its own.
  const open = capabilitiesOpen ?? (spreadOpen ? at : undefined);
  const transportsProp = get("transports");
  const transportsExpr = transportsProp?.entry.value;
  // A spread may bring the transports.
  const transports = transportsExpr === undefined && spreadOpen ? null : readTransports(ev, transportsProp?.file ?? file, transportsExpr);
  const serverMutator = get("serverMutator");
  return { ...(name ? { name } : {}), ...(serverMutator ? { serverMutator } : {}), server, serverLoc, capabilities, capabilityLocs, presentKeys, ...(open ? { capabilitiesOpen: open } : {}), ...(capabilitiesOpen && capabilitiesMayHold && !spreadOpen ? { capabilitiesMayHold } : {}), unknown, transports, transportsLoc: transportsExpr ? { file: transportsProp!.file, span: transportsExpr.span } : at, httpAdapter };
}

/** The `capabilities` option of MCP-Nest's options (both majors): what is known of it; the rest goes to `unknown`. */
export function readCapabilitiesOption(ev: Evaluator, file: string, expr: ValueExpr | undefined, unknown: UnknownPart[]): Pick<StrategyOptions, "capabilities" | "capabilityLocs" | "presentKeys" | "capabilitiesOpen" | "capabilitiesMayHold"> {
  const capabilities: JsonObject = {};
  const capabilityLocs = new Map<string, Loc>();
  const presentKeys = new Set<string>();
  if (!expr) return { capabilities, capabilityLocs, presentKeys };
  const value = ev.evaluate(expr, ev.fileScope(file), { calls: false });
  if (value.t === "obj") {
    const dynamics: DynamicPart[] = [];
    const raw: JsonObject = {};
    for (const [key, entry] of value.entries) {
      if (key === DYNAMIC_KEY && entry.value.t === "dyn") {
        // A spread of something not known: the option may hold more keys.
        dynamics.push({ text: entry.value.text, loc: entry.value.loc, ...(entry.value.why ? { why: entry.value.why } : {}) });
        raw[SPREAD_KEY] = entry.value.text;
        continue;
      }
      presentKeys.add(key);
      capabilityLocs.set(key, entry.keyLoc);
      if (isUndefined(entry.value)) continue;
      raw[key] = toJson(entry.value, dynamics);
    }
    // Keys written as `undefined` are absent from the value but still keys for `'logging' in capabilities`.
    for (const key of value.cleared ?? []) presentKeys.add(key);
    const cleaned = withoutMarkers(raw, dynamics);
    Object.assign(capabilities, cleaned.caps ?? {});
    unknown.push(...cleaned.unknown);
    const mayWrite = value.entries.get(DYNAMIC_KEY)?.mayWrite;
    if (SPREAD_KEY in raw) return { capabilities, capabilityLocs, presentKeys, capabilitiesOpen: { file, span: expr.span }, ...(mayWrite ? { capabilitiesMayHold: mayWrite } : {}) };
  } else if (!isUndefined(value)) {
    unknown.push({ path: [], spread: true, reason: `the capabilities option ${ev.sourceText(expr, file)} is only known when it runs`, loc: { file, span: expr.span } });
    const mayHold = keysOfChoice(ev, file, expr);
    return { capabilities, capabilityLocs, presentKeys, capabilitiesOpen: { file, span: expr.span }, ...(mayHold ? { capabilitiesMayHold: mayHold } : {}) };
  }
  return { capabilities, capabilityLocs, presentKeys };
}

/**
 * `env ? { logging: undefined } : undefined`: the keys a choice of objects whose keys are known may
 * hold (those written `undefined` too), a few choices deep; undefined when one arm is anything else.
 */
function keysOfChoice(ev: Evaluator, file: string, expr: ValueExpr, depth = 0): Set<string> | undefined {
  if (expr.k !== "dyn" || !expr.branches || depth > 4) return undefined;
  const keys = new Set<string>();
  for (const arm of expr.branches) {
    const v = ev.evaluate(arm, ev.fileScope(file), { calls: false });
    if (isUndefined(v) || (v.t === "prim" && v.value === null)) continue;
    const inner = v.t === "obj" && !v.entries.has(DYNAMIC_KEY) ? [...v.entries.keys(), ...(v.cleared ?? [])] : keysOfChoice(ev, file, arm, depth + 1);
    if (!inner) return undefined;
    for (const k of inner) keys.add(k);
  }
  return keys;
}

/** The `mount` option of `new StreamableHttpTransport({...})` (see TransportInfo.mount). */
function mountOption(ev: Evaluator, options: { obj: ObjectExpr; file: string } | undefined): "self" | "off" | "unknown" {
  if (!options) return "self";
  const p = prop(options.obj, "mount");
  if (!p) return options.obj.entries.some((e) => e.k !== "prop" || e.key.k !== "static") ? "unknown" : "self";
  const v = ev.evaluate(p.value, ev.fileScope(options.file), { calls: false });
  return v.t === "prim" && typeof v.value === "boolean" ? (v.value ? "self" : "off") : "unknown";
}

function readTransports(ev: Evaluator, optionsFile: string, expr: ValueExpr | undefined): TransportInfo[] | null {
  // The option is required: without it, listen() fails on its first loop and nothing is served.
  if (expr === undefined) return [];
  const list = resolveArray(ev, optionsFile, expr);
  if (!list) return null;
  const { arr, file } = list;
  const out: TransportInfo[] = [];
  for (const item of arr.items) {
    if (item.k !== "new" || item.callee.k !== "ref") return null;
    // Imported from @rekog/mcp-nest, or through a barrel of the workspace that re-exports it.
    const imported = mcpNestExport(ev, file, item.callee.name);
    const options = resolveObject(ev, file, item.args[0]);
    if (item.args[0] && !options) return null;
    const option = (name: string): string | undefined | null => {
      const p = options ? prop(options.obj, name) : undefined;
      if (!p || !options) return undefined;
      const v = ev.evaluate(p.value, ev.fileScope(options.file), { calls: false });
      return v.t === "prim" && typeof v.value === "string" ? v.value : null;
    };
    const loc = { file, span: item.span };
    if (imported === "StdioTransport") {
      const legacy = option("legacy");
      if (legacy === null) return null;
      out.push({ kind: "stdio", legacy: legacy !== "reject", modern: true, loc });
    } else if (imported === "StreamableHttpTransport") {
      const protocol = option("protocol");
      if (protocol === null) return null;
      out.push({ kind: "streamable-http", legacy: protocol !== "modern-only", modern: protocol !== "legacy-only", loc, mount: mountOption(ev, options) });
    } else return null;
  }
  return out;
}
