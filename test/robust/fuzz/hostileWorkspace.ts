// Hostile workspaces on disk, generated from a seed: what a pull request can commit for CI to check.
// Each mixes a few valid servers (capability keys full of terminal controls) with links out of the
// repository (to /, /proc, /dev, a sibling folder holding its own servers, a dangling target), device
// and FIFO files under source and config names, huge sparse files, folders nested past PATH_MAX, and
// control characters and bidi overrides in file and folder names; then picks how mcp-caps is run on it
// (human report, --json, --check of a hostile snapshot, --write-snapshot to a hostile target).
// `checkRun` states what must hold whatever the mix: the run ends, exits 0/1/2 without a stack trace,
// prints no raw terminal control, reports no server from outside, and writes nothing outside.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Rng } from "./prng";

/** Characters a terminal acts on, for names and keys. */
const CONTROLS = ["\u001b[31m", "\u001b]0;pwned\u0007", "\u009b2J", "\r", "\u0007", "\u007f", "\u202e", "\u2066", "\u200f", "\u2028", "\t", "\u0000"];
const KEYS = ["tools", "resources", "prompts", "experimental", "logging"];

export interface HostileWorkspace {
  /** What was put in it, for the report of a failure. */
  readonly features: readonly string[];
  /** The repository: mcp-caps runs here. */
  readonly repo: string;
  /** Folders beside the repository that links point into: nothing there may be reported or written. */
  readonly outside: readonly string[];
  readonly args: readonly string[];
  readonly mode: "human" | "json" | "check" | "write";
  /** A `--write-snapshot` target that must be refused (a link, a device, a FIFO). */
  readonly refusedWrite: boolean;
  /** Removes what ordinary removal cannot (folders nested past PATH_MAX). */
  readonly cleanup: () => void;
}

const pickControl = (rng: Rng) => rng.pick(CONTROLS.filter((c) => c !== "\u0000"));

function serverSource(rng: Rng, name: string): string {
  const keys = Array.from({ length: rng.range(1, 4) }, () => (rng.chance(0.6) ? `${rng.pick(KEYS)}${pickControl(rng)}${rng.int(100)}` : rng.pick(KEYS)));
  const caps = keys.map((k) => `${JSON.stringify(k)}: { listChanged: ${rng.chance(0.5)} }`).join(", ");
  return `export class ${name} {\n  static __capabilities__() { return { ${caps} }; }\n  handleListTools(ctx) {}\n}\n`;
}

function mkfifo(path: string): boolean {
  return spawnSync("mkfifo", [path]).status === 0;
}

function sparse(path: string, bytes: number): void {
  writeFileSync(path, "");
  truncateSync(path, bytes);
}

/** Builds workspace `index` of a campaign under `base` (a fresh folder). */
export function buildHostileWorkspace(rng: Rng, base: string): HostileWorkspace {
  const repo = join(base, "repo");
  const sibling = join(base, "sibling");
  const victim = join(base, "victim");
  for (const d of [repo, sibling, victim]) mkdirSync(d, { recursive: true });
  writeFileSync(join(sibling, "outside.ts"), serverSource(rng, "OutsideServer"));
  writeFileSync(join(victim, "keep.txt"), "victim\n");
  const features: string[] = [];
  const cleanups: (() => void)[] = [];
  const at = (name: string) => join(repo, name);
  const safeLink = (target: string, name: string) => {
    try {
      symlinkSync(target, at(name));
    } catch {
      // a name already taken by an earlier feature
    }
  };

  // Always a few valid servers, so there is something to report.
  const servers = rng.range(1, 3);
  for (let i = 0; i < servers; i++) writeFileSync(at(`s${i}.ts`), serverSource(rng, `Server${i}`));
  features.push(`${servers} servers with hostile keys`);

  const all: [string, () => void][] = [
    ["a link to /", () => safeLink("/", "root")],
    ["a link into /proc", () => safeLink("/proc/self", "proc")],
    ["a link to /dev", () => safeLink("/dev", "dev")],
    ["a link to a sibling folder with servers", () => safeLink(sibling, "sibling")],
    ["a link to a source file outside", () => safeLink(join(sibling, "outside.ts"), "outside.ts")],
    ["a link to the parent folder", () => safeLink("..", "up")],
    ["a self link and a dangling link", () => (safeLink("self.ts", "self.ts"), safeLink("../victim/nowhere.ts", "dangling.ts"))],
    ["source names linked to devices", () => (safeLink("/dev/zero", "zero.ts"), safeLink("/dev/urandom", "random.ts"), safeLink("/dev/null", "null.ts"))],
    ["a FIFO named like source", () => void mkfifo(at("pipe.ts"))],
    ["tsconfig.json linked to /dev/zero in a subfolder", () => (mkdirSync(at("sub"), { recursive: true }), writeFileSync(at("sub/x.ts"), serverSource(rng, "SubServer")), symlinkSync("/dev/zero", at("sub/tsconfig.json")))],
    ["a tsconfig extending a device, a FIFO or a 1 GB file", () => {
      const target = rng.pick(["dev", "fifo", "huge"]);
      if (target === "dev") safeLink("/dev/zero", "base.json");
      else if (target === "fifo") mkfifo(at("base.json"));
      else sparse(at("base.json"), 1024 * 1024 * 1024);
      writeFileSync(at("tsconfig.json"), JSON.stringify({ extends: "./base.json" }));
    }],
    ["a package.json that is a device, a FIFO or 600 MB", () => {
      const kind = rng.pick(["dev", "fifo", "huge"]);
      if (kind === "dev") safeLink("/dev/urandom", "package.json");
      else if (kind === "fifo") mkfifo(at("package.json"));
      else sparse(at("package.json"), 600 * 1024 * 1024);
    }],
    ["a 1 GB sparse source file", () => sparse(at("huge.ts"), 1024 * 1024 * 1024)],
    ["a 9 MB source file", () => writeFileSync(at("big.ts"), `export class Big { handleListTools(ctx) {} }\n${`// ${"x".repeat(77)}\n`.repeat(118_000)}`)],
    ["folders nested 40 deep", () => {
      let d = at("deep");
      for (let i = 0; i < 40; i++) d = join(d, `d${i}`);
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, "deep.ts"), serverSource(rng, "DeepServer"));
    }],
    ["folders nested past PATH_MAX", () => {
      const segment = "p".repeat(250);
      spawnSync("bash", ["-c", `cd "$1" && for i in $(seq 1 18); do mkdir "$2" && cd "$2" || exit 1; done && printf '%s' "$3" > far.ts`, "_", repo, segment, serverSource(rng, "FarServer")]);
      cleanups.push(() => spawnSync("rm", ["-rf", join(repo, segment)]));
    }],
    ["control characters in file and folder names", () => {
      const folder = at(`dir${pickControl(rng)}x`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `file${pickControl(rng)}.ts`), serverSource(rng, "NamedServer"));
      writeFileSync(at(`binary${pickControl(rng)}.ts`), Buffer.from([0x65, 0, 0x1b, 0x5b, 0x33, 0x31, 0x6d]));
    }],
  ];
  const count = rng.range(2, 6);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(rng.int(all.length));
  for (const i of [...chosen].sort((a, b) => a - b)) {
    const [name, make] = all[i]!;
    try {
      make();
      features.push(name);
    } catch (err) {
      features.push(`${name} (not made: ${err instanceof Error ? err.message : String(err)})`);
    }
  }

  const mode = rng.weighted<HostileWorkspace["mode"]>([[3, "human"], [3, "json"], [2, "check"], [2, "write"]]);
  let args: string[] = [];
  let refusedWrite = false;
  if (mode === "human") args = ["--no-color"];
  else if (mode === "json") args = ["--json"];
  else if (mode === "check") {
    const kind = rng.pick(["keys", "device", "fifo", "huge", "not-json"]);
    const name = `caps${rng.chance(0.3) ? pickControl(rng) : ""}.json`;
    if (kind === "keys") {
      const servers = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`${pickControl(rng)}s${i}.ts#${rng.pick(["__proto__", "constructor", "S"])}${pickControl(rng)}`, { exact: true, legacy: { [`k${pickControl(rng)}`]: pickControl(rng) }, modern: {} }]));
      writeFileSync(at(name), JSON.stringify({ format: "mcp-caps-snapshot/1", tasksExtension: false, servers }));
    } else if (kind === "device") safeLink("/dev/zero", name);
    else if (kind === "fifo") mkfifo(at(name));
    else if (kind === "huge") sparse(at(name), 200 * 1024 * 1024);
    else writeFileSync(at(name), `{"format": ${pickControl(rng)}${pickControl(rng)} }`);
    features.push(`--check a snapshot: ${kind}`);
    args = ["--check", name];
  } else {
    const kind = rng.pick(["fresh", "dangling", "link-out", "folder-link", "device", "fifo"]);
    const name = kind === "folder-link" ? "out/caps.json" : "caps.json";
    if (kind === "dangling") safeLink("../victim/new.json", "caps.json");
    else if (kind === "link-out") safeLink("../victim/keep.txt", "caps.json");
    else if (kind === "folder-link") safeLink("../victim", "out");
    else if (kind === "device") safeLink("/dev/null", "caps.json");
    else if (kind === "fifo") mkfifo(at("caps.json"));
    refusedWrite = kind !== "fresh";
    features.push(`--write-snapshot to a ${kind} target`);
    args = ["--write-snapshot", name];
  }
  return { features, repo, outside: [sibling, victim], args, mode, refusedWrite, cleanup: () => cleanups.forEach((c) => c()) };
}

/** A folder's entries, recursively, with sizes: what must not change. */
export function listing(dir: string): string {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      out.push(`${rel}(unreadable)`); // a folder past PATH_MAX
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      out.push(`${rel}${e.name}${e.isDirectory() ? "/" : ""}`);
      if (e.isDirectory()) walk(join(d, e.name), `${rel}${e.name}/`);
    }
  };
  walk(dir, "");
  return out.join("\n");
}
