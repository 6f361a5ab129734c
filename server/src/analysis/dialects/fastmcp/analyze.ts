// One fastmcp server: its capabilities in both eras by the rules of the installed release, what the
// analysis cannot know, and the diagnostics of fastmcp's run-time traps.
import semver from "semver";
import type { DialectRun } from "../../core/dialect";
import type { JsonObject, Loc } from "../../core/evaluate/values";
import { diagnosticMaker, type AnalysisDiagnostic } from "../../core/model/diagnostics";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { EraNote, ServerReport, UnitAnalysis } from "../../core/model/serverReport";
import type { UnknownPart } from "../../core/model/unknown";
import { sortUnknown } from "../../core/model/unknown";
import { startupThrowParts } from "../../core/evaluate/startupThrows";
import { FASTMCP_CODES } from "./codes";
import type { FastmcpCall, FastmcpDetails } from "./details";
import type { FastmcpSite } from "./findServers";
import { mayAuthenticate, replayServer, type Registration, type Replay, type StartCall } from "./replay";
import { refusedTool } from "./toolSchemaChecks";
import { declaredRelease } from "./declaredRelease";
import { replayHost } from "./replayHost";
import { checksToolSchemas, CONNECT_SINCE, filtersSessionTools, STANDARD_SCHEMA_SINCE, lacksConnect, parseVersion, PRIMITIVES, RULES, rulesFor, shapeOf, SINGULAR, SUPPORTED_RANGE, TOOLS_UNFILTERED_SINCE, type FastmcpRules, type Primitive } from "./rules";
import { presence, type Presence } from "./presence";
import { addedWhileStarting, trapDiagnostics } from "./traps";
import { duplicateNameDiagnostics } from "./duplicateNames";
import { SDK_ASSERTS_COMPLETIONS, startupVerdict, type StartupVerdict } from "./startupSdk";

const diagnostic = diagnosticMaker(FASTMCP_CODES);

export function analyzeFastmcpServer(run: DialectRun, site: FastmcpSite): UnitAnalysis {
  const file = site.file;
  const replay = replayServer(site, replayHost(run));
  const installed = run.installedVersion(file, "fastmcp");
  // Not installed (a fresh clone): the release the checkout declares, locked or by its range.
  const declared = installed === undefined ? declaredRelease(run, file) : undefined;
  const version = installed ?? declared?.version;
  const known = installed !== undefined ? rulesFor(installed) : declared?.rules;
  // A release that is not known is shown by the newest rules known, marked approximate, as the other
  // frameworks' dialects do: a fresh clone still gets a useful picture.
  const rules = known ?? RULES.at(-1)!;
  /** The release the rules' causes name: a known one, else the newest range known. */
  const shown = known ? version : `${rules.since}–${rules.below}`;
  const loc: Loc = { file, span: site.event.nameSpan };
  const server = { name: site.label, loc };
  const diagnostics: AnalysisDiagnostic[] = [];
  const unknown: UnknownPart[] = [];
  const provenance: ProvenanceEntry[] = [];
  const calls: FastmcpCall[] = [];
  const caps: JsonObject = {};
  const present = new Map(PRIMITIVES.map((k) => [k, presence(replay, k, rules?.removesByName ?? false)] as const));
  let startup: StartupVerdict | undefined;

  if (!known) {
    const said = version ? `fastmcp ${version} is outside the releases whose rules are known (${SUPPORTED_RANGE})` : "fastmcp is not installed where this file would load it (no node_modules/fastmcp/package.json in the analysed folder), and no package.json there names a release range the analysis can read";
    unknown.push({ path: [], spread: true, reason: `${said}: the rules of fastmcp ${rules.since} to below ${rules.below} are shown, unverified for this project`, loc });
    diagnostics.push(diagnostic("fastmcp-version-unknown", loc, `${said}; the capabilities shown follow the newest rules known (fastmcp ${rules.since} to below ${rules.below}) and are approximate. ${version ? `Use a release in ${SUPPORTED_RANGE} to have them predicted exactly.` : "Install fastmcp (npm install --save-exact fastmcp) so its version can be read; if it is installed in a parent folder (a monorepo's root), open that folder (or run mcp-caps from it), since the analysis reads nothing outside its workspace."}`, { server }));
  }
  for (const key of PRIMITIVES) {
    const p = present.get(key)!;
    const shape = shapeOf(rules, key);
    if (p.k === "yes") {
      caps[key] = shape;
      provenance.push({ era: "legacy", path: [key], because: p.by.method, loc: p.by.loc });
      for (const flag of Object.keys(shape)) provenance.push({ era: "legacy", path: [key, flag], because: "rule", loc: p.by.loc, detail: `fastmcp ${shown} advertises ${key}.${flag} with any ${SINGULAR[key]}` });
    } else if (p.k === "maybe") {
      unknown.push({ path: [key], reason: p.reason, loc: p.loc, era: "legacy" });
    }
  }
  const filtered = version !== undefined ? sessionFiltersTools(run, site, replay, version, present.get("tools")!) : undefined;
  if (filtered) {
    delete caps.tools;
    unknown.push(filtered);
  }
  caps.logging = {};
  provenance.push({ era: "legacy", path: ["logging"], because: "rule", loc, detail: `fastmcp ${shown} always advertises logging` });
  if (rules.completions) {
    caps.completions = {};
    provenance.push({ era: "legacy", path: ["completions"], because: "rule", loc, detail: `fastmcp ${shown} always advertises completions` });
  } else {
    startup = startupVerdict(run, file);
    if (startup.k === "throws") {
      diagnostics.push(diagnostic("fastmcp-completions-unadvertised", loc, `fastmcp ${version} installs a completion/complete handler on every session but does not advertise completions (added in 3.23.1), and @modelcontextprotocol/sdk ${startup.sdk} (from ${SDK_ASSERTS_COMPLETIONS} on) checks that capability when the handler is installed: start() throws "Server does not support completions (required for completion/complete)" and the server never answers initialize. Upgrade fastmcp to 3.23.1 or later.`, { server }));
    } else {
      if (startup.k === "unknown") unknown.push({ path: [], spread: true, reason: `fastmcp ${version} fails to start with @modelcontextprotocol/sdk ${SDK_ASSERTS_COMPLETIONS} or later (its completion/complete handler is not advertised), and the SDK it loads ${startup.sdk ? `reads ${startup.sdk}, not a release number` : "is not installed where it would look"}`, loc });
      diagnostics.push(diagnostic("fastmcp-completions-unadvertised", loc, `fastmcp ${version} installs a completion/complete handler on every session but does not advertise completions (added in 3.23.1): SDK clients refuse to ask ("Server does not support completions (required for completion/complete)") and Cursor and Claude Code failed to start; with @modelcontextprotocol/sdk ${SDK_ASSERTS_COMPLETIONS} or later, start() itself throws. Upgrade fastmcp to 3.23.1 or later.`, { server }));
    }
  }
  // `server.connect(transport)` on a release without FastMCP.connect(): a TypeError at start-up,
  // certain when the release is installed, possible when only a range or nothing says which loads.
  const connectsWithout = replay.start?.method === "connect" && !replay.start.overriddenBy && (version === undefined || lacksConnect(version));
  const connectMissing = connectsWithout && version !== undefined && parseVersion(version) !== undefined;
  if (connectsWithout && !connectMissing) {
    unknown.push({ path: [], spread: true, reason: `FastMCP has a connect() method only from fastmcp ${CONNECT_SINCE}${version ? `, and package.json allows ${version}` : ", and the release that loads is not known"}: on an older release "server.connect is not a function" stops the server at start-up`, loc: replay.start!.loc });
  }
  // fastmcp 4.17.1+ refuses a tool whose schema is not a Standard Schema, where the tool is added.
  const refused = schemaRefusal(run, replay, version, server, diagnostics, unknown);
  if (replay.startTakenOff) unknown.push({ path: [], spread: true, reason: `the server may not start: ${replay.startTakenOff.reason}`, loc: replay.startTakenOff.loc });
  // `if (!process.env.API_KEY) throw …` on the way to start(): the environment decides whether it starts.
  unknown.push(...startupThrowParts(run.ev, file));
  // A server whose start() throws has no session for late registrations to miss.
  if (startup?.k !== "throws") diagnostics.push(...trapDiagnostics(run, site, replay, rules, present, server, unknown));
  diagnostics.push(...duplicateNameDiagnostics(run.ev, replay, version, server));

  if (declared?.other) unknown.push(...otherRulesDiffer(rules, declared.other, present, loc));

  for (const r of replay.registrations) calls.push({ method: r.method, loc: r.loc, effect: effectOf(r, present.get(r.key)!, rules, replay.start) });
  for (const r of replay.removals) calls.push({ method: r.method, loc: r.loc, effect: r.overriddenBy ? `runs ${r.overriddenBy}, an override the analysis does not follow` : r.phase === "before" ? `removes a ${SINGULAR[r.key]} before the session is created` : `sends notifications/${r.key}/list_changed to every session` });
  if (replay.start) calls.push({ method: replay.start.method, loc: replay.start.loc, effect: replay.start.overriddenBy ? `runs ${replay.start.overriddenBy}, an override the analysis does not follow: when it creates the session is not known` : "creates the session: the capabilities are fixed here, from what was added before" });

  // start() throws before any session exists: no era is served, so nothing about its keys is in doubt.
  const throws = startup?.k === "throws" || connectMissing || refused !== undefined;
  // Replaced before it was started or passed on: no client ever talks to this server.
  const replaced = replay.replaced && replay.unfollowed.length === 0 ? replay.replaced : undefined;
  const legacy = !throws && !replaced ? caps : null;
  const sorted = throws || replaced ? [] : sortUnknown(unknown);
  const eraNotes: { legacy?: EraNote; modern?: EraNote } = {
    ...(throws
      ? {
          legacy: refused
            ? { text: `start-up throws: ${refused.text} (fastmcp-schema-rejected)`, brief: "start-up throws (fastmcp-schema-rejected)", loc: refused.loc }
            : connectMissing
              ? { text: `start-up throws: fastmcp ${version} has no FastMCP.connect() (it came in ${CONNECT_SINCE}), so "server.connect is not a function"`, brief: "start-up throws (no FastMCP.connect)", loc: replay.start!.loc }
              : { text: `start-up throws: fastmcp ${version} with @modelcontextprotocol/sdk ${startup!.sdk} (fastmcp-completions-unadvertised)`, brief: "start-up throws (fastmcp-completions-unadvertised)", loc },
        }
      : {}),
    ...(replaced ? { legacy: { text: "not served: the name holding it gets another server before this one is started", loc: replaced } } : {}),
    modern: { text: `fastmcp${version ? ` ${version}` : ""} runs an SDK v1 server, which answers initialize only; server/discover gets -32601`, brief: "fastmcp answers initialize only", loc },
  };
  const startupThrows = refused ? { startupThrows: { code: "fastmcp-schema-rejected", loc: refused.loc } } : startup?.k === "throws" ? { startupThrows: { code: "fastmcp-completions-unadvertised", loc } } : {};
  const details: FastmcpDetails = { kind: "fastmcp", version, rules: shown ?? `${rules.since}–${rules.below}`, construction: loc, calls };
  const report: ServerReport = {
    name: site.label,
    loc,
    span: site.span,
    dialectId: "fastmcp",
    dialect: "fastmcp",
    frameworkVersion: version ?? "unknown",
    exact: sorted.length === 0,
    tasksExtension: false,
    legacy,
    modern: null,
    unknown: sorted,
    provenance: throws || replaced ? [] : provenance,
    ...startupThrows,
    eraNotes,
    missing: [],
    details,
  };
  return { name: site.label, loc, server: report, diagnostics };
}

/** The keys another release the checkout may install would advertise otherwise. */
function otherRulesDiffer(rules: FastmcpRules, other: { rules: FastmcpRules; why: string }, present: ReadonlyMap<Primitive, Presence>, loc: Loc): UnknownPart[] {
  const out: UnknownPart[] = [];
  for (const key of PRIMITIVES) {
    if (present.get(key)?.k !== "yes") continue;
    const theirs = shapeOf(other.rules, key);
    if (JSON.stringify(theirs) !== JSON.stringify(shapeOf(rules, key))) out.push({ path: [key], reason: `${other.why}: ${key} would be ${JSON.stringify(theirs)} with it`, loc });
  }
  // Before 3.23.1 completions are not advertised, and with a recent SDK start() throws.
  if (other.rules.completions !== rules.completions) out.push(other.rules.completions ? { path: ["completions"], reason: `${other.why}: completions would be {} with it`, loc } : { path: [], spread: true, reason: `${other.why}: it advertises no completions, and may not start at all`, loc });
  return out;
}

function effectOf(r: Registration, p: Presence, rules: FastmcpRules | undefined, start: StartCall | undefined): string {
  if (r.overriddenBy) return `runs ${r.overriddenBy}, an override the analysis does not follow: it may add \`${r.key}\` or not`;
  if (r.phase === "before") {
    // With the flags the release gives it (`resources: { listChanged: true, subscribe: true }` from 4.8.0).
    const shape = rules ? shapeOf(rules, r.key) : {};
    const flags = Object.keys(shape).map((f) => `${f}: ${JSON.stringify(shape[f])}`).join(", ");
    const what = flags ? `\`${r.key}: { ${flags} }\`` : `\`${r.key}\``;
    return r.conditional || r.maybeEmpty ? `may add ${what} to legacy (initialize), not on every path` : `adds ${what} to legacy (initialize); modern is not served`;
  }
  if (r.phase === "deferred") return `runs at a time the analysis cannot know; once a session exists it sends notifications/${r.key}/list_changed`;
  const flagged = rules ? "listChanged" in shapeOf(rules, r.key) : false;
  if (p.k === "no") return `comes after the session was created: \`${r.key}\` is not advertised by it`;
  if (start && addedWhileStarting(r, start)) return `runs while start() (not awaited) is still connecting the session, which never lists it: nothing is added, nothing is sent`;
  return `sends notifications/${r.key}/list_changed to every session${flagged ? "" : ` (not advertised: \`${r.key}\` has no listChanged)`}`;
}

/**
 * Before 4.20.10 a session made for an authenticated HTTP request lists only the tools whose
 * `canAccess(auth)` allows them, and advertises `tools` only when one is left (a stdio session keeps
 * them all). So with `authenticate`, a transport that may be HTTP, and no tool added without
 * `canAccess` in the call itself, whether `tools` is advertised is known only at run time.
 */
function sessionFiltersTools(run: DialectRun, site: FastmcpSite, replay: ReturnType<typeof replayServer>, version: string, tools: Presence): UnknownPart | undefined {
  if (tools.k !== "yes" || !filtersSessionTools(version) || !mayAuthenticate(site)) return undefined;
  if (replay.start?.transport === "stdio" || replay.start?.transport === "custom") return undefined;
  // `addTool({ name, execute })` written in place without canAccess: every session has that tool.
  const unguarded = (r: Registration) => {
    const call = run.fileText(r.loc.file)?.slice(r.callSpan.start, r.callSpan.end) ?? "";
    return /^\s*[\w$.]+\s*\.\s*addTool\s*\(\s*\{/.test(call) && !/\bcanAccess\b/.test(call);
  };
  const open = replay.registrations.some((r) => r.key === "tools" && r.phase === "before" && !r.conditional && unguarded(r));
  if (open) return undefined;
  return { path: ["tools"], reason: `fastmcp ${version} advertises tools to an authenticated HTTP session only when canAccess(auth) lets one of them through (from ${TOOLS_UNFILTERED_SINCE}, always), which is known only at run time`, loc: tools.by.loc, era: "legacy" };
}
/**
 * A tool added with a schema fastmcp (4.17.1+) refuses: certain at start-up (an error, and the
 * registration that throws stops the program: returned, so no era is served), or possible (a
 * registration that may not run, a release not known): said in `unknown`.
 */
function schemaRefusal(run: DialectRun, replay: Replay, version: string | undefined, server: { name: string; loc: Loc }, diagnostics: AnalysisDiagnostic[], unknown: UnknownPart[]): { text: string; loc: Loc } | undefined {
  if (version !== undefined && !checksToolSchemas(version)) return undefined;
  // The zod installed beside the server, when it predates Standard Schema (a range installs the newest).
  const zod = run.installedVersion(server.loc.file, "zod");
  const oldZod = zod !== undefined && semver.valid(zod) && semver.lt(zod, "3.24.0") ? zod : undefined;
  for (const reg of replay.registrations) {
    const refused = refusedTool(run.ev, reg, oldZod);
    if (!refused) continue;
    const tool = refused.tool !== undefined ? `Tool '${refused.tool}'` : "the tool";
    const what = refused.oldZod !== undefined ? `is made with zod ${refused.oldZod}, which implements Standard Schema only from 3.24` : "is not a Standard Schema";
    const text = `${reg.method} throws a UserError for ${tool}: its ${refused.key} ${what} ("must implement Standard Schema"), which fastmcp checks from ${STANDARD_SCHEMA_SINCE} as a tool is added`;
    const certain = version !== undefined && !reg.conditional && reg.phase !== "deferred" && !reg.overriddenBy;
    if (!certain) {
      unknown.push({ path: [], spread: true, reason: `the server may not start: ${text}${version === undefined ? ", and which release loads is not known" : ", if that code runs"}`, loc: refused.loc });
      continue;
    }
    diagnostics.push(diagnostic("fastmcp-schema-rejected", refused.loc, `${text}, so the server does not start. ${refused.oldZod !== undefined ? `Upgrade zod to 3.24 or later.` : `Write the ${refused.key} with a Standard Schema library (Zod 3.24 or later: z.object({ ... })), not a JSON Schema object.`}`, { server }));
    return { text, loc: refused.loc };
  }
  return undefined;
}
