// Tool schemas the SDK refuses as the tool is registered (SDK v2 always, v1 from 1.28.0; a raw shape
// mixing Zod 3 and Zod 4 fields from 1.23.0): the registration throws, and at start-up the server
// does not start. What a schema is comes from
// toolSchemas.ts, which reads syntax; here its names are resolved where the call reads them.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Binding, Loc, Scope } from "../../core/evaluate/values";
import type { FixData } from "../../core/model/diagnostics";
import { diagnostic } from "./codes";
import { rawShapeEdit, refusedSchema, type SchemaLookup } from "./toolSchemas";
import { bindingOf } from "../../core/evaluate/unitScope";
import { constDeclaration, namespaceMemberConst } from "../../core/evaluate/constDeclarations";
import { throwsWhereItRuns, type ReplayPoint } from "./replayPoint";
import type { EachItem } from "../../core/evaluate/loopItem";
import { arrayItemsOf } from "../../core/evaluate/returnedCollections";
import type { CallEvent } from "../../core/model/summary";
import { mixedZodShape } from "./mixedZodShapes";
import type { SdkRelease } from "./sdkRelease";

/**
 * Whether the registration's tool schema is refused for certain (then it must not be applied); a
 * refusal that depends on which release loads, or on whether the call runs, is said and not applied
 * as certain.
 */
export function schemaRefused(point: ReplayPoint, file: string, e: CallEvent, loc: Loc, mode: { readonly conditional: boolean; readonly deferred: boolean }, each?: EachItem): boolean {
  const { ev, state, release } = point;
  if (state.kind !== "mcp") return false;
  const scope = point.scope(file);
  let lookup = schemaLookup(ev, scope);
  let refused = refusalOf(point, e, lookup);
  // `for (const t of TOOLS) server.registerTool(t.name, { inputSchema: t.inputSchema }, …)` over a
  // list the source writes: each item's schema, read as the loop's variable.
  const param = each?.param;
  for (const item of refused || !each || param === undefined ? [] : (arrayItemsOf(ev, each.over, each.scope, 0) ?? [])) {
    const vars = new Map<string, Binding>([[param!, { expr: item.expr, scope: item.scope }]]);
    lookup = schemaLookup(ev, { file, vars, parent: scope });
    refused = refusalOf(point, e, lookup);
    if (refused) break;
  }
  if (!refused) return false;
  // SDK v2 has always checked; v1 from the release the refusal names.
  const other = state.version === "v1" ? release.mayLoad : undefined;
  const checks = state.version === "v2" || refused.checkedBy(release);
  if (!checks && !(other && refused.checkedBy(other.release))) return false;
  if (!refused.certain) {
    point.mayThrow(loc, `${e.method} at ${point.where(loc)} may throw: ${refused.why}`);
    return false;
  }
  const text = ev.host.text?.(file);
  const edit = text !== undefined ? rawShapeEdit(e, lookup, text) : undefined;
  const fix: FixData | undefined = edit && { title: edit.title, preferred: true, edits: [{ loc: { file, span: edit.span }, newText: edit.newText }] };
  const d = diagnostic("sdk-tool-schema-rejected", loc, `${e.method} throws here: ${refused.why}`, fix ? { fixes: [fix] } : {});
  const certain = checks && (other === undefined || refused.checkedBy(other.release));
  if (!certain) {
    // One of the releases the server may load checks it, the other does not.
    state.diagnostics.push({ ...d, severity: "warning", message: `${d.message} (SDK ${refused.since} and later; ${other!.why})` });
    point.mayThrow(loc, `${e.method} at ${point.where(loc)} throws on SDK ${refused.since} and later, and ${other!.why}`);
    return false;
  }
  throwsWhereItRuns(point, d, loc, e.method, mode.conditional, mode.deferred, "so the server runs without this tool");
  return true;
}

interface Refusal {
  readonly why: string;
  /** Whether a v1 release refuses it. */
  readonly checkedBy: (release: SdkRelease) => boolean;
  /** The first v1 release that does. */
  readonly since: string;
  /** False when whether it is refused at all is not known (it depends on the installed zod). */
  readonly certain: boolean;
}

/** Why the SDK refuses the registration's schema, and from which v1 release: a schema it cannot use (1.28.0), a raw shape mixing Zod 3 and 4 (1.23.0). */
function refusalOf(point: ReplayPoint, e: CallEvent, lookup: SchemaLookup): Refusal | undefined {
  const schema = refusedSchema(e, lookup, point.state.version);
  if (schema) return { why: schema, checkedBy: (r) => r.schemaChecked, since: "1.28.0", certain: true };
  const mixed = point.state.version === "v1" && point.zodMain ? mixedZodShape(e, lookup, point.zodMain) : undefined;
  if (!mixed) return undefined;
  return { why: mixed.why, checkedBy: (r) => r.mixedZodRefused ?? false, since: "1.23.0", certain: mixed.certain };
}

/** Names as the code at `scope` reads them, for toolSchemas.ts: its bindings, then the file's imports and consts. */
function schemaLookup(ev: Evaluator, scope: Scope): SchemaLookup {
  return {
    resolve: (name) => {
      const bound = bindingOf(scope, name);
      if (bound) return "expr" in bound ? { expr: bound.expr, lookup: schemaLookup(ev, bound.scope) } : undefined;
      const summary = ev.summary(scope.file);
      const imported = summary?.imports.get(name);
      if (imported) {
        // A schema another module of the workspace declares (`import { SearchArgs } from "./schemas.js"`).
        const declared = imported.imported === "*" ? undefined : constDeclaration(ev, scope.file, name);
        return declared ? { expr: declared.init, lookup: schemaLookup(ev, ev.fileScope(declared.file)) } : { imported };
      }
      const decl = summary?.decls.get(name);
      return decl?.k === "const" ? { expr: decl.init, lookup: schemaLookup(ev, ev.fileScope(scope.file)) } : undefined;
    },
    member: (ns, name) => {
      const declared = namespaceMemberConst(ev, scope.file, ns, name);
      return declared ? { expr: declared.init, lookup: schemaLookup(ev, ev.fileScope(declared.file)) } : undefined;
    },
  };
}
