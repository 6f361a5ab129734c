// Generated workspaces: small random programs whose parts refer to each other — consts that spread and
// nest other consts (in the same file or imported), classes that extend each other (cycles included),
// mixins, re-exports, and SDK helpers that call each other. Token mutations rarely build such reference
// graphs; these find the blow-ups that come from sharing and recursion rather than from syntax.
import type { Rng } from "./prng";

export interface Generated {
  readonly files: Record<string, string>;
  readonly summary: string;
}

export function generateProject(rng: Rng): Generated {
  const fileCount = rng.range(1, 4);
  const files: string[][] = Array.from({ length: fileCount }, () => []);
  const imports: Set<string>[] = Array.from({ length: fileCount }, () => new Set());
  const consts: { name: string; file: number }[] = [];
  const classes: { name: string; file: number }[] = [];
  const ref = (from: number, item: { name: string; file: number }) => {
    if (item.file !== from) imports[from]!.add(`import { ${item.name} } from "./f${item.file}";`);
    return item.name;
  };
  const shape = rng.weighted<"chain" | "web" | "classes" | "sdk">([[3, "chain"], [3, "web"], [3, "classes"], [2, "sdk"]]);

  // Consts: each refers to earlier ones (fan-out 0-3), sometimes to later ones (cycles).
  const constCount = shape === "chain" ? rng.range(8, 40) : rng.range(2, 14);
  for (let i = 0; i < constCount; i++) {
    const file = shape === "chain" && rng.chance(0.8) ? 0 : rng.int(fileCount);
    const name = `c${i}`;
    const parts: string[] = [];
    const fan = shape === "chain" ? rng.range(1, 3) : rng.range(0, 3);
    for (let k = 0; k < fan && i > 0; k++) {
      const target = consts[shape === "chain" ? i - 1 : rng.int(consts.length)]!;
      const r = ref(file, target);
      parts.push(rng.pick([`...${r}`, `k${k}: ${r}`, `[${JSON.stringify(`key${k}`)}]: ${r}`, `a${k}: [...(${r} as any[] ?? []), ${r}]`]));
    }
    if (rng.chance(0.15)) parts.push(`self: ${name}`);
    if (rng.chance(0.1) && i + 1 < constCount) parts.push(`next: c${i + 1}`);
    parts.push(rng.pick(["tools: { listChanged: false }", "resources: {}", "prompts: { listChanged: true }", "experimental: {}", "x: 1"]));
    const body = rng.chance(0.1) ? `[${parts.filter((p) => p.startsWith("...")).join(", ")}]` : `{ ${parts.join(", ")} }`;
    files[file]!.push(`export const ${name} = ${rng.chance(0.1) ? `Object.freeze(${body})` : body};`);
    consts.push({ name, file });
  }

  // Classes: extends earlier or later classes (cycles), mixins, a __capabilities__ returning a const.
  const classCount = shape === "classes" ? rng.range(3, 30) : rng.range(1, 5);
  for (let i = 0; i < classCount; i++) classes.push({ name: `K${i}`, file: rng.int(fileCount) });
  const mixinFile = rng.int(fileCount);
  files[mixinFile]!.push("export const Mix = (B: any) => class extends B { handleListPrompts(ctx) {} };");
  for (const cls of classes) {
    const members: string[] = [];
    let heritage = "";
    if (rng.chance(0.7) && classes.length > 1) {
      const base = rng.pick(classes);
      const r = ref(cls.file, base);
      heritage = rng.chance(0.3) ? ` extends ${ref(cls.file, { name: "Mix", file: mixinFile })}(${rng.chance(0.5) ? r : `${ref(cls.file, { name: "Mix", file: mixinFile })}(${r})`})` : ` extends ${r}`;
    }
    if (rng.chance(0.6) && consts.length > 0) members.push(`static __capabilities__() { return ${rng.chance(0.5) ? ref(cls.file, rng.pick(consts)) : `{ ...${ref(cls.file, rng.pick(consts))}, tools: {} }`}; }`);
    if (rng.chance(0.7)) members.push(rng.pick(["handleListTools(ctx) {}", "handleCallTool(ctx, n, a) {}", "handleSubscribeResource(ctx, u) {}", "handleCompletion(ctx, r, a) {}", "handleSetLogLevel(ctx, l) {}"]));
    files[cls.file]!.push(`export class ${cls.name}${heritage} { ${members.join(" ")} }`);
  }

  // SDK: helpers that receive the server and call each other (fan-out, recursion).
  if (shape === "sdk") {
    const helpers = rng.range(2, 9);
    const sdkFile = rng.int(fileCount);
    imports[sdkFile]!.add('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";');
    for (let h = 0; h < helpers; h++) {
      const calls = Array.from({ length: rng.range(0, 4) }, () => `h${rng.int(helpers)}(s);`).join(" ");
      const reg = rng.pick(['s.registerTool("t", {}, async () => ({ content: [] }));', 's.registerPrompt("p", {}, async () => ({ messages: [] }));', 's.registerResource("r", "x://r", {}, async () => ({ contents: [] }));', "s.sendToolListChanged();", ""]);
      files[sdkFile]!.push(`export function h${h}(s) { ${reg} ${calls} }`);
    }
    files[sdkFile]!.push(`export const server = new McpServer({ name: "g", version: "1" }, { capabilities: ${consts.length > 0 && rng.chance(0.5) ? ref(sdkFile, rng.pick(consts)) : "{}"} });`);
    files[sdkFile]!.push(`h${helpers - 1}(server);`);
  }

  // Re-exports, sometimes circular.
  if (fileCount > 1 && rng.chance(0.3)) files[rng.int(fileCount)]!.push(`export * from "./f${rng.int(fileCount)}";`);

  const out: Record<string, string> = {};
  files.forEach((lines, i) => {
    out[`f${i}.ts`] = [...imports[i]!, ...lines].join("\n") + "\n";
  });
  return { files: out, summary: `${shape}: ${fileCount} file(s), ${constCount} consts, ${classCount} classes` };
}
