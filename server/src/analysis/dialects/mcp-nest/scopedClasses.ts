// Classes declared inside a function and made by calling it: a mixin's (`extends WithPing(class {})`)
// or a controller factory's (`controllers: [createCrudController("users")]`). Their decorators are
// told apart by the names of their file (an import of MCP-Nest's Tool), which a name the function
// binds (a parameter, a local) would hide: such a class is not read.
import type { Scope } from "../../core/evaluate/values";
import type { ClassSummary } from "../../core/model/summary";

/** Whether the function scope a class was made in binds a name the class uses as a decorator. */
export function shadowsDecorator(scope: Scope, summary: ClassSummary | undefined): boolean {
  const bound = (name: string): boolean => {
    for (let s: Scope | null = scope; s?.vars; s = s.parent) if (s.vars.has(name)) return true;
    return false;
  };
  const decorators = [...(summary?.decorators ?? []), ...(summary?.members.flatMap((m) => m.decorators ?? []) ?? [])];
  return decorators.some((d) => bound(d.name) || (d.callee?.k === "ref" && bound(d.callee.name)) || (d.callee?.k === "get" && d.callee.object.k === "ref" && bound(d.callee.object.name)));
}
