// The base pre-pass reads a class's bases and a module's exports from the text alone: what it reads
// must be what TypeScript reads, or a doubt (undefined), never fewer names.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bindsAsValue, classesOf, exportSources, heritageNames, importBindings } from "../../server/src/analysis/core/project/heritageText";

const basesOf = (text: string) => classesOf(text).map((c) => [c.name ?? "(anonymous)", heritageNames(text, c.heritageAt)]);

describe("a class's bases read from the text", () => {
  it("names the values of the extends expression, not type arguments, type parameters or names after a dot", () => {
    assert.deepEqual(basesOf("class A<T extends Foo = {}> extends Base<{ x: Bar }> implements I<Baz> {}"), [["A", ["Base"]]]);
    assert.deepEqual(basesOf("class A extends mixins.With(Base, Other) {}"), [["A", ["mixins", "Base", "Other"]]]);
    assert.deepEqual(basesOf("export default class extends Base<() => void> {}"), [["(anonymous)", ["Base"]]]);
    assert.deepEqual(basesOf("class A extends /* the base */ B // why\n{}"), [["A", ["B"]]]);
  });

  it("skips comments inside type parameters", () => {
    assert.deepEqual(basesOf("class A<\n  // a; b<c\n  T extends object,\n> extends B<T> {}"), [["A", ["B"]]]);
  });

  it("finds no class in prose, module names or attributes, and doubts what it cannot read", () => {
    assert.deepEqual(basesOf('import { IsOptional } from "class-validator";\nx.class = 1;\n<div class="a" />'), []);
    assert.deepEqual(basesOf("// the class that does it; extends nothing\nconst a = 1;"), [["that", []]]);
    assert.equal(heritageNames("class A extends (a > b ? B : C) {}", 7), undefined);
    assert.equal(heritageNames("class A extends B", 7), undefined);
    assert.equal(heritageNames("class A extends mix(`${x}`) {}", 7), undefined);
  });
});

describe("a module's imports and exports read from the text", () => {
  it("binds default, namespace, named and renamed imports, and import-equals", () => {
    const b = importBindings('import D, { a as b, type c, d as e } from "m";\nimport * as NS from "n";\nimport X = require("x");\n')!;
    assert.deepEqual(Object.fromEntries([...b].map(([k, v]) => [k, v.map((x) => `${x.spec}:${x.name}`)])), {
      D: ["m:default"], b: ["m:a"], c: ["m:c"], e: ["m:d"], NS: ["n:*"], X: ["x:*"],
    });
  });

  it("says where an export comes from, and doubts a variable, a function, a default expression and `export =`", () => {
    assert.deepEqual(exportSources('export { A as B } from "m";\nexport * from "s";\n', "B"), [
      { k: "module", spec: "m", name: "A" },
      { k: "module", spec: "s", name: "B" },
    ]);
    assert.deepEqual(exportSources("class C {}\nexport { C as D };\n", "D"), [{ k: "local", name: "C" }]);
    assert.deepEqual(exportSources("class C {}\nexport default C;\n", "default"), [{ k: "local", name: "C" }]);
    assert.equal(exportSources("export const B = mix(A);\n", "B"), undefined);
    assert.equal(exportSources("export function B() {}\n", "B"), undefined);
    assert.equal(exportSources("export default new Env();\n", "default"), undefined);
    assert.equal(exportSources("class A {}\nexport = A;\n", "default"), undefined);
    assert.equal(exportSources("export class Other {}\n", "B"), undefined);
  });

  it("tells a name bound as a value from one only used", () => {
    assert.equal(bindsAsValue("const { Base } = require('./b');", "Base"), true);
    assert.equal(bindsAsValue("function Base() {}", "Base"), true);
    assert.equal(bindsAsValue("import Base = ns.Base;", "Base"), true);
    assert.equal(bindsAsValue("const x = new Base();\nfunction f() { return Base; }", "Base"), false);
  });
});
