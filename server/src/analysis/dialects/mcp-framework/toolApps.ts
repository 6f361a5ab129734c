// A tool class with an `app` (an MCP App attached to a tool, 0.2.20+): start() registers a resource for
// it, so `resources` is advertised, and with it `completions` (dist/core/MCPServer.js `_doInitialize`:
// `tool.hasApp`, which is `!!this.app`). Only tools the tools/ loader found count: the same loop and
// `_hasApps` look at the loaded tools, never at addTool()'s. Before that, start() runs the tool's
// validate() — resourceUri must start with "ui://" and say more, resourceName must be set, visibility
// only "model"/"app" — and outside devMode reads `content` (a missing one throws). What the analysis
// cannot read (a computed value, a base class it does not follow) is said, never guessed.
import type { DialectRun } from "../../core/dialect";
import { DYNAMIC_KEY, isUndefinedValue, type ClassRef, type JsonObject, type Loc, type Value } from "../../core/evaluate/values";
import type { ProvenanceEntry } from "../../core/model/provenance";
import { mayNotStart, type UnknownPart } from "../../core/model/unknown";
import type { ClassSummary, FileSummary } from "../../core/model/summary";
import { parseFile } from "../../core/summarize/parseFile";
import type { SummaryContext } from "../../core/summarize/context";
import { toValueExpr } from "../../core/summarize/valueExpr";
import { ts } from "../../core/typescript";
import type { Primitive } from "./rules";
import { schemaDescriptions } from "./schemaDescriptions";
import { findClass } from "./classDeclarations";
import { toolBase, unfollowedBase } from "./toolBase";

export type AppFinding =
  /** It has an app that validates: `resources` is advertised. */
  | { readonly kind: "app"; readonly loc: Loc; readonly name: string }
  /** Whether it has an app is not known: `resources` may be advertised. */
  | { readonly kind: "maybe"; readonly loc: Loc; readonly reason: string }
  /** It has an app, and start() throws, or may throw, on it. */
  | { readonly kind: "throws"; readonly loc: Loc; readonly reason: string };

type State = { readonly k: "none" } | { readonly k: "value"; readonly value: Value; readonly loc: Loc } | { readonly k: "unknown"; readonly loc: Loc; readonly reason: string };


/** What each loaded tool file's class says of an app; tools without one give nothing. */
export function toolApps(run: DialectRun, toolFiles: readonly string[]): AppFinding[] {
  const out: AppFinding[] = [];
  for (const file of toolFiles) {
    const at: Loc = { file, span: { start: 0, end: 0 } };
    const cls = loadedClass(run, file, at);
    if (cls === undefined) continue;
    if ("reason" in cls) {
      out.push({ kind: "maybe", loc: at, reason: `${cls.reason}, so whether it attaches an MCP App (which adds resources) is not known` });
      continue;
    }
    const state = appOf(run, cls, 0);
    const name = run.ev.summary(cls.file)?.classes[cls.index]?.name ?? "the tool";
    if (state.k === "unknown") out.push({ kind: "maybe", loc: state.loc, reason: `${state.reason}, so whether ${name} attaches an MCP App (which adds resources) is not known` });
    else if (state.k === "value") {
      const finding = judgeApp(run, state.value, name, state.loc);
      if (finding) out.push(...keptByLoader(run, cls, finding, name));
    }
  }
  return out;
}

/**
 * The loader builds each tool's definition before start() looks at its app, and drops (with a log
 * line) a tool whose Zod schema has a field without a description: its app is never registered nor
 * validated. Whether that happens, when the schema is not read, is said.
 */
function keptByLoader(run: DialectRun, cls: ClassRef, finding: AppFinding, name: string): AppFinding[] {
  // The loader builds each tool with `new Tool()`: a constructor that needs an argument may throw
  // (`client.baseUrl` of undefined), and the loader then drops the tool, and its app with it.
  const needs = requiredConstructorParameter(run, cls);
  if (needs && finding.kind !== "maybe") return [{ kind: "maybe", loc: finding.loc, reason: `${name} attaches an MCP App, but the tools loader builds it with new ${name}() and no arguments while its constructor takes ${needs}: if that throws, the loader drops the tool and its app` }];
  const fields = schemaDescriptions(run, cls);
  if (fields.k === "read" && fields.missing.length > 0) return [];
  if (fields.k !== "unknown" || finding.kind === "maybe") return [finding];
  return [{ kind: "maybe", loc: finding.loc, reason: `${name} attaches an MCP App, but the tools loader drops a tool whose schema has a field without .describe() (and its app with it), and ${fields.why}` }];
}

/** The first parameter of the class's own constructor that has no default and is not optional (`client`), if any. */
function requiredConstructorParameter(run: DialectRun, cls: ClassRef): string | undefined {
  const summary = run.ev.summary(cls.file)?.classes[cls.index];
  const text = run.fileText(cls.file);
  if (!summary || text === undefined || !/\bconstructor\s*\(/.test(text.slice(summary.span.start, summary.span.end))) return undefined;
  const declared = findClass(parseFile(cls.file, text), summary.span.start);
  const ctor = declared?.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && m.body !== undefined);
  const required = ctor?.parameters.find((p) => !p.initializer && !p.questionToken && !p.dotDotDotToken);
  return required && ts.isIdentifier(required.name) ? required.name.text : required ? "an argument" : undefined;
}

/** What start() (or addTool(), which validates at once) finds of the class's app: a throw, a doubt, an app, or nothing. */
export function appOfClass(run: DialectRun, ref: ClassRef): AppFinding | undefined {
  const state = appOf(run, ref, 0);
  const name = run.ev.summary(ref.file)?.classes[ref.index]?.name ?? "the tool";
  if (state.k === "unknown") return { kind: "maybe", loc: state.loc, reason: `${state.reason}, so whether ${name} attaches an MCP App (which adds resources) is not known` };
  return state.k === "value" ? judgeApp(run, state.value, name, state.loc) : undefined;
}

/** judge(), and an app whose content is read from a file at run time: whether that file is there is not known. */
function judgeApp(run: DialectRun, value: Value, name: string, loc: Loc): AppFinding | undefined {
  const judged = judge(value, name, loc);
  const read = judged?.kind === "app" ? contentFileRead(run, value) : undefined;
  return read ? { kind: "throws", loc: read, reason: `${name} attaches an MCP App whose content is read from a file at run time, relative to the compiled code: tsc emits only the .ts files, so unless the build puts that file there too, reading it throws (start() caches the content outside devMode; a read in the class itself makes the loader drop the tool and its app)` } : judged;
}

/** Reading a file's text, by the call that does it (fs and fs/promises, sync or not). */
const FILE_READ = /\b(?:readFileSync|readFile|createReadStream|openSync|readSync)\s*\(/;

/** Where the app's content reads a file (a function whose code does, or a value made by such a call); undefined when it does not. */
function contentFileRead(run: DialectRun, app: Value): Loc | undefined {
  const content = app.t === "obj" ? app.entries.get("content")?.value : undefined;
  if (!content || (content.t !== "fn" && content.t !== "dyn")) return undefined;
  const text = run.fileText(content.loc.file)?.slice(content.loc.span.start, content.loc.span.end);
  return text !== undefined && FILE_READ.test(text) ? content.loc : undefined;
}

/**
 * The class the loader takes from the module: the default export when it is a function, else the
 * first named export that is (the module namespace lists them in code-unit order). Undefined: none.
 */
function loadedClass(run: DialectRun, file: string, at: Loc): ClassRef | { reason: string } | undefined {
  const summary = run.ev.summary(file);
  if (!summary) return { reason: `${file} cannot be read` };
  const names = [...summary.exports.keys()].filter((n) => n !== "default").sort();
  if (summary.starExports.length > 0) return { reason: `${file} re-exports with export *` };
  for (const name of summary.exports.has("default") ? ["default", ...names] : names) {
    const v = run.ev.resolveExport(file, name, at, { calls: false });
    if (v.t === "class") return v.cls;
    if (v.t === "fn") return undefined;
    if (v.t === "dyn" && !isUndefinedValue(v)) return { reason: `the export "${name}" of ${file} is not known statically` };
  }
  return undefined;
}

/** The value `app` holds once the instance is built: the constructor's assignment, else the field's initialiser, else the base class's. */
function appOf(run: DialectRun, ref: ClassRef, depth: number): State {
  const summary = run.ev.summary(ref.file);
  const cls = summary?.classes[ref.index];
  const whole: Loc = { file: ref.file, span: cls?.nameSpan ?? { start: 0, end: 0 } };
  if (!summary || !cls) return { k: "unknown", loc: whole, reason: `the class in ${ref.file} cannot be read` };
  const own = ownApp(run, summary, cls, ref.file);
  if (own && own.k !== "none") return own;
  const base = baseApp(run, summary, cls, ref.file, depth);
  // A field declared without a value resets an inherited one when class fields use define semantics (useDefineForClassFields).
  if (own?.k === "none" && base.k !== "none") return { k: "unknown", loc: whole, reason: `${cls.name} declares app without a value over a base class that sets it, and whether that clears it depends on useDefineForClassFields` };
  return base;
}

function baseApp(run: DialectRun, summary: FileSummary, cls: ClassSummary, file: string, depth: number): State {
  const loc: Loc = { file, span: cls.heritage?.span ?? cls.nameSpan };
  const base = toolBase(run, summary, cls, file, depth);
  if (base.k === "unfollowed") return { k: "unknown", loc, reason: unfollowedBase(cls, base, "") };
  return base.k === "class" ? appOf(run, base.cls, depth + 1) : { k: "none" };
}

/** `app` as the class itself sets it; `{ k: "none" }` for a field declared without a value; undefined when it does not mention it. */
function ownApp(run: DialectRun, summary: FileSummary, cls: ClassSummary, file: string): State | undefined {
  const text = run.fileText(file);
  const member = cls.members.find((m) => m.name === "app" && !m.isStatic);
  const nameLoc = (span = member?.nameSpan ?? cls.nameSpan): Loc => ({ file, span });
  if (member?.kind === "accessor" || member?.kind === "method") return { k: "unknown", loc: nameLoc(), reason: `${cls.name}.app is a ${member.kind === "method" ? "method" : "getter"}, which the analysis does not run` };
  if (text === undefined) return member ? { k: "unknown", loc: nameLoc(), reason: `${cls.name}.app cannot be read` } : undefined;
  if (!/\bapp\b/.test(text.slice(cls.span.start, cls.span.end))) return undefined;
  const sf = parseFile(file, text);
  const node = findClass(sf, cls.span.start);
  if (!node) return { k: "unknown", loc: nameLoc(), reason: `${cls.name} cannot be read` };
  const ctx: SummaryContext = { sf, text, ambientFile: false, classes: [], functionTypeAliases: new Set(), imports: summary.imports, stringConsts: new Map() };
  const evaluate = (e: ts.Expression): State => ({ k: "value", value: run.ev.evaluate(toValueExpr(ctx, e), run.ev.fileScope(file), { calls: false }), loc: nameLoc({ start: e.getStart(sf), end: e.end }) });
  let state: State | undefined;
  for (const m of node.members) {
    if (ts.isPropertyDeclaration(m) && !isStatic(m) && propertyName(m.name) === "app") {
      const declared = m.modifiers?.some((x) => x.kind === ts.SyntaxKind.DeclareKeyword) === true;
      state = m.initializer ? evaluate(m.initializer) : declared ? state : { k: "none" };
    }
  }
  // The constructor runs after the field initialisers: an assignment that always runs replaces them.
  const ctor = node.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && m.body !== undefined);
  for (const st of ctor?.body?.statements ?? []) {
    const assigned = thisAppAssignment(st);
    if (assigned) state = evaluate(assigned);
  }
  // Anywhere else (a branch, a method) it may or may not have run by start().
  let elsewhere: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (elsewhere) return;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment && isThisApp(n.left) && !ctor?.body?.statements.some((st) => thisAppAssignment(st) === n.right)) elsewhere = n;
    else ts.forEachChild(n, visit);
  };
  node.members.forEach(visit);
  if (elsewhere) return { k: "unknown", loc: nameLoc({ start: elsewhere.getStart(sf), end: elsewhere.end }), reason: `${cls.name} assigns this.app where it may not run before start()` };
  return state;
}

/** Whether start() takes the app, and what it advertises for it. */
function judge(value: Value, name: string, loc: Loc): AppFinding | undefined {
  if (isUndefinedValue(value) || (value.t === "prim" && !value.value)) return undefined;
  if (value.t === "dyn") return { kind: "maybe", loc, reason: `${name}.app is ${value.text}, which is not known statically, so whether it attaches an MCP App (which adds resources) is not known` };
  const throws = (why: string): AppFinding => ({ kind: "throws", loc, reason: `${name} attaches an MCP App, and ${why}` });
  if (value.t !== "obj") return throws("its app is not an app config object: validate() throws when start() loads it");
  if (value.entries.has(DYNAMIC_KEY)) return throws("its app config holds entries the analysis cannot read, which validate() checks when start() loads it");
  const get = (k: string) => value.entries.get(k)?.value;
  const uri = get("resourceUri");
  const resourceName = get("resourceName");
  const visibility = get("visibility");
  const content = get("content");
  if (uri?.t !== "prim" || resourceName?.t !== "prim") return throws("its resourceUri or resourceName is not known statically, which validate() checks when start() loads it");
  if (typeof uri.value !== "string" || !uri.value.startsWith("ui://") || uri.value === "ui://") return throws(`its resourceUri ${JSON.stringify(uri.value)} is refused by validate() (it must start with "ui://" and name more): start() throws`);
  if (!resourceName.value) return throws("it has no resourceName, which validate() requires: start() throws");
  if (visibility !== undefined && !(visibility.t === "arr" && visibility.items.length > 0 && visibility.items.every((i) => i.t === "prim" && (i.value === "model" || i.value === "app")))) {
    return throws(`its visibility is not a non-empty list of "model" and "app", which validate() checks when start() loads it`);
  }
  // Outside devMode start() reads the content: a missing one (or one that is not text) throws. A
  // function is taken to return its text, as any code the server runs is taken to work.
  if (content === undefined || (content.t === "prim" && typeof content.value !== "string") || content.t === "obj" || content.t === "arr") {
    return throws("its content is missing or not text: outside devMode start() reads it to cache the app, and throws");
  }
  return { kind: "app", loc, name };
}

function thisAppAssignment(st: ts.Statement): ts.Expression | undefined {
  if (!ts.isExpressionStatement(st)) return undefined;
  const e = st.expression;
  return ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken && isThisApp(e.left) ? e.right : undefined;
}

function isThisApp(e: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(e) && e.expression.kind === ts.SyntaxKind.ThisKeyword && e.name.text === "app";
}

function isStatic(m: ts.PropertyDeclaration): boolean {
  return m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword) === true;
}

function propertyName(n: ts.PropertyName): string | undefined {
  return ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n) ? n.text : undefined;
}

/** What the loaded tools' MCP Apps add: `resources` (start() registers one per app), or why it is not known. */
export function toolAppResources(findings: readonly AppFinding[], caps: JsonObject, maybe: Map<Primitive, UnknownPart>, unknown: UnknownPart[], provenance: ProvenanceEntry[], found: JsonObject): void {
  const app = findings.find((f) => f.kind === "app");
  if (app && app.kind === "app" && !("resources" in caps)) {
    caps.resources = { ...found };
    maybe.delete("resources");
    provenance.push({ era: "legacy", path: ["resources"], because: "rule", loc: app.loc, detail: `with the MCP App of tool ${app.name}` });
  }
  for (const f of findings) {
    if (f.kind === "app") continue;
    if (!("resources" in caps) && !maybe.has("resources")) maybe.set("resources", { path: ["resources"], reason: f.reason, loc: f.loc });
    // An app start() may refuse: the whole start-up is in question.
    if (f.kind === "throws") unknown.push({ path: [], spread: true, reason: mayNotStart(f.reason), loc: f.loc });
  }
}
