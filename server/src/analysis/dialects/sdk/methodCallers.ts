// `private createServer() { ... return server }` called as `this.createServer()` by the class's
// other methods: a private method has no caller outside its class, so those calls are all of them.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit, Span } from "../../core/model/summary";
import type { FactoryCall, OpenUse, Users } from "./factoryCallers";
import type { SdkSite } from "./findSdkServers";

/** The calls of the site's method through `this`, or undefined when it is not a private method. */
export function privateMethodCallers(ev: Evaluator, site: SdkSite): Users<FactoryCall> | undefined {
  const { file, unit } = site;
  const summary = ev.summary(file);
  const text = ev.host.text?.(file);
  const className = unit.className;
  if (!summary?.flow || text === undefined || text.length !== summary.textLength || !className || !unit.nameSpan) return undefined;
  const method = unit.name.slice(className.length + 1);
  const cls = summary.classes.find((c) => c.name === className && c.span.start <= unit.span.start && unit.span.end <= c.span.end);
  const member = cls?.members.find((m) => m.name === method && m.nameSpan.start === unit.nameSpan!.start);
  // Only `private` (or `#name`): a protected method may be called by subclasses anywhere.
  const lineStart = text.lastIndexOf("\n", unit.nameSpan.start) + 1;
  const isPrivate = method.startsWith("#") || /\bprivate\b/.test(text.slice(lineStart, unit.nameSpan.start));
  if (!cls || !member || member.isStatic || !isPrivate) return undefined;
  const units = summary.flow.units;
  const found: FactoryCall[] = [];
  const open: OpenUse[] = [];
  const explained: Span[] = [unit.nameSpan];
  for (const u of units) {
    if (!ofClass(units, u, className)) continue;
    u.events.forEach(({ event }, index) => {
      if (event.k !== "invoke" || event.callee.k !== "get" || event.callee.key.k !== "static" || event.callee.key.name !== method) return;
      if (event.callee.object.k !== "dyn" || event.callee.object.text !== "this") return;
      explained.push(event.callee.key.span);
      if (event.result) found.push({ file, unit: u, index, result: event.result });
      else open.push({ why: `the server ${unit.name}() returns is used where the analysis does not follow it`, loc: { file, span: event.span } });
    });
  }
  // Any other mention (`this.createServer.bind(this)`, `factory: this.createServer`) is not followed.
  const re = new RegExp(`(?<![\\w$])${method.replace(/[$#]/g, "\\$&")}(?![\\w$])`, "g");
  for (const m of text.slice(cls.span.start, cls.span.end).matchAll(re)) {
    const at = cls.span.start + m.index!;
    if (explained.some((s) => at >= s.start && at < s.end)) continue;
    open.push({ why: `${unit.name} is used in a way the analysis does not follow`, loc: { file, span: { start: at, end: at + method.length } } });
    break;
  }
  return { found, open };
}

/** A method of the class, or a callback written in one (`this` is the instance there too). */
function ofClass(units: readonly FlowUnit[], unit: FlowUnit, className: string): boolean {
  let u: FlowUnit | undefined = unit;
  for (let hops = 0; u && u.kind === "closure" && u.parent !== null && hops < 64; hops++) u = units[u.parent];
  return u !== undefined && (u.kind === "method" || u.kind === "field") && u.className === className;
}
