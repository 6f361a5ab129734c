// Another server constructed into a name the replay follows: from there on the name is that other
// server's. A `let` assigned again (`server = new McpServer(...)` after close()) means the new server
// for the rest of the unit; a `const` declared in an inner block hides the name until its block
// ends; an assignment that may not happen leaves both servers possible.
import type { FlowEvent } from "../../core/model/summary";

type NewEvent = Extract<FlowEvent, { k: "new" }>;

export type Rebinding =
  | { readonly kind: "reassigned"; readonly name: string }
  | { readonly kind: "hidden"; readonly name: string; readonly until: number }
  | { readonly kind: "open"; readonly name: string };

export function rebinding(event: NewEvent, names: ReadonlySet<string>, conditional: boolean): Rebinding | undefined {
  const target = event.target;
  if (!target || target.length !== 1 || !names.has(target[0]!)) return undefined;
  // A default the call's argument (the server followed) takes the place of: not made.
  if (event.paramDefault) return undefined;
  const name = target[0]!;
  if (event.declared) {
    // A declaration of the same name in the same unit shadows it in a nested block; a declaration
    // hiding it for the whole unit (a function of its own) is a unit the names do not reach.
    return event.scopeEnd !== undefined ? { kind: "hidden", name, until: event.scopeEnd } : { kind: "reassigned", name };
  }
  return conditional ? { kind: "open", name } : { kind: "reassigned", name };
}
