// A server built as a workspace subclass of MCPServer (`new AppServer()`): the config its classes hand
// to MCPServer's constructor (superConfig.ts) and what they do to the server (subclassEffects.ts),
// read from their files' flows, which are summarised on demand where the workspace analysis left
// them out (a base class's file that does not import mcp-framework itself).
import type { DialectRun } from "../../core/dialect";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import type { ChainClass } from "./serverClass";
import { PACKAGE, SERVER_METHODS, type ServerSite } from "./sites";
import { subclassEffects, type SubclassEffects } from "./subclassEffects";
import { configThroughSupers, type ConfigSource } from "./superConfig";

export interface Subclass {
  readonly config: ConfigSource;
  readonly effects: SubclassEffects;
}

/** `file` builds the server (`new AppServer(args)`, whose arguments are read there). */
export function subclassOf(run: DialectRun, file: string, site: ServerSite, chain: readonly ChainClass[]): Subclass {
  const demand = flowOnDemand(run.ev, { specifier: (s) => s === PACKAGE, methods: SERVER_METHODS });
  const summaryOf = (f: string) => {
    demand.want(f);
    return demand.ev.summary(f);
  };
  return {
    config: configThroughSupers({ exprs: site.event.args, file }, chain, summaryOf, run.fileText),
    effects: subclassEffects(chain, summaryOf),
  };
}
