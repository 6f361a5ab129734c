// The names a file changes the object of (mutatedNamesIn): through a cast, through another name for
// the same object, and texts that must not make the pattern slow. Each name here was missed before,
// and the SDK sent a key the analysis claimed exactly it would not.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mutatedNamesIn } from "../../server/src/analysis/core/evaluate/mutation";

const changed = (text: string) => [...mutatedNamesIn(text)].sort();

describe("names whose object a file changes", () => {
  it("a plain write, an array method, Object.assign and delete, as before", () => {
    assert.deepEqual(changed("caps.logging = {};\nlist.push(1);\nObject.assign(opts, {});\ndelete extra.x;\n"), ["caps", "extra", "list", "opts"]);
  });

  it("a write through a cast in parentheses, with members before or after it", () => {
    assert.deepEqual(changed("(caps as any).logging = {};"), ["caps"]);
    assert.deepEqual(changed("(config.capabilities as Record<string, object>).prompts = {};"), ["config"]);
    assert.deepEqual(changed("(<any>res).subscribe = true;"), ["res"]);
    assert.deepEqual(changed("(extra!).x ??= 1;"), ["extra"]);
    assert.deepEqual(changed("Object.assign((caps as any), { logging: {} });"), ["caps"]);
    assert.deepEqual(changed("caps?.tools.listChanged = true;"), ["caps"]);
  });

  it("a cast in double parentheses or to an object type with several members, type arguments of Object.assign", () => {
    assert.deepEqual(changed("((flags as any)).docs = true;"), ["flags"]);
    assert.deepEqual(changed("(flags as { docs: boolean; admin: boolean }).docs = true;"), ["flags"]);
    assert.deepEqual(changed("Object.assign<typeof flags, object>(flags, { docs: true });"), ["flags"]);
  });

  it("an array method on a member changes the object holding it (`settings.tools.splice(0)`, `ns.TOOLS.pop()`)", () => {
    assert.deepEqual(changed("settings.tools.splice(0);\nns.TOOLS.pop();\nlist.length = 0;"), ["list", "ns", "settings"]);
    assert.deepEqual(changed("const copy = tools.slice();\nObject.keys(x).sort();"), []);
  });

  it("a write through another name for the object changes the first name too", () => {
    assert.deepEqual(changed("const same = caps;\nsame.logging = {};"), ["caps", "same"]);
    assert.deepEqual(changed("const t = caps.tools;\nt.listChanged = true;"), ["caps", "t"]);
    assert.deepEqual(changed("const { tools, other: o } = caps;\no.x = 1;"), ["caps", "o"]);
    assert.deepEqual(changed("let s;\ns = caps;\ns.x = 1;"), ["caps", "s"]);
    assert.deepEqual(changed("const a = b;\nconst c = a;\nc.x = 1;"), ["a", "b", "c"]);
  });

  it("a write into what a call returns changes the function's result (`caps().logging = {}`)", () => {
    assert.deepEqual(changed("caps().logging = {};\nbuild(1, 2).tools!.listChanged = true;\nserver.getCapabilities().x = 1;"), ["build", "caps"]);
  });

  it("reads, comparisons and other names left alone are not changes", () => {
    assert.deepEqual(changed("const same = caps;\nconsole.log(same.x);\nif (a == b) {}\nconst c = d === e;\nconst f = g.h;\n"), []);
  });

  it("ends quickly on long lines and unclosed parentheses", { timeout: 20_000 }, () => {
    const texts = [
      "{" + "a: b, ".repeat(100_000) + "}",
      "a = (".repeat(20_000),
      "const {" + "a: b,".repeat(50_000),
      ("x: " + "y".repeat(100)).repeat(5_000),
      "(a as " + "b ".repeat(50_000),
      "f(" + "(a as b".repeat(20_000),
      "(".repeat(50_000) + "a " + "as x".repeat(10_000),
      "const a = " + "b.".repeat(50_000) + ";",
    ];
    for (const text of texts) mutatedNamesIn(text);
  });
});
