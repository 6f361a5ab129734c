// Capabilities decided by a parameter of the server's function: `resources: config.listResources &&
// config.readResource ? {} : undefined` in `runServer(config)`. When the function has exactly one call
// in the workspace (and code outside it cannot call it), and that call passes an object literal, the
// members the condition tests are known: a function, a class or an object is truthy, a literal is its
// value, a member the literal does not write is undefined. Anything else (a spread in the literal, a
// member read through a call, the parameter reassigned or handed on before the server is built) keeps
// the capability unknown.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { DYNAMIC_KEY, type Json, type JsonObject, type Loc, type ObjEntryValue, type Value } from "../../core/evaluate/values";
import type { FlowUnit, ValueExpr } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";
import { exportNamesOf, factoryCallers, type Elsewhere } from "./factoryCallers";
import type { SdkSite } from "./findSdkServers";
import { unitScope } from "../../core/evaluate/unitScope";
import { SDK_EVAL } from "./sdkEval";

type ObjExpr = Extract<ValueExpr, { k: "obj" }>;

/** The one call's object literal for a parameter, and the unit it is written in (its scope). */
interface SoleArgument {
  readonly literal: ObjExpr;
  readonly file: string;
  readonly unit: FlowUnit;
}

/** What an expression is known to be: JSON (`undefined`: the key is left out), or not known. */
type Known = { readonly json: Json | undefined } | null;

const MAX_DEPTH = 12;

/**
 * The capabilities object with each entry a parameter condition decides settled; the same object
 * when nothing could be settled.
 */
export function settleParameterConditions(ev: Evaluator, site: SdkSite, elsewhere: Elsewhere, caps: Value, key?: Loc): Value {
  if (site.subclass || site.unit.kind !== "function") return caps;
  // `capabilities: options.logging ? { logging: {} } : {}`, or `capabilities: caps`: the whole object,
  // read from the expression written after the `capabilities` key.
  const whole = caps.t === "dyn" && key !== undefined && key.file === site.file && within(key, site.unit);
  if (caps.t !== "obj" && !whole) return caps;
  const candidates = caps.t === "obj" ? [...caps.entries].filter(([k, e]) => k !== DYNAMIC_KEY && e.value.t === "dyn" && e.value.loc.file === site.file && within(e.value.loc, site.unit)) : [];
  const spread = caps.t === "obj" ? caps.entries.get(DYNAMIC_KEY) : undefined;
  if (!whole && candidates.length === 0 && spread?.value.t !== "dyn") return caps;
  const sf = parsedSource(ev, site.file);
  const fn = sf ? nodeAt(sf, site.unit.span) : undefined;
  if (!sf || !fn || !isFunctionWithBody(fn)) return caps;
  const construction = site.event.span;
  const args = new Map<string, SoleArgument | null>();
  const argumentFor = (param: string): SoleArgument | null => {
    if (!args.has(param)) args.set(param, readOnlyBefore(fn, param, construction) ? soleArgument(ev, elsewhere, site, param) : null);
    return args.get(param)!;
  };
  if (caps.t !== "obj") {
    const keyNode = nodeAt(sf, key!.span);
    const written = keyNode?.parent;
    const node = written && ts.isPropertyAssignment(written) && written.name === keyNode ? written.initializer : written && ts.isShorthandPropertyAssignment(written) ? written.name : undefined;
    const known = node && ts.isExpression(node) ? valueOf(node, { ev, params: new Set(site.unit.params.filter(Boolean)), argumentFor }, 0) : null;
    // Left out (undefined) is no capability at all; anything but an object is not what the SDK reads.
    if (!known || (known.json !== undefined && (known.json === null || typeof known.json !== "object" || Array.isArray(known.json)))) return caps;
    return fromJson(known.json ?? {}, caps.loc);
  }
  const entries = new Map<string, ObjEntryValue>(caps.entries);
  let changed = false;
  for (const [k, e] of candidates) {
    const node = nodeAt(sf, e.value.loc.span);
    if (!node || !ts.isExpression(node)) continue;
    const known = valueOf(node, { ev, params: new Set(site.unit.params.filter(Boolean)), argumentFor }, 0);
    if (!known) continue;
    changed = true;
    if (known.json === undefined) entries.delete(k);
    else entries.set(k, { ...e, value: fromJson(known.json, e.value.loc) });
  }
  if (spread && spread.value.t === "dyn" && within(spread.value.loc, site.unit)) {
    const added = spreadOf(sf, spread.value.loc, nodeAt(sf, caps.loc.span), { ev, params: new Set(site.unit.params.filter(Boolean)), argumentFor });
    // The literal's one spread, whose keys no other entry writes: where it stands among them does not matter.
    if (added && Object.keys(added).every((k) => !entries.has(k))) {
      entries.delete(DYNAMIC_KEY);
      for (const [k, v] of Object.entries(added)) entries.set(k, { value: fromJson(v, spread.value.loc), keyLoc: spread.value.loc });
      changed = true;
    }
  }
  return changed ? { ...caps, entries } : caps;
}

/** `...(config.listResources ? { resources: {} } : {})`, the only spread of its literal: the keys it adds. */
function spreadOf(sf: ts.SourceFile, loc: Loc, literal: ts.Node | undefined, cx: Context): JsonObject | undefined {
  const node = nodeAt(sf, loc.span);
  let spread: ts.Node | undefined = node;
  while (spread && !ts.isSpreadAssignment(spread) && !ts.isObjectLiteralExpression(spread)) spread = spread.parent;
  if (!spread || !ts.isSpreadAssignment(spread) || spread.parent !== literal || spread.parent.properties.filter(ts.isSpreadAssignment).length !== 1) return undefined;
  const known = valueOf(spread.expression, cx, 0);
  if (!known) return undefined;
  const v = known.json;
  // Spreading undefined, null or false adds nothing; an object adds its keys.
  if (v === undefined || v === null || v === false) return {};
  return typeof v === "object" && !Array.isArray(v) ? v : undefined;
}

interface Context {
  readonly ev: Evaluator;
  readonly params: ReadonlySet<string>;
  readonly argumentFor: (param: string) => SoleArgument | null;
}

function valueOf(node: ts.Expression, cx: Context, depth: number): Known {
  if (depth > MAX_DEPTH) return null;
  if (ts.isParenthesizedExpression(node)) return valueOf(node.expression, cx, depth + 1);
  if (ts.isConditionalExpression(node)) {
    const test = truthOf(node.condition, cx, depth + 1);
    return test === undefined ? null : valueOf(test ? node.whenTrue : node.whenFalse, cx, depth + 1);
  }
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === SK.AmpersandAmpersandToken || node.operatorToken.kind === SK.BarBarToken)) {
    const left = valueOf(node.left, cx, depth + 1);
    if (!left) return null;
    const truthy = truthiness(left.json);
    const and = node.operatorToken.kind === SK.AmpersandAmpersandToken;
    return truthy === and ? valueOf(node.right, cx, depth + 1) : left;
  }
  if (ts.isIdentifier(node) && node.text === "undefined") return { json: undefined };
  // The parameter itself, given an object literal by the function's one call.
  if (ts.isIdentifier(node) && cx.params.has(node.text)) {
    const arg = cx.argumentFor(node.text);
    return arg ? literalJson(arg.literal, 0) : null;
  }
  if (node.kind === SK.TrueKeyword) return { json: true };
  if (node.kind === SK.FalseKeyword) return { json: false };
  if (node.kind === SK.NullKeyword) return { json: null };
  if (ts.isNumericLiteral(node)) return { json: Number(node.text) };
  if (ts.isStringLiteralLike(node)) return { json: node.text };
  if (ts.isObjectLiteralExpression(node)) {
    const out: JsonObject = {};
    for (const p of node.properties) {
      if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return null;
      const v = valueOf(p.initializer, cx, depth + 1);
      if (!v) return null;
      if (v.json !== undefined) out[p.name.text] = v.json;
    }
    return { json: out };
  }
  return null;
}

/** An object literal of plain data (no spread, no computed key, no value read from elsewhere) as JSON. */
function literalJson(expr: ValueExpr, depth: number): Known {
  if (depth > MAX_DEPTH) return null;
  if (expr.k === "lit") return { json: expr.value };
  if (expr.k !== "obj") return null;
  const out: JsonObject = {};
  for (const entry of expr.entries) {
    if (entry.k === "spread" || entry.key.k !== "static") return null;
    const v = literalJson(entry.value, depth + 1);
    if (!v) return null;
    if (v.json !== undefined) out[entry.key.name] = v.json;
  }
  return { json: out };
}

/** Whether an expression is truthy, when the parameters' members it reads are known; undefined when not. */
function truthOf(node: ts.Expression, cx: Context, depth: number): boolean | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (ts.isParenthesizedExpression(node)) return truthOf(node.expression, cx, depth + 1);
  if (ts.isPrefixUnaryExpression(node) && node.operator === SK.ExclamationToken) {
    const inner = truthOf(node.operand, cx, depth + 1);
    return inner === undefined ? undefined : !inner;
  }
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === SK.AmpersandAmpersandToken || node.operatorToken.kind === SK.BarBarToken)) {
    const left = truthOf(node.left, cx, depth + 1);
    if (left === undefined) return undefined;
    const and = node.operatorToken.kind === SK.AmpersandAmpersandToken;
    return left === and ? truthOf(node.right, cx, depth + 1) : left;
  }
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && cx.params.has(node.expression.text)) {
    const arg = cx.argumentFor(node.expression.text);
    return arg ? memberTruth(cx.ev, arg, node.name.text) : undefined;
  }
  const v = valueOf(node, cx, depth + 1);
  return v ? truthiness(v.json) : undefined;
}

/** Whether the literal's member is truthy: a function, class or object is; a literal is its value; a member not written is undefined. */
function memberTruth(ev: Evaluator, arg: SoleArgument, member: string): boolean | undefined {
  let value: ValueExpr | undefined;
  for (const entry of arg.literal.entries) {
    if (entry.k === "spread") return undefined;
    if (entry.key.k !== "static") return undefined;
    if (entry.key.name === member) value = entry.value;
  }
  if (!value) return false;
  switch (value.k) {
    case "fn":
    case "class":
    case "obj":
    case "arr":
    case "new":
      return true;
    case "lit":
      return Boolean(value.value);
    case "ref":
    case "get": {
      const v = ev.evaluate(value, unitScope(ev, arg.file, arg.unit), SDK_EVAL);
      if (v.t === "fn" || v.t === "class" || v.t === "obj" || v.t === "arr" || v.t === "ns") return true;
      return v.t === "prim" ? Boolean(v.value) : undefined;
    }
    case "dyn": {
      // `{ readResource(uri) {...} }`: a method is a function (a getter or setter is not: reading it runs code).
      const sf = parsedSource(ev, arg.file);
      const node = sf ? nodeAt(sf, value.span) : undefined;
      return node !== undefined && ts.isMethodDeclaration(node) && ts.isObjectLiteralExpression(node.parent) ? true : undefined;
    }
    default:
      return undefined;
  }
}

function truthiness(json: Json | undefined): boolean {
  return json !== undefined && json !== null && json !== false && json !== 0 && json !== "";
}

/**
 * The object literal the function's only call passes for `param`: its one call in its own file, or its
 * one caller elsewhere in the package when the package's entry points do not export it.
 */
function soleArgument(ev: Evaluator, elsewhere: Elsewhere, site: SdkSite, param: string): SoleArgument | null {
  const index = site.unit.params.indexOf(param);
  const call = index < 0 ? null : soleCall(ev, elsewhere, site);
  const literal = call?.args[index];
  // `run(...rest, literal)`: a spread before it moves the literal to another parameter.
  const spread = call?.args.slice(0, index + 1).some((a) => a.k === "dyn" && a.text.trimStart().startsWith("..."));
  if (!call || spread || literal?.k !== "obj") return null;
  return { literal, file: call.file, unit: call.unit };
}

/**
 * The one call of the server's function in the workspace, when code outside it cannot call it (its
 * name is mentioned nowhere else in its file, and no importer hands it on or serves it): what it is
 * given is what its parameters hold.
 */
export function soleCall(ev: Evaluator, elsewhere: Elsewhere, site: SdkSite): SoleCall | null {
  // Asked by the replay and for each parameter a capability reads: the callers are searched once per
  // evaluator (what other files hold may change between runs).
  let bySite = soleCalls.get(ev);
  if (!bySite) soleCalls.set(ev, (bySite = new WeakMap()));
  if (!bySite.has(site)) bySite.set(site, findSoleCall(ev, elsewhere, site));
  return bySite.get(site)!;
}

type SoleCall = { readonly file: string; readonly unit: FlowUnit; readonly args: readonly ValueExpr[] };
const soleCalls = new WeakMap<Evaluator, WeakMap<SdkSite, SoleCall | null>>();

function findSoleCall(ev: Evaluator, elsewhere: Elsewhere, site: SdkSite): SoleCall | null {
  const summary = ev.summary(site.file);
  const text = ev.host.text?.(site.file);
  if (!summary || text === undefined) return null;
  const name = site.unit.name;
  const local: { unit: FlowUnit; event: Extract<FlowUnit["events"][number]["event"], { k: "invoke" }> }[] = [];
  for (const unit of summary.flow?.units ?? []) {
    for (const { event } of unit.events) if (event.k === "invoke" && event.callee.k === "ref" && event.callee.name === name) local.push({ unit, event });
  }
  // Every mention of the name in its own file is its declaration, an export of it, or one of these calls.
  const mentions = [...text.matchAll(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))].length;
  const exported = exportNamesOf(summary, name);
  const exportClauses = exported.length > 0 && !isExportedInline(text, site.unit) && !exportedConst(text, name) ? 1 : 0;
  if (mentions !== 1 + local.length + exportClauses) return null;
  let call: SoleCall | undefined = local.length === 1 ? { file: site.file, unit: local[0]!.unit, args: local[0]!.event.argExprs } : undefined;
  if (local.length > 1) return null;
  if (exported.length > 0) {
    const users = factoryCallers(ev, elsewhere, site.file, exported, name, local.length > 0);
    // An SDK entry point given the function itself calls it with its own context, not a literal.
    // A call whose result goes unfollowed (`await run(true)`) still gives its arguments.
    const unfollowed = users.unfollowed ?? [];
    const calls = [...users.found, ...unfollowed, ...(users.connected ?? [])];
    // `serveStdio(() => buildServer({ ... }))`: the arrow calls it with the same arguments every time.
    const served = users.served ?? [];
    const wrapped = served.length === 1 && served[0]!.args && served[0]!.unit ? served[0]! : undefined;
    if (users.open.length > unfollowed.length || (users.entry?.length ?? 0) > 0 || (served.length > 0 && !wrapped) || calls.length + served.length + local.length !== 1) return null;
    if (wrapped) return { file: wrapped.loc.file, unit: wrapped.unit!, args: wrapped.args! };
    const found = calls[0];
    if (found) {
      const event = found.unit.events[found.index]?.event;
      if (event?.k !== "invoke") return null;
      call = { file: found.file, unit: found.unit, args: event.argExprs };
    }
  }
  return call ?? null;
}

/** `export const makeServer = (...) => ...`: the export is the declaration itself. */
function exportedConst(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$.])export\\s+(?:const|let|var)\\s+${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(text);
}

/** `export function f` / `export default function f`: the export is the declaration itself. */
function isExportedInline(text: string, unit: FlowUnit): boolean {
  return /^export\s/.test(text.slice(unit.span.start, unit.span.start + 7 + 1));
}

type FunctionWithBody = (ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression) & { readonly body: ts.ConciseBody };

/** A function declaration, or an arrow or function expression (`const makeServer = (name, caps) => new McpServer(...)`). */
function isFunctionWithBody(node: ts.Node): node is FunctionWithBody {
  return (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.body !== undefined;
}

/**
 * Whether the function only reads members of `param` (never assigns, deletes or calls them, nor hands
 * the parameter on) before the construction, and no inner declaration hides the name. Inside the
 * construction's own arguments the parameter may stand whole (`capabilities: caps`): that is the value read.
 */
function readOnlyBefore(fn: FunctionWithBody, param: string, construction: { readonly start: number; readonly end: number }): boolean {
  if (fn.parameters.filter((p) => ts.isIdentifier(p.name) && p.name.text === param && !p.dotDotDotToken).length !== 1) return false;
  let ok = true;
  const visit = (n: ts.Node): void => {
    if (!ok) return;
    if ((ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isBindingElement(n) || ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) && n.name && ts.isIdentifier(n.name) && n.name.text === param && n.parent !== fn) ok = false;
    else if (ts.isIdentifier(n) && n.text === param && n.getStart() < construction.start && isUse(n) && !isMemberRead(n)) ok = false;
    else if (ts.isIdentifier(n) && n.text === param && n.getStart() >= construction.start && n.end <= construction.end && isUse(n) && !isMemberRead(n) && !isPropertyValue(n)) ok = false;
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  return ok;
}

/** `{ capabilities: caps }`, `{ capabilities }`, `{ ...caps }`: the parameter written whole as a property's value, or spread into an object. */
function isPropertyValue(id: ts.Identifier): boolean {
  return (ts.isPropertyAssignment(id.parent) && id.parent.initializer === id) || ts.isShorthandPropertyAssignment(id.parent) || ts.isSpreadAssignment(id.parent);
}

/** A reference (not a property name or a key). */
function isUse(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p)) && p.name === id) return false;
  return true;
}

/** `param.member`, read for its value: not assigned, deleted, called, nor taken further (`param.a.b`). */
function isMemberRead(id: ts.Identifier): boolean {
  const access = id.parent;
  if (!ts.isPropertyAccessExpression(access) || access.expression !== id) return false;
  let top: ts.Node = access;
  while (top.parent && (ts.isParenthesizedExpression(top.parent) || ts.isNonNullExpression(top.parent) || ts.isAsExpression(top.parent))) top = top.parent;
  const p = top.parent;
  if (!p) return false;
  if (ts.isBinaryExpression(p) && p.left === top && p.operatorToken.kind >= SK.FirstAssignment && p.operatorToken.kind <= SK.LastAssignment) return false;
  if (ts.isDeleteExpression(p) || ts.isPrefixUnaryExpression(p) && (p.operator === SK.PlusPlusToken || p.operator === SK.MinusMinusToken) || ts.isPostfixUnaryExpression(p)) return false;
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression === top) return false;
  return !(ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p));
}

function within(loc: Loc, unit: FlowUnit): boolean {
  return unit.span.start <= loc.span.start && loc.span.end <= unit.span.end;
}

/** A JSON value as an evaluated value, every part located at the expression that decided it. */
function fromJson(json: Json, loc: Loc): Value {
  if (json === null || typeof json !== "object") return { t: "prim", value: json, loc };
  if (Array.isArray(json)) return { t: "arr", items: json.map((j) => fromJson(j, loc)), itemLocs: json.map(() => loc), loc };
  return { t: "obj", entries: new Map(Object.entries(json).map(([k, v]) => [k, { value: fromJson(v, loc), keyLoc: loc }])), loc };
}
