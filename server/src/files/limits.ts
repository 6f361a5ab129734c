// The sizes of what the tool agrees to read: a repository can hold a link to /dev/zero, a FIFO or a
// 1 GB file under any name, so every read is bounded before it starts (README "Reliability and security").
import { MAX_FILE_BYTES } from "../analysis/core/project/fileStore";

const MB = 1024 * 1024;

/** A tsconfig, an `extends` target, a package.json: larger than this is not a hand-written config. */
export const MAX_CONFIG_BYTES = 4 * MB;
/** A `--check` snapshot: ten thousand servers take about 3 MB. */
export const MAX_SNAPSHOT_BYTES = 32 * MB;
/** A source or declaration file (the analysis skips larger ones as too large). */
export const MAX_SOURCE_BYTES = MAX_FILE_BYTES;

/** The limit for a file read through the analysis' file system: configs are JSON, the rest source. */
export function limitFor(path: string): number {
  return /\.json$/i.test(path) ? MAX_CONFIG_BYTES : MAX_SOURCE_BYTES;
}

export function megabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}
