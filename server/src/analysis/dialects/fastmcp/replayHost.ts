// What the replay of a fastmcp server reads: the workspace's summaries, with a flow summarised on
// demand for the files that import an exported server without importing fastmcp themselves.
import type { DialectRun } from "../../core/dialect";
import { flowOnDemand } from "../../core/summarize/flowOnDemand";
import { exportedServerUsers, packageReaderOf } from "../../core/project/exportedServerUsers";
import { fastmcpFlow } from "./flow";
import type { ReplayHost } from "./replay";

export function replayHost(run: DialectRun): ReplayHost {
  const demand = flowOnDemand(run.ev, fastmcpFlow);
  const summary = (file: string) => {
    demand.want(file);
    return demand.ev.summary(file);
  };
  return {
    summary,
    textAt: (file, span) => run.ev.textAt(file, span),
    ev: run.ev,
    text: (file) => run.ev.host.text?.(file),
    importers: (file, names) =>
      exportedServerUsers(
        packageReaderOf(run, summary),
        file,
        names,
      ),
  };
}
