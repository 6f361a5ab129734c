// The corpus entries (servers/*.json) follow the shared format: the fields a run needs, a full commit,
// a dialect the analysis can report, an id that is the file's name, no held-out repository, captured
// eras that are objects or null-with-an-error, and no entry twice. No snapshot is needed.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { readEntryFiles, type EntryFile } from "./entry";
import { HELD_OUT_REPOSITORIES } from "./heldOut";

// The registry's ids are its folder names (one folder per dialect): read from the folder, because
// importing the registry loads the whole engine, seconds this check does not need. The SDK dialect
// reports its servers as one of two versions; the others under their own id.
const DIALECT_IDS = readdirSync(join(__dirname, "..", "..", "server", "src", "analysis", "dialects"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const REPORTED_DIALECTS = DIALECT_IDS.flatMap((id) => (id === "sdk" ? ["sdk-v1", "sdk-v2"] : [id]));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const nonEmpty = (v: unknown): v is string => isString(v) && v.trim().length > 0;

/** Everything wrong with one entry file, as sentences (empty: the entry is well formed). */
function problemsOf({ stem, data }: EntryFile): string[] {
  const p: string[] = [];
  if (!isObject(data)) return ["is not a JSON object"];
  const e = data;
  if (e.id !== stem) p.push(`id ${JSON.stringify(e.id)} is not the file name ${stem}`);
  if (!isString(e.id) || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(e.id)) p.push("id is not lowercase [a-z0-9-]");
  if (!isString(e.repo) || !/^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(e.repo)) p.push("repo is not owner/name");
  else if (HELD_OUT_REPOSITORIES.some((r) => r.toLowerCase() === (e.repo as string).toLowerCase())) p.push(`repo ${e.repo} is held out for independent evaluation`);
  if (!isString(e.commit) || !/^[0-9a-f]{40}$/.test(e.commit)) p.push("commit is not 40 lowercase hex digits");
  if (!isString(e.dir) || e.dir.startsWith("/") || e.dir.endsWith("/") || e.dir.split("/").includes("..")) p.push("dir is not a relative folder (\"\" for the root)");
  if (!nonEmpty(e.package)) p.push("package is missing");
  if (!nonEmpty(e.version) || /^[\^~<>=*]|\s|^latest$/.test(e.version)) p.push("version is not one exact published version");
  if (!isString(e.dialect) || !REPORTED_DIALECTS.includes(e.dialect)) p.push(`dialect ${JSON.stringify(e.dialect)} is none of ${REPORTED_DIALECTS.join(", ")}`);
  if (!isObject(e.server) || !nonEmpty(e.server.file) || e.server.file.startsWith("/") || e.server.file.split("/").includes("..")) p.push("server.file is not a path inside dir");
  else if (e.server.name !== undefined && !nonEmpty(e.server.name)) p.push("server.name, when given, is not a name");
  if (!isObject(e.probe) || !nonEmpty(e.probe.bin)) p.push("probe.bin is missing");
  else {
    if (e.probe.args !== undefined && !(Array.isArray(e.probe.args) && e.probe.args.every(isString))) p.push("probe.args is not a list of strings");
    if (e.probe.env !== undefined && !(isObject(e.probe.env) && Object.values(e.probe.env).every(isString))) p.push("probe.env is not an object of strings");
  }
  if (!nonEmpty(e.hard)) p.push("hard is missing");
  if (!isObject(e.captured)) return [...p, "captured is missing"];
  const c = e.captured;
  if (!isObject(c.legacy)) p.push("captured.legacy is not an object: only servers that answered initialize belong in the corpus");
  for (const era of ["legacy", "modern"] as const) {
    const value = c[era];
    const error = c[`${era}Error`];
    if (value === null) {
      if (!nonEmpty(error)) p.push(`captured.${era} is null without captured.${era}Error`);
    } else if (!isObject(value)) p.push(`captured.${era} is neither an object nor null`);
    else if (error !== null) p.push(`captured.${era}Error is set although the era answered`);
  }
  if (!nonEmpty(c.probedWith) || !c.probedWith.startsWith("mcp-caps probe")) p.push("captured.probedWith does not name the mcp-caps probe that captured it");
  if (!isString(c.date) || !/^\d{4}-\d{2}-\d{2}$/.test(c.date)) p.push("captured.date is not YYYY-MM-DD");
  return p;
}

describe("the real-world corpus", () => {
  const files = readEntryFiles();

  it("has entries", () => {
    assert.ok(files.length > 0, "no test/realworld/servers/*.json");
  });

  for (const file of files) {
    it(`${file.stem} follows the format`, () => {
      assert.deepEqual(problemsOf(file), []);
    });
  }

  it("holds each server and each published version once", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { stem, data } of files) {
      if (!isObject(data)) continue;
      for (const key of [`id ${String(data.id)}`, `${String(data.package)}@${String(data.version)}`]) {
        const first = seen.get(key);
        if (first !== undefined) twice.push(`${key} in ${first} and ${stem}`);
        else seen.set(key, stem);
      }
    }
    assert.deepEqual(twice, []);
  });
});

describe("the format check itself", () => {
  const good = readEntryFiles()[0];

  it("rejects a held-out repository, a short commit, an unknown dialect and a null era without its error", () => {
    const data = good.data as Record<string, unknown>;
    const bad: EntryFile = {
      file: "x.json",
      stem: good.stem,
      data: { ...data, repo: "upstash/context7", commit: "abc123", dialect: "sdk", captured: { ...(data.captured as object), modern: null, modernError: null } },
    };
    const problems = problemsOf(bad).join("\n");
    for (const words of ["held out", "commit", "dialect", "captured.modern is null without"]) assert.match(problems, new RegExp(words));
  });
});
