// A seeded fuzz campaign over the analysis layer: the hostile inputs, then a truncation sweep (every
// position class of every seed file), then random stacked mutations. Input i is a pure function of
// (seed, i), so any failure is reproduced by its seed and index; failing inputs are also written to
// .tmp/fuzz-failures/ as files.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isMutable, isSource, REPO, seedProjects, type SeedProject } from "./corpus";
import { hostileInputs, type HostileInput } from "./hostile";
import { generateProject } from "./generate";
import { identifiersOf, mutate, POSITION_CLASSES, positionsOf, tokenize } from "./mutate";
import { Pool, type Result } from "./pool";
import { Rng } from "./prng";

/** The seed and size of the campaign `npm test` runs; `npm run fuzz` runs ten times the inputs. */
export const TEST_SEED = 20260728;
export const TEST_INPUTS = 1000;
/** Hostile workspaces built on disk and run through the CLI in `npm test` (workspaceCampaign.ts). */
export const TEST_WORKSPACES = 16;

export interface CampaignOptions {
  readonly seed: number;
  /** Mutated inputs (sweep + random), after the hostile ones. */
  readonly inputs: number;
  /** Run the hand-made hostile inputs first. */
  readonly hostile: boolean;
  /** Per-file analysis budget: a file slower than this is a budget hit. */
  readonly budgetMs: number;
  /** A worker silent for this long is terminated: a hang. */
  readonly hardLimitMs: number;
  readonly workers: number;
  readonly heapMb: number;
  /** How many sweep inputs at most (the rest are random mutations). */
  readonly sweepShare?: number;
  /** Seed projects to draw from (default: all). */
  readonly projects?: (p: SeedProject) => boolean;
  readonly log?: (line: string) => void;
  /** Stop starting new inputs after this long (the figures say how many ran). */
  readonly timeLimitMs?: number;
}

export interface FuzzInput {
  readonly index: number;
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  readonly tasks: boolean;
  readonly steps: readonly string[];
  readonly mutatedFile?: string;
  /** The original text of every mutated file. */
  readonly originals?: Readonly<Record<string, string>>;
  readonly project?: string;
  readonly hostile?: HostileInput;
  readonly generated?: boolean;
}

export interface Failure {
  readonly input: string;
  readonly kind: "crash" | "hang" | "invalid" | "unexpected" | "mismatch";
  readonly detail: string;
  readonly steps: readonly string[];
  readonly saved?: string;
}

export interface Figures {
  readonly seed: number;
  readonly inputsTried: number;
  readonly hostileTried: number;
  readonly crashes: number;
  readonly hangs: number;
  readonly budgetHits: number;
  readonly invalid: number;
  readonly unexpected: number;
  readonly mismatches: number;
  readonly slowest: { readonly input: string; readonly ms: number; readonly file: string };
  readonly slowestMutation: { readonly input: string; readonly ms: number; readonly file: string };
  readonly peakHeapMb: number;
  readonly retainedHeapMb: readonly number[];
  readonly wallMs: number;
  readonly budgetMs: number;
  readonly hardLimitMs: number;
  readonly failures: readonly Failure[];
  readonly budgetHitInputs: readonly { readonly input: string; readonly ms: number }[];
}

interface SweepItem {
  readonly project: SeedProject;
  readonly file: string;
  readonly cls: (typeof POSITION_CLASSES)[number];
}

function sweepItems(projects: readonly SeedProject[]): SweepItem[] {
  const items: SweepItem[] = [];
  for (const project of projects) {
    for (const file of Object.keys(project.files).filter(isMutable)) {
      for (const cls of POSITION_CLASSES) items.push({ project, file, cls });
    }
  }
  return items;
}

const namesCache = new Map<SeedProject, string[]>();
function projectNames(p: SeedProject): string[] {
  let names = namesCache.get(p);
  if (!names) {
    const set = new Set<string>();
    for (const [f, t] of Object.entries(p.files)) if (isMutable(f)) for (const n of identifiersOf(t)) set.add(n);
    names = [...set].sort();
    namesCache.set(p, names);
  }
  return names;
}

/** Input `index` of a campaign (after the hostile inputs): a pure function of the seed and index. */
export function makeInput(seed: number, index: number, projects: readonly SeedProject[], sweep: readonly SweepItem[], sweepCount: number): FuzzInput {
  const rng = Rng.for(seed, index);
  if (index < sweepCount) {
    // The sweep visits the items in a seeded order, so a short campaign still covers every class.
    const item = sweep[(index * 7919 + (seed % 9973)) % sweep.length]!;
    const text = item.project.files[item.file]!;
    const positions = positionsOf(text, item.cls, tokenize(text));
    const at = positions.length > 0 ? rng.pick(positions) : text.length;
    return {
      index,
      name: `#${index} truncate ${item.project.name}/${item.file} at ${at} (${item.cls})`,
      files: { ...item.project.files, [item.file]: text.slice(0, at) },
      tasks: rng.chance(0.3),
      steps: [`truncate at ${at} (${item.cls})`],
      mutatedFile: item.file,
      originals: { [item.file]: text },
      project: item.project.name,
    };
  }
  if (rng.chance(0.15)) {
    const g = generateProject(rng);
    return { index, name: `#${index} generated ${g.summary}`, files: g.files, tasks: rng.chance(0.3), steps: [`generated ${g.summary}`], generated: true };
  }
  const project = rng.pick(projects);
  const mutable = Object.keys(project.files).filter(isMutable);
  const file = rng.pick(mutable);
  const count = rng.weighted([[5, 1], [3, 2], [2, 3], [1, rng.range(4, 12)]]);
  const m = mutate(rng, project.files[file]!, projectNames(project), count);
  const files: Record<string, string> = { ...project.files, [file]: m.text };
  // Sometimes a second file is damaged too (cross-file cycles, a broken base).
  const steps = [...m.steps];
  const originals: Record<string, string> = { [file]: project.files[file]! };
  const other = mutable.filter((f) => f !== file);
  if (other.length > 0 && rng.chance(0.15)) {
    const f2 = rng.pick(other);
    const m2 = mutate(rng, project.files[f2]!, projectNames(project), 1);
    files[f2] = m2.text;
    originals[f2] = project.files[f2]!;
    steps.push(...m2.steps.map((s) => `${f2}: ${s}`));
  }
  return {
    index,
    name: `#${index} mutate ${project.name}/${file}: ${steps.join("; ").slice(0, 200)}`,
    files,
    tasks: rng.chance(0.3),
    steps,
    mutatedFile: file,
    originals,
    project: project.name,
  };
}

function save(seed: number, input: FuzzInput, result: Result): string {
  const dir = join(REPO, ".tmp", "fuzz-failures", `seed-${seed}`, input.hostile ? `hostile-${input.index}` : `input-${input.index}`);
  for (const [name, text] of Object.entries(input.files)) {
    if (input.hostile === undefined && !input.generated && !(input.originals && name in input.originals)) continue;
    const p = join(dir, "files", name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  writeFileSync(join(dir, "input.json"), JSON.stringify({ seed, index: input.index, name: input.name, project: input.project, mutatedFile: input.mutatedFile, steps: input.steps, result }, null, 2));
  return dir.slice(REPO.length + 1);
}

export async function runCampaign(options: CampaignOptions): Promise<Figures> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const projects = seedProjects().filter(options.projects ?? (() => true));
  const sweep = sweepItems(projects);
  const sweepCount = Math.min(sweep.length, Math.floor(options.inputs * (options.sweepShare ?? 0.3)));
  const pool = new Pool(options.workers, { hardLimitMs: options.hardLimitMs, heapMb: options.heapMb });
  const failures: Failure[] = [];
  const budgetHitInputs: { input: string; ms: number }[] = [];
  let crashes = 0, hangs = 0, budgetHits = 0, invalid = 0, unexpected = 0, mismatches = 0, tried = 0, hostileTried = 0;
  let slowest = { input: "", ms: 0, file: "" };
  let slowestMutation = { input: "", ms: 0, file: "" };
  let peakHeap = 0;
  const retained: number[] = [];
  const fail = (input: FuzzInput, kind: Failure["kind"], detail: string, result: Result) => {
    const saved = failures.length < 200 ? save(options.seed, input, result) : undefined;
    failures.push({ input: input.name, kind, detail, steps: input.steps, ...(saved ? { saved } : {}) });
    log(`  ${kind.toUpperCase()}: ${input.name}\n    ${detail.split("\n").join("\n    ")}${saved ? `\n    saved in ${saved}` : ""}`);
  };

  const handle = (input: FuzzInput, result: Result) => {
    tried++;
    if (input.hostile) hostileTried++;
    if (result.type === "gc" || result.type === "phase") return;
    if (result.type === "hang") {
      hangs++;
      fail(input, "hang", `no answer within ${options.hardLimitMs} ms (terminated during: ${result.phase || "start-up"})`, result);
      return;
    }
    if (result.type === "died") {
      crashes++;
      fail(input, "crash", `the worker died: ${result.error}`, result);
      return;
    }
    peakHeap = Math.max(peakHeap, result.heap);
    if (!result.ok) {
      crashes++;
      fail(input, "crash", `${result.error}\n${result.stack}`, result);
      return;
    }
    const fileMs = result.slowestFile.ms;
    if (fileMs > slowest.ms) slowest = { input: input.name, ms: fileMs, file: result.slowestFile.file };
    if (!input.hostile && fileMs > slowestMutation.ms) slowestMutation = { input: input.name, ms: fileMs, file: result.slowestFile.file };
    if (fileMs > options.budgetMs) {
      budgetHits++;
      budgetHitInputs.push({ input: input.name, ms: Math.round(fileMs) });
      log(`  budget hit (${Math.round(fileMs)} ms on ${result.slowestFile.file}): ${input.name}`);
    }
    if (result.invalid.length > 0) {
      invalid++;
      fail(input, "invalid", result.invalid.join("\n"), result);
    }
    if (result.mismatch) {
      mismatches++;
      fail(input, "mismatch", result.mismatch, result);
    }
    const why = input.hostile?.expect?.(result.outcome);
    if (why) {
      unexpected++;
      fail(input, "unexpected", why, result);
    }
  };

  const timeUp = () => options.timeLimitMs !== undefined && performance.now() - started > options.timeLimitMs;
  const inflight = new Set<Promise<void>>();
  const submit = async (input: FuzzInput) => {
    while (inflight.size >= options.workers * 2) await Promise.race(inflight);
    const p = pool
      .run({
        type: "run",
        id: input.index + (input.hostile ? 1e9 : 0),
        files: input.files,
        tasks: input.tasks,
        ...(input.originals && input.project ? { incremental: { key: input.project, originals: input.originals, overlays: Object.keys(input.originals) } } : {}),
      })
      .then((r) => handle(input, r));
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };

  try {
    if (options.hostile) {
      const list = hostileInputs();
      for (let i = 0; i < list.length; i++) {
        const h = list[i]!;
        await submit({ index: i, name: `hostile: ${h.name}`, files: h.files, tasks: false, steps: [h.name], hostile: h });
      }
    }
    for (let i = 0; i < options.inputs && !timeUp(); i++) {
      await submit(makeInput(options.seed, i, projects, sweep, sweepCount));
      if (i > 0 && i % 500 === 0) {
        await Promise.all(inflight);
        const r = await pool.run({ type: "gc", id: -i });
        if (r.type === "gc") retained.push(r.heap);
        log(`${i} inputs, ${crashes} crashes, ${hangs} hangs, ${budgetHits} budget hits, ${Math.round((performance.now() - started) / 1000)} s`);
      }
    }
    await Promise.all(inflight);
    const r = await pool.run({ type: "gc", id: -1e9 });
    if (r.type === "gc") retained.push(r.heap);
  } finally {
    await pool.close();
  }
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return {
    seed: options.seed,
    inputsTried: tried,
    hostileTried,
    crashes,
    hangs,
    budgetHits,
    invalid,
    unexpected,
    mismatches,
    slowest: { ...slowest, ms: Math.round(slowest.ms) },
    slowestMutation: { ...slowestMutation, ms: Math.round(slowestMutation.ms) },
    peakHeapMb: mb(peakHeap),
    retainedHeapMb: retained.map(mb),
    wallMs: Math.round(performance.now() - started),
    budgetMs: options.budgetMs,
    hardLimitMs: options.hardLimitMs,
    failures,
    budgetHitInputs,
  };
}

export function formatFigures(f: Figures): string {
  return [
    `fuzz campaign, seed ${f.seed}: ${f.inputsTried} inputs tried (${f.hostileTried} hand-made hostile, ${f.inputsTried - f.hostileTried} mutated) in ${(f.wallMs / 1000).toFixed(1)} s`,
    `  crashes: ${f.crashes}   hangs (no answer in ${f.hardLimitMs} ms): ${f.hangs}   budget hits (a file over ${f.budgetMs} ms): ${f.budgetHits}`,
    `  malformed answers: ${f.invalid}   wrong answers to hostile inputs: ${f.unexpected}   overlay ≠ fresh: ${f.mismatches}`,
    `  slowest input: ${f.slowest.ms} ms on ${f.slowest.file} (${f.slowest.input.slice(0, 140)})`,
    `  slowest mutated input: ${f.slowestMutation.ms} ms on ${f.slowestMutation.file} (${f.slowestMutation.input.slice(0, 140)})`,
    `  memory: peak heap ${f.peakHeapMb} MB per worker; heap after GC at checkpoints: ${f.retainedHeapMb.join(" → ")} MB`,
  ].join("\n");
}

export { isSource };
