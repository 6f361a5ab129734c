// The product's analysis, as the benchmarks call it: bundled by bench/run.mjs with esbuild (the same
// bundler and settings as dist/), with ts-morph left external so the parse floor and the
// type-checker peer use the very TypeScript the analysis parses with.
export { Workspace } from "../server/src/analysis/core/workspace";
export { parseFile } from "../server/src/analysis/core/summarize/parseFile";
export { summarizeFile } from "../server/src/analysis/core/summarize/summarizeFile";
export { discoverFiles } from "../server/src/files/discoverFiles";
export { ProjectContext } from "../server/src/analysis/core/project/projectRegistry";
export { positionAt } from "../server/src/analysis/core/model/positions";
export { DIALECTS } from "../server/src/analysis/dialects";
