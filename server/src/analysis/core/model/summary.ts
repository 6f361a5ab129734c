// The compact, syntax-only summary of one file. It is all the analysis keeps of a file once the file
// has been parsed: the AST is dropped right after summarising, so a workspace of thousands of files
// costs little memory, and an edit to one file re-parses that file only.
//
// Positions are UTF-16 offsets into the file's text (what TypeScript and LSP both count).

/** A half-open range of offsets `[start, end)` in one file's text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * A value-producing expression, kept in a small intermediate form so it can be evaluated without the
 * AST: the `__capabilities__` result, a `const` initialiser, an `extends` clause, a decorator argument.
 * Whatever the summariser cannot represent becomes `dyn` with its source text.
 */
/** The text of a `dyn` for `undefined` (and `void 0`): a value JSON leaves out, so a key holding it is absent. */
export const UNDEFINED_TEXT = "undefined";

export type ValueExpr =
  | { readonly k: "lit"; readonly value: string | number | boolean | null; readonly span: Span }
  | { readonly k: "obj"; readonly entries: readonly ObjEntry[]; readonly span: Span }
  | { readonly k: "arr"; readonly items: readonly ArrItem[]; readonly span: Span }
  | { readonly k: "ref"; readonly name: string; readonly span: Span }
  | { readonly k: "get"; readonly object: ValueExpr; readonly key: KeyExpr; readonly span: Span }
  | { readonly k: "freeze"; readonly arg: ValueExpr; readonly span: Span }
  | { readonly k: "call"; readonly callee: ValueExpr; readonly args: readonly ValueExpr[]; readonly span: Span }
  /** `new X(...)`: never evaluated, but read by the SDK dialect (`new ResourceTemplate(uri, {...})`). */
  | { readonly k: "new"; readonly callee: ValueExpr; readonly args: readonly ValueExpr[]; readonly span: Span }
  | { readonly k: "fn"; readonly fn: FunctionSummary; readonly span: Span }
  | { readonly k: "class"; readonly classIndex: number; readonly span: Span }
  /**
   * `branches`: a conditional expression (`cond ? a : b`), whose value is one of the two; everything
   * that needs a value takes it as dynamic, and only what holds on both sides reads them (a loop over
   * `readOnly ? readTools : allTools` runs when both tables have items).
   * `test`: the condition of an `if` whose arms write an object's keys (GuardedWrite), as the object's
   * spread of the keys each arm writes; an evaluator that reads values as Node runs them takes the arm
   * a condition the source decides chooses (EvaluatorOptions.decideTest).
   * `why`: why it is not known, when that is known where the expression is made (a value written by a
   * statement that may run after the read, replayWrites.ts); the evaluator's value carries it.
   * `awaited`: `await f(...)`, the call awaited, for an evaluator told what some calls' promises hold
   * (EvaluatorOptions.awaitedCall).
   */
  | { readonly k: "dyn"; readonly text: string; readonly span: Span; readonly branches?: readonly [ValueExpr, ValueExpr]; readonly arith?: Arithmetic; readonly test?: Span; readonly why?: string; readonly awaited?: Extract<ValueExpr, { k: "call" }> };

/**
 * `5 * MINUTE`, `-LIMIT`: arithmetic, kept on a `dyn` so that whatever reads values without
 * evaluating them still sees something not known; the evaluator computes it when both sides are numbers.
 */
export interface Arithmetic {
  /** Also `!x` (written `!` with `left` unused) and the strict comparisons, which give booleans on known primitives. */
  readonly op: "+" | "-" | "*" | "/" | "%" | "**" | "!" | "===" | "!==";
  readonly left: ValueExpr;
  readonly right: ValueExpr;
}

/** An object-literal key: a name known from the syntax, or a computed key to evaluate. */
export type KeyExpr =
  | { readonly k: "static"; readonly name: string; readonly span: Span }
  | { readonly k: "computed"; readonly expr: ValueExpr; readonly span: Span };

export type ObjEntry =
  | { readonly k: "prop"; readonly key: KeyExpr; readonly value: ValueExpr }
  | { readonly k: "spread"; readonly expr: ValueExpr; readonly span: Span };

export type ArrItem = ValueExpr | { readonly k: "spread"; readonly expr: ValueExpr; readonly span: Span };

/**
 * A function whose result the analysis may need: a mixin (`(B) => class extends B {}`), a function
 * referenced by `static __capabilities__ = makeCaps`, a `__capabilities__` method body.
 * `result` is the single returned expression, evaluated in a scope of `params` and `locals`;
 * `null` when the body does more than declare constants and return one value.
 */
export interface FunctionSummary {
  readonly params: readonly string[];
  /** The last parameter gathers the remaining arguments (`...tools`): it is an array of them, not the first. */
  readonly rest?: true;
  /** `async` or a generator: a call gives a promise or an iterator, not what `result` evaluates to. */
  readonly wraps?: "async" | "generator";
  readonly locals: ReadonlyMap<string, ValueExpr>;
  readonly result: ValueExpr | null;
  /**
   * The result is an object the body builds by statements (`const caps = {…}; if (x) caps.logging = {};
   * return caps`, see objectWrites.ts): what a description read from consts only does not evaluate.
   */
  readonly built?: true;
  /** Where the function's body is, for a `capabilities-dynamic` that must point at it (and quote it). */
  readonly bodySpan: Span;
}

export interface DecoratorSummary {
  /**
   * The last identifier of the decorator's callee (`Endpoint` for `@conduit.Endpoint({...})`), or the
   * name an imported identifier is exported as (`Endpoint` for `@EP(...)` after `import { Endpoint as EP }`).
   */
  readonly name: string;
  readonly span: Span;
  /** The call's arguments; kept only for decorators whose arguments the analysis reads. */
  readonly args: readonly ValueExpr[];
  /**
   * The decorator as written, for a dialect that must find where it is defined (a composite decorator
   * of the workspace): `AdminTool` in `@AdminTool(...)`, `d.Admin` in `@d.Admin`. Aliased imports and
   * namespaces lose that in `name`. Kept for methods' decorators only.
   */
  readonly callee?: ValueExpr;
  /** `@X(...)` rather than `@X`: the decorator is the result of calling `callee`. */
  readonly called?: boolean;
}

export type MemberKind = "method" | "property" | "accessor";

export interface MemberSummary {
  readonly name: string;
  readonly nameSpan: Span;
  readonly kind: MemberKind;
  readonly isStatic: boolean;
  readonly isAbstract: boolean;
  /** Declared `private` or `protected`: how ordinary classes name their helpers (still callable at run time). */
  readonly hidden: boolean;
  /**
   * Whether the member exists at run time as something that can be called: a method with a body, a
   * method or function-typed property of an ambient class, a property initialised with a function, or
   * a function-typed property assigned in the constructor.
   */
  readonly callable: boolean;
  /**
   * Whether the declaration leaves no trace at run time (an overload signature, a `declare` field, a
   * field with neither initialiser nor constructor assignment): such members neither provide nor hide
   * an inherited member.
   */
  readonly typeOnly: boolean;
  /** Declared parameters, not counting a TypeScript `this` parameter or a rest one; `null` when not a function. */
  readonly params: number | null;
  /** A static property's initialiser, kept for `__capabilities__`, `components` and `type` only. */
  readonly value: ValueExpr | null;
  /** A method's (or function-valued property's) body, kept for `__capabilities__` only; an instance getter's body, always. */
  readonly fn: FunctionSummary | null;
  /**
   * Offset where `static ` can be inserted (after an accessibility modifier, before `async`); kept for
   * `__capabilities__` only (the one quick fix that needs it), -1 otherwise.
   */
  readonly staticInsertAt: number;
  /** A method's decorators (`@Tool({...})`), with their arguments; absent when it has none. */
  readonly decorators?: readonly DecoratorSummary[];
}

export interface ClassSummary {
  /** Declared name, binding name for a class expression, or `default` for an anonymous default export. */
  readonly name: string;
  /** The name identifier, or the `class` keyword of an anonymous class. */
  readonly nameSpan: Span;
  readonly span: Span;
  /** Offset of the closing `}` of the class body (where a stub is inserted). */
  readonly bodyEnd: number;
  /** Indentation of the class's members, guessed from the first member or the class's own. */
  readonly memberIndent: string;
  readonly isAbstract: boolean;
  /** A `declare class`, or any class in a `.d.ts` file. */
  readonly ambient: boolean;
  /** A class the report may list: a declaration, or a class expression bound to a name, at any depth (not a mixin's returned class). */
  readonly topLevel: boolean;
  readonly heritage: ValueExpr | null;
  readonly decorators: readonly DecoratorSummary[];
  /** JSDoc carries `@mcpServer`. */
  readonly mcpServerTag: boolean;
  readonly members: readonly MemberSummary[];
  /** Names the class body reads as `this.<name>` (a dialect may treat those members as helpers). */
  readonly thisAccesses: readonly string[];
}

export type TopLevelDecl =
  | { readonly k: "class"; readonly classIndex: number }
  | { readonly k: "const"; readonly init: ValueExpr; readonly span: Span }
  | {
      readonly k: "mutable";
      readonly span: Span;
      /**
       * A top-level `let` that no code of the file assigns again (see neverReassigned): what it holds
       * for good, read as a const by the dialects whose servers Node runs. (A conduit class's
       * description, by its rules, reads only consts.)
       */
      readonly stable?: { readonly k: "const"; readonly init: ValueExpr; readonly span: Span } | { readonly k: "function"; readonly fn: FunctionSummary; readonly span: Span };
    }
  | { readonly k: "function"; readonly fn: FunctionSummary; readonly span: Span }
  | { readonly k: "enum"; readonly members: ReadonlyMap<string, string | number | null>; readonly span: Span };

export interface ImportBinding {
  readonly specifier: string;
  /** The imported name, `default`, or `*` for a namespace import. */
  readonly imported: string;
  readonly span: Span;
}

export type ExportEntry =
  | { readonly k: "local"; readonly local: string }
  | { readonly k: "from"; readonly specifier: string; readonly imported: string }
  | { readonly k: "namespace"; readonly specifier: string };

/** The declarations of a scope and what it exports: a file's top level, or an ambient module's block. */
export interface AmbientModuleSummary {
  readonly decls: ReadonlyMap<string, TopLevelDecl>;
  readonly exports: ReadonlyMap<string, ExportEntry>;
  readonly starExports: readonly string[];
  /**
   * `export = value` (CommonJS written in TypeScript): the module is that value, so an import of the
   * whole module (`import x = require(...)`, `import * as x`) binds it; `exports` has it as `default`.
   */
  readonly exportEquals?: true;
}

export interface FileSummary {
  readonly fileName: string;
  /** Incremented by the store each time the file's text changes. */
  readonly version: number;
  readonly lineStarts: readonly number[];
  readonly textLength: number;
  readonly isDeclarationFile: boolean;
  /** Count of syntax errors TypeScript recovered from. */
  readonly parseErrors: number;
  /**
   * The tree was deeper than the analysis walks, and was summarised with its deepest subtrees cut
   * (`cutDeepSubtrees`): whatever parses the file again for a dialect cuts it the same way.
   */
  readonly deepCut?: true;
  /** The first of them: its offset and TypeScript's message. */
  readonly firstParseError?: { readonly start: number; readonly message: string };
  readonly decls: ReadonlyMap<string, TopLevelDecl>;
  readonly imports: ReadonlyMap<string, ImportBinding>;
  readonly exports: ReadonlyMap<string, ExportEntry>;
  readonly starExports: readonly string[];
  /** See AmbientModuleSummary.exportEquals. */
  readonly exportEquals?: true;
  readonly classes: readonly ClassSummary[];
  /** What files that use the official MCP SDK do with their servers; absent for every other file. */
  readonly flow?: FlowSummary;
  /**
   * The flow was left out: the file has it only for a class extending an imported class, and a
   * whole-workspace analysis found that its imports reach no file a flow dialect reads. Only that
   * analysis makes such summaries (the store's `fullSummary` gives the one with the flow).
   */
  readonly flowDeferred?: true;
  /** A declaration file's `declare module "name" { … }` blocks, by module name. */
  readonly ambientModules?: ReadonlyMap<string, AmbientModuleSummary>;
  /** What a declaration file declares for every file: all of a script's declarations, or a module's `declare global` block. */
  readonly globals?: ReadonlyMap<string, TopLevelDecl>;
  /** The statements of the top level that write a member of a name or push onto it, by name, in source order (see TopWrite). */
  readonly topWrites?: ReadonlyMap<string, readonly TopWrite[]>;
  /** The `if` statements of the top level whose arms only write members of one name, by name, in source order (see GuardedWrite). */
  readonly guardedWrites?: ReadonlyMap<string, readonly GuardedWrite[]>;
}

/**
 * A statement `if (test) name.a = x; else { name.b = y; }` (the `else` may be left out) whose arms do
 * nothing but write members of one name: each arm's writes run, in order, only when the test says so.
 * `then` and `else` are what each arm writes, as entries of the object built (an `if` nested in an arm
 * is a spread chosen by its own test); `keys` the keys of the name either arm may write. `heads` are
 * the parts that name the writes, as TopWrite's `head`.
 */
export interface GuardedWrite {
  readonly k: "guarded";
  readonly test: Span;
  readonly then: readonly ObjEntry[];
  readonly else: readonly ObjEntry[];
  readonly keys: readonly string[];
  readonly span: Span;
  readonly heads: readonly Span[];
}

export type SetWrite = Extract<TopWrite, { k: "set" }>;

/**
 * A statement of the file's top level that is nothing but `name.key = value` or `name.push(a, b)`: it
 * runs once, in order, whenever the module runs. `head` is the part that names the write (`name.key =`,
 * `name.push`), which a text read of changes skips to find the changes that are not such statements.
 */
export type TopWrite =
  | { readonly k: "set"; readonly key: string; readonly value: ValueExpr; readonly span: Span; readonly head: Span }
  | { readonly k: "push"; readonly items: readonly ArrItem[]; readonly span: Span; readonly head: Span };

/** A path from a local name: `server`, `this.server`, `server.server` (the low-level Server inside). */
export type RefPath = readonly string[];

/**
 * One thing a function body (or the module's top level) does that matters to an SDK server, in source
 * order: construct one, call a method on something, pass something to a function, alias, return.
 */
export type FlowEvent =
  | {
      readonly k: "new";
      readonly ctor: string;
      readonly target: RefPath | null;
      readonly args: readonly ValueExpr[];
      readonly span: Span;
      readonly nameSpan: Span;
      /** `const/let/var target = new X()`: a declaration (not an assignment to a name declared elsewhere). */
      readonly declared?: true;
      /** A `const`/`let` declared in a nested block: where that block ends (the name means another thing after it). */
      readonly scopeEnd?: number;
      /** Not bound to a name: where its value goes instead (`passed to withLogging`), when that is not followed. */
      readonly lost?: string;
      /** A parameter's default (`function start(server = new McpServer(...))`): made only when the call passes no argument there. */
      readonly paramDefault?: true;
      /** `const ctx = { server: new McpServer(...) }`: `target` is the object's const and the key; the object may go elsewhere whole. */
      readonly inObject?: true;
    }
  | { readonly k: "call"; readonly receiver: RefPath; readonly method: string; readonly args: readonly ValueExpr[]; readonly span: Span; readonly methodSpan: Span }
  /** `f(a, b)` where some arguments are names: the server may be handed to a helper. */
  | {
      readonly k: "invoke";
      readonly callee: ValueExpr;
      readonly args: readonly (RefPath | null)[];
      readonly argExprs: readonly ValueExpr[];
      readonly span: Span;
      /** `const server = createServer()`: the name the result is bound to. */
      readonly result?: string;
      /** `const { server, cleanup: stop } = createServer()`: the fields taken from the result → their names. */
      readonly resultFields?: Readonly<Record<string, string>>;
    }
  | { readonly k: "alias"; readonly target: string; readonly source: RefPath; readonly span: Span }
  /**
   * A name put where the flow no longer follows it: stored in an object or array, assigned to a
   * property or another variable, or given to a constructor. `how` says where, for people; `into`
   * is the name or property it was assigned to (`this.server`), when it was assigned.
   */
  /** `member`: the method of `source` an assignment replaced (`server.addTool = function (t) { ... }`). */
  | { readonly k: "escape"; readonly source: RefPath; readonly how: string; readonly span: Span; readonly into?: RefPath; readonly member?: string }
  /** `expr` is the returned expression (a factory may return `new Service().server`). */
  | { readonly k: "return"; readonly source: RefPath | null; readonly expr?: ValueExpr; readonly span: Span }
  /** `throw ...`: what follows in its block never runs, and unless something catches it, neither does the rest. */
  /** `throw`, or `process.exit(...)` (`exit`): the program does not go on from here. */
  | { readonly k: "throw"; readonly span: Span; readonly exit?: true };

/**
 * A loop the event runs in, once per item: `for (x of over)` and `over.forEach(cb)` (`of`), or
 * `for (k in over)` (`in`). Recorded only when the body cannot leave an iteration early.
 */
export type LoopGuard =
  /** `binding`: the loop's own variable when it is a plain name (`for (const t of TOOLS)`). */
  | {
      readonly kind: "of" | "in";
      readonly over: ValueExpr;
      readonly binding?: string;
      /** `for (const [name, plugin] of entries)`: the last plain name of the pattern, and which element of each item it is. */
      readonly element?: { readonly name: string; readonly index: number };
      /** Every element of such a pattern that is a plain name, with its place in each item (`name` 0, `plugin` 1). */
      readonly elements?: readonly { readonly name: string; readonly index: number }[];
    }
  /**
   * `for (let i = from; i < to; i++)` (`<=`: inclusive): its body runs, to its end, at least once
   * when `from` is below `to` (the loop cannot leave an iteration early, or it is not recorded).
   */
  | { readonly kind: "count"; readonly from: ValueExpr; readonly to: ValueExpr; readonly inclusive: boolean };

/** One kind of flow event: a call on a receiver, a call of anything else, a construction. */
export type CallEvent = Extract<FlowEvent, { k: "call" }>;
export type InvokeEvent = Extract<FlowEvent, { k: "invoke" }>;
export type NewEvent = Extract<FlowEvent, { k: "new" }>;

export interface FlowEventEntry {
  readonly event: FlowEvent;
  /** Inside an `if`, loop, `try`, `switch` or a conditional expression: it may not happen. */
  readonly conditional: boolean;
  /**
   * The loops over every item of these collections a conditional event runs in, since its innermost
   * other condition (outermost first): the `loop:` regions of `branches`.
   */
  readonly loops?: readonly LoopGuard[];
  /**
   * For a conditional event: the regions that make it so (a branch of an `if`, a loop body, an operand
   * of `&&`, a callback call), outermost first; `loop:` marks a loop over every item, recorded in
   * `loops`. Two events of one unit with the same list run together: a registration in the same
   * branch as the server's construction happens whenever the server exists.
   */
  readonly branches?: readonly string[];
}

/**
 * The defaults of a parameter written as a plain object pattern, read in the function's defining scope:
 * each field's (`{ name = "demo" }`, by the key it takes), for an object without that key, and the
 * parameter's own (`= {}`), the object a call leaving the argument out destructures.
 */
export interface PatternDefaults {
  readonly fields: Readonly<Record<string, ValueExpr>>;
  readonly whole?: ValueExpr;
}

/** A function body (or the module top level) with its events. */
export interface FlowUnit {
  readonly id: number;
  /** `<module>`, a function's name, `Class.method`, `Class.field`, or `(arrow)`. */
  readonly name: string;
  readonly kind: "module" | "function" | "method" | "field" | "closure";
  readonly parent: number | null;
  readonly params: readonly string[];
  /** For each parameter written as a plain object pattern (`{ mcp, db: store }`): its fields → local names. */
  readonly paramFields?: readonly (Readonly<Record<string, string>> | null)[];
  /**
   * For each plain-named parameter written with a default (`opts = { tools: true }`): that default,
   * read in the function's defining scope when a call leaves the argument out (`null`: none).
   */
  readonly paramDefaults?: readonly (ValueExpr | null)[];
  /** For each parameter of `paramFields` written with defaults (`{ name = "demo" }: Options = {}`): those defaults (`null`: none). */
  readonly paramPatternDefaults?: readonly (PatternDefaults | null)[];
  /** A function declared without its code (a declaration file, `declare`, an abstract method): calling it is not followed. */
  readonly bodiless?: true;
  readonly events: readonly FlowEventEntry[];
  readonly span: Span;
  /** The name as written (`createServer` in `function createServer()` or `const createServer = () =>`), when it has one. */
  readonly nameSpan?: Span;
  /**
   * Array and string literals a constructor stores in fields of `this` by a statement of its own body
   * (`this.tools = [new A(), new B()]`), or a field's such initialiser (under the field's name, on the
   * field's unit): what a loop over `this.tools` may go over, what `this.uri` may be.
   */
  readonly fieldValues?: ReadonlyMap<string, ValueExpr>;
  /** For methods and fields: the class's name (the unit shares `this` with its siblings). */
  readonly className?: string;
  /**
   * For a callback written as a call's argument: the called function or method's name (`setTimeout`,
   * `then`, `registerTool`, `onReady`; `new Promise` for a constructor), which says when it runs; for
   * one assigned to a property (`x.oninitialized = () => …`), the property's name.
   */
  readonly passedTo?: string;
  /**
   * Names the body declares besides its parameters (destructured parameters included; at the top
   * level, only those in nested blocks): they hide the file's consts of the same name.
   */
  readonly locals?: readonly string[];
  /**
   * The `const name = value` declarations of the body and its blocks (not nested functions; at the
   * top level, only those in blocks), by name: to be read only where the name is not ambiguous.
   */
  readonly consts?: ReadonlyMap<string, ValueExpr>;
  /**
   * The body's own `const name = {…}` objects that its statements then build (BuiltLocal): what a
   * use after the last of those statements reads.
   */
  readonly built?: ReadonlyMap<string, BuiltLocal>;
}

/**
 * A const object of a function body built by statements of that body after it (`caps.logging = {}`,
 * GuardedWrite `if`s), as `expr`: the literal with them applied, which is what a use at or after
 * `from` (the end of the last one) sees. `heads` are the parts that name the writes (TopWrite's `head`).
 */
export interface BuiltLocal {
  readonly expr: ValueExpr;
  readonly from: number;
  readonly heads: readonly Span[];
}

export interface FlowSummary {
  readonly units: readonly FlowUnit[];
  /** Names bound from modules loaded at run time (`const { A } = await import("m")`), as imports. */
  readonly loaded?: ReadonlyMap<string, ImportBinding>;
}
