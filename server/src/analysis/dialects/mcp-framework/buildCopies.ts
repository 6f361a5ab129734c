// A plain-JS loader file that tsc does not copy (no allowJs) may still reach the compiled folder: a
// build script that copies files there (`tsc && cp src/tools/*.js dist/tools/`), or another bundler
// or copier run by the scripts. What a script copies is not followed, so such a file is "not known"
// rather than "not loaded" whenever the project's package.json has a script that may copy files.
import { joinPath } from "../../core/project/paths";
import { projectRoot } from "./baseDir";

type FileText = (file: string) => string | undefined;

/** Commands that copy files, in any script. */
const COPIES = /(?:^|[\s;&|(])(?:cp|cpx|cpy|cpy-cli|ncp|copyfiles|copy|xcopy|robocopy|rsync|shx\s+cp)(?=$|[\s;&|)])/;
/** Other build tools, or a script of the project's own, which may copy or bundle files: in a build step only. */
const BUILDS = /(?:^|[\s;&|(])(?:esbuild|tsup|rollup|webpack|vite|swc|babel|parcel|ncc|bun\s+build|node|tsx|ts-node|gulp|grunt|make)(?=$|[\s;&|)])/;
/** Script names of a build step (`build`, `postbuild`, `build:assets`, `compile`, `prepare`, …). */
const BUILD_STEP = /build|compile|copy|bundle|assets|dist|prepare|prepublish|postinstall/i;

/** Why `file` may be copied into the compiled folder by a package.json script, or undefined when no script may copy it. */
export function copiedByScript(file: string, text: FileText): string | undefined {
  const root = projectRoot(file, text);
  if (root === undefined) return undefined;
  let scripts: unknown;
  try {
    scripts = (JSON.parse(text(joinPath(root, "package.json")) ?? "{}") as { scripts?: unknown }).scripts;
  } catch {
    return "package.json cannot be read, so what its scripts copy is not known";
  }
  if (!scripts || typeof scripts !== "object") return undefined;
  for (const [name, command] of Object.entries(scripts as Record<string, unknown>)) {
    if (typeof command !== "string" || !(COPIES.test(command) || (BUILD_STEP.test(name) && BUILDS.test(command)))) continue;
    const shown = command.length > 80 ? `${command.slice(0, 77)}...` : command;
    return `package.json's "${name}" script (${JSON.stringify(shown)}) may copy it there`;
  }
  return undefined;
}
