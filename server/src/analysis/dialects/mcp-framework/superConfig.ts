// The config a workspace subclass of MCPServer hands to MCPServer's constructor, followed down the
// chain of `super(...)` calls by the engine (superArguments.ts).
import { argumentThroughSupers, mentions, type SuperArgument } from "../../core/classes/superArguments";
import type { FileSummary, ValueExpr } from "../../core/model/summary";
import type { ChainClass } from "./serverClass";

export { mentions };

/** Where the config comes from: an expression and the file it is written in (undefined: none given). */
export type ConfigSource = SuperArgument;

/** `summaryOf`: a file's summary with its flow. `text`: a file's text (for a constructor without a flow). */
export function configThroughSupers(newArgs: { readonly exprs: readonly ValueExpr[]; readonly file: string }, chain: readonly ChainClass[], summaryOf: (file: string) => FileSummary | undefined, text: (file: string) => string | undefined): ConfigSource {
  return argumentThroughSupers(newArgs, chain, summaryOf, text, { what: "config", base: "MCPServer" });
}
