// The hover on one step of an SDK server's story (a `registerTool`, a `setRequestHandler`, a
// `completable(...)`): what it adds to which era, and why, in the SDK's terms; and on a helper's name,
// what each of its calls does to the server it is given.
import type { EditorContext } from "../../core/dialect";
import { DYNAMIC_KEY, isDynamicMarker, isPlainObject, SPREAD_KEY, type Json, type JsonObject } from "../../core/evaluate/values";
import type { ServerReport } from "../../core/model/serverReport";
import { code, escape } from "../../core/render/markdown";
import type { SdkStep, StepChange } from "./steps";
import { EVERY_REQUEST_FAILS } from "./entryPoint";

export const ERA_TITLE = { legacy: "legacy (initialize)", modern: "modern (server/discover)" } as const;

/** A value as the source wrote it: what is not known is shown as its source (`load()`, `...opts`), never as an internal key. */
function inlineJson(v: Json): string {
  if (isDynamicMarker(v)) return String((v as JsonObject)[DYNAMIC_KEY]);
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    // An unknown value merged with known keys reads as a spread of it: `{ ...load(), listChanged: true }`.
    const entry = (k: string) =>
      k === SPREAD_KEY && typeof v[k] === "string" ? (v[k] as string) : k === DYNAMIC_KEY && typeof v[k] === "string" ? `...${v[k] as string}` : `${k}: ${inlineJson(v[k]!)}`;
    return keys.length === 0 ? "{}" : `{ ${keys.map(entry).join(", ")} }`;
  }
  return JSON.stringify(v);
}

const change = (c: StepChange) => code(`${c.path}: ${inlineJson(c.value)}`);

/** The eras a key is advertised in, as the report states them. */
function erasOf(server: ServerReport, path: string): ("legacy" | "modern")[] {
  const [top, sub] = path.split(".");
  const has = (caps: ServerReport["legacy"]) => caps !== null && top! in caps && (sub === undefined || (isPlainObject(caps[top!]) && sub in (caps[top!] as object)));
  return [...(has(server.legacy) ? (["legacy"] as const) : []), ...(has(server.modern) ? (["modern"] as const) : [])];
}

function erasText(eras: readonly ("legacy" | "modern")[]): string {
  if (eras.length === 2) return "both eras";
  return eras.map((e) => ERA_TITLE[e]).join("");
}

/** One sentence: what the step puts in which era (or that it changes nothing). */
function effect(ctx: EditorContext, server: ServerReport, step: SdkStep): string {
  if (step.throws === "start-up") {
    // Built for each request (createMcpHandler, serveStdio): the program runs, and each request gets an error.
    if (everyRequestFails(server)) return `$(error) **Throws on every request**: the entry point builds the server for each request, so each one fails and no era is served (${code(step.problem ?? "")}).`;
    return `$(error) **Throws at start-up**: no era is served (${code(step.problem ?? "")}).`;
  }
  if (step.throws === "later") return `$(error) **Throws when it runs**, after start-up (${code(step.problem ?? "")}); what the server advertised stays as it was.`;
  if (step.set.length === 0) return `**No change** to the capabilities${step.problem ? ` · $(warning) ${code(step.problem)}` : ""}.`;
  const byEras = new Map<string, StepChange[]>();
  for (const c of step.set) {
    const eras = erasText(erasOf(server, c.path));
    byEras.set(eras, [...(byEras.get(eras) ?? []), c]);
  }
  const parts: string[] = [];
  for (const [eras, changes] of byEras) {
    const what = changes.map(change).join(", ");
    // No era states it: the server does not start (its eras' notes say why), or what it sends is not known.
    const why = server.startupThrows ? (everyRequestFails(server) ? "but every request fails" : "but the server does not start") : server.unknown.length > 0 ? "which no era states (see what is not known)" : "which no era states";
    parts.push(eras ? `**Adds** ${what} to ${eras}` : `**Would add** ${what}, ${why}`);
  }
  const unserved = (["legacy", "modern"] as const).filter((e) => server[e] === null);
  const notes = unserved.map((e) => {
    const note = server.eraNotes?.[e];
    return `${e}: not served${note ? ` (${escape(note.text)})` : ""}${note?.loc ? ` · ${ctx.link(note.loc)}` : ""}`;
  });
  return `${parts.join("; ")}.${notes.length > 0 ? ` ${notes.join("; ")}.` : ""}`;
}

function explained(ctx: EditorContext, step: SdkStep): string[] {
  const lines = [escape(step.why)];
  if (step.earlier) lines.push("", `Earlier: ${code(step.earlier.call)} · ${ctx.link(step.earlier.loc)}`);
  return lines;
}

const sameOutcome = (a: SdkStep, b: SdkStep) => a.why === b.why && JSON.stringify(a.set) === JSON.stringify(b.set);

/** The hover on a step; `steps` are every replay of that one place for this server (a helper may run twice). */
export function stepHover(ctx: EditorContext, server: ServerReport, steps: readonly SdkStep[]): string {
  const first = steps[0]!;
  const pills = first.conditional ? ` ${code("≈ may not run")}` : "";
  const lines = [`$(symbol-method) **${escape(first.call)}** · feeds ${code(server.name)} · ${ctx.link(server.loc)}${pills}`, "", effect(ctx, server, first), "", ...explained(ctx, first)];
  const distinct = steps.filter((s, i) => steps.findIndex((t) => sameOutcome(s, t)) === i);
  if (distinct.length > 1) {
    lines.push("", `Runs ${steps.length} times for this server; then:`);
    for (const s of distinct.slice(1)) lines.push("", effect(ctx, server, s), "", ...explained(ctx, s));
  }
  return lines.join("\n");
}

/** The hover on a helper's name: each call it makes on the server it is given, and what that adds. */
export function helperHover(ctx: EditorContext, server: ServerReport, name: string, steps: readonly SdkStep[]): string {
  const lines = [`$(symbol-function) **${escape(name)}** · feeds ${code(server.name)} · ${ctx.link(server.loc)}`, ""];
  const seen = new Set<string>();
  for (const s of steps) {
    const key = `${s.loc.file}\u0000${s.loc.span.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const what = s.problem ? code(s.problem) : s.set.length > 0 ? `adds ${s.set.map(change).join(", ")}` : "no change";
    lines.push(`- ${code(s.call)} · ${ctx.link(s.loc)} — ${what}`);
  }
  return lines.join("\n");
}

/** Whether the server's factory throws as an entry point builds it for a request: the program runs, each request fails. */
function everyRequestFails(server: ServerReport): boolean {
  return server.eraNotes?.legacy?.text.startsWith(EVERY_REQUEST_FAILS) === true;
}
