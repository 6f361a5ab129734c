// `registerTools({ mcp: server, db })` with `function registerTools({ mcp }: Ctx)`: the server handed
// over inside an object literal goes by the destructured name in the callee, or by the member path
// (`ctx.mcp`) when the callee only reads members of the parameter (`readsMembersOnly`). The literal is
// written in the call itself, so nothing else can reach the server through it. Any other shape (a
// parameter used as a whole, a rest element, a key not written plainly, an argument past the
// parameters) is not followed here: the caller keeps it open.
import type { FlowEvent, FlowUnit, ObjEntry, Span } from "../../core/model/summary";

type Invoke = Extract<FlowEvent, { k: "invoke" }>;

/** The callee's local names the server is bound to, or undefined when some object argument holding it is not taken apart plainly. */
export function destructuredBindings(event: Invoke, paths: ReadonlySet<string>, callee: FlowUnit, readsMembersOnly?: (param: string, literal: Span) => boolean): Set<string> | undefined {
  const bound = new Set<string>();
  let any = false;
  for (let i = 0; i < event.argExprs.length; i++) {
    const arg = event.argExprs[i]!;
    if (arg.k !== "obj") continue;
    const holding = arg.entries.filter((e) => holdsServer(e, paths));
    if (holding.length === 0) continue;
    any = true;
    const fields = callee.paramFields?.[i];
    if (!fields) {
      const param = callee.params[i];
      if (!param || !readsMembersOnly?.(param, arg.span)) return undefined;
      for (const e of holding) {
        if (e.k !== "prop" || e.key.k !== "static") return undefined;
        bound.add(`${param}.${e.key.name}`);
      }
      continue;
    }
    for (const e of holding) {
      if (e.k !== "prop" || e.key.k !== "static") return undefined;
      const local = Object.prototype.hasOwnProperty.call(fields, e.key.name) ? fields[e.key.name] : undefined;
      // A field the callee does not take is dropped with the object.
      if (local !== undefined) bound.add(local);
    }
  }
  return any ? bound : undefined;
}

/** `{ server }`, `{ mcp: server }`: an entry whose value is one of the server's names. */
export function holdsServer(entry: ObjEntry, paths: ReadonlySet<string>): boolean {
  return entry.k === "prop" && entry.value.k === "ref" && paths.has(entry.value.name);
}

/** Whether the escape at `start` is the value of an entry of an object argument of `event`. */
export function isObjectArgumentEntry(event: Invoke, start: number): boolean {
  return event.argExprs.some((a) => a.k === "obj" && a.entries.some((e) => e.k === "prop" && e.value.k === "ref" && e.value.span.start === start));
}
