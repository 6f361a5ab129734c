// Whether tsc writes a source file into outDir, so that the loaders can find its compiled form there.
// The analysis lists the source folder outDir mirrors, but a source tsc does not compile is not in the
// compiled folder: a `.js` file without allowJs, a file tsconfig's include leaves out or its exclude
// takes out, unless an emitted file imports it (importClosure.ts). Where the tsconfig cannot be read
// as tsc reads it (a config it extends is missing, a pattern not modelled, too many files), the
// verdict is not known, with why: a file that may not be loaded never makes a key certain.
import type { DirectoryEntry } from "../../core/project/directoryListing";
import { relativePath } from "../../core/project/paths";
import { copiedByScript } from "./buildCopies";
import { importClosure, type Closure, type ClosureHost } from "./importClosure";
import type { Tsconfig } from "./tsconfigChain";
import { inputFiles, inputVerdict, isSourceName } from "./tsconfigInputs";

/** `why`: for people, about the file (`no`), or why the answer is not known (`unknown`). */
export type Emission = { readonly k: "yes" } | { readonly k: "no"; readonly why: string } | { readonly k: "unknown"; readonly why: string };

export interface EmissionHost extends ClosureHost {
  readonly list?: (dir: string) => readonly DirectoryEntry[] | undefined;
}

/** The verdict for each source file of the folders outDir mirrors, under `cfg`. */
export function emissionOf(cfg: Tsconfig, host: EmissionHost): (file: string) => Emission {
  const { raw } = cfg;
  let closure: Closure | undefined;
  const compiled = (): Closure => {
    if (closure) return closure;
    if (!host.list) return (closure = { ok: false, reason: "the project's folders cannot be listed here" });
    const inputs = inputFiles(cfg, host.list);
    closure = typeof inputs === "string" ? { ok: false, reason: inputs } : importClosure(inputs, raw.allowJs === true, host);
    return closure;
  };
  const rel = (file: string) => relativePath(cfg.dir, file);
  return (file) => {
    const isJs = /\.[cm]?jsx?$/.test(file);
    // An unread base may set allowJs, include or exclude; tsc's defaults are used only when the readable configs settle them.
    if (raw.unreadable && ((isJs && raw.allowJs === undefined) || (raw.include === undefined && raw.files === undefined) || raw.exclude === undefined)) {
      return { k: "unknown", why: `${raw.unreadable}, and it may set ${isJs && raw.allowJs === undefined ? "allowJs" : raw.exclude === undefined ? "exclude" : "include"}` };
    }
    if (!isSourceName(file, raw.allowJs === true)) {
      if (!isJs) return { k: "no", why: `tsc emits no JavaScript for ${rel(file)}` };
      const copied = copiedByScript(file, host.text);
      const why = `tsconfig does not set allowJs, so tsc neither compiles nor copies ${rel(file)}`;
      return copied ? { k: "unknown", why: `${why}, but ${copied}` } : { k: "no", why };
    }
    const verdict = inputVerdict(cfg, file);
    if (verdict.k === "input") return { k: "yes" };
    if (verdict.k === "unknown") return { k: "unknown", why: verdict.why };
    // Not an input: compiled only when an input imports it, directly or not.
    const c = compiled();
    if (!c.ok) return { k: "unknown", why: `${verdict.why}, and whether an input imports it is not known (${c.reason})` };
    return c.files.has(file) ? { k: "yes" } : { k: "no", why: `${verdict.why}, and no file tsc compiles imports it, so tsc does not compile it` };
  };
}
