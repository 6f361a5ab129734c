// The conduit dialect: server classes in the style of the Elixir library conduit_mcp, ported to
// TypeScript (a static `__capabilities__`, handlers such as `handleListTools`, Endpoint components).
import type { Dialect } from "../../core/dialect";
import { analyzeClass } from "./analyzeClass";
import { CONDUIT_CODES } from "./codes";
import { conduitEditor } from "./editor";
import { mayDeclareServers, mayDeclareServersOnItsOwn } from "./mayDeclareServers";
import { conduitWords } from "./words";

/** Index in the file's classes of each class the report may list (top level, or bound at top level). */
function topLevelClasses(classes: readonly { readonly topLevel: boolean }[]): number[] {
  const out: number[] = [];
  classes.forEach((c, i) => {
    if (c.topLevel) out.push(i);
  });
  return out;
}

export const conduitDialect: Dialect = {
  id: "conduit",
  title: "conduit classes",
  mayDeclare: mayDeclareServers,
  mayDeclareOnItsOwn: mayDeclareServersOnItsOwn,
  unitCount: (_ev, _file, summary) => topLevelClasses(summary.classes).length,
  analyze(run, file, unit) {
    const index = topLevelClasses(run.ev.summary(file)!.classes)[unit]!;
    return analyzeClass(run.ev, { file, index, scope: null, key: `${file}#${index}` }, { tasksExtension: run.tasksExtension, fileText: run.fileText });
  },
  codes: CONDUIT_CODES,
  words: conduitWords,
  editor: conduitEditor,
};
