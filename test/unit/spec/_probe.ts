import { analyze } from "/work/main/test/helpers/memoryWorkspace";
const r = analyze({ "s.ts": `export class S {\n  handleListTools(ctx: unknown, a: 1, b: 2) {}\n  static __capabilities__() { return { tool: {}, tools: load() }; }\n}\n` }, { tasks: true });
for (const [n, s] of r.servers) console.log(n, JSON.stringify(s.legacy), JSON.stringify(s.modern), s.exact, JSON.stringify(s.provenance.map(p => [p.era, p.path, p.because])));
for (const d of r.diagnostics) console.log(d.code, d.severity, d.file, d.line, d.column, JSON.stringify(d.text), d.message);
