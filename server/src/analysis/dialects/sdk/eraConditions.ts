// `serveStdio((ctx) => { if (ctx.era === "legacy") throw new Error("upgrade"); ... })`: SDK v2 calls a
// factory per connection with the era it serves, so code under a condition on `ctx.era` runs for one
// era and not the other. The replay does not split the eras; such code is what happens in one of them.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowEventEntry, FlowUnit } from "../../core/model/summary";
import { ts } from "../../core/typescript";
import { nodeAt, parsedSource } from "./containerStores";

/** Whether the event is under an `if`/`?:` whose condition reads `<first parameter>.era`. */
export function underEraCondition(ev: Evaluator, file: string, unit: FlowUnit, entry: FlowEventEntry): boolean {
  const param = unit.params[0];
  const regions = entry.branches;
  if (!param || !regions || regions.length === 0) return false;
  const sf = parsedSource(ev, file);
  if (!sf) return false;
  const reads = new RegExp(`(?<![\\w$.])${param.replace(/\$/g, "\\$")}\\s*\\??\\.\\s*era\\b`);
  return regions.some((region) => {
    const condition = conditionOf(sf, region);
    return condition !== undefined && reads.test(condition.getText(sf));
  });
}

/** The condition of the `if` or `?:` a region (`start:end` of FlowEventEntry.branches) is an arm of. */
function conditionOf(sf: ts.SourceFile, region: string): ts.Expression | undefined {
  const m = /^(\d+):(\d+)$/.exec(region);
  const parent = m ? nodeAt(sf, { start: Number(m[1]), end: Number(m[2]) })?.parent : undefined;
  return parent && ts.isIfStatement(parent) ? parent.expression : parent && ts.isConditionalExpression(parent) ? parent.condition : undefined;
}

/**
 * The factory an entry point is given, written inline (`(ctx) => { if (ctx.era === "legacy") throw …;
 * return build(); }`): a throw in it on every way through, or under a condition on the era, with why.
 */
export function factoryThrow(ev: Evaluator, file: string, factoryStart: number): { readonly loc: { file: string; span: { start: number; end: number } }; readonly why: string } | undefined {
  const unit = ev.summary(file)?.flow?.units.find((u) => u.kind === "closure" && u.span.start === factoryStart);
  if (!unit) return undefined;
  for (const entry of unit.events) {
    if (entry.event.k !== "throw") continue;
    const loc = { file, span: entry.event.span };
    if (!entry.conditional) return { loc, why: `the factory given to the entry point throws on every call, so no era is served` };
    if (underEraCondition(ev, file, unit, entry)) return { loc, why: `the factory given to the entry point throws for the era its condition names, which then gets an error instead of the capabilities` };
  }
  return undefined;
}

/**
 * The factory `unit` (given to an entry point) throws under a condition on the context it is called
 * with, other than its era (`if (!ctx.requestInfo?.headers.get("x-api-key")) throw …`): the request
 * decides, and one that meets the condition gets an error instead of the capabilities.
 */
export function requestThrow(ev: Evaluator, file: string, unit: FlowUnit): { readonly loc: { file: string; span: { start: number; end: number } }; readonly why: string } | undefined {
  const throws = unit.params.length > 0 ? unit.events.filter((e) => e.event.k === "throw" && e.conditional && e.branches?.length) : [];
  if (throws.length === 0) return undefined;
  const sf = parsedSource(ev, file);
  const fn = sf ? nodeAt(sf, unit.span) : undefined;
  const first = fn && ts.isFunctionLike(fn) ? fn.parameters[0] : undefined;
  if (!sf || !first) return undefined;
  const names = new Set<string>();
  const bind = (n: ts.BindingName): void => {
    if (ts.isIdentifier(n)) names.add(n.text);
    // `({ era })`: the era is the entry point's to decide by (eraReadIn), not the request's.
    else for (const e of n.elements) if (!ts.isOmittedExpression(e) && !(n === first.name && (e.propertyName ?? e.name).getText(sf) === "era")) bind(e.name);
  };
  bind(first.name);
  // `ctx.era` likewise; any other read of the context is the request's.
  const reads = (n: ts.Node): boolean =>
    (ts.isIdentifier(n) && names.has(n.text) && !(ts.isPropertyAccessExpression(n.parent) && (n.parent.name === n || (n.parent.expression === n && n.parent.name.text === "era")))) || ts.forEachChild(n, reads) === true;
  // `const key = ctx.requestInfo?.headers.get("x-api-key")`: a name given a value read from the context.
  const locals: ts.VariableDeclaration[] = [];
  const collect = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) && n !== fn) return;
    if (ts.isVariableDeclaration(n) && n.initializer) locals.push(n);
    ts.forEachChild(n, collect);
  };
  collect(fn!);
  for (let pass = 0, grew = true; grew && pass < 4; pass++) {
    const before = names.size;
    for (const d of locals) if (reads(d.initializer!)) bind(d.name);
    grew = names.size > before;
  }
  for (const entry of throws) {
    if (underEraCondition(ev, file, unit, entry)) continue;
    const decided = entry.branches!.some((region) => {
      const condition = conditionOf(sf, region);
      return condition !== undefined && reads(condition);
    });
    if (decided) return { loc: { file, span: entry.event.span }, why: `whether a request is answered is not known: the factory given to the entry point throws under a condition on the context it is called with (${first.name.getText(sf).slice(0, 40)}), and a request that meets it gets an error instead of the capabilities` };
  }
  return undefined;
}

/**
 * Where the factory `unit` (given to an entry point) decides something by the era it is called for:
 * `if (ctx.era === "modern")`, `switch (era)`, `era === "legacy" ? a() : b()` in its own code. Such a
 * factory may build another server for each era, or none (a throw), which the replay, running it
 * once, does not split. Reads inside its callbacks (a tool reporting the era) run later and decide
 * nothing it registers, and an era handed to a call (`build(ctx.era === "modern")`) is a value the
 * replay follows into the callee: neither counts. Undefined when there is no such read.
 */
export function eraReadIn(ev: Evaluator, file: string, unit: FlowUnit): { readonly file: string; readonly span: { start: number; end: number } } | undefined {
  // A factory taking no context reads no era: no parse for it (`() => server`, the usual form).
  if (unit.params.length === 0) return undefined;
  const sf = parsedSource(ev, file);
  const fn = sf ? nodeAt(sf, unit.span) : undefined;
  if (!sf || !fn || !ts.isFunctionLike(fn)) return undefined;
  const first = fn.parameters[0];
  if (!first) return undefined;
  // The names the era goes by in the body: `era` (or its renaming) destructured, or the context itself.
  let eraName: string | undefined;
  let context: string | undefined;
  if (ts.isObjectBindingPattern(first.name)) {
    const era = first.name.elements.find((e) => (e.propertyName ?? e.name).getText(sf) === "era");
    if (era && ts.isIdentifier(era.name)) eraName = era.name.text;
    const rest = first.name.elements.find((e) => e.dotDotDotToken !== undefined);
    if (rest && ts.isIdentifier(rest.name)) context = rest.name.text;
  } else if (ts.isIdentifier(first.name)) context = first.name.text;
  if (eraName === undefined && context === undefined) return undefined;
  const readsEra = (n: ts.Identifier): boolean => {
    if (n.text === eraName) return true;
    if (n.text !== context) return false;
    const parent = n.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === n) return parent.name.text === "era";
    if (ts.isElementAccessExpression(parent) && parent.expression === n) return !ts.isStringLiteralLike(parent.argumentExpression) || parent.argumentExpression.text === "era";
    // The context handed on whole (`decide(ctx)`, `const { era } = ctx`) is not followed here.
    return !(ts.isCallExpression(parent) || ts.isNewExpression(parent));
  };
  /**
   * The first read of the era in `n`'s own code, nested functions aside; outside calls' arguments
   * unless `inArguments` (an era handed to a call is the callee's to decide by).
   */
  const mention = (n: ts.Node, inArguments = false): ts.Node | undefined => {
    if (ts.isFunctionLike(n)) return undefined;
    if (!inArguments && (ts.isCallExpression(n) || ts.isNewExpression(n))) return mention(n.expression);
    if (ts.isIdentifier(n)) return n !== first.name && readsEra(n) ? n : undefined;
    return ts.forEachChild(n, (c) => mention(c, inArguments));
  };
  /** Whether the file's function of that name throws somewhere. */
  const throwsIn = (name: string): boolean => ev.summary(file)?.flow?.units.some((u) => u.kind === "function" && u.name === name && u.events.some((e) => e.event.k === "throw")) === true;
  /** Whether `n`'s own code returns or throws (the factory's result, or none, is decided there). */
  const exits = (n: ts.Node): boolean => !ts.isFunctionLike(n) && (ts.isReturnStatement(n) || ts.isThrowStatement(n) || ts.forEachChild(n, exits) === true);
  /**
   * A read of the era that decides what the factory returns, or whether it throws: a condition around
   * a `return` or a `throw`, or the returned expression itself. A condition around registrations only
   * is the replay's (a registration under a condition is not claimed).
   */
  const decides = (n: ts.Node): ts.Node | undefined => {
    if (ts.isFunctionLike(n)) return undefined;
    if (ts.isIfStatement(n)) {
      const read = mention(n.expression);
      if (read && (exits(n.thenStatement) || (n.elseStatement !== undefined && exits(n.elseStatement)))) return read;
    } else if (ts.isSwitchStatement(n)) {
      const read = mention(n.expression) ?? n.caseBlock.clauses.map((c) => (ts.isCaseClause(c) ? mention(c.expression) : undefined)).find((x) => x !== undefined);
      if (read && exits(n.caseBlock)) return read;
    } else if (ts.isReturnStatement(n)) {
      return n.expression ? mention(n.expression) : undefined;
    } else if (ts.isExpressionStatement(n) && ts.isCallExpression(n.expression) && ts.isIdentifier(n.expression.expression) && throwsIn(n.expression.expression.text)) {
      // `assertModern(era)`: the era handed to a function of the file that may throw.
      const read = n.expression.arguments.map((a) => mention(a, true)).find((x) => x !== undefined);
      if (read) return read;
    }
    return ts.forEachChild(n, decides);
  };
  const body = (fn as ts.FunctionLikeDeclaration).body;
  const found = body === undefined ? undefined : ts.isBlock(body) ? decides(body) : mention(body);
  return found ? { file, span: { start: found.getStart(sf), end: found.end } } : undefined;
}
