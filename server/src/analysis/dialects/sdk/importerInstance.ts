// `const app = new MemoryServer(); await app.server.connect(new StdioServerTransport())` in the one
// module importing the class that holds the server in a public field: that module makes the only
// instance, so `app.server` there is the server, and what its code does with it (connect(), a
// registration) happens to it as surely as code of the server's own file. Only when nothing else can
// reach the instance or its server: one importer (not a namespace, not re-exported from the package's
// entry point), no other instance anywhere (none in the class's file, no subclass, and the importer
// naming the class as a value only in its one `new`), the instance a top-level `const` the module
// does not export, and every mention of its name a call of a method of its field
// (`app.server.registerPrompt(...)`); anything else (`setup(app)`, `app.start()`, `const s =
// app.server`) leaves the field read where the analysis does not follow it.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit } from "../../core/model/summary";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import { exportNamesOf, type Elsewhere } from "./factoryCallers";
import { soleClassImporter } from "./soleClassImporter";
import { instancesMade } from "./holderMethodCalls";
import { subclassesInFile } from "../../core/classes/subclassesInFile";

export interface ImporterInstance {
  readonly file: string;
  /** The importer's top level, and the index of its `new` event: the server's code goes on after it. */
  readonly unit: FlowUnit;
  readonly index: number;
  /** `app.server`: the server's name in the importer. */
  readonly path: string;
  /** The `app.server` reads, each followed as a call on the server. */
  readonly reads: readonly { start: number; end: number }[];
}

export function importerInstance(ev: Evaluator, elsewhere: Elsewhere, file: string, className: string, field: string): ImporterInstance | undefined {
  const summary = ev.summary(file);
  const own = parsedSource(ev, file);
  if (!summary || !own || instancesMade(own, className) > 0 || subclassesInFile(summary, className).size > 0) return undefined;
  const sole = soleClassImporter(ev, elsewhere, file, summary, className);
  if (!sole) return undefined;
  const { file: at, local } = sole;
  const sf = parsedSource(ev, at);
  const importer = ev.summary(at);
  const unit = importer?.flow?.units.find((u) => u.kind === "module");
  if (!sf || !importer || !unit || !madeOnlyOnce(sf, local)) return undefined;
  const name = topLevelConst(sf, local);
  if (name === undefined || exportNamesOf(importer, name).length > 0) return undefined;
  const index = unit.events.findIndex(({ event: e, conditional }) => !conditional && e.k === "new" && e.ctor === local && e.target?.length === 1 && e.target[0] === name);
  if (index < 0) return undefined;
  const reads = fieldCallReads(sf, name, field);
  return reads ? { file: at, unit, index, path: `${name}.${field}`, reads } : undefined;
}

/** `const app = new Cls(...)` as a statement of the module itself (not exported): the name. */
function topLevelConst(sf: ts.SourceFile, className: string): string | undefined {
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
    if (ts.getModifiers(st)?.some((m) => m.kind === SK.ExportKeyword)) continue;
    for (const d of st.declarationList.declarations) {
      const init = d.initializer;
      if (init && ts.isIdentifier(d.name) && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === className) return d.name.text;
    }
  }
  return undefined;
}

/**
 * The class is named in the file, as a value, only in one `new Cls(...)`: not in `class X extends Cls`
 * (an instance of X holds a server too), not handed on or aliased (`const C = Cls; new C()`).
 */
function madeOnlyOnce(sf: ts.SourceFile, className: string): boolean {
  let made = 0;
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if (ts.isIdentifier(n) && n.text === className) {
      const p = n.parent;
      if (ts.isNewExpression(p) && p.expression === n) made++;
      else if (!(ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isTypeReferenceNode(p) || ts.isTypeQueryNode(p) || (ts.isPropertyAccessExpression(p) && p.name === n))) other = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return !other && made === 1;
}

/**
 * The spans of `name.field` where every mention of `name` but its declaration is `name.field.m(...)`,
 * and nothing else declares that name; undefined otherwise.
 */
function fieldCallReads(sf: ts.SourceFile, name: string, field: string): { start: number; end: number }[] | undefined {
  const reads: { start: number; end: number }[] = [];
  let declarations = 0;
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if (ts.isIdentifier(n) && n.text === name) {
      const p = n.parent;
      if (isDeclarationName(n)) declarations++;
      // `x.app`, `{ app: … }`: a property of that name, not the binding.
      else if ((ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n) || (ts.isMethodDeclaration(p) && p.name === n) || (ts.isPropertyDeclaration(p) && p.name === n)) {
        /* not a mention */
      } else if (ts.isPropertyAccessExpression(p) && p.expression === n && p.name.text === field && isMethodCallee(p)) reads.push({ start: p.getStart(sf), end: p.end });
      else other = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return other || declarations !== 1 || reads.length === 0 ? undefined : reads;
}

/** `read.m(...)`, `await read.m(...)`: the read is the receiver of a call, and goes nowhere else. */
function isMethodCallee(read: ts.PropertyAccessExpression): boolean {
  const member = read.parent;
  if (!ts.isPropertyAccessExpression(member) || member.expression !== read) return false;
  const call = member.parent;
  return ts.isCallExpression(call) && call.expression === member;
}

function isDeclarationName(n: ts.Identifier): boolean {
  const p = n.parent;
  return (
    ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p) || ts.isFunctionDeclaration(p) || ts.isClassDeclaration(p) || ts.isFunctionExpression(p) || ts.isClassExpression(p)) && p.name === n) ||
    ts.isImportSpecifier(p) ||
    ts.isImportClause(p) ||
    ts.isNamespaceImport(p)
  );
}
