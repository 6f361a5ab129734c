// The fuzzer's worker thread: analyses one in-memory workspace per message with the real analysis
// layer, times every file, checks that the answer is well formed, renders it as the CLI would, and
// (for mutations) checks that a long-lived workspace fed the same text as an editor overlay agrees
// with a fresh one. The main thread enforces the time limit (it terminates a worker that hangs).
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import { InMemoryFileSystemHost } from "ts-morph";
import { formatHumanReport } from "../../../server/src/cli/humanReport";
import { toJsonReport } from "../../../server/src/cli/jsonReport";
import { DIALECTS } from "../../../server/src/analysis/dialects";
import { conduitDetails } from "../../../server/src/analysis/dialects/conduit/details";

// The dialects' codes and the engine's own (a server's file that does not parse).
const KNOWN_CODES = new Set([...DIALECTS.flatMap((d) => Object.keys(d.codes)), ...Object.keys(PARSE_CODES)]);
import type { Loc } from "../../../server/src/analysis/core/evaluate/values";
import { PARSE_CODES } from "../../../server/src/analysis/core/model/unparsedServer";
import { Workspace, type FileAnalysis, type WorkspaceAnalysis } from "../../../server/src/analysis/core/workspace";
import { isSource } from "./corpus";
import type { Outcome } from "./hostile";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const ROOT = "/w";

export type Request =
  | {
      readonly type: "run";
      readonly id: number;
      readonly files: Readonly<Record<string, string>>;
      readonly tasks: boolean;
      /**
       * Also analyse through a long-lived workspace of the seed project `key` (its disk holds
       * `originals`), with the mutated files as editor overlays.
       */
      readonly incremental?: { readonly key: string; readonly originals: Readonly<Record<string, string>>; readonly overlays: readonly string[] };
    }
  | { readonly type: "gc"; readonly id: number };

export type Reply =
  | {
      readonly type: "run";
      readonly id: number;
      readonly ok: true;
      readonly ms: number;
      readonly slowestFile: { readonly file: string; readonly ms: number };
      readonly outcome: Outcome;
      /** Answers that are not well formed (a position outside its file, a non-object era...). */
      readonly invalid: readonly string[];
      /** The overlay workspace disagreed with a fresh one. */
      readonly mismatch?: string;
      readonly heap: number;
    }
  | { readonly type: "run"; readonly id: number; readonly ok: false; readonly error: string; readonly stack: string; readonly ms: number; readonly heap: number }
  | { readonly type: "gc"; readonly id: number; readonly heap: number }
  /** Progress inside one input, so a hang can be told apart: analysis, checks, CLI report, overlay. */
  | { readonly type: "phase"; readonly id: number; readonly phase: string };

interface LongLived {
  readonly workspace: Workspace;
  readonly paths: string[];
  overlays: Set<string>;
}
const longLived = new Map<string, LongLived>();

function newWorkspace(files: Readonly<Record<string, string>>): { workspace: Workspace; paths: string[] } {
  const fs = new InMemoryFileSystemHost();
  const paths: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(`${ROOT}/${name}`, text);
    if (isSource(name)) paths.push(`${ROOT}/${name}`);
  }
  paths.sort();
  return { workspace: new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: [ROOT] }), paths };
}

function heap(): number {
  return getHeapStatistics().used_heap_size;
}

function run(req: Extract<Request, { type: "run" }>): Reply {
  const started = performance.now();
  try {
    const phase = (name: string) => parentPort!.postMessage({ type: "phase", id: req.id, phase: name } satisfies Reply);
    phase("analysis");
    const { workspace, paths } = newWorkspace(req.files);
    const options = { tasksExtension: req.tasks };
    let slowestFile = { file: "", ms: 0 };
    const fileByFile: FileAnalysis[] = [];
    for (const p of paths) {
      const t = performance.now();
      fileByFile.push(workspace.analyzeFile(p, options));
      const ms = performance.now() - t;
      if (ms > slowestFile.ms) slowestFile = { file: p.slice(ROOT.length + 1), ms };
    }
    const analysis = workspace.analyzeFiles(paths, options);
    phase("checks and the CLI's JSON and human reports");
    const invalid = check(workspace, analysis, req.files, paths.length);
    let mismatch: string | undefined;
    if (req.incremental) {
      phase("the same text as an editor overlay");
      // The whole-workspace analysis may leave files unparsed (a base pre-pass); what it reports must
      // be what the file-by-file analysis (the editor's) reports, and what an editor overlay gives.
      mismatch = compareFileByFile(fileByFile, analysis) ?? compareIncremental(req, analysis);
    }
    const ms = performance.now() - started;
    return { type: "run", id: req.id, ok: true, ms, slowestFile, outcome: outcomeOf(analysis), invalid, ...(mismatch ? { mismatch } : {}), heap: heap() };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return { type: "run", id: req.id, ok: false, error: `${e.name}: ${e.message}`, stack: (e.stack ?? "").split("\n").slice(0, 12).join("\n"), ms: performance.now() - started, heap: heap() };
  }
}

function outcomeOf(analysis: WorkspaceAnalysis): Outcome {
  return {
    servers: analysis.servers.slice(0, 50).map((s) => ({ name: s.name.slice(0, 200), exact: s.exact, legacyNull: s.legacy === null, modernNull: s.modern === null })),
    serverCount: analysis.servers.length,
    codes: [...new Set(analysis.diagnostics.map((d) => d.code))],
    skipped: analysis.skipped.map((s) => ({ file: s.file.slice(ROOT.length + 1), reason: s.reason, detail: s.detail.slice(0, 200) })),
  };
}

const isPlainObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Structural checks of an answer: every place inside its file, eras objects or null, JSON throughout. */
function check(workspace: Workspace, analysis: WorkspaceAnalysis, files: Readonly<Record<string, string>>, fileCount: number): string[] {
  const problems: string[] = [];
  const lengthOf = (file: string) => workspace.files.summary(file)?.textLength ?? workspace.files.text(file)?.length;
  const inFile = (what: string, loc: Loc | undefined) => {
    if (!loc) return;
    const len = lengthOf(loc.file);
    const { start, end } = loc.span;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || (len !== undefined && end > len)) {
      problems.push(`${what}: span ${start}..${end} outside ${loc.file} (length ${len})`);
    }
    const p = workspace.position(loc.file, start);
    if (!(p.line >= 0 && p.character >= 0)) problems.push(`${what}: position ${JSON.stringify(p)}`);
  };
  for (const s of analysis.servers) {
    const who = `server ${s.name.slice(0, 60)}`;
    if (typeof s.name !== "string") problems.push(`${who}: name is not a string`);
    for (const era of ["legacy", "modern"] as const) if (s[era] !== null && !isPlainObject(s[era])) problems.push(`${who}: ${era} is neither null nor an object`);
    inFile(`${who} name`, s.loc);
    inFile(`${who} span`, { file: s.loc.file, span: s.span });
    for (const m of s.missing) inFile(`${who} missing ${m.member}`, m.loc);
    for (const u of s.unknown) if (u.loc) inFile(`${who} unknown`, u.loc);
    if (JSON.stringify([s.legacy, s.modern]).includes('"$dynamic"')) problems.push(`${who}: an era holds a $dynamic placeholder`);
    if (s.exact !== (s.unknown.length === 0)) problems.push(`${who}: exact is ${s.exact} with ${s.unknown.length} unknown parts`);
    const conduit = conduitDetails(s.details);
    if (conduit) {
      inFile(`${who} stub`, conduit.stubInsert.loc);
      for (const h of conduit.handlers) inFile(`${who} handler ${h.handler}`, h.loc);
      for (const c of conduit.chain) inFile(`${who} chain ${c.name}`, c.loc);
      if (conduit.base.loc) inFile(`${who} base`, conduit.base.loc);
    }
  }
  for (const d of analysis.diagnostics) {
    const who = `diagnostic ${d.code}`;
    if (!KNOWN_CODES.has(d.code)) problems.push(`${who}: unknown code`);
    if (!["error", "warning", "information", "hint"].includes(d.severity)) problems.push(`${who}: severity ${d.severity}`);
    if (typeof d.message !== "string" || d.message.length === 0) problems.push(`${who}: empty message`);
    else if (d.message.includes("[object Object]")) problems.push(`${who}: message shows [object Object]: ${d.message.slice(0, 200)}`);
    inFile(who, d.loc);
    for (const r of d.related ?? []) inFile(`${who} related`, r.loc);
    for (const f of d.fixes ?? []) for (const e of f.edits) inFile(`${who} fix ${f.title.slice(0, 40)}`, e.loc);
  }
  // What the CLI prints must be producible from any answer.
  try {
    const report = toJsonReport(analysis, { cwd: ROOT, version: "fuzz", tasksExtension: false, position: (f, o) => workspace.position(f, o) });
    const text = JSON.stringify(report);
    JSON.parse(text);
    formatHumanReport(report, { era: "both", color: false, tasksSource: "default", fileCount, notes: new Map(), recognised: [] });
  } catch (err) {
    problems.push(`report: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
  void files;
  return problems.slice(0, 20);
}

/** The long-lived workspace of the seed project, fed the mutated file as an overlay, must agree. */
function compareIncremental(req: Extract<Request, { type: "run" }>, fresh: WorkspaceAnalysis): string | undefined {
  const inc = req.incremental!;
  let ll = longLived.get(inc.key);
  if (!ll) {
    const { workspace, paths } = newWorkspace({ ...req.files, ...inc.originals });
    ll = { workspace, paths, overlays: new Set() };
    longLived.set(inc.key, ll);
    ll.workspace.analyzeFiles(paths, { tasksExtension: req.tasks });
  }
  const now = new Set(inc.overlays.map((f) => `${ROOT}/${f}`));
  // Files typed in before but not now are closed (their disk text comes back), like an editor tab.
  for (const p of ll.overlays) if (!now.has(p)) ll.workspace.closeOverlay(p);
  for (const f of inc.overlays) ll.workspace.setOverlay(`${ROOT}/${f}`, req.files[f]!);
  ll.overlays = now;
  const again = ll.workspace.analyzeFiles(ll.paths, { tasksExtension: req.tasks });
  const a = canonical(fresh);
  const b = canonical(again);
  if (a === b) return undefined;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `fresh …${a.slice(Math.max(0, i - 150), i + 150)}… ≠ overlay …${b.slice(Math.max(0, i - 150), i + 150)}…`;
}

function compareFileByFile(fileByFile: readonly FileAnalysis[], whole: WorkspaceAnalysis): string | undefined {
  // analyzeFiles keeps one diagnostic per place, code and message; so does this comparison.
  const key = (d: FileAnalysis["diagnostics"][number]) => `${d.loc.file} ${d.loc.span.start} ${d.loc.span.end} ${d.code} ${d.message}`;
  const servers = (list: readonly FileAnalysis["servers"][number][]) => list.map((s) => JSON.stringify(s)).sort();
  const a = JSON.stringify({ servers: servers(fileByFile.flatMap((r) => r.servers)), diagnostics: [...new Set(fileByFile.flatMap((r) => r.diagnostics).map(key))].sort() });
  const b = JSON.stringify({ servers: servers(whole.servers), diagnostics: [...new Set(whole.diagnostics.map(key))].sort() });
  if (a === b) return undefined;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `file by file …${a.slice(Math.max(0, i - 150), i + 150)}… ≠ whole workspace …${b.slice(Math.max(0, i - 150), i + 150)}…`;
}

function canonical(a: WorkspaceAnalysis): string {
  return JSON.stringify({ servers: a.servers, diagnostics: a.diagnostics, skipped: a.skipped.map((s) => ({ file: s.file, reason: s.reason })) });
}

parentPort!.postMessage({ type: "ready" });
parentPort!.on("message", (req: Request) => {
  if (req.type === "gc") {
    gc();
    parentPort!.postMessage({ type: "gc", id: req.id, heap: heap() } satisfies Reply);
    return;
  }
  parentPort!.postMessage(run(req));
});
