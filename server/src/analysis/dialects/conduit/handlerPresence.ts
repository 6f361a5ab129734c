import { ENDPOINT_HANDLERS, HANDLER_NAMES, type HandlerName } from "./handlers";
import type { MemberSummary } from "../../core/model/summary";
import type { Loc } from "../../core/evaluate/values";
import { findMember, type ChainLink, type ClassChain } from "./classChain";
import type { EndpointInfo } from "./endpoint";

/** Where a present handler comes from. */
export interface HandlerSource {
  readonly handler: HandlerName;
  /** `own`: declared on the class; `inherited`: on an ancestor or mixin; `endpoint`: generated. */
  readonly via: "own" | "inherited" | "endpoint";
  /** The class that declares it (the Endpoint class for generated handlers). */
  readonly className: string;
  readonly loc: Loc;
  readonly member: MemberSummary | undefined;
  readonly link: ChainLink;
}

/**
 * The handlers a class has (spec §3): the nearest run-time declaration of each name, when it can be
 * called; plus what an Endpoint generates (spec §4.2) where the author wrote nothing callable.
 */
export function presentHandlers(chain: ClassChain, endpoint: EndpointInfo | undefined): Map<HandlerName, HandlerSource> {
  const present = new Map<HandlerName, HandlerSource>();
  const self = chain.links[0];
  if (!self) return present;
  for (const handler of HANDLER_NAMES) {
    const found = findMember(chain, handler, false);
    if (found?.member.callable) {
      present.set(handler, {
        handler,
        via: found.link === self ? "own" : "inherited",
        className: found.link.summary.name,
        loc: { file: found.link.ref.file, span: found.member.nameSpan },
        member: found.member,
        link: found.link,
      });
    } else if (!found && endpoint && ENDPOINT_HANDLERS.includes(handler)) {
      const link = chain.links[endpoint.declaredAt]!;
      present.set(handler, { handler, via: "endpoint", className: link.summary.name, loc: endpoint.loc, member: undefined, link });
    }
  }
  return present;
}
