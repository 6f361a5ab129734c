// Whether the Nest applications of a package start an MCP-Nest 1.x server's transports at all. 1.9's
// stdio transport starts as the application boots (onApplicationBootstrap: `app.init()`, `app.listen()`,
// or NestFactory.createApplicationContext, which initialises the context it returns); its SSE and
// Streamable HTTP transports are controllers, answered only once the application listens
// (`app.listen(port)`). An application made with NestFactory.create and never initialised, or one
// that never listens while the server's transports are HTTP only, answers nothing. Said only when
// every NestFactory call of the package is one the text settles (its application's every use a known
// method call); otherwise nothing is claimed.
import type { DialectRun } from "../../core/dialect";
import type { Loc } from "../../core/evaluate/values";
import { factoryCalls, type FactoryCall } from "./findStrategies";

interface Started {
  readonly init: boolean;
  readonly listen: boolean;
  readonly loc: Loc;
  readonly call: FactoryCall;
}

/** Methods of a Nest application that neither initialise nor listen it, nor hand it anywhere. */
const INERT = new Set(["close", "get", "resolve", "select", "useLogger", "enableShutdownHooks", "enableCors", "setGlobalPrefix", "useGlobalPipes", "useGlobalGuards", "useGlobalInterceptors", "useGlobalFilters", "use", "flushLogs", "getHttpAdapter", "getUrl"]);

/** Why no transport of the server ever answers (undefined when one may, or the package's start-up is not settled). */
export function neverServed(run: DialectRun, bootstrapFiles: readonly string[], transports: { readonly stdio: boolean; readonly http: boolean }): { why: string; loc: Loc } | undefined {
  const started: Started[] = [];
  for (const file of bootstrapFiles) {
    const summary = run.ev.summary(file);
    const text = run.fileText(file);
    if (!summary || text === undefined) return undefined;
    for (const call of factoryCalls(summary)) {
      const how = howStarted(text, call);
      if (!how) return undefined;
      started.push({ ...how, loc: { file, span: call.span }, call });
    }
  }
  if (started.length === 0) return undefined;
  if (transports.stdio && started.some((s) => s.init)) return undefined;
  if (transports.http && started.some((s) => s.listen)) return undefined;
  const first = started[0]!;
  const app = first.call.result ?? "the application";
  const what = started.length === 1 ? `NestFactory.${first.call.method}(...)` : `each of the ${started.length} NestFactory calls`;
  if (!transports.http) return { why: `the stdio transport starts as the application boots, and ${what} leaves it unbooted (no ${app}.init() or ${app}.listen())`, loc: first.loc };
  if (!transports.stdio) return { why: `the transports of McpModule.forRoot() are HTTP only, which answer once the application listens, and ${what} never listens (no ${app}.listen()${first.call.method === "createApplicationContext" ? ": an application context has no HTTP server" : ""})`, loc: first.loc };
  return { why: `${what} neither boots the application (stdio) nor listens (HTTP)`, loc: first.loc };
}

/** What a NestFactory call's application gets: booted, listened; undefined when its uses are not all settled. */
function howStarted(text: string, call: FactoryCall): { init: boolean; listen: boolean } | undefined {
  // An application context boots as it is made and has no HTTP server to listen with, whatever is done with it.
  if (call.method === "createApplicationContext") return { init: true, listen: false };
  if (call.method !== "create") return undefined;
  if (call.result === undefined) {
    // Discarded (`NestFactory.create(AppModule);` as a statement): nothing boots or listens it.
    const after = text.slice(call.span.end, call.span.end + 40);
    const before = text.slice(Math.max(0, call.span.start - 20), call.span.start);
    const statement = /^\s*;?\s*(?:\n|$)/.test(after) && /(?:^|[;{}\n])\s*(?:await\s+|void\s+)?$/.test(before);
    return statement ? { init: false, listen: false } : undefined;
  }
  const name = call.result.replace(/\$/g, "\\$");
  const found = [...text.matchAll(new RegExp(`(?<![\\w$./'"\`-])${name}(?![\\w$'"\`/-])`, "g"))];
  let declared = 0;
  let init = false;
  let listen = false;
  for (const m of found) {
    const before = text.slice(Math.max(0, m.index! - 12), m.index!);
    if (/\b(?:const|let|var)\s+$/.test(before)) {
      declared++;
      continue;
    }
    const method = /^\s*\.\s*([A-Za-z_$][\w$]*)\s*\(/.exec(text.slice(m.index! + m[0].length, m.index! + m[0].length + 60))?.[1];
    if (method === "listen") listen = init = true;
    else if (method === "init") init = true;
    else if (method === undefined || !INERT.has(method)) return undefined;
  }
  return declared === 1 ? { init, listen } : undefined;
}
