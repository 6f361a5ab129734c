// The names a module exports one of its own bindings under: what its importers import it by.
import type { AmbientModuleSummary } from "./summary";

/** The exported names a module gives its local `name` (`createServer`, or `default`). */
export function exportNamesOf(summary: Pick<AmbientModuleSummary, "exports">, name: string): string[] {
  return [...summary.exports].filter(([, e]) => e.k === "local" && e.local === name).map(([exported]) => exported);
}
