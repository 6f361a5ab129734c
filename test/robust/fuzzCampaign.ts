// `npm run fuzz [-- --seed N --inputs N --workspaces N --budget MS --limit MS --workers N --heap MB --no-hostile]`:
// the longer seeded campaign (the hostile inputs, then 10× the mutated and generated inputs and the
// hostile workspaces on disk that `npm test` runs). Prints the figures; exit 1 on a crash, hang,
// malformed answer, overlay mismatch or a hostile workspace that breaks a rule.
import { cpus } from "node:os";
import { formatFigures, runCampaign, TEST_INPUTS, TEST_SEED, TEST_WORKSPACES } from "./fuzz/campaign";
import { formatWorkspaceFigures, runWorkspaceCampaign } from "./fuzz/workspaceCampaign";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) ? n : fallback;
}

async function main(): Promise<void> {
  const seed = arg("seed", TEST_SEED);
  const inputs = arg("inputs", TEST_INPUTS * 10);
  const figures = await runCampaign({
    seed,
    inputs,
    hostile: !process.argv.includes("--no-hostile"),
    budgetMs: arg("budget", 2000),
    hardLimitMs: arg("limit", 15_000),
    workers: arg("workers", Math.max(1, Math.min(4, cpus().length))),
    heapMb: arg("heap", 1024),
    sweepShare: 0.25,
    log: (line) => console.log(line),
  });
  const workspaces = await runWorkspaceCampaign({
    seed,
    workspaces: arg("workspaces", TEST_WORKSPACES * 10),
    concurrency: arg("workers", Math.max(1, Math.min(4, cpus().length))),
    hardLimitMs: arg("limit", 15_000) + 5000,
    log: (line) => console.log(line),
  });
  console.log("");
  console.log(formatFigures(figures));
  console.log(formatWorkspaceFigures(seed, workspaces));
  const failed = figures.failures.length + workspaces.failures.length;
  if (failed > 0) console.log(`\n${failed} failing input(s); reproduce with --seed ${seed} (files in .tmp/fuzz-failures/seed-${seed}/)`);
  process.exitCode = figures.crashes + figures.hangs + figures.invalid + figures.unexpected + figures.mismatches + workspaces.failures.length > 0 ? 1 : 0;
}

void main();
