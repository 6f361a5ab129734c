// `new AppStrategy()` of a workspace class extending McpStrategy: the options its constructors hand to
// McpStrategy's (the engine's superArguments.ts), read where they are written. A class of the chain
// that declares anything but its constructor may change what the strategy serves (an override of its
// transport handling, a hook), which is not followed: the result is then not certain.
import { argumentThroughSupers } from "../../core/classes/superArguments";
import type { DialectRun } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import type { UnknownPart } from "../../core/model/unknown";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import { MCP_NEST_FLOW, type StrategySite } from "./findStrategies";
import { readOptions, unknownOptions, type StrategyOptions } from "./strategyOptions";

export function subclassOptions(run: DialectRun, site: StrategySite & { readonly chain: NonNullable<StrategySite["chain"]> }, at: Loc): StrategyOptions {
  const demand = flowOnDemand(run.ev, MCP_NEST_FLOW);
  const summaryOf = (f: string) => {
    demand.want(f);
    return demand.ev.summary(f);
  };
  const source = argumentThroughSupers({ exprs: site.event.args, file: site.file }, site.chain, summaryOf, run.fileText, { what: "options", base: "McpStrategy" });
  const options = source.k === "unknown" ? unknownOptions(source.reason, source.loc) : readOptions(run.ev, source.file, source.expr, source.expr ? { file: source.file, span: source.expr.span } : at);
  return { ...options, unknown: [...options.unknown, ...overrides(site.chain)] };
}

/** Members of the chain's classes besides their constructors: code McpStrategy runs that the analysis does not read. */
function overrides(chain: NonNullable<StrategySite["chain"]>): UnknownPart[] {
  const out: UnknownPart[] = [];
  for (const { file, cls } of chain) {
    const members = cls.members.filter((m) => m.name !== "constructor" && !m.typeOnly && !m.isStatic);
    if (members.length === 0) continue;
    const names = members.map((m) => m.name).join(", ");
    out.push({ path: [], spread: true, reason: `${cls.name} declares ${names} beside its constructor, which may change what McpStrategy serves; the analysis does not follow it`, loc: { file, span: members[0]!.nameSpan } });
  }
  return out;
}
