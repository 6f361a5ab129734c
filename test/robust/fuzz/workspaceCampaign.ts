// The hostile-workspace part of the fuzz campaign: builds workspaces on disk (hostileWorkspace.ts) and
// runs the built CLI on each, two at a time, with a hard time limit. Workspace i is a pure function of
// (seed, i); a failing one is kept under .tmp/fuzz-failures/ with the command that failed.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI } from "../../helpers/tempProject";
import { TERMINAL_CONTROLS } from "../support/cliRun";
import { REPO } from "./corpus";
import { buildHostileWorkspace, listing, type HostileWorkspace } from "./hostileWorkspace";
import { Rng } from "./prng";

export interface WorkspaceCampaignOptions {
  readonly seed: number;
  readonly workspaces: number;
  readonly concurrency: number;
  /** A run silent for this long is killed: a hang. */
  readonly hardLimitMs: number;
  /** Stop starting new workspaces after this long. */
  readonly timeLimitMs?: number;
  readonly log?: (line: string) => void;
}

export interface WorkspaceFigures {
  readonly tried: number;
  readonly failures: readonly { readonly workspace: string; readonly problems: readonly string[]; readonly kept: string }[];
  readonly exits: Readonly<Record<string, number>>;
  readonly slowestMs: number;
  readonly wallMs: number;
}

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly killed: boolean;
}

function runCli(cwd: string, args: readonly string[], limitMs: number): Promise<Run> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, limitMs);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), ms: performance.now() - started, killed });
    });
  });
}

/** What must hold for any hostile workspace; one line per problem. */
export function checkRun(w: HostileWorkspace, r: Run, before: { repo: string; outside: readonly string[]; victimText: string }, after: { repo: string; outside: readonly string[]; victimText: string }): string[] {
  const problems: string[] = [];
  if (r.killed) return [`no answer within the time limit (killed after ${Math.round(r.ms)} ms)`];
  if (r.status !== 0 && r.status !== 1 && r.status !== 2) problems.push(`exit status ${r.status}`);
  if (/\n\s+at .+[:(]/.test(r.stderr) || /internal error/.test(r.stderr)) problems.push(`an internal error: ${r.stderr.slice(0, 300)}`);
  for (const line of r.stderr.split("\n").filter(Boolean)) if (!line.startsWith("mcp-caps: ")) problems.push(`a stray stderr line: ${JSON.stringify(line.slice(0, 120))}`);
  for (const [what, text] of [["stdout", r.stdout], ["stderr", r.stderr]] as const) {
    const m = TERMINAL_CONTROLS.exec(text);
    if (m) problems.push(`a raw U+${m[0].charCodeAt(0).toString(16).padStart(4, "0")} on ${what}: ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 10))}`);
  }
  if (/OutsideServer/.test(r.stdout)) problems.push("a server from outside the repository is reported (a link was followed out)");
  if (w.mode === "json" && r.status === 0) {
    try {
      const report = JSON.parse(r.stdout) as { servers: { file: string }[] };
      for (const s of report.servers) if (s.file.startsWith("..") || s.file.startsWith("/")) problems.push(`a server outside the repository: ${s.file}`);
    } catch (err) {
      problems.push(`--json printed something that is not JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (before.outside.join("\n\n") !== after.outside.join("\n\n") || before.victimText !== after.victimText) problems.push("a folder outside the repository changed");
  const added = after.repo.split("\n").filter((l) => !before.repo.split("\n").includes(l));
  const removed = before.repo.split("\n").filter((l) => !after.repo.split("\n").includes(l));
  const allowed = w.mode === "write" && !w.refusedWrite ? ["caps.json"] : [];
  if (removed.length > 0 || added.some((l) => !allowed.includes(l))) problems.push(`the repository changed: +[${added.join(", ")}] -[${removed.join(", ")}]`);
  if (w.mode === "write" && w.refusedWrite && r.status !== 2) problems.push(`--write-snapshot to a link or special file: exit ${r.status}, not 2`);
  return problems;
}

export async function runWorkspaceCampaign(options: WorkspaceCampaignOptions): Promise<WorkspaceFigures> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const base = join(REPO, ".tmp", "fuzz-workspaces", `seed-${options.seed}`);
  rmSync(base, { recursive: true, force: true });
  const failures: { workspace: string; problems: string[]; kept: string }[] = [];
  const exits: Record<string, number> = {};
  let tried = 0;
  let slowestMs = 0;
  let next = 0;

  const one = async (index: number) => {
    const dir = join(base, `ws-${index}`);
    const w = buildHostileWorkspace(Rng.for(options.seed, index), dir);
    const snapshot = () => ({ repo: listing(w.repo), outside: w.outside.map(listing), victimText: readFileSync(join(w.outside[1]!, "keep.txt"), "utf8") });
    const before = snapshot();
    const r = await runCli(w.repo, w.args, options.hardLimitMs);
    const problems = checkRun(w, r, before, snapshot());
    tried++;
    slowestMs = Math.max(slowestMs, r.ms);
    const exit = r.killed ? "killed" : String(r.status);
    exits[exit] = (exits[exit] ?? 0) + 1;
    const name = `#${index} [${w.features.join("; ")}] mcp-caps ${JSON.stringify(w.args)}`;
    if (problems.length > 0) {
      const kept = join(".tmp", "fuzz-failures", `seed-${options.seed}`, `workspace-${index}.json`);
      mkdirSync(join(REPO, ".tmp", "fuzz-failures", `seed-${options.seed}`), { recursive: true });
      writeFileSync(join(REPO, kept), JSON.stringify({ seed: options.seed, index, features: w.features, args: w.args, problems, stdout: r.stdout.slice(0, 4000), stderr: r.stderr.slice(0, 4000) }, null, 2));
      failures.push({ workspace: name, problems, kept });
      log(`  FAILED: ${name}\n    ${problems.join("\n    ")}`);
    }
    w.cleanup();
    rmSync(dir, { recursive: true, force: true });
  };

  const worker = async () => {
    while (next < options.workspaces && !(options.timeLimitMs !== undefined && performance.now() - started > options.timeLimitMs)) await one(next++);
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  rmSync(base, { recursive: true, force: true });
  return { tried, failures, exits, slowestMs: Math.round(slowestMs), wallMs: Math.round(performance.now() - started) };
}

export function formatWorkspaceFigures(seed: number, f: WorkspaceFigures): string {
  const exits = Object.entries(f.exits).map(([k, v]) => `exit ${k}: ${v}`).join(", ");
  return `hostile workspaces, seed ${seed}: ${f.tried} built on disk and checked by mcp-caps in ${(f.wallMs / 1000).toFixed(1)} s (${exits}; slowest run ${f.slowestMs} ms); failures: ${f.failures.length}`;
}
