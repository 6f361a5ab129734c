// Registration names written as template literals (`${entity}_list`): known when every substitution is
// a plain name or member chain with a known string or number value; anything else stays unknown.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ValueExpr } from "../../server/src/analysis/core/model/summary";
import { templateString } from "../../server/src/analysis/core/evaluate/templateNames";

const SPAN = { start: 0, end: 0 };
const VALUES: Record<string, string | number> = { entity: "users", "cfg.service": "billing", version: 2 };
const pathOf = (e: ValueExpr): string => (e.k === "ref" ? e.name : e.k === "get" && e.key.k === "static" ? `${pathOf(e.object)}.${e.key.name}` : "?");
const valueOf = (e: ValueExpr) => VALUES[pathOf(e)];

describe("SDK: template-literal names", () => {
  it("substitutions of known names and member chains", () => {
    assert.equal(templateString("`${entity}_list`", SPAN, valueOf), "users_list");
    assert.equal(templateString("`${ cfg.service }-search-v${version}`", SPAN, valueOf), "billing-search-v2");
    assert.equal(templateString("`plain`", SPAN, valueOf), "plain");
    assert.equal(templateString("`cost: $5`", SPAN, valueOf), "cost: $5");
  });

  it("anything else is not a known name", () => {
    for (const text of ["`${unknown}_list`", "`${entity.toUpperCase()}`", "`${a + b}`", "`line\\n${entity}`", "String.raw`${entity}`", "'${entity}'", "`${`${entity}`}`"]) {
      assert.equal(templateString(text, SPAN, valueOf), undefined, text);
    }
  });
});
