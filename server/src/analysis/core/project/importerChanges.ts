// An exported object changed by a module that imports it: `export const CAPS = { tools: {} }` in one
// file, `CAPS.logging = {}` in another that imports it. The object the program uses is then not what
// its declaration wrote. Importers through a namespace (`C.CAPS.x = …`) and
// through modules that re-export it (barrels) count too.
import { mutatedNames } from "../evaluate/mutation";
import { listedFiles, moduleUsers, packageRoot, type PackageReader } from "./exportedServerUsers";
import { dirname } from "./paths";

/**
 * A file of the package that imports one of `names` exported by `file` (directly, as a namespace, or
 * through modules re-exporting it) and changes that object; undefined when none does, or when the
 * package's files cannot be listed.
 */
export function importerChanging(reader: PackageReader, file: string, names: readonly string[]): string | undefined {
  const root = packageRoot(reader, dirname(file)) ?? workspaceTop(reader, dirname(file));
  const files = root ? listedFiles(reader, root) : undefined;
  if (!root || !files) return undefined;
  const users = moduleUsers(reader, root, files, file, names);
  // Only a change written there: handing the object to a call (an SDK entry point, a helper that
  // reads a table) is how importers use such objects, and is not followed into the callee.
  const changes = ({ file: at, local }: { file: string; local: string }) => {
    const summary = (reader.importsOf ?? reader.summary)(at);
    const text = reader.text(at);
    return summary !== undefined && text !== undefined && mutatedNames(summary, text).has(local);
  };
  return [...users.found, ...users.namespaces].find(changes)?.file;
}

/** Without a package.json above the file: the outermost folder of the workspace holding it. */
function workspaceTop(reader: PackageReader, from: string): string | undefined {
  if (!reader.withinWorkspace(from)) return undefined;
  let top = from;
  for (let hops = 0; hops < 64 && dirname(top) !== top && reader.withinWorkspace(dirname(top)); hops++) top = dirname(top);
  return top;
}
