import type { FileSummary } from "../model/summary";
import type { ts } from "../typescript";
import { cutDeepSubtrees, isStackOverflow, MAX_WALKED_DEPTH } from "./cutDeepSubtrees";
import type { FlowSpec } from "./flowSummary";
import { isJsonModule } from "../project/paths";
import { summarizeJsonModule } from "./jsonModule";
import { parseFile } from "./parseFile";
import { summarizeFile } from "./summarizeFile";

/**
 * Parses and summarises a text. A tree deeper than the summarisers' walks can go (they recurse once
 * per level) is summarised again with its deepest subtrees cut: the file is analysed as far as it
 * goes instead of being skipped whole, and its summary says so (`deepCut`).
 */
export function summarizeText(fileName: string, text: string, version: number, flowSpec?: FlowSpec, deferExtendsOnly?: () => boolean): { readonly summary: FileSummary; readonly sf: ts.SourceFile } {
  if (isJsonModule(fileName)) return summarizeJsonModule(fileName, text, version);
  const sf = parseFile(fileName, text);
  try {
    return { summary: summarizeFile(sf, version, flowSpec, deferExtendsOnly), sf };
  } catch (err) {
    if (!isStackOverflow(err)) throw err;
  }
  const cut = parseFile(fileName, text);
  const tooDeep = new Error(`nested too deeply for the analysis (more than ${MAX_WALKED_DEPTH} levels of expressions)`);
  if (cutDeepSubtrees(cut) === 0) throw tooDeep;
  try {
    // Not deferred: the flow made later would parse the whole tree again.
    return { summary: { ...summarizeFile(cut, version, flowSpec), deepCut: true }, sf: cut };
  } catch (err) {
    throw isStackOverflow(err) ? tooDeep : err;
  }
}
