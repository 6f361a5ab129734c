// One corpus entry: a public MCP server, the commit of its source that built a published version, and
// what that published build advertised when started (`mcp-caps probe`). One JSON file per server in
// servers/, named after its id, so that entries can be added side by side without touching each other.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

export type Capabilities = Record<string, unknown>;

export interface CorpusEntry {
  readonly id: string;
  /** owner/name on GitHub. */
  readonly repo: string;
  readonly commit: string;
  /** The folder of the package inside the repository; "" for the root. */
  readonly dir: string;
  readonly package: string;
  readonly version: string;
  /** What the report's `servers[].dialect` should say. */
  readonly dialect: string;
  /** `file` is relative to `dir`. */
  readonly server: { readonly file: string; readonly name?: string };
  readonly probe: { readonly bin: string; readonly args?: string[]; readonly env?: Record<string, string> };
  readonly captured: {
    readonly legacy: Capabilities | null;
    readonly modern: Capabilities | null;
    readonly legacyError: string | null;
    readonly modernError: string | null;
    readonly probedWith: string;
    readonly date: string;
  };
  readonly hard: string;
}

export const SERVERS_DIR = join(__dirname, "servers");

export interface EntryFile {
  readonly file: string;
  /** The file name without `.json`. */
  readonly stem: string;
  /** The parsed JSON, unchecked (the corpus test checks it against the format). */
  readonly data: unknown;
}

/** Every `servers/*.json`, sorted by name; a file that is not JSON throws, naming the file. */
export function readEntryFiles(dir = SERVERS_DIR): EntryFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const file = join(dir, f);
      try {
        return { file, stem: basename(f, ".json"), data: JSON.parse(readFileSync(file, "utf8")) as unknown };
      } catch (e) {
        throw new Error(`${file}: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
}

export const readEntries = (dir = SERVERS_DIR): CorpusEntry[] => readEntryFiles(dir).map((f) => f.data as CorpusEntry);
