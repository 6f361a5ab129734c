// The classes a top-level `let` may hold where it is used (`let App = FastMCP; if (lite) App = Lite`).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summarizeText } from "../../server/src/analysis/core/summarize/summarizeText";
import { letChoices } from "../../server/src/analysis/core/evaluate/letChoices";

const choices = (text: string, name = "App") => letChoices(summarizeText("/a.ts", text, 1).summary, text, name);

describe("the values a let holding a class may have", () => {
  it("the initialiser, then each assignment, once each", () => {
    assert.deepEqual(choices("let App = FastMCP;\nif (x) App = Lite;\nelse App = FastMCP;\nnew App();"), ["FastMCP", "Lite"]);
    assert.deepEqual(choices("let App: typeof Full = Full;\nif (x) App = (Lite as typeof Full);\nApp ??= Other;"), ["Full", "Lite", "Other"]);
  });

  it("not a let, a value that is not a plain name, or a write of another shape: not known", () => {
    assert.equal(choices("const App = FastMCP;"), undefined);
    assert.equal(choices("let App = FastMCP;\nif (x) App = pick();"), undefined);
    assert.equal(choices("let App = FastMCP;\n[App] = list;"), undefined);
    assert.equal(choices("let App;\nApp = FastMCP;"), undefined);
  });
});
