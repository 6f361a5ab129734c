// Conditions whose outcome the source decides: `if (DEBUG)` with `const DEBUG = false`, `MODE ===
// Mode.Http` on a const enum value, `FLAGS.tools && ...` on a file's own const object, and loops over
// a function's own const table that holds items. A conditional event whose every region is such a
// branch (known taken) or such a loop runs whenever its unit does. Anything the analysis cannot read
// for certain (a parameter, a call, a `let`, an object another module may change) stays unknown.
import type { Evaluator } from "./evaluator";
import { isUndefinedValue, type Binding, type Loc, type Scope, type Value } from "./values";
import { handedOnNames } from "./handedOn";
import { isJsonModule } from "../project/paths";
import type { FileSummary, FlowEventEntry, FlowUnit, LoopGuard, ValueExpr } from "../model/summary";
import type { SummaryContext } from "../summarize/context";
import { toValueExpr } from "../summarize/valueExpr";
import { SK, ts } from "../typescript";
import { innermostNodeAt as nodeAt, nodeAt as outermostNodeAt } from "../summarize/nodeAt";
import { parsedSource } from "../summarize/parsedSource";
import { hasItems } from "./loopCertainty";
import { constDeclaration } from "./constDeclarations";
import { bindingOf, unitScope } from "./unitScope";
import { TABLE_EVAL } from "./tableEval";
import { perParse } from "../summarize/perParse";

/** What a condition's operand is known to be: a primitive, `undefined`, or some object (always truthy). */
type Known = { readonly v: string | number | boolean | null | undefined } | { readonly object: true } | null;

const MAX_DEPTH = 24;

/** One region of FlowEventEntry.branches, found in the file's syntax: the node and what it is a part of. */
interface Region {
  readonly node: ts.Node;
  readonly parent: ts.Node;
  readonly loop: boolean;
}

interface Context {
  readonly ev: Evaluator;
  readonly file: string;
  readonly sf: ts.SourceFile;
  readonly summary: FileSummary;
  readonly scope: Scope;
  readonly facts?: ConditionFacts;
  /** Names bound to one item of a loop around the region, which nothing changes (see itemTurns.ts). */
  readonly items?: ReadonlySet<string>;
}

/**
 * What a dialect knows of the objects a condition reads, beyond what the source's values say: the
 * `typeof` of a member (a method the framework's class lacks in the release loaded is "undefined"),
 * and whether an object is an instance of a class. undefined: not known.
 */
export interface ConditionFacts {
  typeOf(e: ts.Expression): string | undefined;
  instanceOf(value: ts.Expression, cls: ts.Expression): boolean | undefined;
}

/**
 * Whether each region of a conditional event beyond `within` (the construction's own branches) is
 * certainly entered once its unit runs: a branch its condition is known to take, a condition itself
 * (always evaluated), or a loop over every item of a table known to hold items.
 */
export function regionsRunCertainly(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, within: readonly string[] = [], args?: Arguments, facts?: ConditionFacts): boolean {
  const branches = entry.branches;
  if (!entry.conditional || !branches || branches.length <= within.length) return false;
  if (!within.every((b, i) => branches[i] === b)) return false;
  return branches.slice(within.length).every((r) => takenWith(ev, file, unit, r, args, facts) === true);
}

/** Whether some region of a conditional event is known never to be entered (a branch its condition rules out). */
export function regionsNeverRun(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry, args?: Arguments, facts?: ConditionFacts): boolean {
  const branches = entry.branches;
  if (!entry.conditional || !branches || branches.length === 0) return false;
  return branches.some((r) => takenWith(ev, file, unit, r, args, facts) === false);
}

/**
 * Whether a region is entered on one turn of a loop around it, with `vars` binding that turn's item
 * by its names: a condition may read the item's fields as the list gives them (the caller makes sure
 * nothing changes an item). Not kept: each item has its own answer.
 */
export function regionEnteredFor(ev: Evaluator, file: string, unit: FlowUnit, region: string, vars: ReadonlyMap<string, Binding>, args?: Arguments): boolean | undefined {
  const base = contextOf(ev, file, unit);
  if (!base) return undefined;
  const kept = args && args.size > 0 ? unchangedArguments(args, bodyText(base.sf, unit)) : undefined;
  const outer = kept && kept.size > 0 ? withArguments(base.scope, kept) : base.scope;
  return regionTaken({ ...base, scope: { file, vars: new Map(vars), parent: outer }, items: new Set(vars.keys()) }, region);
}

/**
 * The `for (const d of DEFS)` (or `for (const [name, def] of …)`) whose body a `loop:` region is: the
 * names its item goes by and the list it goes over. Undefined for any other loop (a `let` item may be
 * given another value, a `forEach` call's item is its callback's).
 */
export function forOfItem(ev: Evaluator, file: string, unit: FlowUnit, region: string): { readonly param?: string; readonly elements?: readonly { readonly name: string; readonly index: number }[]; readonly over: ValueExpr } | undefined {
  const cx = contextOf(ev, file, unit);
  const found = cx ? regionAt(cx.sf, region) : undefined;
  if (!cx || !found?.loop || !ts.isForOfStatement(found.parent) || found.parent.statement !== found.node || found.parent.awaitModifier) return undefined;
  const list = found.parent.initializer;
  if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const) || list.declarations.length !== 1) return undefined;
  const name = list.declarations[0]!.name;
  const over = exprOf(cx, found.parent.expression);
  if (ts.isIdentifier(name)) return { param: name.text, over };
  if (!ts.isArrayBindingPattern(name)) return undefined;
  const elements: { name: string; index: number }[] = [];
  for (const [index, e] of name.elements.entries()) {
    if (ts.isOmittedExpression(e)) continue;
    if (e.dotDotDotToken || e.initializer || !ts.isIdentifier(e.name)) return undefined;
    elements.push({ name: e.name.text, index });
  }
  return elements.length > 0 ? { elements, over } : undefined;
}

/**
 * `taken`, and where the source alone leaves a region open, what the dialect's facts decide. Not
 * kept: the facts speak of the objects of the walk asking, which another walk may not share.
 */
function takenWith(ev: Evaluator, file: string, unit: FlowUnit, region: string, args: Arguments | undefined, facts: ConditionFacts | undefined): boolean | undefined {
  const known = taken(ev, file, unit, region, args);
  if (known !== undefined || !facts) return known;
  const base = contextOf(ev, file, unit);
  if (!base) return undefined;
  const kept = args && args.size > 0 ? unchangedArguments(args, bodyText(base.sf, unit)) : undefined;
  return regionTaken({ ...base, scope: kept && kept.size > 0 ? withArguments(base.scope, kept) : base.scope, facts }, region);
}

/** Whether one region (of FlowEventEntry.branches) is entered whenever the code around it runs: true, never: false, not known: undefined. */
export function regionEntered(ev: Evaluator, file: string, unit: FlowUnit, region: string): boolean | undefined {
  return taken(ev, file, unit, region);
}

/** Whether a region (FlowEventEntry.branches) is one arm of a `?:`, not its condition. */
export function conditionalArm(ev: Evaluator, file: string, region: string): boolean {
  const sf = parsedSource(ev, file);
  const found = sf ? regionAt(sf, region) : undefined;
  return found !== undefined && !found.loop && ts.isConditionalExpression(found.parent) && found.parent.condition !== found.node;
}

/**
 * The other arm of the `if`/`else` or `?:` a region is one arm of, as a region; undefined when the
 * region is not such an arm or the `if` has no `else`.
 */
export function otherArm(ev: Evaluator, file: string, region: string): string | undefined {
  const sf = parsedSource(ev, file);
  const found = sf ? regionAt(sf, region) : undefined;
  if (!sf || !found || found.loop) return undefined;
  const { node, parent } = found;
  let other: ts.Node | undefined;
  if (ts.isIfStatement(parent) && parent.elseStatement) other = node === parent.thenStatement ? parent.elseStatement : node === parent.elseStatement ? parent.thenStatement : undefined;
  else if (ts.isConditionalExpression(parent)) other = node === parent.whenTrue ? parent.whenFalse : node === parent.whenFalse ? parent.whenTrue : undefined;
  return other ? `${other.getStart(sf)}:${other.end}` : undefined;
}

/**
 * The operand a `c ? a : b`, `a && b` or `a || b` evaluates to when the source decides it (read in
 * `scope`), as a summarised expression of the same scope; undefined when that is not known.
 */
export function decidedOperand(ev: Evaluator, file: string, scope: Scope, node: ts.Expression): ValueExpr | undefined {
  const summary = ev.summary(file);
  const sf = parsedSource(ev, file);
  if (!summary || !sf || node.getSourceFile() !== sf) return undefined;
  const cx: Context = { ev, file, sf, summary, scope };
  const e = unwrap(node);
  if (ts.isConditionalExpression(e)) {
    const truth = truthOf(cx, e.condition, 0);
    return truth === undefined ? undefined : exprOf(cx, truth ? e.whenTrue : e.whenFalse);
  }
  if (ts.isBinaryExpression(e) && (e.operatorToken.kind === SK.AmpersandAmpersandToken || e.operatorToken.kind === SK.BarBarToken)) {
    const truth = truthOf(cx, e.left, 0);
    if (truth === undefined) return undefined;
    const and = e.operatorToken.kind === SK.AmpersandAmpersandToken;
    return exprOf(cx, truth === and ? e.right : e.left);
  }
  return undefined;
}

/**
 * Whether the condition written at `at` (the test of a guarded write, EvaluatorOptions.decideTest) is
 * known true or false, read in `scope`, by the rules above; undefined when only a run can tell.
 */
export function testTruth(ev: Evaluator, at: Loc, scope: Scope): boolean | undefined {
  const summary = ev.summary(at.file);
  const sf = parsedSource(ev, at.file);
  const node = sf ? outermostNodeAt(sf, at.span, (n) => ts.isExpression(n)) : undefined;
  if (!summary || !sf || !node) return undefined;
  return truthOf({ ev, file: at.file, sf, summary, scope }, node as ts.Expression, 0);
}

/**
 * Whether a value, read in `scope`, is known truthy (true), known falsy (false) or not known: what a
 * framework that tests `!!value` sees. Beyond a condition's rules, a function or class written there
 * is truthy, and `c ? a : b` is its decided arm, or what both arms agree on.
 */
export function valueTruth(ev: Evaluator, file: string, scope: Scope, node: ts.Expression): boolean | undefined {
  const summary = ev.summary(file);
  const sf = parsedSource(ev, file);
  if (!summary || !sf || node.getSourceFile() !== sf) return undefined;
  return truthOfValue({ ev, file, sf, summary, scope }, node, 0);
}

function truthOfValue(cx: Context, e: ts.Expression, depth: number): boolean | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const inner = unwrap(e);
  if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner) || ts.isClassExpression(inner)) return true;
  if (ts.isConditionalExpression(inner)) {
    const truth = truthOf(cx, inner.condition, depth + 1);
    if (truth !== undefined) return truthOfValue(cx, truth ? inner.whenTrue : inner.whenFalse, depth + 1);
    const a = truthOfValue(cx, inner.whenTrue, depth + 1);
    return a !== undefined && a === truthOfValue(cx, inner.whenFalse, depth + 1) ? a : undefined;
  }
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === SK.AmpersandAmpersandToken || inner.operatorToken.kind === SK.BarBarToken)) {
    // `a && b` is a when a is falsy, else b; `a || b` is a when a is truthy, else b.
    const and = inner.operatorToken.kind === SK.AmpersandAmpersandToken;
    const left = truthOf(cx, inner.left, depth + 1);
    if (left === !and) return left;
    const right = truthOfValue(cx, inner.right, depth + 1);
    if (left === undefined) return right === !and ? right : undefined;
    return right;
  }
  return truthOf(cx, inner, depth + 1);
}

/**
 * A function's parameters bound to the arguments of the call being followed (`register(server, {
 * prompts: true })`, or a default the call leaves in place): its conditions on them are decided for
 * that call.
 */
export type Arguments = ReadonlyMap<string, Binding>;

/** The text of a function's body (its parameter list left out); kept per parse: asked for every conditional event of a call followed. */
const bodyText = (sf: ts.SourceFile, unit: FlowUnit): string | undefined => bodyTextByKey(sf, `${unit.span.start}:${unit.span.end}`);
const bodyTextByKey = perParse((sf, key) => {
  const [start, end] = key.split(":").map(Number) as [number, number];
  return bodyTextIn(sf, { start, end });
});

function bodyTextIn(sf: ts.SourceFile, span: { start: number; end: number }): string | undefined {
  const fn = nodeAt(sf, span);
  const body = fn && ts.isFunctionLike(fn) ? (fn as ts.FunctionLikeDeclaration).body : undefined;
  return body ? sf.text.slice(body.pos, body.end) : undefined;
}

/**
 * The arguments a condition may read as the call gave them: a primitive always; an object only when
 * the function neither hands the parameter on whole (`applyEnv(opts)`, `Object.assign(opts, …)`) nor
 * gives it another name (`const o = opts`), through which it could change the object first.
 */
function unchangedArguments(args: Arguments, text: string | undefined): Arguments | undefined {
  if (text === undefined) return undefined;
  const kept = new Map<string, Binding>();
  for (const [name, binding] of args) {
    const primitive = "expr" in binding && binding.expr.k === "lit";
    const n = name.replace(/[$.]/g, "\\$&");
    const handedOn = new RegExp(`[(,]\\s*${n}\\s*[,)]|[=:]\\s*${n}\\s*(?:[;,)}\\]]|$)|\\bassign\\s*\\(\\s*${n}\\b`, "m").test(text);
    if (primitive || !handedOn) kept.set(name, binding);
  }
  return kept;
}

/** Per evaluator (what other files hold may change between runs), per unit: each region's answer. */
const answers = new WeakMap<Evaluator, WeakMap<FlowUnit, Map<string, boolean | undefined>>>();
const contexts = new WeakMap<Evaluator, WeakMap<FlowUnit, Context | null>>();
/** The same for one call's arguments (a new map for each call followed). */
const answersFor = new WeakMap<Arguments, Map<string, boolean | undefined>>();

function taken(ev: Evaluator, file: string, unit: FlowUnit, region: string, args?: Arguments): boolean | undefined {
  if (args && args.size > 0) {
    let known = answersFor.get(args);
    if (!known) answersFor.set(args, (known = new Map()));
    if (known.has(region)) return known.get(region);
    const base = contextOf(ev, file, unit);
    const kept = base ? unchangedArguments(args, bodyText(base.sf, unit)) : undefined;
    const answer = base && kept && kept.size > 0 ? regionTaken({ ...base, scope: withArguments(base.scope, kept) }, region) : base ? regionTaken(base, region) : undefined;
    known.set(region, answer);
    return answer;
  }
  let byUnit = answers.get(ev);
  if (!byUnit) answers.set(ev, (byUnit = new WeakMap()));
  let known = byUnit.get(unit);
  if (!known) byUnit.set(unit, (known = new Map()));
  if (known.has(region)) return known.get(region);
  const cx = contextOf(ev, file, unit);
  const answer = cx ? regionTaken(cx, region) : undefined;
  known.set(region, answer);
  return answer;
}

/**
 * The unit's scope with its parameters bound to the call's arguments, and its consts read in that
 * same scope: `const o = { ...DEFAULTS, ...overrides }` then sees the `overrides` the call gives.
 */
function withArguments(scope: Scope, args: ReadonlyMap<string, Binding>): Scope {
  const vars = new Map<string, Binding>();
  const inner: Scope = { file: scope.file, vars, parent: scope.parent };
  for (const [name, b] of scope.vars ?? []) vars.set(name, "expr" in b && b.scope === scope ? { expr: b.expr, scope: inner } : b);
  for (const [name, b] of args) vars.set(name, b);
  return inner;
}

function contextOf(ev: Evaluator, file: string, unit: FlowUnit): Context | undefined {
  let byUnit = contexts.get(ev);
  if (!byUnit) contexts.set(ev, (byUnit = new WeakMap()));
  if (byUnit.has(unit)) return byUnit.get(unit) ?? undefined;
  const summary = ev.summary(file);
  const sf = summary ? parsedSource(ev, file) : undefined;
  const cx = summary && sf ? { ev, file, sf, summary, scope: unitScope(ev, file, unit) } : null;
  byUnit.set(unit, cx);
  return cx ?? undefined;
}

/** true: entered whenever the code around it runs; false: never entered; undefined: not known. */
function regionTaken(cx: Context, region: string): boolean | undefined {
  const found = regionAt(cx.sf, region);
  if (!found) return undefined;
  const { node, parent, loop } = found;
  if (loop) return loopHasItems(cx, node, parent) ? true : undefined;
  if (ts.isIfStatement(parent)) {
    if (node === parent.expression) return true;
    const truth = truthOf(cx, parent.expression, 0);
    if (truth === undefined) return undefined;
    return node === parent.thenStatement ? truth : !truth;
  }
  if (ts.isConditionalExpression(parent)) {
    if (node === parent.condition) return true;
    const truth = truthOf(cx, parent.condition, 0);
    if (truth === undefined) return undefined;
    return node === parent.whenTrue ? truth : node === parent.whenFalse ? !truth : undefined;
  }
  if (ts.isBinaryExpression(parent)) {
    if (node === parent.left) return true;
    const op = parent.operatorToken.kind;
    if (op === SK.AmpersandAmpersandToken || op === SK.BarBarToken) {
      const truth = truthOf(cx, parent.left, 0);
      if (truth === undefined) return undefined;
      return op === SK.AmpersandAmpersandToken ? truth : !truth;
    }
    // `a ?? b`: b runs when a is null or undefined.
    if (op === SK.QuestionQuestionToken && node === parent.right) {
      const left = knownOf(cx, unwrap(parent.left), 1);
      if (!left) return undefined;
      return !("object" in left) && (left.v === null || left.v === undefined);
    }
  }
  return undefined;
}

/**
 * The node a region names: the outermost node spanning it whose parent makes a branch (an `if`, `?:`,
 * `&&`, a loop), or for `loop:` regions, the loop's body or the `items.forEach(...)` call itself.
 */
const regionAt = perParse(regionIn);

function regionIn(sf: ts.SourceFile, region: string): Region | undefined {
  const loop = region.startsWith("loop:");
  const m = /^(?:loop:)?(\d+):(\d+)$/.exec(region);
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = Number(m[2]);
  let cur: ts.Node = sf;
  for (let hops = 0; hops < 512; hops++) {
    const child = coveringChild(cur, start, end);
    if (!child) return undefined;
    if (child.getStart(sf) === start && child.end === end) {
      if (!loop) return { node: child, parent: cur, loop };
      // A loop body (for...of / for...in), or the every-item call whose callback is the body.
      if ((ts.isForOfStatement(cur) || ts.isForInStatement(cur)) && cur.statement === child) return { node: child, parent: cur, loop };
      let call: ts.Node = child;
      while (!ts.isCallExpression(call) && ts.isExpressionStatement(call)) call = call.expression;
      return ts.isCallExpression(call) ? { node: call, parent: cur, loop } : undefined;
    }
    cur = child;
  }
  return undefined;
}

/**
 * The first child (in the parser's order) whose range, trivia included, covers start..end. A list's
 * items follow one another (both ends rise along it), so the first covering item is the first whose
 * end reaches `end`, if it starts early enough: found by halving, not by walking a test file's hundred
 * statements for each region asked.
 */
function coveringChild(node: ts.Node, start: number, end: number): ts.Node | undefined {
  const covers = (c: ts.Node) => c.pos <= start && c.end >= end;
  return ts.forEachChild(
    node,
    (c) => (covers(c) ? c : undefined),
    (list) => {
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid]!.end >= end) hi = mid;
        else lo = mid + 1;
      }
      return lo < list.length && covers(list[lo]!) ? list[lo] : undefined;
    },
  );
}

/** A loop region over a table the analysis reads for certain (in the unit's own scope) that holds items. */
function loopHasItems(cx: Context, node: ts.Node, parent: ts.Node): boolean {
  let guard: LoopGuard | undefined;
  if (ts.isForOfStatement(parent) && parent.statement === node) guard = { kind: "of", over: exprOf(cx, parent.expression) };
  else if (ts.isForInStatement(parent) && parent.statement === node) guard = { kind: "in", over: exprOf(cx, parent.expression) };
  else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) guard = { kind: "of", over: exprOf(cx, node.expression.expression) };
  return guard !== undefined && hasItems(cx.ev, cx.file, guard, cx.scope);
}

/** An expression of `file`'s syntax as a summarised expression, to evaluate in a scope of that file; undefined when the file is not at hand. */
export function expressionOf(ev: Evaluator, file: string, node: ts.Expression): ValueExpr | undefined {
  const summary = ev.summary(file);
  const sf = parsedSource(ev, file);
  return summary && sf && node.getSourceFile() === sf ? exprOf({ ev, file, sf, summary, scope: ev.fileScope(file) }, node) : undefined;
}

function exprOf(cx: Context, e: ts.Expression): ValueExpr {
  const ctx: SummaryContext = {
    sf: cx.sf,
    text: cx.sf.text,
    ambientFile: false,
    classes: [],
    functionTypeAliases: new Set(),
    imports: cx.summary.imports,
    stringConsts: new Map(),
  };
  return toValueExpr(ctx, e);
}

/** Whether a condition is known to hold (true), known not to (false), or not known. */
function truthOf(cx: Context, e: ts.Expression, depth: number): boolean | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const inner = unwrap(e);
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === SK.ExclamationToken) {
    const t = truthOf(cx, inner.operand, depth + 1);
    return t === undefined ? undefined : !t;
  }
  if (ts.isBinaryExpression(inner)) {
    const op = inner.operatorToken.kind;
    if (op === SK.AmpersandAmpersandToken || op === SK.BarBarToken) {
      const left = truthOf(cx, inner.left, depth + 1);
      const and = op === SK.AmpersandAmpersandToken;
      // `false && x` is false and `true || x` is true whatever x is.
      if (left === !and) return left;
      const right = truthOf(cx, inner.right, depth + 1);
      if (left === undefined) return right === !and ? right : undefined;
      return right;
    }
    if (op === SK.EqualsEqualsEqualsToken || op === SK.ExclamationEqualsEqualsToken || op === SK.EqualsEqualsToken || op === SK.ExclamationEqualsToken) {
      const same = equalityOf(cx, inner.left, inner.right, op === SK.EqualsEqualsEqualsToken || op === SK.ExclamationEqualsEqualsToken, depth);
      if (same === undefined) return undefined;
      return op === SK.EqualsEqualsEqualsToken || op === SK.EqualsEqualsToken ? same : !same;
    }
    if (op === SK.InstanceOfKeyword) return cx.facts?.instanceOf(unwrap(inner.left), unwrap(inner.right));
    return undefined;
  }
  const k = knownOf(cx, inner, depth + 1);
  if (!k) return undefined;
  return "object" in k ? true : Boolean(k.v);
}

/** `a === b` / `a == b` on two known primitives; undefined when either side is not a known primitive. */
function equalityOf(cx: Context, l: ts.Expression, r: ts.Expression, strict: boolean, depth: number): boolean | undefined {
  const a = knownOf(cx, unwrap(l), depth + 1);
  const b = knownOf(cx, unwrap(r), depth + 1);
  if (!a || !b || "object" in a || "object" in b) return undefined;
  if (strict) return a.v === b.v;
  const nullish = (v: unknown) => v === null || v === undefined;
  if (nullish(a.v) || nullish(b.v)) return nullish(a.v) && nullish(b.v);
  // Loose equality across types converts: only the same type is read here.
  return typeof a.v === typeof b.v ? a.v === b.v : undefined;
}

/**
 * A literal, or a name or member chain whose value cannot change: a const primitive (wherever it is
 * declared), an enum member, or a member of a const object of the function or of this file that the
 * file neither exports nor changes (another module could change an exported one).
 */
function knownOf(cx: Context, e: ts.Expression, depth: number): Known {
  if (depth > MAX_DEPTH) return null;
  switch (e.kind) {
    case SK.TrueKeyword:
      return { v: true };
    case SK.FalseKeyword:
      return { v: false };
    case SK.NullKeyword:
      return { v: null };
    case SK.StringLiteral:
    case SK.NoSubstitutionTemplateLiteral:
      return { v: (e as ts.StringLiteral).text };
    case SK.NumericLiteral:
      return { v: Number((e as ts.NumericLiteral).text) };
    case SK.PrefixUnaryExpression: {
      const u = e as ts.PrefixUnaryExpression;
      if (u.operator === SK.MinusToken && ts.isNumericLiteral(u.operand)) return { v: -Number(u.operand.text) };
      return null;
    }
    case SK.TypeOfExpression: {
      const type = cx.facts?.typeOf(unwrap((e as ts.TypeOfExpression).expression));
      return type === undefined ? null : { v: type };
    }
    case SK.CallExpression: {
      // `server.tool?.(...)` on an object that has no such member: undefined, and nothing is called.
      const call = e as ts.CallExpression;
      return call.questionDotToken && cx.facts?.typeOf(unwrap(call.expression)) === "undefined" ? { v: undefined } : null;
    }
    case SK.Identifier:
    case SK.PropertyAccessExpression:
    case SK.ElementAccessExpression:
      break;
    default:
      return null;
  }
  const root = rootName(e);
  if (root === undefined) return null;
  if (!ts.isIdentifier(e) && !stableRoot(cx, root)) return null;
  const expr = root.startsWith(THIS_FIELD) ? thisFieldRead(exprOf(cx, e), root.slice(THIS_FIELD.length)) : exprOf(cx, e);
  if (!expr) return null;
  const member = enumMember(cx, expr, cx.scope, 0);
  if (member !== undefined) return { v: member };
  const value = cx.ev.evaluate(expr, cx.scope, TABLE_EVAL);
  if (isUndefinedValue(value)) return { v: undefined };
  switch (value.t) {
    case "prim":
      return { v: value.value };
    case "obj":
    case "arr":
    case "fn":
    case "class":
    case "ns":
    case "enum":
      return { object: true };
    default:
      return null;
  }
}

/**
 * `Mode.Http`, or a const that holds it (`const MODE = Mode.Http`, in the function, the file or a module it imports): the
 * member's value, numbers included (the evaluator keeps only string members as data).
 */
function enumMember(cx: Context, expr: ValueExpr, scope: Scope, depth: number): string | number | undefined {
  if (depth > 4) return undefined;
  if (expr.k === "get" && expr.key.k === "static") {
    const object = cx.ev.evaluate(expr.object, scope, TABLE_EVAL);
    const m = object.t === "enum" ? object.members.get(expr.key.name) : undefined;
    return m === null ? undefined : m;
  }
  if (expr.k !== "ref") return undefined;
  const local = bindingOf(scope, expr.name);
  if (local) return "expr" in local ? enumMember(cx, local.expr, local.scope, depth + 1) : undefined;
  const declared = constDeclaration(cx.ev, scope.file, expr.name);
  return declared ? enumMember(cx, declared.init, cx.ev.fileScope(declared.file), depth + 1) : undefined;
}

/**
 * A field of the instance a method runs on is bound under this name and the field's
 * (`this.opts`): a dialect that knows what the field holds when the method runs (the one construction's
 * argument) binds it so, and a condition reading `this.opts.enablePrompts` reads that. No identifier
 * can be spelled with the dot, so it stands for nothing else.
 */
export const THIS_FIELD = "this.";

/** `A` in `A.b.c` / `A["b"]` (no calls, no optional chains), or `this.f` in `this.f.c`; undefined for anything else. */
function rootName(e: ts.Expression): string | undefined {
  let cur: ts.Expression = e;
  for (let hops = 0; hops < MAX_DEPTH; hops++) {
    if (ts.isIdentifier(cur)) return cur.text;
    if (ts.isPropertyAccessExpression(cur) && !cur.questionDotToken && cur.expression.kind === SK.ThisKeyword && ts.isIdentifier(cur.name)) return `${THIS_FIELD}${cur.name.text}`;
    if (ts.isPropertyAccessExpression(cur) && !cur.questionDotToken) cur = cur.expression;
    else if (ts.isElementAccessExpression(cur) && !cur.questionDotToken && (ts.isStringLiteral(cur.argumentExpression) || ts.isNumericLiteral(cur.argumentExpression))) cur = cur.expression;
    else return undefined;
  }
  return undefined;
}

/**
 * Whether members read through `name` keep their declared values: an enum, a const of the function's
 * own scope, a top-level const the file does not export (the evaluator already refuses one the file
 * changes or hands to a call), or a const object declared `as const`, wherever it is declared: its
 * members are read-only to the type checker, so no module changes them without a cast.
 */
function stableRoot(cx: Context, name: string): boolean {
  const local = bindingOf(cx.scope, name);
  if (local) return "expr" in local || cx.items?.has(name) === true;
  const decl = cx.summary.decls.get(name);
  if (decl) {
    if (decl.k === "enum") return true;
    return decl.k === "const" && (![...cx.summary.exports.values()].some((x) => x.k === "local" && x.local === name) || readonlyConst(cx, name) || unchangedExport(cx, name));
  }
  if (cx.summary.imports.has(name)) {
    const v = cx.ev.evaluate({ k: "ref", name, span: { start: 0, end: 0 } }, cx.scope, TABLE_EVAL);
    return v.t === "enum" || readonlyConst(cx, name) || unchangedJson(cx, name, v) || unchangedImportedConst(cx, name, v);
  }
  return false;
}

/**
 * `export const FEATURES = { logging: true }`, read here: the object it was declared with, as the
 * evaluator reads it (TABLE_EVAL searches the package's importers, and refuses an object the
 * declaring file changes or hands to a call), as long as no module importing it changes it.
 */
function unchangedExport(cx: Context, name: string): boolean {
  const v = cx.ev.evaluate({ k: "ref", name, span: { start: 0, end: 0 } }, cx.scope, TABLE_EVAL);
  return v.t === "obj" || v.t === "arr";
}

/**
 * `import { FEATURES } from "./caps.js"` of a top-level const object: what its declaration wrote,
 * under the rule a JSON module's object is read by (unchangedJson): no module importing it changes
 * it (the evaluator's search, which gave `value`) and this file hands it to no call.
 */
function unchangedImportedConst(cx: Context, name: string, value: Value): boolean {
  if ((value.t !== "obj" && value.t !== "arr") || !constDeclaration(cx.ev, cx.file, name)) return false;
  const text = cx.ev.host.text?.(cx.file);
  return text !== undefined && !handedOnNames(cx.summary, text).has(name);
}

/**
 * `import flags from "./flags.json" with { type: "json" }`: the object Node parsed from the file. It
 * keeps what the file holds unless code changes it: read here only when no module importing it
 * writes to it (the evaluator's importers search, which gave `value`) and this file hands it to no call.
 */
function unchangedJson(cx: Context, name: string, value: Value): boolean {
  const binding = cx.summary.imports.get(name)!;
  const target = cx.ev.host.resolveModule(binding.specifier, cx.file);
  if (target === undefined || !isJsonModule(target) || (value.t !== "obj" && value.t !== "arr")) return false;
  const text = cx.ev.host.text?.(cx.file);
  return text !== undefined && !handedOnNames(cx.summary, text).has(name);
}

/** `export const FLAGS = { logging: true } as const`: the const `name` stands for (here or imported) is declared read-only. */
function readonlyConst(cx: Context, name: string): boolean {
  const declared = constDeclaration(cx.ev, cx.file, name);
  if (!declared || declared.init.k !== "obj") return false;
  const text = cx.ev.host.text?.(declared.file);
  return text !== undefined && /^[\s)]*as\s+const\b/.test(text.slice(declared.init.span.end, declared.init.span.end + 40));
}

/** `this.f.c` as a read of the name `this.f` (see THIS_FIELD); undefined when the expression is not read through it. */
function thisFieldRead(expr: ValueExpr, field: string): ValueExpr | undefined {
  if (expr.k !== "get") return undefined;
  const object = expr.object;
  if (object.k === "dyn" && object.text === "this") return expr.key.k === "static" && expr.key.name === field ? { k: "ref", name: `${THIS_FIELD}${field}`, span: expr.span } : undefined;
  const inner = thisFieldRead(object, field);
  return inner ? { ...expr, object: inner } : undefined;
}

function unwrap(e: ts.Expression): ts.Expression {
  let cur = e;
  while (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isNonNullExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isTypeAssertionExpression(cur)) cur = cur.expression;
  return cur;
}
