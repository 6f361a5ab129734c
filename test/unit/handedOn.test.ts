// The names a file hands, whole, to a call that may change them (handedOnNames): what counts as such a
// call, and texts on which a pattern with look-behinds used to run for minutes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { handedOnNames } from "../../server/src/analysis/core/evaluate/handedOn";
import type { FileSummary } from "../../server/src/analysis/core/model/summary";

// The names are remembered per summary object: each question gets its own.
const handed = (text: string) => [...handedOnNames({} as FileSummary, text)].sort();

describe("names handed on to a call", () => {
  it("a plain call or a method call hands its bare arguments on", () => {
    assert.deepEqual(handed("enable(caps);\nregistry.add(tools, extra!);\n"), ["caps", "extra", "tools"]);
  });

  it("readers, console, JSON and Object calls, keywords and reserved words do not", () => {
    assert.deepEqual(handed("console.log(a); JSON.stringify(b); Object.keys(c); server.connect(d); if (e) {} f(default, this, undefined);\n"), []);
  });

  it("declarations and constructors do not, with or without members before the class", () => {
    assert.deepEqual(handed("function f(a) {}\nfunction* g(b) {}\nfunction *h(c) {}\nnew Server(info, d);\nnew sdk.server.Server(e);\n"), []);
  });

  it("an argument that is itself a call is not bare; the inner call is one of its own", () => {
    assert.deepEqual(handed("outer(inner(caps), other);\n"), ["caps"]);
  });

  it("ends on texts full of unclosed calls, member chains after new, and binary noise", { timeout: 30_000 }, () => {
    const chain = `new ${"a.".repeat(20_000)}B(` + " x,".repeat(20_000);
    const noise = "f(\u0000".repeat(50_000) + "g(x)";
    assert.deepEqual(handed(chain), []);
    assert.deepEqual(handed(noise), ["x"]);
  });
});
