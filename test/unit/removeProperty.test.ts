// The edit that deletes one property of an object literal (the "Remove … from the capabilities" quick
// fix): the text after the edit, written out by hand for each place a property can be.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { removePropertyEdit } from "../../server/src/analysis/core/model/removeProperty";

/** `text` with the property `name` (at its first `name:`) removed, or undefined when no edit is made. */
function removed(text: string, name: string, at = text.indexOf(`${name}:`)): string | undefined {
  const edit = removePropertyEdit("/f.ts", text, at, name.replace(/"/g, ""));
  return edit && text.slice(0, edit.loc.span.start) + edit.newText + text.slice(edit.loc.span.end);
}

describe("removePropertyEdit", () => {
  it("a property first, in the middle, last, or alone", () => {
    assert.equal(removed("{ prompts: {}, tools: {} }", "prompts"), "{ tools: {} }");
    assert.equal(removed("{ a: 1, prompts: { x: [1, 2] }, tools: {} }", "prompts"), "{ a: 1, tools: {} }");
    assert.equal(removed("{ tools: {}, prompts: {} }", "prompts"), "{ tools: {} }");
    assert.equal(removed("{ tools: {}, prompts: {}, }", "prompts"), "{ tools: {}, }");
    assert.equal(removed("{ prompts: {} }", "prompts"), "{}");
  });

  it("a property on a line of its own goes with its line", () => {
    assert.equal(removed("{\n  tools: {},\n  prompts: {},\n  logging: {},\n}", "prompts"), "{\n  tools: {},\n  logging: {},\n}");
    assert.equal(removed("{\n  tools: {},\n  prompts: {}\n}", "prompts"), "{\n  tools: {}\n}");
  });

  it("strings, comments and calls in the value do not end it early", () => {
    assert.equal(removed('{ prompts: { note: "a, b }" /* , */ }, tools: f(1, 2) }', "prompts"), "{ tools: f(1, 2) }");
    assert.equal(removed('{ "prompts": {}, tools: {} }', '"prompts"'), "{ tools: {} }");
  });

  it("no edit: another key at the place, a shorthand, or a value the scan cannot bound", () => {
    assert.equal(removed("{ tools: {}, prompts: {} }", "prompts", 2), undefined);
    assert.equal(removePropertyEdit("/f.ts", "{ prompts, tools: {} }", 2, "prompts"), undefined);
    assert.equal(removed("{ prompts: `a${b}`, tools: {} }", "prompts"), undefined);
    assert.equal(removed("{ prompts: /,/.test(x), tools: {} }", "prompts"), undefined);
  });
});
