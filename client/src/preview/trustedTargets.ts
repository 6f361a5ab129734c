// What the preview's webview may ask the extension host to act on. The webview shows text from the
// user's repository; should it ever run a script it was not meant to, its messages could name any URI
// (`reveal` opening any document, `applyFix` editing any file, `selectServer` reading any file). So the
// host remembers the locations, fixes, servers and rule codes it posted itself, and a message only
// selects one of those: the host then acts on its own copy, never on the payload. Anything else is
// ignored.
import type { WireFix, WireLocation, WireServer } from "../../../common/protocol";
import type { ToWebview } from "./messages";
import { RULE_CODES } from "./webview/causes";

export interface ServerTarget {
  readonly uri: string;
  readonly name: string;
}

/** What one posted report offers. */
class Offer {
  readonly locations = new Map<string, WireLocation>();
  readonly fixes = new Map<string, WireFix>();
  readonly servers = new Map<string, ServerTarget>();
  readonly codes = new Set<string>(Object.values(RULE_CODES));
}

export class TrustedTargets {
  /** The latest report's offer and the one before (a click may cross a newer update in flight). */
  #offers: Offer[] = [new Offer()];
  #listedServers = new Map<string, ServerTarget>();

  /** Records what a message posted to the webview lets it ask for (the latest reports and list). */
  remember(message: ToWebview): void {
    if (message.type === "update") {
      const offer = new Offer();
      for (const server of message.report.servers) rememberServer(offer, message.source, server);
      this.#offers = [offer, this.#offers[0]!];
    } else if (message.type === "serverList") {
      this.#listedServers = new Map();
      for (const s of message.servers) this.#listedServers.set(serverKey(s.uri, s.name), { uri: s.uri, name: s.name });
    }
  }

  /** The host's own copy of a location it posted, or undefined. */
  location(candidate: unknown): WireLocation | undefined {
    const key = locationKey(candidate);
    return key === undefined ? undefined : this.#find((o) => o.locations.get(key));
  }

  /** The host's own copy of a fix it posted, or undefined. */
  fix(candidate: unknown): WireFix | undefined {
    let key: string | undefined;
    try {
      key = JSON.stringify(candidate);
    } catch {
      return undefined;
    }
    return typeof key === "string" ? this.#find((o) => o.fixes.get(key)) : undefined;
  }

  /** A server the host posted (in a report or the picker's list), or undefined. */
  server(uri: unknown, name: unknown): ServerTarget | undefined {
    if (typeof uri !== "string" || typeof name !== "string") return undefined;
    const key = serverKey(uri, name);
    return this.#find((o) => o.servers.get(key)) ?? this.#listedServers.get(key);
  }

  /** A rule code the host posted (a diagnostic's, or a chip's), or undefined. */
  ruleCode(candidate: unknown): string | undefined {
    return typeof candidate === "string" && this.#offers.some((o) => o.codes.has(candidate)) ? candidate : undefined;
  }

  #find<T>(get: (o: Offer) => T | undefined): T | undefined {
    for (const o of this.#offers) {
      const hit = get(o);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
}

function rememberServer(offer: Offer, source: string, s: WireServer): void {
  offer.servers.set(serverKey(source, s.name), { uri: source, name: s.name });
  const locations: (WireLocation | undefined)[] = [s.location, s.eraNotes.legacy?.location, s.eraNotes.modern?.location];
  for (const p of s.provenance) locations.push(p.location);
  for (const m of s.missing) locations.push(m.location);
  for (const u of s.unknown) locations.push(u.location);
  for (const d of s.diagnostics) {
    locations.push(d.location);
    offer.codes.add(d.code);
    for (const f of d.fixes) offer.fixes.set(JSON.stringify(f), f);
  }
  for (const l of locations) {
    const key = l && locationKey(l);
    if (l && key !== undefined) offer.locations.set(key, l);
  }
}

function serverKey(uri: string, name: string): string {
  return JSON.stringify([uri, name]);
}

/** A location's identity, or undefined when the value is not a well-formed location. */
function locationKey(candidate: unknown): string | undefined {
  const l = candidate as WireLocation | null | undefined;
  const r = l?.range;
  const n = (v: unknown) => typeof v === "number" && Number.isInteger(v);
  if (typeof l?.uri !== "string" || !r || !n(r.start?.line) || !n(r.start?.character) || !n(r.end?.line) || !n(r.end?.character)) return undefined;
  return JSON.stringify([l.uri, r.start.line, r.start.character, r.end.line, r.end.character]);
}

