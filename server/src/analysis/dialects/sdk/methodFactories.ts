// `serveStdio(() => app.build())` with `const app = new App()` and `build()` a method of App that
// builds and returns the server: the entry point's factory is that method. So is `serveStdio(app.build)`
// when build() reads no `this` (the entry point calls it with none). Only when nothing else can call
// it: the class and the instance are not exported, the instance is made once at the top level, and
// the method's name is written only where it is declared and in this factory.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { SK, ts } from "../../core/typescript";
import type { FileSummary, FlowUnit, ValueExpr } from "../../core/model/summary";
import { exportNamesOf } from "./factoryCallers";
import type { SdkSite } from "./findSdkServers";
import { instancesOf } from "./siteEscapes";
import { unitReadsThis } from "./methodReferences";

export function isMethodFactoryOf(ev: Evaluator, summary: FileSummary, units: readonly FlowUnit[], factory: ValueExpr, site: SdkSite): boolean {
  const cls = site.unit.className;
  if (site.unit.kind !== "method" || cls === undefined || (factory.k !== "fn" && factory.k !== "get")) return false;
  const method = site.unit.name.startsWith(`${cls}.`) ? site.unit.name.slice(cls.length + 1) : undefined;
  if (!method) return false;
  // `serveStdio(app.build)`: the entry point calls the method with no `this`, which is calling its
  // code on the instance only when that code never reads `this`.
  const callee = factory.k === "get" ? (unitReadsThis(ev, site.file, site.unit) ? undefined : factory) : arrowCallee(units, factory);
  if (callee?.k !== "get" || callee.key.k !== "static" || callee.key.name !== method || callee.object.k !== "ref") return false;
  const inst = callee.object.name;
  const made = instancesOf(units, cls);
  if (made.length !== 1 || made[0]!.name !== inst || made[0]!.unit.kind !== "module" || made[0]!.conditional) return false;
  if (exportNamesOf(summary, cls).length > 0 || exportNamesOf(summary, inst).length > 0 || summary.exports.has("default")) return false;
  return mentionsOf(ev.host.text?.(site.file) ?? "", method) === 2;
}

/** `() => app.build()`: the callee of the one call the closure makes and returns, and nothing else. */
function arrowCallee(units: readonly FlowUnit[], factory: ValueExpr): ValueExpr | undefined {
  const fn = units.find((u) => u.kind === "closure" && u.span.start === factory.span.start);
  if (!fn) return undefined;
  const returns = fn.events.filter(({ event }) => event.k === "return");
  const ret = returns.length === 1 ? returns[0]!.event : undefined;
  const call = ret?.k === "return" ? ret.expr : undefined;
  // The closure does nothing but make that call and return its result.
  if (call && fn.events.some(({ event }) => event.k !== "return" && !(event.k === "invoke" && event.span.start === call.span.start && event.span.end === call.span.end))) return undefined;
  return call?.k === "call" ? call.callee : undefined;
}

/** Identifiers and string literals spelling `name` in the code (comments do not count; a template's text may, which only errs towards more). */
function mentionsOf(text: string, name: string): number {
  // Template literals are not re-scanned here, so their text could hide code: count every spelling then.
  if (text.includes("`")) return [...text.matchAll(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))].length;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let n = 0;
  for (let t = scanner.scan(); t !== SK.EndOfFileToken; t = scanner.scan()) {
    if ((t === SK.Identifier || t === SK.StringLiteral || t === SK.NoSubstitutionTemplateLiteral || t === SK.PrivateIdentifier) && scanner.getTokenValue().replace(/^#/, "") === name) n++;
  }
  return n;
}
