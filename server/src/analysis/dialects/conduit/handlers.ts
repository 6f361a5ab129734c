// The handler table of the Conduit dialect (spec §3): which instance methods the runtime calls, how
// many arguments it passes, which request each one serves, and what each drives in each era.

export type HandlerName =
  | "handleListTools"
  | "handleCallTool"
  | "handleListResources"
  | "handleListResourceTemplates"
  | "handleReadResource"
  | "handleSubscribeResource"
  | "handleUnsubscribeResource"
  | "handleListPrompts"
  | "handleGetPrompt"
  | "handleComplete"
  | "handleSetLogLevel";

export interface HandlerInfo {
  readonly name: HandlerName;
  /** Arguments the runtime passes, `ctx` first. */
  readonly maxParams: number;
  /** The parameter names a stub gets. */
  readonly stubParams: readonly string[];
  readonly request: string;
  readonly elixir: string;
}

const table: readonly HandlerInfo[] = [
  { name: "handleListTools", maxParams: 2, stubParams: ["ctx", "cursor"], request: "tools/list", elixir: "handle_list_tools/1,2" },
  { name: "handleCallTool", maxParams: 3, stubParams: ["ctx", "name", "args"], request: "tools/call", elixir: "handle_call_tool/3" },
  { name: "handleListResources", maxParams: 2, stubParams: ["ctx", "cursor"], request: "resources/list", elixir: "handle_list_resources/1,2" },
  { name: "handleListResourceTemplates", maxParams: 1, stubParams: ["ctx"], request: "resources/templates/list", elixir: "handle_list_resource_templates/1" },
  { name: "handleReadResource", maxParams: 2, stubParams: ["ctx", "uri"], request: "resources/read", elixir: "handle_read_resource/2" },
  { name: "handleSubscribeResource", maxParams: 2, stubParams: ["ctx", "uri"], request: "resources/subscribe", elixir: "handle_subscribe_resource/2" },
  { name: "handleUnsubscribeResource", maxParams: 2, stubParams: ["ctx", "uri"], request: "resources/unsubscribe", elixir: "handle_unsubscribe_resource/2" },
  { name: "handleListPrompts", maxParams: 2, stubParams: ["ctx", "cursor"], request: "prompts/list", elixir: "handle_list_prompts/1,2" },
  { name: "handleGetPrompt", maxParams: 3, stubParams: ["ctx", "name", "args"], request: "prompts/get", elixir: "handle_get_prompt/3" },
  { name: "handleComplete", maxParams: 3, stubParams: ["ctx", "ref", "argument"], request: "completion/complete", elixir: "handle_complete/3" },
  { name: "handleSetLogLevel", maxParams: 2, stubParams: ["ctx", "level"], request: "logging/setLevel", elixir: "handle_set_log_level/2" },
];

export const HANDLERS: ReadonlyMap<string, HandlerInfo> = new Map(table.map((h) => [h.name, h]));
export const HANDLER_NAMES: readonly HandlerName[] = table.map((h) => h.name);

/** What an Endpoint implements for its author (spec §4.2). */
export const ENDPOINT_HANDLERS: readonly HandlerName[] = [
  "handleListTools",
  "handleCallTool",
  "handleListResources",
  "handleListResourceTemplates",
  "handleReadResource",
  "handleListPrompts",
  "handleGetPrompt",
];

export function isHandlerName(name: string): name is HandlerName {
  return HANDLERS.has(name);
}

/**
 * Handlers `name` resembles, nearest first (spec §7 `handler-misspelled`): equal ignoring case and
 * underscores (distance 0), or within Damerau–Levenshtein distance 3, case-sensitive. Memoised: the
 * same member names recur across a workspace, and this runs for every member of every class.
 */
export function resembledHandlers(name: string): readonly { handler: HandlerName; distance: number }[] {
  let hit = resemblanceCache.get(name);
  if (hit === undefined) {
    hit = computeResemblance(name);
    if (resemblanceCache.size > 50_000) resemblanceCache.clear();
    resemblanceCache.set(name, hit);
  }
  return hit;
}

const resemblanceCache = new Map<string, readonly { handler: HandlerName; distance: number }[]>();
const NONE: readonly { handler: HandlerName; distance: number }[] = [];
const MIN_LEN = Math.min(...table.map((h) => h.name.length)) - 3;
const MAX_LEN = Math.max(...table.map((h) => h.name.length)) + 3;

function computeResemblance(name: string): readonly { handler: HandlerName; distance: number }[] {
  if (isHandlerName(name)) return NONE;
  const folded = fold(name);
  const found: { handler: HandlerName; distance: number }[] = [];
  for (const h of table) {
    if (fold(h.name) === folded) {
      found.push({ handler: h.name, distance: 0 });
      continue;
    }
    if (name.length < MIN_LEN || name.length > MAX_LEN) continue;
    if (Math.abs(name.length - h.name.length) > 3) continue;
    if (bagDistance(name, h.name) > 3) continue;
    const d = damerauLevenshtein(name, h.name, 3);
    if (d <= 3) found.push({ handler: h.name, distance: d });
  }
  if (found.length === 0) return NONE;
  return found.sort((a, b) => a.distance - b.distance);
}

function fold(s: string): string {
  return s.replace(/_/g, "").toLowerCase();
}

/**
 * A cheap lower bound of the edit distance: characters one string has that the other lacks. Counted
 * in a typed array by UTF-16 code unit (a Map per call was a third of the analysis of a class with
 * 20,000 members). `b` is a handler name, all ASCII, so a unit of `a` outside the table is one `b`
 * lacks. The table is left zeroed for the next call.
 */
function bagDistance(a: string, b: string): number {
  const counts = BAG;
  let outside = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c < BAG_SIZE) counts[c]!++;
    else outside++;
  }
  let missing = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c < BAG_SIZE && counts[c]! > 0) counts[c]!--;
    else missing++;
  }
  let extra = outside;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c < BAG_SIZE) {
      extra += counts[c]!;
      counts[c] = 0;
    }
  }
  return Math.max(missing, extra);
}

const BAG_SIZE = 128;
const BAG = new Int32Array(BAG_SIZE);

/**
 * The (unrestricted) Damerau–Levenshtein distance: insertions, deletions, substitutions and
 * transpositions of adjacent characters, each costing 1, where a transposed pair may also be edited
 * around (`ca` → `abc` is 2, where the restricted "optimal string alignment" variant says 3). The
 * Lowrance–Wagner algorithm; a row whose every cell exceeds `limit` ends it early (rows never
 * decrease below their minimum later on).
 */
export function damerauLevenshtein(a: string, b: string, limit = Infinity): number {
  const n = a.length;
  const m = b.length;
  const big = n + m;
  // d[i + 1][j + 1] is the distance of a[0, i) and b[0, j); row and column 0 hold `big` sentinels.
  const d: number[][] = Array.from({ length: n + 2 }, () => new Array<number>(m + 2).fill(0));
  d[0]![0] = big;
  for (let i = 0; i <= n; i++) {
    d[i + 1]![0] = big;
    d[i + 1]![1] = i;
  }
  for (let j = 0; j <= m; j++) {
    d[0]![j + 1] = big;
    d[1]![j + 1] = j;
  }
  /** The last row (1-based) where each character of `a` was seen. */
  const lastRow = new Map<string, number>();
  for (let i = 1; i <= n; i++) {
    let lastMatchCol = 0;
    let rowMin = Infinity;
    for (let j = 1; j <= m; j++) {
      const k = lastRow.get(b[j - 1]!) ?? 0;
      const l = lastMatchCol;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      if (cost === 0) lastMatchCol = j;
      const v = Math.min(
        d[i]![j]! + cost, // substitution (or match)
        d[i + 1]![j]! + 1, // insertion
        d[i]![j + 1]! + 1, // deletion
        d[k]![l]! + (i - k - 1) + 1 + (j - l - 1), // transposition, with what lies between deleted/inserted
      );
      d[i + 1]![j + 1] = v;
      if (v < rowMin) rowMin = v;
    }
    lastRow.set(a[i - 1]!, i);
    if (rowMin > limit) return rowMin;
  }
  return d[n + 1]![m + 1]!;
}
