// mcp-framework (npm `mcp-framework`): `new MCPServer({...})` whose tools, prompts and resources are
// classes its loaders find at run time in the tools/, prompts/, resources/ folders of a base path.
import type { Dialect } from "../../core/dialect";
import { analyzeServer } from "./analyze";
import { CODES } from "./codes";
import { editor } from "./editor";
import { PACKAGE, SERVER_METHODS, serverSites } from "./sites";
import { words } from "./words";

/** `MCPServer` named in an import or export: it may come through a workspace module re-exporting mcp-framework. */
const SERVER_NAMES: ReadonlySet<string> = new Set(["MCPServer"]);
const SUBCLASS = /\bclass\s+[\w$]+\s+extends\s/;
const onItsOwn = (text: string) => text.includes(PACKAGE) || (text.includes("MCPServer") && /\bMCPServer\b/.test(text));

export const mcpFrameworkDialect: Dialect = {
  id: "mcp-framework",
  title: "the mcp-framework framework",
  // A class may extend MCPServer through a workspace class of another file (`class AppServer extends
  // BaseServer`, built there): such a file is read only when its imports can reach one that names
  // mcp-framework (mayDeclareOnItsOwn).
  mayDeclare: (text) => onItsOwn(text) || (SUBCLASS.test(text) && /\bnew\s+[\w$]/.test(text)),
  mayDeclareOnItsOwn: onItsOwn,
  flow: { specifier: (s) => s === PACKAGE, hints: [PACKAGE], methods: SERVER_METHODS, names: SERVER_NAMES },
  unitCount: (ev, file) => serverSites(ev, file).length,
  analyze(run, file, index) {
    const site = serverSites(run.ev, file)[index]!;
    return analyzeServer(run, file, site);
  },
  codes: CODES,
  runsItsSource: true,
  words,
  editor,
};
