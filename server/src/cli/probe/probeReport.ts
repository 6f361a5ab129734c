// What `mcp-caps probe` prints: the JSON document (`--json`) and the human text, from the same facts.
import { sortKeysDeep, type Json, type JsonObject } from "../../analysis/core/evaluate/values";
import { terminalSafe as visible, terminalSafeLines as visibleLines } from "../terminalText";
import type { Difference, PredictedServer, UnknownEntry } from "./difference";
import { answersNothingPrefix } from "../../analysis/core/model/unknown";
import { loadFailure } from "./loadFailure";
import type { EraAnswer, EraQuestion, ProbeEra } from "./requests";

export interface EraReport {
  readonly method: string;
  readonly protocolVersion: string;
  /** answered: capabilities; refused: a JSON-RPC error (the era is not served); failed: no usable answer. */
  readonly outcome: "answered" | "refused" | "failed";
  readonly capabilities: JsonObject | null;
  readonly error?: string;
  readonly errorCode?: number;
  /** Something the server did that a client may trip on although it answered (output skipped on stdout). */
  readonly note?: string;
}

export interface SourceReport {
  readonly dir: string;
  readonly servers: PredictedServer[];
  /** `file#name` of the server the differences are measured against (the closest), when any was found. */
  readonly matched?: string;
  /** `file#name` of every server as close as the matched one, when more than one is (the first is matched). */
  readonly tied?: string[];
  readonly differences: Difference[];
}

/**
 * Why the era's silence agrees with the prediction, when it does: the matched server's start-up throws
 * (`throws`), the prediction said it may not start (an unknown part for the whole server, `may`), or
 * it said that nothing serves the server, leaving no era open (`unserved`: an MCP-Nest strategy with
 * no transport).
 */
export function silenceForeseenBy(report: Pick<ProbeReport, ProbeEra | "source">, era: ProbeEra): { readonly throws: NonNullable<PredictedServer["startupThrows"]> } | { readonly may: UnknownEntry } | { readonly unserved: true } | undefined {
  if (report[era].outcome !== "failed" || !report.source?.matched) return undefined;
  // A program that never ran cannot have stopped for any reason its source gives.
  if (loadFailure(report[era].error) !== undefined) return undefined;
  const matched = matchedServer(report.source);
  if (!matched) return undefined;
  if (matched.startupThrows !== undefined && matched[era] === null) return { throws: matched.startupThrows };
  const may = matched.unknown.find((u) => u.path.length === 0 && (u.era === undefined || u.era === era) && answersNothingPrefix(u.reason) !== undefined);
  if (may) return { may };
  // Neither era served, and nothing left open about whether one is (keys not known say nothing of it).
  return matched.legacy === null && matched.modern === null && !matched.unknown.some((u) => u.path.length === 0) ? { unserved: true } : undefined;
}

/** What the prediction foresaw for a program that runs, in words: `the predicted start-up throw (code)`. */
function foreseenIfRun(report: Pick<ProbeReport, ProbeEra | "source">, era: ProbeEra): string | undefined {
  const matched = report.source && matchedServer(report.source);
  if (matched?.startupThrows !== undefined && matched[era] === null) return `the predicted start-up throw (${visible(matched.startupThrows.code)})`;
  return undefined;
}

/** Whether the era got no answer and the matched server's prediction foresaw it (see silenceForeseenBy). */
export function silenceForeseen(report: Pick<ProbeReport, ProbeEra | "source">, era: ProbeEra): boolean {
  return silenceForeseenBy(report, era) !== undefined;
}

export interface ProbeReport {
  readonly tool: "mcp-caps";
  readonly version: string;
  /** The server's command line, or null when probing a URL. */
  readonly command: string[] | null;
  readonly url?: string;
  readonly legacy: EraReport;
  readonly modern: EraReport;
  readonly source?: SourceReport;
}

export function eraReport(question: EraQuestion, answer: EraAnswer): EraReport {
  const base = { method: question.method, protocolVersion: question.protocolVersion };
  const note = answer.kind !== "failed" && answer.note !== undefined ? { note: answer.note } : {};
  if (answer.kind === "capabilities") return { ...base, outcome: "answered", capabilities: answer.capabilities, ...note };
  if (answer.kind === "refused") return { ...base, outcome: "refused", capabilities: null, error: `JSON-RPC error ${answer.code}: ${answer.message}`, errorCode: answer.code, ...note };
  return { ...base, outcome: "failed", capabilities: null, error: answer.message };
}

export const serverKey = (s: Pick<PredictedServer, "file" | "name">): string => `${s.file}#${s.name}`;

/** The server the differences are measured against, when one was found. */
function matchedServer(source: SourceReport): PredictedServer | undefined {
  return source.servers.find((s) => serverKey(s) === source.matched);
}

export function probeJson(report: ProbeReport): string {
  return `${JSON.stringify(sortKeysDeep(report as unknown as Json), null, 2)}\n`;
}

const ERAS: readonly ProbeEra[] = ["legacy", "modern"];
const shown = (v: Json | undefined) => (v === undefined ? "(absent)" : JSON.stringify(v));

export function probeText(report: ProbeReport): string {
  const lines: string[] = [];
  lines.push(report.url !== undefined ? `probed ${visible(report.url)}` : `probed: ${report.command!.map((a) => visible(quoteArg(a))).join(" ")}`);
  for (const era of ERAS) {
    const r = report[era];
    lines.push("", `${era} · ${r.method} (${r.protocolVersion})`);
    if (r.outcome === "refused") lines.push(`  not served: ${r.error}`);
    // The reason is the failed era's line on stderr (probeCommand.ts), which the text does not repeat.
    else if (r.outcome === "failed") lines.push("  no answer (the reason is on stderr)");
    else if (Object.keys(r.capabilities!).length === 0) lines.push("  (no capabilities)");
    else for (const key of Object.keys(r.capabilities!).sort()) lines.push(`  ${visible(key)}: ${JSON.stringify(r.capabilities![key])}`);
    if (r.note !== undefined) lines.push(`  note: ${visible(r.note)}`);
  }
  if (report.source) lines.push("", ...sourceLines(report.source, report));
  // Single values were made visible one by one (a line break in a key stays inside its line); this
  // catches the rest, such as the server's strings inside the JSON of a value.
  return `${visibleLines(lines.join("\n"))}\n`;
}

function sourceLines(source: SourceReport, report: ProbeReport): string[] {
  const lines: string[] = [];
  const matched = matchedServer(source);
  if (!matched) {
    lines.push(`source ${source.dir}: no server found`);
  } else {
    const others = source.servers.length - 1;
    const exactness = matched.exact ? "exact" : `approximate, ${matched.unknown.length} unknown part${matched.unknown.length === 1 ? "" : "s"}`;
    lines.push(`source ${source.dir}: ${visible(source.matched!)} (${matched.dialect}, ${exactness})${others > 0 ? `, the closest of ${source.servers.length} servers` : ""}`);
    if (source.tied) lines.push(`  as close: ${source.tied.slice(1).map(visible).join(", ")} (give --source the server's file to choose)`);
  }
  for (const era of ERAS) {
    const foreseen = silenceForeseenBy(report, era);
    if (foreseen && "throws" in foreseen) {
      const throws = foreseen.throws;
      const where = throws.file !== undefined ? `, ${visible(throws.file)}${throws.line !== undefined ? `:${throws.line}` : ""}` : "";
      lines.push(`  ${era}: no answer, as predicted: start-up throws (${visible(throws.code)}${where})`);
      continue;
    }
    if (foreseen && "unserved" in foreseen) {
      lines.push(`  ${era}: no answer, as predicted: nothing serves this server`);
      continue;
    }
    if (foreseen) {
      const may = foreseen.may;
      const where = may.file !== undefined ? ` (${visible(may.file)}${may.line !== undefined ? `:${may.line}` : ""})` : "";
      lines.push(`  ${era}: no answer, which the prediction allowed: ${visible(may.reason)}${where}`);
      continue;
    }
    const unloaded = loadFailure(report[era].error);
    if (unloaded !== undefined) {
      const predicted = foreseenIfRun(report, era);
      lines.push(`  ${era}: not compared: the program did not load (its error is on stderr)${predicted ? `, so it never reached ${predicted}` : ""}`);
      continue;
    }
    if (report[era].outcome === "failed") {
      lines.push(`  ${era}: not compared (the server gave no answer)`);
      continue;
    }
    const mine = source.differences.filter((d) => d.era === era);
    if (mine.length === 0) {
      lines.push(`  ${era}: the prediction matches`);
      continue;
    }
    lines.push(`  ${era}: differs`);
    for (const d of mine) {
      const where = d.path.length === 0 ? "the whole era" : d.path.map(visible).join(".");
      lines.push(`    ${where}: server ${shown(d.server)}, source ${shown(d.source)}`);
      if (d.explainedBy.length === 0) {
        lines.push(matched && !matched.exact
          ? "      not covered by anything the analysis marked unknown: a wrong prediction"
          : "      the analysis claimed this exactly: a wrong prediction");
      } else {
        for (const u of d.explainedBy) lines.push(`      explained by an unknown part: ${unknownLine(u)}`);
      }
    }
  }
  return lines;
}

function unknownLine(u: UnknownEntry): string {
  const path = u.path.length === 0 ? "(top level)" : u.path.map(visible).join(".");
  const where = u.file !== undefined ? ` (${visible(u.file)}${u.line !== undefined ? `:${u.line}` : ""})` : "";
  return `${path}${u.spread ? " may hold more keys" : ""}: ${visible(u.reason)}${where}`;
}

/** An argument as a shell would need it, for the header line only. */
function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
