// `mcp-caps lsp`: the language server, on stdio unless another transport is named, for any editor
// that speaks LSP. The server is its own bundle (dist/server.js, beside the CLI's); it is loaded from
// there at run time, so the CLI's code never includes the server's.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

export const LSP_USAGE = `Usage: mcp-caps lsp [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]

Runs the MCP Capability Lens language server (hovers with both eras, code lenses,
diagnostics with quick fixes). It talks LSP on stdin/stdout unless another transport
is named. Editors start it themselves: see "Other editors" in the README.`;

const TRANSPORT = /^--(stdio|node-ipc|socket(=.*)?|pipe(=.*)?)$/;

/**
 * Starts the server bundle found in `bundleDir` with `args`, and returns undefined: from then on the
 * server owns the process. Returns an exit status when it does not start (help, or no bundle).
 */
export function runLanguageServer(args: readonly string[], bundleDir: string, io: { stdout(t: string): void; stderr(t: string): void }): number | undefined {
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout(`${LSP_USAGE}\n`);
    return 0;
  }
  const bundle = join(bundleDir, "server.js");
  if (!existsSync(bundle)) {
    io.stderr(`mcp-caps: the language server is not installed beside the CLI (no ${bundle}); build it with \`node esbuild.mjs\`\n`);
    return 2;
  }
  // The server reads its transport from the command line, as when an editor starts it directly.
  process.argv = [process.argv[0]!, bundle, ...args, ...(args.some((a) => TRANSPORT.test(a)) ? [] : ["--stdio"])];
  createRequire(bundle)(bundle);
  return undefined;
}
