// The PATHs named on the command line are what the run was asked to read: one that exists but cannot
// be read (no permission) is exit 2 with one line (spec/cli.md), not a warning the report goes past
// with "0 servers". A file or folder met inside a walked folder stays a warning: the rest of the
// folder still deserves its report.
import * as fs from "node:fs";
import * as path from "node:path";
import { InputError } from "../files/discoverFiles";
import { errorReason } from "../files/readRegularFile";

/** @throws InputError naming the first PATH that exists but cannot be opened for reading. */
export function assertReadablePaths(paths: readonly string[], cwd: string): void {
  for (const arg of paths) {
    // `mcp-caps "$SRC"` with SRC unset must not quietly read the whole working directory.
    if (arg === "") throw new InputError(`cannot read "": an empty path names no file or folder`);
    const abs = path.resolve(cwd, arg);
    let st: fs.Stats;
    try {
      st = fs.statSync(abs);
    } catch {
      continue; // missing, a link loop: the walk names these in its own words
    }
    try {
      if (st.isDirectory()) fs.opendirSync(abs).closeSync();
      // Without blocking: a FIFO is refused by the walk, and must not wait for a writer here.
      else if (st.isFile()) fs.closeSync(fs.openSync(abs, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0)));
    } catch (err) {
      throw new InputError(`cannot read ${arg}: ${errorReason(err)}`);
    }
  }
}

/**
 * A skipped file's reason in a few words: the analysis passes Node's text through
 * (`EACCES: permission denied, open '/abs/path'`), which repeats the path the warning already names.
 */
export function plainSkipReason(detail: string): string {
  const code = /^(E[A-Z]+): /.exec(detail)?.[1];
  return code ? errorReason(Object.assign(new Error(detail), { code })) : detail;
}
