// A class holding the server in a field, extended by one line of subclasses (`abstract class Base`
// with the server and a `start()` calling hooks, `class GitServer extends Base` overriding them):
// every instance made is of the last class of the line, so a call on `this` runs the most derived
// override, and a `super.m()` the next one up. Found in the class's file and in the files importing
// it; any doubt (two subclasses of one class, a class of the line made on its own, an importer not
// read) leaves the subclasses unfollowed.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { SK, ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import { exportNamesOf, serverImporters, type Elsewhere } from "./factoryCallers";

export interface LineClass {
  readonly file: string;
  readonly name: string;
}

const MAX_DEPTH = 4;

/** The classes from the most derived down to `className` (at least two); undefined unless it is one line. */
export function subclassLine(ev: Evaluator, elsewhere: Elsewhere, file: string, className: string): LineClass[] | undefined {
  const line: LineClass[] = [{ file, name: className }];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const top = line[0]!;
    const subs = subclassesOf(ev, elsewhere, top.file, top.name);
    if (subs === undefined || subs.length > 1) return undefined;
    if (subs.length === 0) break;
    line.unshift(subs[0]!);
    if (depth === MAX_DEPTH - 1) return undefined;
  }
  if (line.length < 2) return undefined;
  // Only the most derived class is ever made: an instance of another would run other methods.
  for (const cls of line.slice(1)) if (madeAnywhere(ev, elsewhere, cls)) return undefined;
  return line;
}

/** The classes written `extends <className>` in its file and in the files importing it; undefined when not all can be read. */
function subclassesOf(ev: Evaluator, elsewhere: Elsewhere, file: string, className: string): LineClass[] | undefined {
  const out = classesExtending(ev, file, className);
  if (!out) return undefined;
  const summary = ev.summary(file);
  const names = summary ? exportNamesOf(summary, className) : [];
  if (names.length === 0) return out;
  const importers = serverImporters(ev, elsewhere, file, names);
  if (importers.open.length > 0 || (importers.entry?.length ?? 0) > 0) return undefined;
  for (const { file: at, local } of importers.found) {
    const found = classesExtending(ev, at, local);
    if (!found) return undefined;
    out.push(...found);
  }
  return out;
}

/** Top-level named classes of `file` written `extends <name>`; undefined when a class expression or unnamed class extends it. */
function classesExtending(ev: Evaluator, file: string, name: string): LineClass[] | undefined {
  const sf = parsedSource(ev, file);
  if (!sf) return undefined;
  const out: LineClass[] = [];
  let odd = false;
  const visit = (n: ts.Node): void => {
    if (ts.isClassLike(n)) {
      const base = n.heritageClauses?.find((h) => h.token === SK.ExtendsKeyword)?.types[0]?.expression;
      if (base && ts.isIdentifier(base) && base.text === name) {
        if (ts.isClassDeclaration(n) && n.name && n.parent === sf) out.push({ file, name: n.name.text });
        else odd = true;
      } else if (base && new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(base.getText(sf))) {
        // `extends withPrompts(Base)`: a class made from it, which is not read here.
        odd = true;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return odd ? undefined : out;
}

/** Whether `new <class>(...)` is written in its file or in a file importing it (under the name it is imported as). */
function madeAnywhere(ev: Evaluator, elsewhere: Elsewhere, cls: LineClass): boolean {
  const sf = parsedSource(ev, cls.file);
  const own = sf?.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === cls.name);
  if (own?.modifiers?.some((m) => m.kind === SK.AbstractKeyword)) return false;
  if (!sf || constructs(sf, cls.name)) return true;
  const summary = ev.summary(cls.file);
  const names = summary ? exportNamesOf(summary, cls.name) : [];
  if (names.length === 0) return false;
  const importers = serverImporters(ev, elsewhere, cls.file, names);
  if (importers.open.length > 0) return true;
  return importers.found.some(({ file, local }) => {
    const at = parsedSource(ev, file);
    return !at || constructs(at, local);
  });
}

function constructs(sf: ts.SourceFile, name: string): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** Where classes of the line declared in `file` read `this.<field>` (the field's name): code the replay follows through the line. */
export function lineFieldReads(ev: Evaluator, file: string, line: readonly LineClass[], field: string): { start: number; end: number }[] {
  const sf = parsedSource(ev, file);
  if (!sf) return [];
  const out: { start: number; end: number }[] = [];
  for (const st of sf.statements) {
    if (!ts.isClassDeclaration(st) || !line.some((c) => c.file === file && c.name === st.name?.text)) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isPropertyAccessExpression(n) && n.expression.kind === SK.ThisKeyword && n.name.text === field) out.push({ start: n.name.getStart(sf), end: n.name.end });
      ts.forEachChild(n, visit);
    };
    visit(st);
  }
  return out;
}

/** Whether the class's own code gives `this.<field>` a value (a field declaration with an initializer, an assignment). */
export function writesField(ev: Evaluator, cls: LineClass, field: string): boolean {
  const units = ev.summary(cls.file)?.flow?.units ?? [];
  return units.some(
    (u) =>
      u.className === cls.name &&
      u.events.some(({ event }) => (event.k === "new" && event.target?.length === 2 && event.target[0] === "this" && event.target[1] === field) || (event.k === "escape" && event.into?.length === 2 && event.into[0] === "this" && event.into[1] === field)),
  ) || new RegExp(`(?:this\\.${field.replace(/\$/g, "\\$")}\\s*=(?!=)|^\\s*(?:(?:private|protected|public|readonly|override|declare)\\s+)*${field.replace(/\$/g, "\\$")}\\s*[:=])`, "m").test(classText(ev, cls));
}

function classText(ev: Evaluator, cls: LineClass): string {
  const sf = parsedSource(ev, cls.file);
  const decl = sf?.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === cls.name);
  return decl && sf ? decl.getText(sf) : "";
}
