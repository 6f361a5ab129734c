// Installs what the end-to-end layer needs when it is missing, and only then:
//   - Debian package `chromium` (the browser Playwright drives), and a C++ tool chain for the two
//     native modules built (installVsCodeModules), through apt-get when running as root, else a
//     clear message;
//   - Debian's `neovim`, the same way, for the Neovim test (ensureNeovim);
//   - Node 24 from the npm registry (`node-linux-<arch>`): code-server 4.139 refuses any other major;
//   - `code-server` and `playwright-core`, pinned by test/e2e/tools/package-lock.json, installed with
//     `npm ci` into .tmp/e2e/tools/node_modules (git-ignored), never into the extension's own tree.
// Usage as a script: `node test/e2e/lib/tools.mjs` (what the tests do first).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { CODE_SERVER_ENTRY, NODE_BIN, NODE_DIR, NODE_VERSION, TMP, TOOLS_DIR, TOOLS_SOURCE, cleanEnv, log } from "./paths.mjs";

const STAMP = join(TOOLS_DIR, "node_modules", ".e2e-tools-stamp");
/** Written once `npm ci` of the tools is done (STAMP: once the native modules are built too). */
const PACKAGES_STAMP = join(TOOLS_DIR, "node_modules", ".e2e-packages-stamp");
const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"];

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.error) throw new Error(`e2e setup: ${cmd} ${args.join(" ")}: ${r.error.message}`);
  if (r.status !== 0) {
    const out = `${r.stdout ?? ""}\n${r.stderr ?? ""}`.trim().split("\n").slice(-40).join("\n");
    throw new Error(`e2e setup: \`${cmd} ${args.join(" ")}\` exited with ${r.status ?? r.signal}:\n${out}`);
  }
  return r.stdout ?? "";
}

const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

export function chromiumPath() {
  if (process.env.MCP_LENS_E2E_CHROMIUM) return process.env.MCP_LENS_E2E_CHROMIUM;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
}

function toolsInstalled() {
  return existsSync(STAMP) && readFileSync(STAMP, "utf8") === stampValue() && existsSync(CODE_SERVER_ENTRY) && existsSync(join(TOOLS_DIR, "node_modules", "playwright-core", "package.json"));
}

function stampValue() {
  const hash = createHash("sha256");
  for (const f of ["package.json", "package-lock.json"]) if (existsSync(join(TOOLS_SOURCE, f))) hash.update(readFileSync(join(TOOLS_SOURCE, f)));
  return `${hash.digest("hex")} node ${NODE_VERSION} ${process.arch}\n`;
}

/** The Debian packages the tools need and this machine lacks (`withNeovim`: the Neovim test's too). */
export function missingDebianPackages({ withNeovim = false } = {}) {
  const missing = [];
  if (!chromiumPath()) missing.push("chromium");
  if (!toolsInstalled()) {
    if (!has("make") || !has("g++")) missing.push("build-essential");
    if (!has("python3")) missing.push("python3");
  }
  if (withNeovim && !neovimPath()) missing.push("neovim");
  return missing;
}

/** Debian packages: what is missing, installed by apt-get as root, else an error that says what to run. */
function ensureSystemPackages() {
  installDebianPackages(missingDebianPackages(), "(or point MCP_LENS_E2E_CHROMIUM at a Chromium binary)");
}

/**
 * Installs Debian packages with apt-get when running as root; otherwise, or when apt-get fails,
 * throws an error that names the packages and the command to install them (`orElse` adds a way out).
 */
export function installDebianPackages(missing, orElse = "") {
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !has("apt-get")) {
    throw new Error(
      `e2e setup: missing system packages: ${missing.join(", ")}.\n` +
        `Install them once (Debian/Ubuntu): sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}\n` +
        `${orElse ? `${orElse} ` : ""}The e2e tests install them themselves only when run as root.`,
    );
  }
  const t = Date.now();
  log(`installing Debian packages: ${missing.join(" ")} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update"], { env });
  run("apt-get", ["install", "-y", ...missing], { env });
  log(`apt-get: ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

const NEOVIM_CANDIDATES = ["/usr/bin/nvim", "/usr/local/bin/nvim"];

export function neovimPath() {
  if (process.env.MCP_LENS_E2E_NVIM) return process.env.MCP_LENS_E2E_NVIM;
  return NEOVIM_CANDIDATES.find((p) => existsSync(p));
}

/** Neovim for the LSP-client test: Debian's `neovim`, installed like Chromium when missing. */
export function ensureNeovim() {
  if (!neovimPath()) installDebianPackages(["neovim"], "(or point MCP_LENS_E2E_NVIM at a Neovim binary)");
  const nvim = neovimPath();
  if (!nvim) throw new Error("e2e setup: apt-get installed neovim, but no nvim binary was found");
  return nvim;
}

/** Node 24 from the npm registry, unpacked into .tmp/e2e/node (it has no npm: the system npm runs on it). */
function ensureNode(env) {
  if (existsSync(NODE_BIN) && spawnSync(NODE_BIN, ["--version"], { encoding: "utf8" }).stdout?.trim() === `v${NODE_VERSION}`) return;
  const arch = { x64: "x64", arm64: "arm64" }[process.arch];
  if (process.platform !== "linux" || !arch) throw new Error(`e2e setup: the e2e layer runs on Linux x64/arm64 only (this is ${process.platform}/${process.arch})`);
  const t = Date.now();
  const pkg = `node-linux-${arch}@${NODE_VERSION}`;
  log(`fetching Node ${NODE_VERSION} from the npm registry (${pkg})…`);
  const dest = join(TMP, "download");
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  run("npm", ["pack", pkg, "--silent", "--pack-destination", dest], { env, cwd: dest });
  const tgz = readdirSync(dest).find((f) => f.endsWith(".tgz"));
  if (!tgz) throw new Error(`e2e setup: npm pack ${pkg} produced no tarball`);
  rmSync(NODE_DIR, { recursive: true, force: true });
  mkdirSync(NODE_DIR, { recursive: true });
  run("tar", ["xzf", join(dest, tgz), "-C", NODE_DIR, "--strip-components=1"]);
  rmSync(dest, { recursive: true, force: true });
  const version = spawnSync(NODE_BIN, ["--version"], { encoding: "utf8" }).stdout?.trim();
  if (version !== `v${NODE_VERSION}`) throw new Error(`e2e setup: ${NODE_BIN} reports ${version}, expected v${NODE_VERSION}`);
  log(`Node ${NODE_VERSION}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/**
 * Native modules of VS Code that the tests need built: spdlog writes VS Code's logs (the output
 * channels of extensions among them) and native-watchdog ends an extension host whose parent died.
 * The others are skipped, since nothing the tests do loads them, and VS Code catches their absence:
 * sqlite3 (the agent host only), kerberos (proxy authentication), deviceid (telemetry), the
 * windows-* modules, fs-copyfile, ssh2's and cpu-features' optional bindings. node-pty (the
 * terminal), @parcel/watcher (file watching) and argon2 (code-server passwords) come prebuilt.
 */
const VSCODE_NATIVE_MODULES = ["@vscode/spdlog", "@vscode/native-watchdog"];

/**
 * What code-server's postinstall does (`npm install --omit=dev` in lib/vscode and in
 * lib/vscode/extensions, then two helper-script links), but building only VSCODE_NATIVE_MODULES:
 * the full build takes about 8 minutes of one core on a clean clone; this, about one.
 */
function installVsCodeModules(npmEnv) {
  const vscode = join(TOOLS_DIR, "node_modules", "code-server", "lib", "vscode");
  const npm = (args, cwd) => run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { env: npmEnv, cwd });
  npm(["install", "--omit=dev", "--ignore-scripts"], vscode);
  npm(["rebuild", ...VSCODE_NATIVE_MODULES], vscode);
  npm(["install", "--omit=dev"], join(vscode, "extensions"));
  for (const [folder, link, target] of [["remote-cli", "code-server", "code-linux.sh"], ["helpers", "browser.sh", "browser-linux.sh"]]) {
    const path = join(vscode, "bin", folder, link);
    rmSync(path, { force: true });
    symlinkSync(target, path);
  }
}

/** Where npm and node-gyp write (HOME, TMPDIR, the npm cache): all of it stays in .tmp/e2e. */
function installEnv() {
  const home = join(TMP, "install-home");
  const tmp = join(TMP, "install-tmp");
  for (const d of [home, tmp]) mkdirSync(d, { recursive: true });
  // The user's npm config (registry, CA) is kept by naming it, since HOME moves.
  const env = cleanEnv({
    HOME: home,
    TMPDIR: tmp,
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_CONFIG_HOME: join(home, ".config"),
    npm_config_cache: join(TMP, "npm-cache"),
    npm_config_userconfig: process.env.npm_config_userconfig ?? join(homedir(), ".npmrc"),
    npm_config_update_notifier: "false",
    npm_config_audit: "false",
    npm_config_fund: "false",
  });
  // code-server's postinstall checks the Node major through npm's user agent, and builds native
  // modules with node-gyp: run the system npm on Node 24, with Node 24's headers (never the
  // machine's `nodedir`, and never a download from nodejs.org).
  // JOBS: node-gyp builds with every core, unless the install runs beside other tests (prefetch.mjs).
  const npmEnv = { ...env, PATH: `${join(NODE_DIR, "bin")}:${process.env.PATH}`, npm_config_nodedir: NODE_DIR, JOBS: process.env.MCP_LENS_E2E_JOBS ?? "max" };
  return { env, npmEnv, home };
}

/**
 * Node 24 and the tools' npm packages, without install scripts (code-server's own postinstall would
 * build every native module of VS Code, most of which the tests never load: installVsCodeModules
 * does what they need). Needs no Debian package, so the prefetch runs it beside apt-get.
 */
export function ensureToolPackages() {
  const { env, npmEnv } = installEnv();
  ensureNode(env);
  if (existsSync(PACKAGES_STAMP) && readFileSync(PACKAGES_STAMP, "utf8") === stampValue() && existsSync(CODE_SERVER_ENTRY)) return;
  const t = Date.now();
  log("installing code-server and playwright-core with Node 24 (npm ci in .tmp/e2e/tools, no install scripts)…");
  rmSync(STAMP, { force: true });
  mkdirSync(TOOLS_DIR, { recursive: true });
  for (const f of ["package.json", "package-lock.json"]) {
    if (existsSync(join(TOOLS_SOURCE, f))) copyFileSync(join(TOOLS_SOURCE, f), join(TOOLS_DIR, f));
    else rmSync(join(TOOLS_DIR, f), { force: true });
  }
  const hasLock = existsSync(join(TOOLS_DIR, "package-lock.json"));
  run("npm", [hasLock ? "ci" : "install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { env: npmEnv, cwd: TOOLS_DIR });
  if (!existsSync(CODE_SERVER_ENTRY)) throw new Error(`e2e setup: code-server is not installed (${CODE_SERVER_ENTRY} is missing)`);
  writeFileSync(PACKAGES_STAMP, stampValue());
  log(`npm packages installed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/** Makes every tool ready; returns the paths the harness needs. Idempotent and quick when warm. */
export function ensureTools() {
  ensureSystemPackages();
  buildTools();
  return { node: NODE_BIN, chromium: chromiumPath() };
}

/** Whether node-gyp's tool chain (make, g++, python3) is on the machine: the native build needs nothing else of apt. */
export function hasBuildToolChain() {
  return has("make") && has("g++") && has("python3");
}

/** The npm packages, then the native build (node-gyp): all but the Debian packages. */
function buildTools() {
  if (toolsInstalled()) return;
  ensureToolPackages();
  const { npmEnv, home } = installEnv();
  const t = Date.now();
  log("building VS Code's native modules the tests load (node-gyp)…");
  installVsCodeModules(npmEnv);
  const version = spawnSync(NODE_BIN, [CODE_SERVER_ENTRY, "--version"], { encoding: "utf8", env: { ...npmEnv, XDG_DATA_HOME: join(home, ".local/share") } }).stdout?.trim();
  writeFileSync(STAMP, stampValue());
  log(`tools installed in ${((Date.now() - t) / 1000).toFixed(1)} s: code-server ${version?.split("\n").pop()}`);
}

// As a script: `node tools.mjs` makes every tool ready; the prefetch runs its two independent halves
// as two processes at once: `--debian PKG…` (apt-get) and `--packages` (Node 24 and npm ci), or
// `--build` (the same, then the native build) when the tool chain is already there.
if (import.meta.url === `file://${process.argv[1]}`) {
  const t = Date.now();
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === "--debian") installDebianPackages(rest);
  else if (mode === "--packages") ensureToolPackages();
  else if (mode === "--build") buildTools();
  else ensureTools();
  log(`e2e tools ${mode ?? ""} ready (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
