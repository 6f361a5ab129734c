import { SK, ts } from "../typescript";
import type { BuiltLocal, ImportBinding, LoopGuard, RefPath, FlowEvent, FlowEventEntry, FlowSummary, FlowUnit, PatternDefaults, ValueExpr } from "../model/summary";
import { hasModifier, spanOf, startOf, staticPropertyName, type SummaryContext } from "./context";
import { bindingNames, breaksTo, callbackRunsToEnd, EVERY_ITEM_METHODS, mayExitEarly } from "./loopShapes";
import { toValueExpr } from "./valueExpr";
import { readBuiltLocals } from "./objectWrites";
import { staticMemberClass } from "./staticMembers";
import { dynamicImportsIn } from "./dynamicImports";
import { commonJsExportLocal, exportedMember } from "./commonJsExports";
import { paramFieldsOf, patternDefaultsOf, plainFields } from "./paramFields";
import { blockScopeEnd, lostPlacement } from "./newPlacement";
import { mayOpenScope, ScopeNames } from "./shadowedNames";
import { catchEndsProgram, ENDS_PROGRAM_TEXT, reachableStatements, runsOnlyWhenIterated } from "./deadCode";

/**
 * What a dialect needs recorded of a file's program flow: files importing a module it names get a
 * flow summary, and only calls of the methods it names are kept (other calls cannot change what a
 * server advertises).
 */
export interface FlowSpec {
  readonly specifier: (specifier: string) => boolean;
  /** Text that every specifier `specifier` accepts contains: a text holding none of it (and no escape) imports none. */
  readonly hints?: readonly string[];
  readonly methods: ReadonlySet<string>;
  /**
   * Imported names that make a file relevant whatever module they come from (`McpServer` from the
   * workspace's own module that re-exports the SDK): the dialect resolves where they really come from.
   */
  readonly names?: ReadonlySet<string>;
  /** Summarise the flow even without such an import (a file that calls a server's factory from elsewhere). */
  readonly always?: boolean;
}

/** Source text as one short line, for the reasons people read (never a line break or a control character). */
const oneLine = (text: string): string => text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, " ").slice(0, 60);

/** Modifiers that make a constructor parameter a field of the instance. */
const PARAMETER_PROPERTY_MODIFIERS: ReadonlySet<ts.SyntaxKind> = new Set([SK.PublicKeyword, SK.PrivateKeyword, SK.ProtectedKeyword, SK.ReadonlyKeyword]);

/** Array methods that call their callback before they return (not later, like a tool handler). */
const SYNC_CALLBACK_METHODS = new Set(["forEach", "map", "flatMap", "filter", "some", "every", "find", "findIndex", "reduce", "reduceRight"]);

interface MutableUnit {
  id: number;
  name: string;
  kind: FlowUnit["kind"];
  parent: number | null;
  params: string[];
  paramFields?: (Readonly<Record<string, string>> | null)[];
  paramDefaults?: (ValueExpr | null)[];
  paramPatternDefaults?: (PatternDefaults | null)[];
  bodiless?: true;
  events: FlowEventEntry[];
  span: { start: number; end: number };
  nameSpan?: { start: number; end: number };
  className?: string;
  passedTo?: string;
  locals?: string[];
  consts?: Map<string, ValueExpr>;
  built?: ReadonlyMap<string, BuiltLocal>;
  fieldValues?: Map<string, ValueExpr>;
}

/**
 * Records, for a file that imports the SDK, what each function body and the top level do with SDK
 * objects: constructions, method calls, helpers they are passed to, aliases and returns, in order.
 */
export function summarizeFlow(
  ctx: SummaryContext,
  imports: ReadonlyMap<string, ImportBinding>,
  spec: FlowSpec,
  deferExtendsOnly?: () => boolean,
): FlowSummary | "deferred" | undefined {
  const relevant = (b: ImportBinding) => spec.specifier(b.specifier) || spec.names?.has(b.imported) === true;
  // `const { McpServer } = await import("…")`: names bound from a module loaded at run time count as
  // imports of it (a server may be made of a class loaded lazily, to keep start-up fast).
  const loaded = new Map<string, ImportBinding>();
  for (const d of dynamicImportsIn(ctx.text)) if (!imports.has(d.local)) loaded.set(d.local, { specifier: d.specifier, imported: d.imported, span: d.span });
  if ([...loaded.values()].some(relevant)) imports = new Map([...imports, ...loaded]);
  // A class extending another file's class may be (or hold) a server through its base: its methods
  // are summarised too, so that the dialect can follow them when the base turns out to be one.
  if (!spec.always && ![...imports.values()].some(relevant)) {
    // A class loaded at run time (`const { Srv } = await import("./srv.js")`) may be built here too.
    if (!extendsImportedClass(ctx.sf, imports) && !constructsWorkspaceClass(ctx.sf, loaded.size > 0 ? new Map([...imports, ...loaded]) : imports)) return undefined;
    if (deferExtendsOnly?.()) return "deferred";
  }
  const isSdkName = (name: string) => {
    const b = imports.get(name);
    return b !== undefined && relevant(b);
  };
  const units: MutableUnit[] = [];
  /** Callbacks written as call arguments → the name of what they are given to (when they run depends on it). */
  const passedTo = new Map<ts.Node, string>();
  const newUnit = (name: string, kind: FlowUnit["kind"], parent: number | null, node: ts.Node, params: string[], className?: string, nameNode?: ts.Node) => {
    const unit: MutableUnit = {
      id: units.length,
      name,
      kind,
      parent,
      params,
      events: [],
      span: spanOf(ctx, node),
      ...(nameNode ? { nameSpan: spanOf(ctx, nameNode) } : {}),
      ...(className ? { className } : {}),
      ...(passedTo.has(node) ? { passedTo: passedTo.get(node)! } : {}),
    };
    units.push(unit);
    return unit;
  };
  /**
   * The loops the node being visited runs in since its innermost other condition (an `if`, `&&`,
   * `try`, a loop that may exit early), outermost first; [] outside any loop.
   */
  let loops: readonly LoopGuard[] = [];
  /** Each name's assignments in the file (a `let` function given another one is not that function), counted once. */
  let assignments: Map<string, number> | undefined;
  /**
   * The branch regions the node being visited is in (see FlowEventEntry.branches), outermost first:
   * the nodes, named only when an event is recorded in them (every child of every `if` and loop is
   * a region, and most hold no event).
   */
  const branchPath: { readonly node: ts.Node; readonly loop: boolean; name?: string }[] = [];
  const regionName = (node: ts.Node, loop: boolean) => `${loop ? "loop:" : ""}${startOf(ctx.sf, node)}:${node.end}`;
  /** `loop` marks the body of a loop over every item (recorded in `loops`), which the dialect may show runs. */
  const inBranch = (node: ts.Node, run: () => void, loop = false) => {
    branchPath.push({ node, loop });
    try {
      run();
    } finally {
      branchPath.pop();
    }
  };
  const push = (unit: MutableUnit, event: FlowEvent, conditional: boolean, extra?: LoopGuard, own?: ts.Node) => {
    const around = conditional ? (extra ? [...loops, extra] : own ? [] : loops) : null;
    const named = conditional && (branchPath.length > 0 || own !== undefined);
    const branches = named ? branchPath.map((b) => (b.name ??= regionName(b.node, b.loop))) : [];
    if (named && own) branches.push(regionName(own, extra !== undefined));
    unit.events.push({
      event,
      conditional,
      ...(around && around.length > 0 ? { loops: around } : {}),
      ...(branches.length > 0 ? { branches } : {}),
    });
  };
  /** Visits under one more condition: a loop over `guard` (null: any other condition). */
  const guarded = (guard: LoopGuard | null, conditional: boolean, run: () => void) => {
    const saved = loops;
    loops = guard ? [...(conditional ? loops : []), guard] : [];
    try {
      run();
    } finally {
      loops = saved;
    }
  };
  const declare = (unit: MutableUnit, names: readonly string[]) => {
    if (names.length > 0) (unit.locals ??= []).push(...names);
  };

  const paramsOf = (fn: ts.SignatureDeclaration) => fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ""));

  /** `server`, `this.server`, `server.server`: a name path, or null for anything else. */
  /** In a static block or a static field's initializer, `this` is the class: its name, while one is visited. */
  let staticThis: string | undefined;
  /** Whether the class whose members are visited is `declare`d: its methods have no bodies, and are no overloads. */
  let ambientClass = false;
  /**
   * A name as the flow knows it: a binding shadowing another of the same name gets its own
   * (shadowedNames.ts). The walk below enters each scope it meets, and asks about names only inside
   * the node it visits, so the answer is that of the name's own scopes.
   */
  const scopes = new ScopeNames(ctx.sf);
  const flowName = (id: ts.Identifier) => scopes.nameOf(id);
  const pathOf = (e: ts.Expression): RefPath | null => {
    let cur = e;
    while (PATH_WRAPPERS.has(cur.kind)) cur = (cur as ts.ParenthesizedExpression).expression;
    // `base ?? base`, `(0, base)`, `this.s ?? (this.s = new X())`: an expression whose every possible
    // value is what the same name holds is that name (an assignment's value is what its target holds).
    if (isChoice(cur)) {
      const paths = valueChoices(cur).map((c) => pathOf(ts.isBinaryExpression(c) && c.operatorToken.kind === SK.EqualsToken ? c.left : c));
      const first = paths[0];
      return first && paths.every((p) => p !== null && p.length === first.length && p.every((x, i) => x === first[i])) ? first : null;
    }
    if (ts.isIdentifier(cur)) return [flowName(cur)];
    if (cur.kind === SK.ThisKeyword) return staticThis !== undefined ? [staticThis] : ["this"];
    if (ts.isPropertyAccessExpression(cur)) {
      const base = pathOf(cur.expression);
      return base ? [...base, cur.name.text] : null;
    }
    // `server["registerTool"]` is `server.registerTool`.
    const literal = literalKey(cur);
    if (literal !== undefined) {
      const base = pathOf((cur as ts.ElementAccessExpression).expression);
      return base ? [...base, literal] : null;
    }
    return null;
  };

  /** The local name of an SDK constructor in `new X(...)` / `new sdk.X(...)`, if it is one. */
  const sdkCtor = (n: ts.NewExpression): string | undefined => {
    const c = n.expression;
    if (ts.isIdentifier(c) && isSdkName(c.text)) return c.text;
    if (ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && isSdkName(c.expression.text)) return `${c.expression.text}.${c.name.text}`;
    return undefined;
  };

  const unwrap = (e: ts.Expression): ts.Expression => {
    let cur = e;
    while (UNWRAPPED.has(cur.kind)) cur = (cur as ts.ParenthesizedExpression).expression;
    return cur;
  };

  /**
   * A name a server may be held in: an identifier or `this.x` (what the replay tracks). Longer paths
   * are left out, so ordinary objects' properties do not fill the summary.
   */
  const heldName = (e: ts.Expression): RefPath | null => {
    const p = pathOf(e);
    return p && (p.length === 1 || (p.length === 2 && p[0] === "this")) ? p : null;
  };

  /** Records a name put where the flow stops following it (an object, an array, a property, a constructor). */
  const escape = (unit: MutableUnit, e: ts.Expression, how: string, conditional: boolean, into?: RefPath | null) => {
    const source = heldName(e);
    if (source) push(unit, { k: "escape", source, how, span: spanOf(ctx, e), ...(into ? { into } : {}) }, conditional);
  };

  /**
   * `cond ? base : other`, `a ?? b`, `a || b`, `a && b`: a name that may be the expression's value
   * goes where the value goes, which is not followed (unless every value is that name: `pathOf`).
   */
  const chosen = (e: ts.Expression, unit: MutableUnit, conditional: boolean) => {
    if (!isChoice(e) || pathOf(e) !== null) return;
    const how = ts.isConditionalExpression(e) ? "one of two values of a conditional expression" : `one of two values of a "${ts.tokenToString((e as ts.BinaryExpression).operatorToken.kind)}" expression`;
    for (const c of valueChoices(e, true)) escape(unit, c, how, conditional);
  };

  /**
   * `const registry = new Registry(server)`, `this.server = new NileServer(opts)`: a workspace class
   * (or any other) constructed into a name, recorded besides the escapes of its arguments, so that a
   * dialect can follow the class (a subclass of its server, a class holding its server).
   */
  const recordOtherNew = (unit: MutableUnit, n: ts.NewExpression, target: RefPath | null, nameNode: ts.Node, conditional: boolean, decl?: ts.VariableDeclaration) => {
    const c = n.expression;
    // `static create() { return new this(...) }`: an instance of the class the method is written in.
    const own = c.kind === SK.ThisKeyword ? staticMemberClass(ctx.sf, n)?.name?.text : undefined;
    const ctor = own ?? (ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) ? `${c.expression.text}.${c.name.text}` : undefined);
    if (!ctor || otherNews.has(n)) return;
    otherNews.add(n);
    const scopeEnd = decl ? blockScopeEnd(decl, ctx.sf) : undefined;
    const lost = target === null ? lostPlacement(n, ctx.sf) : undefined;
    const place = { ...(decl ? { declared: true as const } : {}), ...(scopeEnd !== undefined ? { scopeEnd } : {}), ...(lost !== undefined ? { lost } : {}) };
    push(unit, { k: "new", ctor, target, args: (n.arguments ?? []).map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, n), nameSpan: spanOf(ctx, nameNode), ...place }, conditional);
  };

  /** Constructions recorded by `recordOtherNew`: each once, wherever the walk meets it again. */
  const otherNews = new Set<ts.NewExpression>();
  /** Calls whose value an `await` takes right there (`await p.then(cb)`). */
  const awaitedCalls = new Set<ts.CallExpression>();
  /** The file's classes that extend another: a subclass of a server class, maybe. */
  const localSubclasses = new Set(
    ctx.sf.statements.flatMap((st) => (ts.isClassDeclaration(st) && st.name && st.heritageClauses?.some((h) => h.token === SK.ExtendsKeyword) ? [st.name.text] : [])),
  );
  /**
   * `new NotesServer()` of a class that may extend a server class (one of the file's that extends
   * another, or one imported from a module of the workspace): recorded wherever it is made (a return,
   * a field, an argument, an array), so that a dialect can find a subclass server there.
   */
  const maySubclass = (n: ts.NewExpression): boolean => {
    const c = n.expression;
    if (c.kind === SK.ThisKeyword) {
      const own = staticMemberClass(ctx.sf, n)?.name?.text;
      return own !== undefined && localSubclasses.has(own);
    }
    const head = ts.isIdentifier(c) ? c : ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) ? c.expression : undefined;
    if (!head) return false;
    const b = imports.get(head.text);
    if (b) return fromWorkspaceModule(b);
    return head === c && localSubclasses.has(head.text);
  };

  /** Notes, for each callback among a call's arguments, what it is given to. */
  const notePassed = (args: readonly ts.Expression[] | undefined, to: string) => {
    for (const a of args ?? []) {
      const fn = unwrap(a);
      if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) passedTo.set(fn, to);
    }
  };

  const calleeName = (c: ts.Expression): string => (ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) ? c.name.text : "(call)");

  const recordNew = (unit: MutableUnit, n: ts.NewExpression, target: RefPath | null, nameNode: ts.Node, conditional: boolean, decl?: ts.VariableDeclaration, paramDefault = false, inObject = false): boolean => {
    const ctor = sdkCtor(n);
    if (!ctor) return false;
    for (const a of n.arguments ?? []) visit(a, unit, conditional);
    const scopeEnd = decl ? blockScopeEnd(decl, ctx.sf) : undefined;
    const lost = target === null ? lostPlacement(n, ctx.sf) : undefined;
    const place = { ...(decl ? { declared: true as const } : {}), ...(scopeEnd !== undefined ? { scopeEnd } : {}), ...(lost !== undefined ? { lost } : {}), ...(paramDefault ? { paramDefault: true as const } : {}), ...(inObject ? { inObject: true as const } : {}) };
    push(unit, { k: "new", ctor, target, args: (n.arguments ?? []).map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, n), nameSpan: spanOf(ctx, nameNode), ...place }, conditional);
    return true;
  };

  const visitFunction = (fn: ts.SignatureDeclaration & { body?: ts.Node }, unit: MutableUnit, name: string, kind: FlowUnit["kind"], className?: string, nameNode?: ts.Node) => {
    // An overload's signature: the implementation that follows it is the function.
    if (!fn.body && isOverloadSignature(fn, ctx.sf, ambientClass)) return;
    const scope = scopes.enter(fn);
    visitFunctionIn(fn, unit, name, kind, className, nameNode);
    if (scope) scopes.leave(scope);
  };

  /** `visitFunction` inside the function's scope. */
  const visitFunctionIn = (fn: ts.SignatureDeclaration & { body?: ts.Node }, unit: MutableUnit, name: string, kind: FlowUnit["kind"], className?: string, nameNode?: ts.Node) => {
    const child = newUnit(name, kind, unit.id, fn, paramsOf(fn), className, nameNode ?? fn.name);
    // `declare function addTools(server: McpServer): void` (a declaration file), an abstract method:
    // what runs is elsewhere, so a call of it is not followed.
    if (!fn.body && (ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn))) child.bodiless = true;
    declare(child, fn.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [] : bindingNames(p.name))));
    const fields = paramFieldsOf(fn);
    if (fields.some((f) => f !== null)) child.paramFields = fields;
    if (!fn.body) return;
    // `function register(server, opts = { tools: true })`: what a call without `opts` reads.
    const defaults = fn.parameters.map((p) => (p.initializer && ts.isIdentifier(p.name) && !ts.isNewExpression(unwrap(p.initializer)) ? toValueExpr(ctx, p.initializer) : null));
    if (defaults.some((d) => d !== null)) child.paramDefaults = defaults;
    // `function createServer({ name = "demo" }: Options = {})`: what a call without those keys reads.
    const patternDefaults = fn.parameters.map((p, i) => (fields[i] ? patternDefaultsOf(p, (e) => toValueExpr(ctx, e)) : null));
    if (patternDefaults.some((d) => d !== null)) child.paramPatternDefaults = patternDefaults;
    const isProperty = (p: ts.ParameterDeclaration) => ts.isConstructorDeclaration(fn) && ts.isIdentifier(p.name) && (ts.getModifiers(p)?.some((m) => PARAMETER_PROPERTY_MODIFIERS.has(m.kind)) ?? false);
    // `function start(server = new McpServer(...))`: a call without that argument makes the server
    // first, as the function starts. A parameter property's (`constructor(private server = new
    // McpServer(...))`) is the field's server, and the parameter's name is that server too.
    const madeInField: string[] = [];
    for (const p of fn.parameters) {
      const init = p.initializer ? unwrap(p.initializer) : undefined;
      if (!init || !ts.isIdentifier(p.name) || !ts.isNewExpression(init)) continue;
      if (!isProperty(p)) recordNew(child, init, [p.name.text], p.name, false, undefined, true);
      else if (recordNew(child, init, ["this", p.name.text], p.name, false, undefined, true)) madeInField.push(p.name.text);
    }
    for (const name of madeInField) child.events.push({ event: { k: "alias", target: name, source: ["this", name], span: spanOf(ctx, fn.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name)!.name) }, conditional: false });
    // `constructor(protected server: McpServer)`: the parameter is stored in `this.server` first.
    for (const p of fn.parameters) {
      if (isProperty(p) && ts.isIdentifier(p.name)) {
        child.events.push({ event: { k: "escape", source: [p.name.text], how: `stored in this.${p.name.text}`, span: spanOf(ctx, p.name), into: ["this", p.name.text] }, conditional: false });
      }
    }
    // A function's body runs when it is called: its conditions are its own.
    const saved = loops;
    const savedPath = branchPath.splice(0);
    loops = [];
    try {
      visitBody(fn, child);
    } finally {
      loops = saved;
      branchPath.splice(0, branchPath.length, ...savedPath);
    }
  };

  const visitBody = (fn: ts.SignatureDeclaration & { body?: ts.Node }, child: MutableUnit) => {
    if (!fn.body) return;
    if (ts.isConstructorDeclaration(fn) && ts.isBlock(fn.body)) {
      for (const st of fn.body.statements) {
        const e = ts.isExpressionStatement(st) ? unwrap(st.expression) : undefined;
        if (!e || !ts.isBinaryExpression(e) || e.operatorToken.kind !== SK.EqualsToken || !ts.isPropertyAccessExpression(e.left) || e.left.expression.kind !== SK.ThisKeyword) continue;
        const value = unwrap(e.right);
        if (ts.isArrayLiteralExpression(value) || ts.isStringLiteralLike(value)) (child.fieldValues ??= new Map()).set(e.left.name.text, toValueExpr(ctx, value));
      }
    }
    if (ts.isBlock(fn.body)) {
      const built = readBuiltLocals(ctx, fn.body.statements);
      if (built) child.built = built;
      // A generator's body may never run: what it does is under a condition of its own.
      if (runsOnlyWhenIterated(fn)) inBranch(fn.body, () => visit(fn.body!, child, true));
      else visit(fn.body, child, false);
    } else {
      // An arrow's expression body is its return value: `() => new McpServer(...)`.
      const body = unwrap(fn.body as ts.Expression);
      if (ts.isNewExpression(body) && recordNew(child, body, ["<return>"], body.expression, false)) {
        push(child, { k: "return", source: ["<return>"], span: spanOf(ctx, body) }, false);
      } else {
        // `() => new NotesServer(config)`: an instance of a workspace class (a server subclass, maybe) is
        // returned (recorded before the walk meets it as a construction no name holds).
        const made = ts.isNewExpression(body) && ts.isIdentifier(body.expression);
        if (made) recordOtherNew(child, body, ["<return>"], body.expression, false);
        visit(fn.body, child, false);
        const p = made ? ["<return>"] : pathOf(body);
        push(child, { k: "return", source: p, expr: toValueExpr(ctx, body), span: spanOf(ctx, body) }, false);
      }
    }
  };

  /** `heldAs`: the const a class expression is held in, the name its static members are reached by. */
  const visitClass = (cls: ts.ClassLikeDeclaration, unit: MutableUnit, className: string, conditional: boolean, heldAs?: string) => {
    const staticName = ts.isClassDeclaration(cls) ? cls.name?.text : heldAs;
    const outerAmbient = ambientClass;
    ambientClass = ts.getModifiers(cls)?.some((m) => m.kind === SK.DeclareKeyword) ?? false;
    // `@Module({ providers: [{ useFactory: () => new McpStrategy(...) }] })`: a function written in
    // a class decorator's arguments is a closure of the place the class is declared, which a
    // framework calls later (the decorator calls themselves hold no server).
    for (const d of ts.getDecorators(cls) ?? []) visitDecoratorFunctions(d.expression, unit);
    try {
      visitMembers(cls, unit, className, conditional, staticName);
    } finally {
      ambientClass = outerAmbient;
    }
  };

  const visitDecoratorFunctions = (node: ts.Node, unit: MutableUnit): void => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return visitFunction(node, unit, "(function)", "closure");
    if (ts.isMethodDeclaration(node)) return visitFunction(node, unit, `(method) ${staticPropertyName(node.name) ?? "?"}`, "closure");
    ts.forEachChild(node, (child) => visitDecoratorFunctions(child, unit));
  };

  const visitMembers = (cls: ts.ClassLikeDeclaration, unit: MutableUnit, className: string, conditional: boolean, staticName: string | undefined) => {
    for (const m of cls.members) {
      const memberName = staticPropertyName(m.name) ?? "constructor";
      // A named class's static fields and static blocks run where the class is declared, in order,
      // with `this` the class: `static server = new McpServer(...)` is `App.server`, and
      // `static { App.server.registerTool(...) }` registers on it then.
      if (staticName !== undefined && isStaticInPlace(m)) {
        const saved = staticThis;
        staticThis = staticName;
        try {
          if (ts.isClassStaticBlockDeclaration(m)) visit(m.body, unit, conditional);
          else if (ts.isPropertyDeclaration(m) && m.initializer) {
            const init = unwrap(m.initializer);
            const name = staticPropertyName(m.name);
            if (!(name !== undefined && ts.isNewExpression(init) && recordNew(unit, init, [staticName, name], m.name, conditional))) visit(m.initializer, unit, conditional);
          }
        } finally {
          staticThis = saved;
        }
        continue;
      }
      if (ts.isMethodDeclaration(m) || ts.isConstructorDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) {
        visitFunction(m, unit, `${className}.${memberName}`, "method", className);
      } else if (ts.isPropertyDeclaration(m) && m.initializer) {
        const field = newUnit(`${className}.${memberName}`, "field", unit.id, m, [], className, m.name);
        const init = unwrap(m.initializer);
        if (ts.isArrayLiteralExpression(init) || ts.isStringLiteralLike(init)) field.fieldValues = new Map([[memberName, toValueExpr(ctx, init)]]);
        if (!(ts.isNewExpression(init) && recordNew(field, init, ["this", memberName], m.name, false))) {
          // `server = new NotesServer()`: a field holding an instance of a class that may be a server subclass.
          if (ts.isNewExpression(init) && maySubclass(init)) recordOtherNew(field, init, ["this", memberName], m.name, false);
          visit(m.initializer, field, false);
        }
      }
    }
  };

  // Runs for every node of a file that imports the SDK, inside the scope the node opens, if any (a
  // function's is entered by visitFunction). A throw ends the whole summary (nothing below
  // summarizeFlow catches one), so no scope needs leaving on the way out.
  const visit = (node: ts.Node, unit: MutableUnit, conditional: boolean): void => {
    // A token (a name, a literal, a keyword) has no children and no case below: nothing to record.
    if (node.kind <= SK.LastToken) return;
    if (!mayOpenScope(node.kind)) return visitNode(node, unit, conditional);
    const scope = scopes.enter(node);
    visitNode(node, unit, conditional);
    if (scope) scopes.leave(scope);
  };

  // A switch on the kind, no array per node.
  const visitNode = (node: ts.Node, unit: MutableUnit, conditional: boolean): void => {
    // Types never run: a type annotation, an interface or a type alias holds no call and no value.
    if ((node.kind >= SK.FirstTypeNode && node.kind <= SK.LastTypeNode) || node.kind === SK.InterfaceDeclaration || node.kind === SK.TypeAliasDeclaration) return;
    let branches = false;
    // `await p.then(cb)`: the call whose value is awaited (the tree has no parent links to ask later).
    if (node.kind === SK.AwaitExpression) {
      let awaited: ts.Expression = (node as ts.AwaitExpression).expression;
      while (ts.isParenthesizedExpression(awaited)) awaited = awaited.expression;
      if (ts.isCallExpression(awaited)) awaitedCalls.add(awaited);
    }
    switch (node.kind) {
      case SK.FunctionDeclaration: {
        const fn = node as ts.FunctionDeclaration;
        return visitFunction(fn, unit, fn.name?.text ?? "default", unit.kind === "module" ? "function" : "closure");
      }
      case SK.ArrowFunction:
      case SK.FunctionExpression:
        return visitFunction(node as ts.ArrowFunction | ts.FunctionExpression, unit, "(function)", "closure");
      case SK.ExportAssignment: {
        // `export default (server) => { ... }`: the module's default export, a function by that name as
        // `export default function (server) { ... }` is (the file's summary exports it as `default`).
        const assigned = node as ts.ExportAssignment;
        const fn = unwrap(assigned.expression);
        if (unit.kind === "module" && !assigned.isExportEquals && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return visitFunction(fn, unit, "default", "function");
        break;
      }
      // An object literal's method (class members are visited by visitClass): its own body, run
      // only when called, like a function of the place it is written in.
      case SK.MethodDeclaration:
      case SK.GetAccessor:
      case SK.SetAccessor: {
        const m = node as ts.MethodDeclaration | ts.AccessorDeclaration;
        return visitFunction(m, unit, `(method) ${staticPropertyName(m.name) ?? "?"}`, unit.kind === "module" ? "function" : "closure");
      }
      case SK.ClassDeclaration:
      case SK.ClassExpression: {
        const cls = node as ts.ClassLikeDeclaration;
        // Named as the file's summary names the class (`export default class extends …` is `default`),
        // so what reads a class's units finds them by its name.
        const anonymous = ts.isClassDeclaration(cls) && hasModifier(cls, SK.DefaultKeyword) ? "default" : "(class)";
        return visitClass(cls, unit, cls.name?.text ?? anonymous, conditional);
      }
      case SK.VariableStatement: {
        // `const x = <expr>` in a function (or a block of the top level): its value can be read where
        // the name is not ambiguous. The file's own top-level consts are in its declarations already.
        const st = node as ts.VariableStatement;
        if (st.declarationList.flags & ts.NodeFlags.Const) {
          for (const d of st.declarationList.declarations) {
            if (ts.isIdentifier(d.name) && d.initializer && !topLevelDeclarations.has(d)) (unit.consts ??= new Map()).set(d.name.text, toValueExpr(ctx, d.initializer));
          }
        }
        break;
      }
      case SK.VariableDeclaration: {
        const d = node as ts.VariableDeclaration;
        // A top-level const is the file's own; anything nested may hide one.
        const topLevel = unit.kind === "module" && topLevelDeclarations.has(d);
        if (!topLevel) declare(unit, bindingNames(d.name));
        // `const { server, cleanup } = createServer()`: the call's event says which fields go by which name.
        if (ts.isObjectBindingPattern(d.name) && d.initializer && ts.isCallExpression(unwrap(d.initializer))) {
          const before = unit.events.length;
          visit(d.initializer, unit, conditional);
          const last = unit.events.at(-1);
          const fields = plainFields(d.name);
          if (fields && unit.events.length > before && last?.event.k === "invoke" && last.event.span.start === startOf(ctx.sf, unwrap(d.initializer))) {
            unit.events[unit.events.length - 1] = { ...last, event: { ...last.event, resultFields: fields } };
          }
          return;
        }
        // `const { server: low } = mcp`: each field goes by its local name, like `const low = mcp.server`.
        if (ts.isObjectBindingPattern(d.name) && d.initializer && pathOf(d.initializer)) {
          const source = pathOf(d.initializer)!;
          const fields = plainFields(d.name);
          if (!fields) push(unit, { k: "escape", source, how: "taken apart by a destructuring the analysis does not follow", span: spanOf(ctx, d) }, conditional);
          else for (const [field, local] of Object.entries(fields)) push(unit, { k: "alias", target: local, source: [...source, field], span: spanOf(ctx, d) }, conditional);
          return;
        }
        if (!ts.isIdentifier(d.name) || !d.initializer) break;
        const init = unwrap(d.initializer);
        if (ts.isNewExpression(init) && recordNew(unit, init, [flowName(d.name)], d.name, conditional, d)) return;
        // A `let`/`var` given another function later (`setup = extended`) is not that function: a
        // callback with a name, which is not followed by name.
        if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && unit.kind === "module" && ((assignments ??= assignmentCounts(ctx.text)).get(d.name.text) ?? 0) <= 1) {
          return visitFunction(init, unit, d.name.text, "function", undefined, d.name);
        }
        // `const App = class { static server = new McpServer(...) }`: its static members are `App.x`.
        // A top-level one goes by its binding's name, as in the file's summary (`const A = class B {}` is A).
        if (ts.isClassExpression(init)) return visitClass(init, unit, topLevel ? d.name.text : (init.name?.text ?? d.name.text), conditional, d.name.text);
        // `export const container = { server: new McpServer(...), startedAt }` at the top level, a
        // const: the server goes by `container.server` (a dialect checks nothing else reaches it).
        // Not with a method beside it: `this.server` there is the server under a name not followed.
        const code = (p: ts.ObjectLiteralElementLike) => ts.isMethodDeclaration(p) || ts.isAccessor(p) || (ts.isPropertyAssignment(p) && (ts.isArrowFunction(unwrap(p.initializer)) || ts.isFunctionExpression(unwrap(p.initializer))));
        const madeInside = (p: ts.ObjectLiteralElementLike) => ts.isPropertyAssignment(p) && ts.isNewExpression(unwrap(p.initializer)) && sdkCtor(unwrap(p.initializer) as ts.NewExpression) !== undefined;
        if (ts.isObjectLiteralExpression(init) && topLevel && topLevelConsts.has(d) && init.properties.some(madeInside) && !init.properties.some(code)) {
          const objectName = d.name.text;
          for (const p of init.properties) {
            const value = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : undefined;
            const key = ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
            if (value && key !== undefined && ts.isNewExpression(value) && recordNew(unit, value, [objectName, key], (p as ts.PropertyAssignment).name, conditional, undefined, false, true)) continue;
            // As any object literal: a name put in it is stored where the flow stops following it.
            if (ts.isShorthandPropertyAssignment(p)) escape(unit, p.name, "stored in an object", conditional);
            else if (ts.isPropertyAssignment(p)) escape(unit, p.initializer, "stored in an object", conditional);
            visit(p, unit, conditional);
          }
          return;
        }
        if (ts.isNewExpression(init)) recordOtherNew(unit, init, [flowName(d.name)], d.name, conditional, d);
        // `const createServer = () => ...` inside a function: still a callback, but one with a name
        // (a factory handed to `serveStdio(createServer)` is known by it).
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return visitFunction(init, unit, d.name.text, "closure", undefined, d.name);
        const source = pathOf(init);
        if (source && !ts.isCallExpression(init)) {
          // `(register(base), base)`, `s ?? (s = new X())`: what the choice does on the way is done too.
          if (isChoice(init)) visit(init, unit, conditional);
          push(unit, { k: "alias", target: flowName(d.name), source, span: spanOf(ctx, d) }, conditional);
          return;
        }
        const before = unit.events.length;
        visit(d.initializer, unit, conditional);
        // `const server = createServer()`: the call's own event is the last one its visit pushed.
        const last = unit.events.at(-1);
        if (ts.isCallExpression(init) && unit.events.length > before && last?.event.k === "invoke" && last.event.span.start === startOf(ctx.sf, init)) {
          unit.events[unit.events.length - 1] = { ...last, event: { ...last.event, result: flowName(d.name) } };
        }
        // `const server = admin ? createAdminServer() : createPublicServer()`: the name holds what the
        // arm that runs returns (each arm's call is conditional already).
        if (ts.isConditionalExpression(init)) {
          for (const arm of [unwrap(init.whenTrue), unwrap(init.whenFalse)]) {
            if (!ts.isCallExpression(arm)) continue;
            const at = startOf(ctx.sf, arm);
            for (let i = before; i < unit.events.length; i++) {
              const entry = unit.events[i]!;
              if (entry.event.k === "invoke" && entry.event.span.start === at && entry.event.span.end === arm.end && entry.event.result === undefined) unit.events[i] = { ...entry, event: { ...entry.event, result: flowName(d.name) } };
            }
          }
        }
        // `const register = { tool, prompt }`: what the literal's own entries hold goes into that name.
        if (ts.isObjectLiteralExpression(init)) {
          const own = new Set(init.properties.map((p) => (ts.isShorthandPropertyAssignment(p) ? p.name : ts.isPropertyAssignment(p) ? unwrap(p.initializer) : undefined)).filter((x) => x !== undefined).map((x) => startOf(ctx.sf, x)));
          for (let i = before; i < unit.events.length; i++) {
            const entry = unit.events[i]!;
            if (entry.event.k === "escape" && entry.event.into === undefined && own.has(entry.event.span.start)) unit.events[i] = { ...entry, event: { ...entry.event, into: [d.name.text] } };
          }
        }
        return;
      }
      case SK.BinaryExpression: {
        const b = node as ts.BinaryExpression;
        const op = b.operatorToken.kind;
        chosen(node as ts.Expression, unit, conditional);
        // `server ??= other`: the name may take the other's value.
        if (op === SK.QuestionQuestionEqualsToken || op === SK.BarBarEqualsToken || op === SK.AmpersandAmpersandEqualsToken) escape(unit, b.right, `assigned to ${oneLine(b.left.getText(ctx.sf))} by ${ts.tokenToString(op)}`, conditional, pathOf(b.left));
        if (op === SK.EqualsToken) {
          const target = pathOf(b.left);
          const right = unwrap(b.right);
          // `exports.register = function (server) { … }` in CommonJS: a function of the module by the
          // name the file's summary exports it under (commonJsExports.ts).
          const exported = unit.kind === "module" ? exportedMember(b.left) : undefined;
          if (exported !== undefined && (ts.isArrowFunction(right) || ts.isFunctionExpression(right))) return visitFunction(right, unit, commonJsExportLocal(exported), "function");
          // `server.server.oninitialized = () => { … }`: a function given to a property is a callback of
          // whatever calls that property, which says when it runs (as an argument's callee does).
          if (ts.isPropertyAccessExpression(b.left) && (ts.isArrowFunction(right) || ts.isFunctionExpression(right)) && !passedTo.has(right)) passedTo.set(right, b.left.name.text);
          if (target && ts.isNewExpression(right) && recordNew(unit, right, target, b.left, conditional)) return;
          if (target && ts.isNewExpression(right)) recordOtherNew(unit, right, target, b.left, conditional);
          escape(unit, right, `assigned to ${oneLine(b.left.getText(ctx.sf))}`, conditional, target);
          // `server.addTool = function (t) { ... }`: a method the dialects read is replaced on that
          // object, so what its calls do from here on is the new function's doing, not the library's.
          // Any member given a function (`server.setup = function () { this.registerTool(...) }`) is a
          // method of that object from here on, whatever its name: called later, it runs with the object.
          if (target && target.length >= 2 && (spec.methods.has(target.at(-1)!) || ts.isFunctionExpression(right) || ts.isArrowFunction(right))) {
            push(unit, { k: "escape", source: target.slice(0, -1), how: `given its own ${target.at(-1)} by an assignment`, span: spanOf(ctx, b.left), member: target.at(-1)! }, conditional);
          }
          // `server = createServer()`: the call's result goes by that name, as with `const server = ...`.
          if (target?.length === 1 && ts.isCallExpression(right)) return visitAssignedCall(b, right, target[0]!, unit, conditional);
        } else {
          // `a &&= f()`, `a ??= f()`: the right side runs only as `a && f()`, `a ?? f()` would.
          branches = LOGICAL.has(op);
        }
        break;
      }
      case SK.NewExpression: {
        const n = node as ts.NewExpression;
        if (recordNew(unit, n, null, n.expression, conditional)) return;
        if (maySubclass(n)) recordOtherNew(unit, n, null, n.expression, conditional);
        const ctor = `new ${oneLine(n.expression.getText(ctx.sf))}`;
        notePassed(n.arguments, ctor);
        for (const a of n.arguments ?? []) escape(unit, a, `given to ${ctor}`, conditional);
        break;
      }
      case SK.ObjectLiteralExpression:
        for (const p of (node as ts.ObjectLiteralExpression).properties) {
          if (ts.isShorthandPropertyAssignment(p)) escape(unit, p.name, "stored in an object", conditional);
          else if (ts.isPropertyAssignment(p)) escape(unit, p.initializer, "stored in an object", conditional);
        }
        break;
      case SK.ArrayLiteralExpression:
        for (const e of (node as ts.ArrayLiteralExpression).elements) escape(unit, e, "stored in an array", conditional);
        break;
      case SK.ElementAccessExpression: {
        // `server[method]`: a member chosen at run time may be any registration.
        const ea = node as ts.ElementAccessExpression;
        if (literalKey(ea) === undefined && !ts.isNumericLiteral(ea.argumentExpression)) escape(unit, ea.expression, "read with a computed key", conditional);
        break;
      }
      case SK.ReturnStatement: {
        const r = node as ts.ReturnStatement;
        const e = r.expression ? unwrap(r.expression) : undefined;
        if (e && ts.isNewExpression(e) && recordNew(unit, e, ["<return>"], e.expression, conditional)) {
          push(unit, { k: "return", source: ["<return>"], span: spanOf(ctx, r) }, conditional);
          return;
        }
        // `return new NotesServer()`: an instance of a class that may be a server subclass is returned.
        if (e && ts.isNewExpression(e) && maySubclass(e)) {
          recordOtherNew(unit, e, ["<return>"], e.expression, conditional);
          visit(r.expression!, unit, conditional);
          push(unit, { k: "return", source: ["<return>"], expr: toValueExpr(ctx, e), span: spanOf(ctx, r) }, conditional);
          return;
        }
        if (r.expression) visit(r.expression, unit, conditional);
        push(unit, { k: "return", source: e ? pathOf(e) : null, ...(e ? { expr: toValueExpr(ctx, e) } : {}), span: spanOf(ctx, r) }, conditional);
        return;
      }
      case SK.ThrowStatement: {
        const t = node as ts.ThrowStatement;
        visit(t.expression, unit, conditional);
        push(unit, { k: "throw", span: spanOf(ctx, t) }, conditional);
        return;
      }
      case SK.CallExpression: {
        visitCall(node as ts.CallExpression, unit, conditional);
        // `process.exit(1)`: the program stops here, as after an uncaught throw.
        const callee = withoutTypeWrappers((node as ts.CallExpression).expression);
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === "exit" && ts.isIdentifier(callee.expression) && callee.expression.text === "process") push(unit, { k: "throw", span: spanOf(ctx, node), exit: true }, conditional);
        return;
      }
      case SK.ForOfStatement:
      case SK.ForInStatement: {
        const loop = node as ts.ForOfStatement | ts.ForInStatement;
        visit(loop.initializer, unit, conditional);
        visit(loop.expression, unit, conditional);
        const certain = !mayExitEarly(loop.statement) && !(ts.isForOfStatement(loop) && loop.awaitModifier);
        const declared = ts.isVariableDeclarationList(loop.initializer) ? loop.initializer.declarations[0]?.name : undefined;
        const element = declared && ts.isArrayBindingPattern(declared) ? lastPlainElement(declared) : undefined;
        const elements = declared && ts.isArrayBindingPattern(declared) ? plainElements(declared) : [];
        const binding = declared && ts.isIdentifier(declared) ? { binding: declared.text } : { ...(element ? { element } : {}), ...(elements.length > 0 ? { elements } : {}) };
        const guard: LoopGuard | null = certain ? { kind: ts.isForOfStatement(loop) ? "of" : "in", over: toValueExpr(ctx, loop.expression), ...binding } : null;
        guarded(guard, conditional, () => inBranch(loop.statement, () => visit(loop.statement, unit, true), guard !== null));
        return;
      }
      case SK.ForStatement: {
        const loop = node as ts.ForStatement;
        const count = countedLoop(loop);
        if (!count || mayExitEarly(loop.statement)) {
          branches = true;
          break;
        }
        visit(count.init, unit, conditional);
        const guard: LoopGuard = { kind: "count", from: toValueExpr(ctx, count.init), to: toValueExpr(ctx, count.bound), inclusive: count.inclusive };
        guarded(guard, conditional, () => {
          for (const part of [loop.condition, loop.incrementor, loop.statement]) if (part) inBranch(part, () => visit(part, unit, true), part === loop.statement);
        });
        return;
      }
      case SK.Block: {
        // Code after an unconditional `return`/`throw` never runs: it must not count.
        const reachable = reachableStatements((node as ts.Block).statements);
        if (!reachable) break;
        for (const s of reachable) visit(s, unit, conditional);
        return;
      }
      case SK.TryStatement: {
        // The `try` block may stop anywhere and the `catch` may not run; the `finally` block runs
        // whenever the statement does (after an uncaught throw too, which then stops what follows).
        // With no catch, or one that ends the program (`process.exit(1)`, a rethrow), a program that
        // goes on ran the whole `try` block: it is as certain as the code around it.
        const t = node as ts.TryStatement;
        // A `finally` that returns (or breaks) swallows any throw of the `try`: as a catch that goes on.
        const swallows = t.finallyBlock !== undefined && mayExitEarly(t.finallyBlock);
        if ((!t.catchClause || catchEndsProgram(t.catchClause.block)) && !swallows) {
          visit(t.tryBlock, unit, conditional);
          if (t.catchClause) guarded(null, conditional, () => inBranch(t.catchClause!, () => visit(t.catchClause!, unit, true)));
        } else {
          guarded(null, conditional, () => {
            inBranch(t.tryBlock, () => visit(t.tryBlock, unit, true));
            if (t.catchClause) inBranch(t.catchClause, () => visit(t.catchClause!, unit, true));
          });
        }
        if (t.finallyBlock) visit(t.finallyBlock, unit, conditional);
        return;
      }
      case SK.ConditionalExpression:
        chosen(node as ts.Expression, unit, conditional);
        branches = true;
        break;
      case SK.IfStatement:
      case SK.SwitchStatement:
      case SK.WhileStatement:
      case SK.DoStatement:
        branches = true;
        break;
      case SK.LabeledStatement: {
        // `tools: { if (safe) break tools; server.registerTool(...) }`: a break out of a labelled
        // block skips the rest of it. (A labelled loop's breaks are the loop's own exits.)
        const l = node as ts.LabeledStatement;
        if (!ts.isIterationStatement(l.statement, false) && breaksTo(l.statement, l.label.text)) branches = true;
        break;
      }
    }
    const inner = conditional || branches;
    if (branches) guarded(null, conditional, () => ts.forEachChild(node, (child) => inBranch(child, () => visit(child, unit, inner))));
    else {
      const outerUnit = childUnit;
      const outerInner = childInner;
      childUnit = unit;
      childInner = inner;
      ts.forEachChild(node, visitChild);
      childUnit = outerUnit;
      childInner = outerInner;
    }
  };
  // The unit and condition `visitChild` visits the children of the node being visited under (one
  // callback for the whole walk instead of a closure per node).
  let childUnit: MutableUnit | undefined;
  let childInner = false;
  const visitChild = (child: ts.Node): void => visit(child, childUnit!, childInner);

  const visitAssignedCall = (b: ts.BinaryExpression, call: ts.Expression, name: string, unit: MutableUnit, conditional: boolean) => {
    const before = unit.events.length;
    ts.forEachChild(b, (child) => visit(child, unit, conditional));
    const last = unit.events.at(-1);
    if (unit.events.length > before && last?.event.k === "invoke" && last.event.span.start === startOf(ctx.sf, call)) {
      unit.events[unit.events.length - 1] = { ...last, event: { ...last.event, result: name } };
    }
  };

  const visitCall = (node: ts.CallExpression, unit: MutableUnit, conditional: boolean) => {
    // `(server.registerTool as any)(...)`, `server.registerTool!(...)`: parentheses and type-only
    // wrappers keep the receiver, so the call is the method's own.
    const callee = withoutTypeWrappers(node.expression);
    notePassed(node.arguments, calleeName(callee));
    // `await new MyServer().connect(transport)`: a class of the program connected as it is made, which
    // no name holds (a dialect may know it for a subclass of its server). The SDK's own classes are
    // recorded where the `new` is visited.
    const made = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : undefined;
    if (made && ts.isNewExpression(made) && ts.isIdentifier(made.expression) && !sdkCtor(made) && !otherNews.has(made)) {
      otherNews.add(made);
      push(unit, { k: "new", ctor: made.expression.text, target: null, args: (made.arguments ?? []).map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, made), nameSpan: spanOf(ctx, made.expression) }, conditional);
    }
    // `Promise.allSettled([addGit(server), addDb(server)])`: a rejection there is kept as a result, not
    // thrown, so each call may stop early and the program goes on (as inside a `try`).
    const settled = isPromiseMethod(callee, SETTLING);
    for (const a of node.arguments) {
      if (settled) guarded(null, conditional, () => inBranch(a, () => visit(a, unit, true)));
      else visit(a, unit, conditional);
    }
    // `items.forEach((x) => server.registerTool(...))` calls back right away, zero or more times.
    if (ts.isPropertyAccessExpression(callee) && SYNC_CALLBACK_METHODS.has(callee.name.text)) {
      for (const a of node.arguments) {
        const fn = unwrap(a);
        if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) {
          // `TOOLS.forEach((t) => ...)` calls back once per item: certain when TOOLS has items.
          const everyItem = EVERY_ITEM_METHODS.has(callee.name.text) && a === node.arguments[0] && callbackRunsToEnd(fn);
          const event: FlowEvent = { k: "invoke", callee: toValueExpr(ctx, fn), args: [], argExprs: [], span: spanOf(ctx, node) };
          if (everyItem) push(unit, event, true, { kind: "of", over: toValueExpr(ctx, callee.expression) }, node);
          else guarded(null, conditional, () => push(unit, event, true, undefined, node));
        }
      }
    }
    // `server["registerTool"](...)` is `server.registerTool(...)`.
    const literal = literalKey(callee);
    if (literal !== undefined && spec.methods.has(literal)) {
      const access = callee as ts.ElementAccessExpression;
      const receiver = pathOf(access.expression);
      if (receiver) {
        push(unit, { k: "call", receiver, method: literal, args: node.arguments.map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, node), methodSpan: spanOf(ctx, access.argumentExpression) }, conditional);
        return;
      }
    }
    if (ts.isPropertyAccessExpression(callee)) {
      const receiver = pathOf(callee.expression);
      if (receiver && spec.methods.has(callee.name.text)) {
        push(unit, {
          k: "call",
          receiver,
          method: callee.name.text,
          args: node.arguments.map((a) => toValueExpr(ctx, a)),
          span: spanOf(ctx, node),
          methodSpan: spanOf(ctx, callee.name),
        }, conditional);
        return;
      }
      // `setup(server).catch(log)`: if setup rejects, the program goes on without what it did after the
      // throw (as inside a `try`), unless the handler stops it. Only a call handed something by name
      // (the server, an object holding it): `main().catch(log)` is how a program that builds and
      // serves its server in main() starts, and a rejection there serves nothing. Nor a method a
      // dialect reads (`connect`, `start`): if it fails, nothing is served anyway.
      const promised = callee.expression;
      const handedOn = ts.isCallExpression(promised) && (promised.arguments.some((a) => pathOf(a) !== null) || isPromiseMethod(promised.expression, COMBINING));
      if (handedOn && rejectionSwallowed(node, ctx.sf) && !spec.methods.has(methodCalled(promised))) {
        guarded(null, conditional, () => inBranch(callee.expression, () => visit(callee.expression, unit, true)));
      } else visit(callee.expression, unit, conditional);
      // `await loaded.then((m) => m.register(server))`: awaited, the callback has run before the next
      // statement (if the promise rejects, the await throws instead), so it runs here, as a helper would.
      const awaitedCallback = awaitedCalls.has(node) ? awaitedContinuation(node, callee) : undefined;
      if (awaitedCallback) push(unit, { k: "invoke", callee: toValueExpr(ctx, awaitedCallback), args: [], argExprs: [], span: spanOf(ctx, node) }, conditional);
      // `new Tool(client).attach(server)`, `make().mount(server)`: still a call the server may be handed to.
    }
    if (ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee)) {
      push(unit, {
        k: "invoke",
        callee: toValueExpr(ctx, callee),
        args: node.arguments.map((a) => pathOf(a)),
        argExprs: node.arguments.map((a) => toValueExpr(ctx, a)),
        span: spanOf(ctx, node),
      }, conditional);
    } else if (isInlineFunction(unwrap(callee))) {
      // `(async () => { ... })()`, `(function () { ... })()`: the function runs here and now, as a
      // named function called here would (its own unit, made by visiting it, then the call).
      visit(callee, unit, conditional);
      push(unit, { k: "invoke", callee: toValueExpr(ctx, unwrap(callee)), args: node.arguments.map((a) => pathOf(a)), argExprs: node.arguments.map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, node) }, conditional);
    } else if (callee.kind === SK.SuperKeyword) {
      // `super(...)`: what a subclass gives its base's constructor (a subclass of a server class).
      push(unit, { k: "invoke", callee: toValueExpr(ctx, callee), args: node.arguments.map((a) => pathOf(a)), argExprs: node.arguments.map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, node) }, conditional);
    } else {
      visit(callee, unit, conditional);
      opaqueInvoke(node, unit, conditional);
    }
  };

  /**
   * `new Tool(client).attach(server)`, `handlers[name](server)`, `getRegistry().registerEach(server)`:
   * a callee that is not a name, recorded when a name is passed, so the replay sees the server go there.
   */
  const opaqueInvoke = (node: ts.CallExpression, unit: MutableUnit, conditional: boolean) => {
    const args = node.arguments.map((a) => pathOf(a));
    // `installers[key]()` (also `installers[key]!()`): a function of a table chosen by a name (a loop's item may tell which).
    const callee = withoutTypeWrappers(node.expression);
    const keyed = ts.isElementAccessExpression(callee) && ts.isIdentifier(callee.expression) && ts.isIdentifier(callee.argumentExpression);
    if (!args.some(Boolean) && !keyed) return;
    push(unit, { k: "invoke", callee: toValueExpr(ctx, keyed ? callee : node.expression), args, argExprs: node.arguments.map((a) => toValueExpr(ctx, a)), span: spanOf(ctx, node) }, conditional);
  };

  const topLevelDeclarations = new Set<ts.Node>();
  const topLevelConsts = new Set<ts.Node>();
  for (const s of ctx.sf.statements) {
    if (!ts.isVariableStatement(s)) continue;
    for (const d of s.declarationList.declarations) {
      topLevelDeclarations.add(d);
      if (s.declarationList.flags & ts.NodeFlags.Const) topLevelConsts.add(d);
    }
  }
  const module = newUnit("<module>", "module", null, ctx.sf, []);
  scopes.enter(ctx.sf);
  for (const s of reachableStatements(ctx.sf.statements) ?? ctx.sf.statements) visit(s, module, false);
  return { units, ...(loaded.size > 0 ? { loaded } : {}) };
}

/** A static block, or a static field with an initializer: what runs when the class is declared. */
function isStaticInPlace(m: ts.ClassElement): boolean {
  if (ts.isClassStaticBlockDeclaration(m)) return true;
  return ts.isPropertyDeclaration(m) && m.initializer !== undefined && (ts.getModifiers(m)?.some((x) => x.kind === SK.StaticKeyword) ?? false);
}

/**
 * A function or method written without a body where one is required: one of an overload's signatures.
 * Not a `declare`d one, one in a declaration file or in an ambient module or class, nor an abstract method.
 */
function isOverloadSignature(fn: ts.SignatureDeclaration, sf: ts.SourceFile, ambient: boolean): boolean {
  if (!ts.isFunctionDeclaration(fn) && !ts.isMethodDeclaration(fn)) return false;
  if (ambient || sf.isDeclarationFile) return false;
  return !ts.getModifiers(fn)?.some((m) => m.kind === SK.AbstractKeyword || m.kind === SK.DeclareKeyword);
}

/**
 * `for (let i = A; i < B; …)` or `i <= B`: the start, the bound and whether it is inclusive. Whatever
 * the step, the first iteration runs when A is below B (and, if the body cannot leave early, to its end).
 */
function countedLoop(loop: ts.ForStatement): { init: ts.Expression; bound: ts.Expression; inclusive: boolean } | undefined {
  const list = loop.initializer;
  if (!list || !ts.isVariableDeclarationList(list) || list.declarations.length !== 1) return undefined;
  const decl = list.declarations[0]!;
  if (!ts.isIdentifier(decl.name) || !decl.initializer) return undefined;
  const cond = loop.condition;
  if (!cond || !ts.isBinaryExpression(cond) || !ts.isIdentifier(cond.left) || cond.left.text !== decl.name.text) return undefined;
  const op = cond.operatorToken.kind;
  if (op !== SK.LessThanToken && op !== SK.LessThanEqualsToken) return undefined;
  return { init: decl.initializer, bound: cond.right, inclusive: op === SK.LessThanEqualsToken };
}

/** `name =`, `name ||= …` and the other assignment operators, not a property (`x.name =`) nor a comparison. */
const ASSIGNMENT = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])/g;

/**
 * How many times each name is assigned in the text, its declaration (`const f = …`) included: one
 * pass over the text, however many functions the file declares.
 */
function assignmentCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(ASSIGNMENT)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  return counts;
}

/** Operators whose right side may not run. */
const LOGICAL = new Set<ts.SyntaxKind>([SK.AmpersandAmpersandToken, SK.BarBarToken, SK.QuestionQuestionToken, SK.AmpersandAmpersandEqualsToken, SK.BarBarEqualsToken, SK.QuestionQuestionEqualsToken]);
const CHOOSING = new Set<ts.SyntaxKind>([SK.QuestionQuestionToken, SK.BarBarToken, SK.AmpersandAmpersandToken, SK.CommaToken]);

// The wrappers the helpers below look through, as sets of kinds: they are asked for most nodes.
/** `pathOf`'s: parentheses, `!`, `as` and `await`. */
const PATH_WRAPPERS: ReadonlySet<ts.SyntaxKind> = new Set([SK.ParenthesizedExpression, SK.NonNullExpression, SK.AsExpression, SK.AwaitExpression]);
/** `unwrap`'s: parentheses, `as`, `satisfies`, `!` and `await`. */
const UNWRAPPED: ReadonlySet<ts.SyntaxKind> = new Set([SK.ParenthesizedExpression, SK.AsExpression, SK.SatisfiesExpression, SK.NonNullExpression, SK.AwaitExpression]);
/** `withoutTypeWrappers`'s: parentheses, `as`, `satisfies`, `!` and `<T>`. */
const TYPE_WRAPPERS: ReadonlySet<ts.SyntaxKind> = new Set([SK.ParenthesizedExpression, SK.AsExpression, SK.SatisfiesExpression, SK.NonNullExpression, SK.TypeAssertionExpression]);

/** An expression whose value is one of its operands': `?:`, `??`, `||`, `&&`, or a comma (its last). */
function isChoice(e: ts.Expression): boolean {
  return e.kind === SK.ConditionalExpression || (e.kind === SK.BinaryExpression && CHOOSING.has((e as ts.BinaryExpression).operatorToken.kind));
}

/**
 * The operands whose value a choice may take, through parentheses and type wrappers. `truthy`: only
 * those that may give it a truthy value, as an object is: `a && b` is `a` only when `a` is falsy, so
 * a server is never the value through `a` (`if (server && server.close)` hands the server nowhere).
 */
function valueChoices(e: ts.Expression, truthy = false): ts.Expression[] {
  const cur = withoutTypeWrappers(e);
  if (ts.isConditionalExpression(cur)) return [...valueChoices(cur.whenTrue, truthy), ...valueChoices(cur.whenFalse, truthy)];
  if (ts.isBinaryExpression(cur) && CHOOSING.has(cur.operatorToken.kind)) {
    const op = cur.operatorToken.kind;
    if (op === SK.CommaToken || (truthy && op === SK.AmpersandAmpersandToken)) return valueChoices(cur.right, truthy);
    return [...valueChoices(cur.left, truthy), ...valueChoices(cur.right, truthy)];
  }
  return [cur];
}

/** The expression under parentheses, `as`, `satisfies`, `<T>` and `!`: none of them changes the value. */
function withoutTypeWrappers(e: ts.Expression): ts.Expression {
  let cur = e;
  while (TYPE_WRAPPERS.has(cur.kind)) cur = (cur as ts.ParenthesizedExpression).expression;
  return cur;
}

function isInlineFunction(e: ts.Expression): boolean {
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e);
}

/** Whether a top-level class of the file extends an imported class (`class A extends Base`, `extends ns.Base`). */
function extendsImportedClass(sf: ts.SourceFile, imports: ReadonlyMap<string, ImportBinding>): boolean {
  const extendsImport = (cls: ts.ClassLikeDeclaration): boolean => {
    const base = cls.heritageClauses?.find((h) => h.token === SK.ExtendsKeyword)?.types[0]?.expression;
    if (!base) return false;
    const head = ts.isIdentifier(base) ? base : ts.isPropertyAccessExpression(base) && ts.isIdentifier(base.expression) ? base.expression : undefined;
    return head !== undefined && imports.has(head.text);
  };
  return sf.statements.some((st) => {
    if (ts.isClassDeclaration(st)) return extendsImport(st);
    // `export const Sub = class extends Base {}`: a class of the file too (its summary names it Sub).
    if (!ts.isVariableStatement(st)) return false;
    return st.declarationList.declarations.some((d) => {
      let e = d.initializer;
      while (e && (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e))) e = e.expression;
      return e !== undefined && ts.isClassExpression(e) && extendsImport(e);
    });
  });
}

/**
 * `new AppServer()` of a class imported from a module of the workspace: it may extend a server class
 * there (a subclass declared in one module and built in the entry), so the file's flow may matter.
 */
function constructsWorkspaceClass(sf: ts.SourceFile, imports: ReadonlyMap<string, ImportBinding>): boolean {
  const own = (name: string) => fromWorkspaceModule(imports.get(name));
  // Without an import from a module of the workspace no `new` can build one of its classes: the walk
  // over the whole tree is skipped for a file that imports packages only.
  if (![...imports.values()].some(fromWorkspaceModule)) return false;
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    // `new Srv()`, or `new S.Srv()` through a namespace import of the module.
    const head = ts.isNewExpression(n) ? (ts.isPropertyAccessExpression(n.expression) ? n.expression.expression : n.expression) : undefined;
    if (head && ts.isIdentifier(head) && own(head.text)) {
      found = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** An import from a module of the workspace (a relative path), not from a package. */
function fromWorkspaceModule(b: ImportBinding | undefined): boolean {
  return b !== undefined && (b.specifier.startsWith("./") || b.specifier.startsWith("../"));
}

/** The key of `x["name"]` / `x[`name`]` written as a string literal, else undefined. */
function literalKey(e: ts.Node): string | undefined {
  if (!ts.isElementAccessExpression(e)) return undefined;
  const k = e.argumentExpression;
  return ts.isStringLiteral(k) || ts.isNoSubstitutionTemplateLiteral(k) ? k.text : undefined;
}


/**
 * Whether `p.catch(handler)` or `p.then(onFulfilled, handler)` lets the program go on after `p`
 * rejects: a handler that neither throws again nor ends the process (`console.error`, `() => {}`).
 */
function rejectionSwallowed(call: ts.CallExpression, sf: ts.SourceFile): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const handler = callee.name.text === "catch" ? call.arguments[0] : callee.name.text === "then" ? call.arguments[1] : undefined;
  return handler !== undefined && !ENDS_PROGRAM_TEXT.test(handler.getText(sf));
}

/** The method a call calls (`connect` of `server.connect(t)`); "" for a function call or anything else. */
function methodCalled(call: ts.Expression): string {
  return ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : "";
}

/** `Promise.allSettled`: every promise's rejection is kept as a result. */
const SETTLING: ReadonlySet<string> = new Set(["allSettled"]);
/** `Promise.all(...)` and its kin: one rejection rejects the whole, which a `.catch` may then swallow. */
const COMBINING: ReadonlySet<string> = new Set(["all", "allSettled", "any", "race"]);

function isPromiseMethod(callee: ts.Expression, names: ReadonlySet<string>): boolean {
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "Promise" && names.has(callee.name.text);
}

/** `[name, plugin]`, `[, { run }]`: every element that is a plain name (no rest, no default, no nested pattern), and its place. */
function plainElements(pattern: ts.ArrayBindingPattern): { name: string; index: number }[] {
  const out: { name: string; index: number }[] = [];
  pattern.elements.forEach((e, index) => {
    if (!ts.isOmittedExpression(e) && ts.isIdentifier(e.name) && !e.dotDotDotToken && !e.initializer) out.push({ name: e.name.text, index });
  });
  return out;
}

/** `[name, plugin]`, `[, plugin]`: the last element that is a plain name (no rest, no default, no nested pattern), and its place. */
function lastPlainElement(pattern: ts.ArrayBindingPattern): { name: string; index: number } | undefined {
  for (let i = pattern.elements.length - 1; i >= 0; i--) {
    const e = pattern.elements[i]!;
    if (ts.isOmittedExpression(e)) continue;
    return ts.isIdentifier(e.name) && !e.dotDotDotToken && !e.initializer ? { name: e.name.text, index: i } : undefined;
  }
  return undefined;
}

/**
 * The callback of `await p.then(cb)` or `await p.finally(cb)` (the call's value awaited right there)
 * written inline: it has run when the await is over. Not a `then`'s rejection handler, which may not run.
 */
function awaitedContinuation(node: ts.CallExpression, callee: ts.PropertyAccessExpression): ts.ArrowFunction | ts.FunctionExpression | undefined {
  const method = callee.name.text;
  // `then(onOk, onError)`: with a rejection handler the await goes on after a rejection, onOk not run.
  if ((method !== "then" && method !== "finally") || node.arguments.length !== 1) return undefined;
  // A chain (`a().then(register).then(connect)`) runs its steps in order: chainOrder reads it whole.
  let promise: ts.Expression = callee.expression;
  while (ts.isParenthesizedExpression(promise)) promise = promise.expression;
  if (ts.isCallExpression(promise) && ts.isPropertyAccessExpression(promise.expression) && ["then", "catch", "finally"].includes(promise.expression.name.text)) return undefined;
  let fn: ts.Expression = node.arguments[0]!;
  while (ts.isParenthesizedExpression(fn)) fn = fn.expression;
  return ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) ? fn : undefined;
}
