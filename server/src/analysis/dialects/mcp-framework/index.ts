// mcp-framework (npm `mcp-framework`): `new MCPServer({...})` whose tools, prompts and resources are
// classes its loaders find at run time in the tools/, prompts/, resources/ folders of a base path.
import type { Dialect } from "../../core/dialect";
import { analyzeServer } from "./analyze";
import { CODES } from "./codes";
import { editor } from "./editor";
import { PACKAGE, SERVER_METHODS, serverSites } from "./sites";
import { words } from "./words";

export const mcpFrameworkDialect: Dialect = {
  id: "mcp-framework",
  title: "the mcp-framework framework",
  mayDeclare: (text) => text.includes(PACKAGE),
  flow: { specifier: (s) => s === PACKAGE, hints: [PACKAGE], methods: SERVER_METHODS },
  unitCount: (_ev, _file, summary) => serverSites(summary).length,
  analyze(run, file, index) {
    const site = serverSites(run.ev.summary(file)!)[index]!;
    return analyzeServer(run, file, site);
  },
  codes: CODES,
  runsItsSource: true,
  words,
  editor,
};
