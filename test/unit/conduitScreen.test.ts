// The Conduit dialect's screen: which files a whole-workspace analysis parses for this dialect's
// sake. Every shape that can declare a server or an `extends` cycle must pass; the near misses an
// application is full of must not (each would cost a parse of a file with nothing to report).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { mayDeclareServers, mayDeclareServersOnItsOwn } from "../../server/src/analysis/dialects/conduit/mayDeclareServers";
import { HANDLERS } from "../../server/src/analysis/dialects/conduit/handlers";

const REACT_FILE = `import styled from "styled-components";
import { Button } from "~/components/Button";
import Editor from "../components";
interface Props extends React.HTMLAttributes<HTMLDivElement> { label: string }
type Maybe<T> = T extends null ? never : T;
export function Field(props: Props) {
  const handleClick = () => props.onChange?.();
  return null;
}
`;

describe("Conduit screen", () => {
  it("passes every shape that can declare a server or sit on an extends cycle", () => {
    const shapes = [
      "export class S extends Base {}",
      "export class S<T = {}> extends Base<T> {}",
      "const WithAudit = <T extends Ctor>(B: T) => class extends B {};",
      "export class S { async handleListTools() { return []; } }",
      'const SUB = "handleSubscribeResource";',
      "export class S { static __capabilities__() { return {}; } }",
      "export class E { static components = [A]; }",
      "@Endpoint({ name: 'e', components }) export class E {}",
      "/** @mcpServer */ export class S {}",
      "\\u0063lass S extends Base {}",
      "export class S { handle\\u004cistTools() {} }",
    ];
    for (const text of shapes) assert.equal(mayDeclareServers(text), true, text);
  });

  it("turns away interfaces, type parameters, module paths and look-alike handlers", () => {
    assert.equal(mayDeclareServers(REACT_FILE), false);
    assert.equal(mayDeclareServers("interface A extends B {}\nexport class C {}\n"), false);
  });

  it("never parses such a file in a whole-workspace analysis, and still finds the server beside it", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/field.tsx", REACT_FILE);
    fs.writeFileSync("/w/server.ts", "export class S { static __capabilities__() { return { tools: {} }; } handleListTools() { return []; } }\n");
    const workspace = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
    const analysis = workspace.analyzeFiles(["/w/field.tsx", "/w/server.ts"], { tasksExtension: false });
    assert.deepEqual(analysis.servers.map((s) => s.name), ["S"]);
    assert.equal(workspace.files.stats.parsesByFile.get("/w/field.tsx"), undefined, "field.tsx not parsed");
    assert.equal(workspace.files.stats.parsesByFile.get("/w/server.ts"), 1);
  });

  // The screen looks for each word with a pattern of its own (fast literal searches) and keeps the last
  // text's answer: it must answer as one alternation of all the words does, asked in either order.
  it("answers as the single pattern of all the words on 5,000 generated texts", () => {
    const words = new RegExp(`${[...HANDLERS.keys()].join("|")}|__capabilities__|mcpServer|(?<![-/])\\bcomponents\\b(?![-/])`);
    const any = /extends|handle|__capabilities__|components|mcpServer/;
    const reference = (text: string) => {
      if (text.includes("\\u")) return any.test(text);
      if (words.test(text)) return true;
      const lastExtends = text.lastIndexOf("extends");
      const firstClass = text.search(/\bclass\b/);
      return lastExtends >= 0 && firstClass >= 0 && firstClass < lastExtends;
    };
    const ownReference = (text: string) => (text.includes("\\u") ? any.test(text) : words.test(text));
    const tokens = ["class", " class ", "extends", " extends ", "handleListTools", "handle", "CallTool", "__capabilities__", "mcpServer", "components", "-", "/", "\\u", " ", "\n", "a", "{", "}", "x.class"];
    let state = 11;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
    for (let seed = 1; seed <= 5000; seed++) {
      let text = "";
      for (let i = 0; i < 1 + (seed % 25); i++) text += tokens[next() % tokens.length];
      const own = seed % 2 === 0 ? mayDeclareServersOnItsOwn(text) : undefined;
      assert.equal(mayDeclareServers(text), reference(text), JSON.stringify(text));
      assert.equal(own ?? mayDeclareServersOnItsOwn(text), ownReference(text), JSON.stringify(text));
    }
  });
});
