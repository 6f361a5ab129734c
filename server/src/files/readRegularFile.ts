import * as fs from "node:fs";
import { megabytes } from "./limits";

/**
 * A file that is not read: not a regular file, or over the size limit. `code` is `EFTYPE` or `EFBIG`
 * (so callers that sort errors by code can tell it from a missing file).
 */
export class RefusedFileError extends Error {
  constructor(
    readonly code: "EFTYPE" | "EFBIG",
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** What a non-regular file is, in words. */
export function kindOf(st: fs.Stats): string {
  if (st.isDirectory()) return "a folder";
  if (st.isFIFO()) return "a named pipe";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}

/** Why `st` must not be read, or undefined when it may be. */
export function refusal(st: fs.Stats, maxBytes: number): RefusedFileError | undefined {
  if (!st.isFile()) return new RefusedFileError("EFTYPE", st.isDirectory() ? "it is a folder" : `not a regular file (${kindOf(st)})`);
  if (st.size > maxBytes) return new RefusedFileError("EFBIG", `larger than ${megabytes(maxBytes)}`);
  return undefined;
}

/**
 * Reads a regular file of at most `maxBytes`, as UTF-8. The file is opened without blocking (a FIFO
 * would wait for a writer forever) and checked through its descriptor, so what is checked is what is
 * read even if the name is swapped in between; a file that grows while read stops at the limit.
 * @throws RefusedFileError for a device, FIFO, socket or folder, or a file over the limit; the
 *   system's error (ENOENT, EACCES, ENAMETOOLONG, ...) otherwise.
 */
export function readRegularFile(path: string, maxBytes: number): string {
  const fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const st = fs.fstatSync(fd);
    const refused = refusal(st, maxBytes);
    if (refused) throw refused;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // The size fstat gave, plus one byte to see the end; more only if the file grows meanwhile.
      const chunk = Buffer.allocUnsafe(Math.min(total === 0 ? st.size + 1 : 64 * 1024, maxBytes + 1 - total));
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) throw new RefusedFileError("EFBIG", `larger than ${megabytes(maxBytes)}`);
    }
    return Buffer.concat(chunks, total).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

/** Why a file cannot be read safely (missing, not a regular file, too large), or undefined. */
export function unreadableReason(path: string, maxBytes: number): string | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(path);
  } catch (err) {
    return errorReason(err);
  }
  return refusal(st, maxBytes)?.reason;
}

export const NO_SUCH_FILE = "no such file or folder";

/** A system error in a few words. */
export function errorReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return NO_SUCH_FILE;
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ELOOP":
      return "symbolic link loop";
    case "ENOTDIR":
      return "not a folder";
    case "ENAMETOOLONG":
      return "the path is longer than the system allows";
    case "EISDIR":
      return "it is a folder";
    default:
      return err instanceof Error ? err.message : String(err);
  }
}
