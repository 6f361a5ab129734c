import { fileURLToPath, pathToFileURL } from "node:url";
import { normalizePath } from "../analysis/core/project/paths";

/** The analysis path of a document URI; undefined for URIs that are not files (untitled, git...). */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return normalizePath(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}

/** Whether a path is TypeScript source the analysis reads (not `.d.ts`: those are read only as bases). */
export function isAnalysableSource(path: string): boolean {
  return /\.(?:ts|tsx|mts|cts)$/i.test(path) && !/\.d\.(?:ts|mts|cts)$/i.test(path);
}
