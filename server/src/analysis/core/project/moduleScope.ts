import type { ts } from "../typescript";
import { dirname, joinPath } from "./paths";

/**
 * Whether Node runs a `.js` file as an ES module: its nearest package.json says `"type": "module"`.
 * Such a file has no `module` or `exports`: CommonJS written in it throws when it loads.
 */
export function inModuleScope(file: string, host: ts.ModuleResolutionHost): boolean {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = joinPath(dir, "package.json");
    if (host.fileExists(manifest)) {
      try {
        const parsed: unknown = JSON.parse(host.readFile(manifest) ?? "");
        return typeof parsed === "object" && parsed !== null && (parsed as { type?: unknown }).type === "module";
      } catch {
        // Node refuses to load a file under an unreadable package.json: nothing to follow either way.
        return false;
      }
    }
    if (dir === "/" || dirname(dir) === dir) return false;
  }
}

/** Whether a script names CommonJS's `module.exports` or `exports.` (comments and strings count: a reason to stop, never to go on). */
export function mentionsCommonJsExports(text: string): boolean {
  return /\bmodule\s*\.\s*exports\b|(?<![.\w$])exports\s*\./.test(text);
}
