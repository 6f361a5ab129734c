// The baseline of the real-repository targets: a process that only reads and parses the files
// `mcp-caps` analyses, with the analysis's own parse call. bench/run.mjs bundles it like dist/cli.js,
// against the very dist/vendor/ts-morph.js the CLI loads, so both processes start the same way.
//
//   node parse-only.cjs <file listing the paths, one a line>
import "./preloadVendor"; // first: ts-morph is loaded as dist/cli.js loads it
import { readFileSync } from "node:fs";
import { parseFile } from "../server/src/analysis/core/summarize/parseFile";

const files = readFileSync(process.argv[2]!, "utf8").split("\n").filter((f) => f.length > 0);
let statements = 0;
let bytes = 0;
for (const file of files) {
  const text = readFileSync(file, "utf8");
  bytes += text.length;
  statements += parseFile(file, text).statements.length;
}
process.stdout.write(`${JSON.stringify({ files: files.length, bytes, statements })}\n`);
