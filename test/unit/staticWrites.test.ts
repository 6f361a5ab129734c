// Which texts write to a class's static member (so its initializer is not its value when read).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { writesStaticMember } from "../../server/src/analysis/core/evaluate/staticWrites";

describe("writes to a static member, read from the text", () => {
  it("a declaration alone is no write", () => {
    assert.equal(writesStaticMember("class A { static readonly CAPS = { tools: {} }; }\nnew Server(i, { capabilities: A.CAPS });", "CAPS"), false);
    assert.equal(writesStaticMember("class A { static readonly CAPS: Caps = {}; }\nif (A.CAPS === x) f(A.CAPS == y, A.CAPS !== z);", "CAPS"), false);
  });

  it("assignments, compound assignments and mutating calls are", () => {
    for (const text of ["A.CAPS = {}", "A.CAPS.logging = {}", 'A.CAPS["logging"] = {}', "this.CAPS.tools ??= {}", "A.CAPS.list.push(1)", "A.CAPS!.x = 1", "A.CAPS.n += 1"]) {
      assert.equal(writesStaticMember(`class A { static readonly CAPS = {}; }\n${text};`, "CAPS"), true, text);
    }
  });

  it("another name is not the member", () => {
    assert.equal(writesStaticMember("class A { static readonly CAPS = {}; }\nconst MY_CAPS = 1; OTHER_CAPS.x = 2;", "CAPS"), false);
  });
});
