// Where fastmcp servers are built: `new FastMCP({...})` (or `new fastmcp.FastMCP(...)`) with FastMCP
// imported from the `fastmcp` package (directly or through the workspace's re-exporting modules), or
// `new NotesServer()` of a class of the file that extends it (its constructor registers on `this`).
import type { FileSummary, FlowUnit, Span, NewEvent, ValueExpr } from "../../core/model/summary";
import { literalNameOption } from "../../core/model/text";
import { FASTMCP_REACH, importsFastMCP, isFastmcpSpecifier } from "./fastmcpImport";
import type { ModuleHost } from "../../core/project/reexportOrigin";
import { subclassChain } from "./subclasses";
import { letChoices } from "../../core/evaluate/letChoices";
import { staticNameOption } from "../../core/evaluate/nameOption";
import type { Evaluator } from "../../core/evaluate/evaluator";
export type { NewEvent } from "../../core/model/summary";

export { isFastmcpSpecifier };


export interface FastmcpSite {
  readonly file: string;
  readonly unit: FlowUnit;
  readonly eventIndex: number;
  readonly event: NewEvent;
  /** The path the server is bound to (`server`, `this.mcp`), or `server` when it is not bound. */
  readonly name: string;
  /**
   * What the report calls it: the `name` option written as a literal (`new FastMCP({ name: "weather" })`,
   * the name its clients see), else the binding; unique among the file's servers.
   */
  readonly label: string;
  readonly span: Span;
  /** `new NotesServer()`: the classes from the one extending FastMCP down to the one constructed. */
  readonly subclasses?: readonly string[];
  /** The file those classes are written in, when it is not this one (imported from another module). */
  readonly subclassFile?: string;
  /** The classes are written across several modules: their code is not followed. */
  readonly subclassesElsewhere?: true;
  /**
   * `let App = FastMCP; if (lite) App = LiteServer; new App(..)`: the classes the binding may hold, when
   * they are not all the same server class (what is built is known only at run time; the subclasses'
   * code is then not followed).
   */
  readonly classChoices?: readonly string[];
  /** `await fromOpenAPI({ spec, baseUrl })` (fastmcp/openapi): a FastMCP whose tools the OpenAPI document decides. */
  readonly fromOpenApi?: true;
}

/**
 * `host` follows imports of FastMCP from the workspace's own modules (without it, only `fastmcp` counts).
 * `ev` reads a `name` option that is not written as a literal (`name: pkg.name`); without it, such a
 * server is called by its binding.
 */
export function findFastmcpSites(summary: FileSummary | undefined, host?: ModuleHost, ev?: Evaluator): FastmcpSite[] {
  if (!summary?.flow) return [];
  // FastMCP, or a class extending it, is imported from the package or through modules that do.
  if (host?.reachesModule?.(summary.fileName, FASTMCP_REACH) === false) return [];
  const sites: FastmcpSite[] = [];
  for (const unit of summary.flow.units) {
    unit.events.forEach(({ event }, eventIndex) => {
      if (event.k === "invoke" && madeFromOpenApi(summary, event.callee)) {
        // Seen as the construction it stands for: a FastMCP with options the document gives.
        const made: NewEvent = { k: "new", ctor: "fromOpenAPI", target: event.result !== undefined ? [event.result] : null, args: [], span: event.span, nameSpan: event.callee.span, declared: true };
        const name = event.result ?? (unit.kind === "module" ? "server" : unit.name);
        sites.push({ file: summary.fileName, unit, eventIndex, event: made, name, label: name, span: unit.span, fromOpenApi: true });
        return;
      }
      if (event.k !== "new") return;
      const chosen = chosenClass(summary, event.ctor, host);
      if (chosen === null) return;
      const chain = chosen.chain;
      const subclasses = chain === undefined ? undefined : chain === "elsewhere" ? [] : chain.names;
      const subclassFile = chain !== undefined && chain !== "elsewhere" && chain.file !== summary.fileName ? chain.file : undefined;
      const bound = event.target && event.target[0] !== "<return>" ? event.target.join(".") : undefined;
      sites.push({
        file: summary.fileName,
        unit,
        eventIndex,
        event,
        name: bound ?? (unit.kind === "module" ? "server" : unit.name),
        // A subclass gives FastMCP options of its own: those written at `new` need not be them.
        label: literalNameOption(event.args[0]) ?? (ev && !subclasses ? staticNameOption(ev, summary.fileName, unit, event.args[0]) : undefined) ?? bound ?? (unit.kind === "module" ? "server" : unit.name),
        // The whole unit: registrations and start() anywhere in it get the dialect's hover.
        span: unit.span,
        ...(subclasses ? { subclasses } : {}),
        ...(subclassFile !== undefined ? { subclassFile } : {}),
        ...(chain === "elsewhere" ? { subclassesElsewhere: true as const } : {}),
        ...(chosen.choices ? { classChoices: chosen.choices } : {}),
      });
    });
  }
  // Two servers of a file with one name: each also says what holds it.
  return sites.map((s) => (sites.filter((o) => o.label === s.label).length > 1 && s.label !== s.name ? { ...s, label: `${s.label} (${s.name})` } : s));
}

type Chain = Exclude<ReturnType<typeof subclassChain>, null>;

/**
 * What `new <ctor>()` builds: FastMCP (chain undefined), a subclass of it, or, for a `let` holding a
 * class (letChoices.ts), FastMCP or a subclass whichever value it holds; `choices` when the values are
 * not all one class. null when no value is a FastMCP class.
 */
function chosenClass(summary: FileSummary, ctor: string, host: ModuleHost | undefined): { chain: Chain | undefined; choices?: readonly string[] } | null {
  const of = (name: string): Chain | undefined | null => (importsFastMCP(summary, name, host) ? undefined : subclassChain(summary, name, host));
  const direct = of(ctor);
  if (direct !== null) return { chain: direct };
  const choices = letChoices(summary, host?.text?.(summary.fileName), ctor);
  if (!choices) return null;
  const chains = choices.map(of);
  const first = chains.findIndex((c) => c !== null);
  if (first < 0) return null;
  const same = chains.every((c) => JSON.stringify(c) === JSON.stringify(chains[first]));
  // The same class every way: it is that class. Else FastMCP's own code at least, nothing of a subclass.
  return same ? { chain: chains[first] ?? undefined } : { chain: undefined, choices };
}

/** `fromOpenAPI` imported from fastmcp's `openapi` entry (maybe renamed). */
function madeFromOpenApi(summary: FileSummary, callee: ValueExpr): boolean {
  if (callee.k !== "ref") return false;
  const binding = summary.imports.get(callee.name);
  return binding?.specifier === "fastmcp/openapi" && binding.imported === "fromOpenAPI";
}
