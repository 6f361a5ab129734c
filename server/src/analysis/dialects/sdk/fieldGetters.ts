// `getServer() { return this.server; }`: a method of the class holding the server whose whole body
// returns the field. `serveStdio(() => new GitServer().getServer())` then hands the entry point the
// field's server exactly as `() => new GitServer().server` does.
import type { FlowUnit, Span, ValueExpr } from "../../core/model/summary";

/** The methods of `className` that only return `this.<field>`, by name. */
export function fieldGetters(units: readonly FlowUnit[], className: string, field: string): Set<string> {
  const names = new Set<string>();
  for (const u of units) {
    if (u.kind !== "method" || u.className !== className || u.events.length !== 1) continue;
    const [{ event, conditional }] = u.events as [FlowUnit["events"][number]];
    if (!conditional && event.k === "return" && event.source?.length === 2 && event.source[0] === "this" && event.source[1] === field) names.add(u.name.slice(u.name.lastIndexOf(".") + 1));
  }
  return names;
}

/** `new C().getServer()` with `getServer` one of `getters`: the instance's field, reached through its getter. */
export function isGetterCallOnNew(expr: ValueExpr, className: string, getters: ReadonlySet<string>): boolean {
  if (expr.k !== "call" || expr.args.length > 0 || expr.callee.k !== "get" || expr.callee.key.k !== "static" || !getters.has(expr.callee.key.name)) return false;
  const object = expr.callee.object;
  return object.k === "new" && object.callee.k === "ref" && object.callee.name === className;
}

/**
 * Where the class's own code reads `this.<member>` (`member` a getter that only returns the field):
 * the replay follows those reads as the field itself, so they hand the server nowhere else.
 */
export function ownGetterReads(text: string, classSpan: Span, member: string): Span[] {
  const spans: Span[] = [];
  const escaped = member.replace(/[$]/g, "\\$");
  const pattern = new RegExp(`\\bthis\\s*\\??\\.\\s*(${escaped})(?![\\w$])`, "g");
  pattern.lastIndex = classSpan.start;
  for (let m = pattern.exec(text); m && m.index < classSpan.end; m = pattern.exec(text)) {
    const start = m.index + m[0].length - member.length;
    spans.push({ start, end: start + member.length });
  }
  return spans;
}
