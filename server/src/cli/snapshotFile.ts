// Reading and writing `--check` / `--write-snapshot` files. Both names can come from a repository (a
// CI script runs `mcp-caps --check caps.json`), so neither may lead the tool to a device, a FIFO, a
// huge file, or through a link out of the working directory.
import * as fs from "node:fs";
import * as path from "node:path";
import { InputError } from "../files/discoverFiles";
import { MAX_SNAPSHOT_BYTES } from "../files/limits";
import { errorReason, kindOf, readRegularFile, RefusedFileError } from "../files/readRegularFile";
import { parseSnapshot, type Snapshot } from "./snapshot";

/** The `--check` snapshot, read and parsed. @throws InputError with one line naming the file. */
export function readSnapshot(cwd: string, name: string): Snapshot {
  const text = readSnapshotFile(cwd, name);
  try {
    return parseSnapshot(text);
  } catch (err) {
    throw new InputError(`cannot use snapshot ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The text of the `--check` snapshot. @throws InputError with one line naming the file. */
export function readSnapshotFile(cwd: string, name: string): string {
  const target = path.resolve(cwd, name);
  const leaves = outsideWorkingDirectory(cwd, target);
  if (leaves) throw new InputError(`cannot read snapshot ${name}: ${leaves}`);
  try {
    return readRegularFile(target, MAX_SNAPSHOT_BYTES);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? `no such file (write one with --write-snapshot ${name})`
      : err instanceof RefusedFileError && err.reason === "it is a folder" ? "it is a folder, not a snapshot file"
      : err instanceof RefusedFileError ? err.reason
      : errorReason(err);
    throw new InputError(`cannot read snapshot ${name}: ${why}`);
  }
}

/**
 * Writes the snapshot: never through a link or into a special file, only over an earlier snapshot,
 * and atomically (a temporary file beside it, then a rename), so a failed write leaves the old one.
 * @throws InputError with one line naming the file.
 */
export function writeSnapshotFile(cwd: string, name: string, text: string): void {
  const target = path.resolve(cwd, name);
  const fail = (why: string) => new InputError(`cannot write snapshot ${name}: ${why}`);
  const leaves = outsideWorkingDirectory(cwd, target);
  if (leaves) throw fail(leaves);
  let existing: fs.Stats | undefined;
  try {
    existing = fs.lstatSync(target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw fail(errorReason(err));
  }
  if (existing?.isSymbolicLink()) throw fail("it is a symbolic link (name the file itself)");
  if (existing?.isDirectory()) throw fail("it is a folder");
  if (existing && !existing.isFile()) throw fail(`not a regular file (${kindOf(existing)})`);
  if (existing) {
    // Only a snapshot is ever overwritten: a mistyped path must not replace a source file.
    let old: string | undefined;
    try {
      old = readRegularFile(target, MAX_SNAPSHOT_BYTES);
    } catch {
      old = undefined;
    }
    // An empty file (`mktemp`) holds nothing that could be lost.
    if (old === undefined || (old.trim() !== "" && !isSnapshot(old))) {
      throw new InputError(`refusing to overwrite ${name}: it is not an mcp-caps snapshot (choose another file, or delete it first)`);
    }
  }
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    // `wx`: the temporary name must be new (never a link someone placed there).
    fs.writeFileSync(temp, text, { flag: "wx", mode: existing ? existing.mode & 0o777 : 0o644 });
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw fail(errorReason(err));
  }
}

function isSnapshot(text: string): boolean {
  try {
    parseSnapshot(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a path named inside the working directory really lies outside it (a link on the way), or
 * undefined. A path the user names outside it (`/tmp/caps.json`) is theirs to name.
 */
function outsideWorkingDirectory(cwd: string, target: string): string | undefined {
  if (!within(path.resolve(cwd), target)) return undefined;
  let realCwd: string;
  try {
    realCwd = fs.realpathSync(cwd);
  } catch {
    return undefined;
  }
  // The deepest part of the path that exists decides where it leads.
  let existing = target;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = path.join(fs.realpathSync(existing), ...rest);
      return within(realCwd, real) ? undefined : "it leads outside the working directory (through a symbolic link)";
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return undefined;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

function within(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}
