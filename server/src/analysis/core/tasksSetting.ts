import type { FileSystemHost } from "ts-morph";
import { joinPath } from "./project/paths";

export interface TasksSettingFromPackage {
  readonly value: boolean | undefined;
  /** Set when package.json exists but its setting cannot be read. */
  readonly problem?: string;
}

/**
 * The project's tasks-extension switch (spec §5): `"mcpCapabilityLens": { "tasksExtension": true }` in
 * the package.json of `dir`. `undefined` when the file or the setting is absent.
 */
export function readTasksSetting(fs: FileSystemHost, dir: string): TasksSettingFromPackage {
  const file = joinPath(dir, "package.json");
  let text: string;
  try {
    if (!fs.fileExistsSync(file)) return { value: undefined };
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    return { value: undefined, problem: `cannot read ${file}: ${err instanceof Error ? err.message : String(err)}` };
  }
  let pkg: unknown;
  try {
    pkg = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // npm reads a manifest with a byte order mark too
  } catch {
    return { value: undefined, problem: `${file} is not valid JSON; the tasks extension setting in it is ignored` };
  }
  const section = (pkg as { mcpCapabilityLens?: { tasksExtension?: unknown } } | null)?.mcpCapabilityLens;
  const raw = section?.tasksExtension;
  if (raw === undefined) return { value: undefined };
  if (raw === true || raw === "on") return { value: true };
  if (raw === false || raw === "off") return { value: false };
  return { value: undefined, problem: `${file}: mcpCapabilityLens.tasksExtension must be true or false` };
}
