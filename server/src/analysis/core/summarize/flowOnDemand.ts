// Files that use a server built elsewhere need not import its framework themselves (an `index.ts`
// that imports the server and registers on it, or only does `createServer().connect(transport)`):
// the file store summarises a flow only for files that import a framework, so a dialect following
// such uses summarises it for them here, on demand.
import { Evaluator } from "../evaluate/evaluator";
import type { FileSummary } from "../model/summary";
import { summarizeText } from "./summarizeText";
import type { FlowSpec } from "./flowSummary";

/** Summaries with a flow, per summary without one (a changed text is a new summary, summarised again). */
const withFlow = new WeakMap<FileSummary, FileSummary | null>();

export interface FlowOnDemand {
  readonly ev: Evaluator;
  /** From now on, the file's summary has a flow (when its text can be read). */
  readonly want: (file: string) => void;
}

export function flowOnDemand(ev: Evaluator, spec: FlowSpec): FlowOnDemand {
  const wanted = new Set<string>();
  const host = ev.host;
  const forced: FlowSpec = { ...spec, always: true };
  const summary = (file: string): FileSummary | undefined => {
    // A dialect following a server reads a file's flow wherever it goes: one left out is made now.
    const asIs = host.summary(file);
    const s = asIs?.flowDeferred && host.fullSummary ? host.fullSummary(file) : asIs;
    if (!s || s.flow || !wanted.has(file) || s.isDeclarationFile) return s;
    let found = withFlow.get(s);
    if (found === undefined) {
      const raw = host.text?.(file);
      const text = raw !== undefined && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      found = null;
      if (text !== undefined && text.length === s.textLength) {
        try {
          found = summarizeText(file, text, s.version, forced).summary;
        } catch {
          found = null;
        }
      }
      withFlow.set(s, found);
    }
    return found ?? s;
  };
  return { ev: new Evaluator({ ...bind(host), summary }, ev.options), want: (file) => void wanted.add(file) };
}

/** The host's methods, callable apart from it. */
function bind(host: Evaluator["host"]): Evaluator["host"] {
  return {
    summary: (f) => host.summary(f),
    ...(host.fullSummary ? { fullSummary: (f: string) => host.fullSummary!(f) } : {}),
    resolveModule: (s, f) => host.resolveModule(s, f),
    ...(host.loadFailure ? { loadFailure: (s: string, f: string) => host.loadFailure!(s, f) } : {}),
    ...(host.text ? { text: (f: string) => host.text!(f) } : {}),
    ...(host.textFacts ? { textFacts: <T>(f: string, key: string, derive: (text: string | undefined) => T) => host.textFacts!(f, key, derive) } : {}),
    ...(host.ambientModule ? { ambientModule: (s: string) => host.ambientModule!(s) } : {}),
    ...(host.globalDeclaration ? { globalDeclaration: (n: string) => host.globalDeclaration!(n) } : {}),
    ...(host.changedByImporter ? { changedByImporter: (f: string, names: readonly string[]) => host.changedByImporter!(f, names) } : {}),
    // What the memo keeps (where a re-exported name comes from) reads export lists and texts, which a
    // flow made on demand does not change: every server of a file asks it again otherwise.
    ...(host.memo ? { memo: <T>(key: string, compute: () => T): T => host.memo!(key, compute) } : {}),
  };
}
