// A public method that builds a server and returns it (`class App { build() { const server = new
// McpServer(...); ...; return server } }`), called on instances elsewhere: `new App().build()` or
// `const app = new App(); const server = app.build()`. The callers are followed like a function
// factory's (factoryCallers.ts finds them). Only when the server is not kept in the instance as
// well: a field holding it could be read by any other method, called from anywhere.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span } from "../../core/model/summary";
import type { SdkSite } from "./findSdkServers";

export interface InstanceFactory {
  readonly className: string;
  readonly method: string;
  /** Where the class's and the method's names are declared (mentions that are not uses). */
  readonly declared: readonly Span[];
}

export function instanceFactoryOf(ev: Evaluator, site: SdkSite): InstanceFactory | undefined {
  const { unit, file, event } = site;
  const className = unit.className;
  if (unit.kind !== "method" || className === undefined || !unit.name.startsWith(`${className}.`)) return undefined;
  const method = unit.name.slice(className.length + 1);
  // Built into a local (or returned as it is made): not `this.server = new McpServer(...)`.
  const target = event.target;
  if (!target || target.length !== 1 || (target[0] !== "<return>" && !event.declared)) return undefined;
  const classes = ev.summary(file)?.classes.filter((c) => c.name === className && c.topLevel) ?? [];
  if (classes.length !== 1) return undefined;
  const cls = classes[0]!;
  // A private method is called by the class itself (the replay follows those calls); a static one is `C.method()`.
  const member = cls.members.find((m) => m.name === method && m.kind === "method" && !m.typeOnly);
  if (!member || member.isStatic || member.hidden || member.isAbstract || unit.nameSpan?.start !== member.nameSpan.start) return undefined;
  return { className, method, declared: [cls.nameSpan, member.nameSpan] };
}
