// tsc compiles its input files and every workspace file they import, whatever include and exclude
// say: a prompt left out of `include` is still emitted when index.ts imports it. This walks the
// imports of the inputs (static, side-effect, `export … from`, `import()` with a literal, `import x =
// require()`, `/// <reference path>`, and `require()` in JavaScript) as TypeScript's own pre-processor
// reads them, resolved as the workspace resolves modules. Packages are never emitted, so they are not
// walked. Built once per analysis of a server, the first time a file outside the inputs is asked about.
import { dirname, joinPath, normalizePath } from "../../core/project/paths";
import { ts } from "../../core/typescript";
import { isSourceName, MAX_INPUTS } from "./tsconfigInputs";

export interface ClosureHost {
  readonly text: (file: string) => string | undefined;
  readonly resolve: (specifier: string, from: string) => string | undefined;
}

/** The files tsc compiles (inputs and what they import), or why they cannot all be listed. */
export type Closure = { readonly ok: true; readonly files: ReadonlySet<string> } | { readonly ok: false; readonly reason: string };

const isPackageFile = (file: string) => /\/node_modules\//.test(file);

export function importClosure(inputs: readonly string[], allowJs: boolean, host: ClosureHost): Closure {
  const files = new Set<string>(inputs);
  const queue = [...inputs];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const text = host.text(file);
    if (text === undefined) return { ok: false, reason: `${file} cannot be read to see what it imports` };
    const isJs = /\.[cm]?jsx?$/.test(file);
    const info = ts.preProcessFile(text, true, isJs);
    const targets = [
      ...info.importedFiles.map((r) => host.resolve(r.fileName, file)),
      ...info.referencedFiles.map((r) => normalizePath(joinPath(dirname(file), r.fileName))),
    ];
    for (const target of targets) {
      // A JavaScript file without allowJs is not part of the program: neither emitted nor walked.
      if (!target || files.has(target) || isPackageFile(target) || !isSourceName(target, allowJs)) continue;
      files.add(target);
      queue.push(target);
      if (files.size > MAX_INPUTS) return { ok: false, reason: `the files it compiles are more than the analysis lists (${MAX_INPUTS})` };
    }
  }
  return { ok: true, files };
}
