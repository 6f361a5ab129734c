// `server.handleRequest = async (request) => { log(request); return original(request); }`: a value
// given to a property of the server that the SDK's classes do not have (sdkServerMembers.ts) is one the
// SDK never reads, so it changes nothing the server advertises. Only the program's own code could call
// it (`server.handleRequest(...)`, then running the assigned function): so the name must appear nowhere
// else in the package, but in the function that assigns it, up to the assignment (reading the
// original first, testing it). In the assigning file, names are read from its syntax (a comment
// mentioning the property is no use of it); in the others, any mention of the word counts.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit, Span } from "../../core/model/summary";
import { packageSourceFiles } from "../../core/project/packageSourceFiles";
import { dirname } from "../../core/project/paths";
import { ts } from "../../core/typescript";
import { parsedSource } from "./containerStores";
import { packageRoot, type ListDirectory } from "./factoryCallers";
import { SDK_SERVER_MEMBERS } from "./sdkServerMembers";

export function assignsUnreadMember(ev: Evaluator, list: ListDirectory | undefined, file: string, unit: FlowUnit, member: string, target: Span): boolean {
  if (SDK_SERVER_MEMBERS.has(member) || !list) return false;
  const root = packageRoot(list, dirname(file));
  const files = root ? packageSourceFiles(list, root) : undefined;
  const sf = parsedSource(ev, file);
  if (!files || !sf) return false;
  const named = new RegExp(`(?<![\\w$])${member.replace(/\$/g, "\\$")}(?![\\w$])`);
  for (const at of files) {
    if (at === file) continue;
    const text = ev.host.text?.(at);
    if (text === undefined || named.test(text)) return false;
  }
  let elsewhere = false;
  const visit = (n: ts.Node): void => {
    if (elsewhere) return;
    if ((ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteralLike(n)) && n.text === member) {
      const start = n.getStart(sf);
      if (start < unit.span.start || start >= target.end) elsewhere = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return !elsewhere;
}
