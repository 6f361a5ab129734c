// What an McpStrategy advertises, by the rules of the installed @rekog/mcp-nest (2.x:
// `McpStrategy.createServer()`), followed by what the SDK v2 `McpServer` constructor it calls does.
import type { JsonObject, Loc } from "../../core/evaluate/values";
import { isPlainObject } from "../../core/evaluate/values";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { CapabilityMethod, Primitive } from "./capabilityMethods";

/** The releases whose rules are implemented (read in their mcp.strategy.ts). */
export const SUPPORTED_MAJOR = 2;

export function supportedVersion(version: string | undefined): boolean {
  return version !== undefined && Number(version.split(".")[0]) === SUPPORTED_MAJOR;
}

export interface RuleInput {
  readonly userCaps: JsonObject;
  readonly userLocs: ReadonlyMap<string, Loc>;
  /** Keys present in the option, `undefined` ones included (`'logging' in capabilities`). */
  readonly presentKeys: ReadonlySet<string>;
  /** The option may hold keys not known statically: whether `logging` is among them is not known either. */
  readonly capabilitiesOpen?: boolean;
  readonly methods: readonly CapabilityMethod[];
  /** `strategy.registerTool(...)` and friends made before any client can connect. */
  readonly registered?: readonly RegisteredBeforeServing[];
  readonly strategyLoc: Loc;
}

export interface RegisteredBeforeServing {
  readonly primitive: Primitive;
  /** As written: `strategy.registerTool()`. */
  readonly call: string;
  readonly loc: Loc;
}

export const PRIMITIVES: readonly Primitive[] = ["tools", "resources", "prompts"];

export function advertised(input: RuleInput): { caps: JsonObject; provenance: ProvenanceEntry[] } {
  const caps: JsonObject = { ...input.userCaps };
  const provenance: ProvenanceEntry[] = [];
  for (const key of Object.keys(input.userCaps)) {
    provenance.push({ era: "both", path: [key], because: "capabilities", ...(input.userLocs.get(key) ? { loc: input.userLocs.get(key)! } : {}) });
  }
  // createServer(): `capabilities.X = capabilities.X ?? { listChanged: true }` for each primitive with handlers.
  // The registry holds the decorated methods and what strategy.register*() put in it.
  for (const primitive of PRIMITIVES) {
    const first = input.methods.find((m) => m.primitive === primitive);
    const call = first ? undefined : input.registered?.find((r) => r.primitive === primitive);
    if ((!first && !call) || (caps[primitive] !== undefined && caps[primitive] !== null)) continue;
    caps[primitive] = { listChanged: true };
    const cause = first
      ? { because: `@${first.decorator}`, loc: first.loc, detail: `${first.className}.${first.method}` }
      : { because: "register before serving", loc: call!.loc, detail: call!.call };
    provenance.push({ era: "both", path: [primitive], ...cause }, { era: "both", path: [primitive, "listChanged"], ...cause });
  }
  // createServer(): `if (!('logging' in capabilities)) capabilities.logging = {}`.
  if (!input.presentKeys.has("logging") && !input.capabilitiesOpen) {
    caps.logging = {};
    provenance.push({ era: "both", path: ["logging"], because: "default logging", loc: input.strategyLoc });
  }
  // SDK v2 McpServer constructor: a declared primitive gets its handlers installed and
  // `listChanged: existing ?? true` merged in.
  for (const primitive of PRIMITIVES) {
    const value = caps[primitive];
    if (!value) continue;
    const obj = isPlainObject(value) ? value : {};
    if (obj.listChanged === undefined) {
      caps[primitive] = { ...obj, listChanged: true };
      if (!provenance.some((p) => p.path.join(".") === `${primitive}.listChanged`)) {
        provenance.push({ era: "both", path: [primitive, "listChanged"], because: "sdk listChanged default", loc: input.userLocs.get(primitive) ?? input.strategyLoc });
      }
    }
  }
  return { caps, provenance };
}
