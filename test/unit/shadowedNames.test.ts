// Which identifiers the flow gives a name of their own: a binding in a nested block, a loop's head or
// a catch clause that shadows another of the same name (shadowedNames.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseFile } from "../../server/src/analysis/core/summarize/parseFile";
import { shadowedNames } from "../../server/src/analysis/core/summarize/shadowedNames";
import { ts } from "../../server/src/analysis/core/typescript";

/** Each `server` identifier of the text, in order, as the flow names it. */
function names(text: string): string[] {
  const sf = parseFile("/w/s.ts", text);
  const flowName = shadowedNames(sf);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === "server") out.push(flowName(n));
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe("bindings that shadow another of their name", () => {
  it("a loop variable and a block's const shadowing the module's server get names of their own", () => {
    const text = "const server = make();\nfor (const server of others) server.add();\n{\n  const server = other();\n  server.add();\n}\nserver.start();\n";
    assert.deepEqual(names(text), ["server", "server@2", "server@2", "server@4", "server@4", "server"]);
  });

  it("a catch clause's binding shadows; a function's parameter is its own unit and keeps the name", () => {
    const text = "const server = make();\ntry { go(); } catch (server) { server.log(); }\nfunction f(server) { server.add(); }\n";
    assert.deepEqual(names(text), ["server", "server@2", "server@2", "server", "server"]);
  });

  it("a nested block declaring a name nothing outside declares keeps it; so does a var", () => {
    const text = "{\n  const server = make();\n  server.start();\n}\nvar x = 1;\nif (x) { var server2 = 1; }\n";
    assert.deepEqual(names(text), ["server", "server"]);
  });

  it("inside a function under the shadowing block, the shadow holds unless the function binds the name again", () => {
    const text = "const server = make();\nfor (const server of others) {\n  list.forEach(() => server.add());\n  list.forEach((server) => server.add());\n}\n";
    assert.deepEqual(names(text), ["server", "server@2", "server@2", "server", "server"]);
  });
});

describe("bindings that shadow a method's parameter", () => {
  it("a loop variable in a method shadowing the method's parameter gets a name of its own", () => {
    const text = "class A {\n  start(server: S) {\n    for (const server of others) server.add();\n    server.run();\n  }\n}\n";
    assert.deepEqual(names(text), ["server", "server@3", "server@3", "server"]);
  });
});
