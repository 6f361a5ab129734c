// completable() changes the schema object itself: a prompt argument that may be such a schema leaves
// `completions` unknown; one written from zod in place (or a new schema around completable()) does not.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer, completable } from "@modelcontextprotocol/server";\nimport { z } from "zod";\nexport const server = new McpServer({ name: "s", version: "1" });\n';
const prompt = (args: string) => `server.registerPrompt("p", { argsSchema: z.object({ ${args} }) }, async () => ({ messages: [] }));\n`;
const completions = (text: string) => {
  const s = analyze({ "s.ts": text }).servers.get("s")!;
  return { stated: s.legacy !== null && "completions" in s.legacy, unknown: s.unknown.some((u) => u.path[0] === "completions") };
};

describe("prompt arguments completable() may have changed (trial 106)", () => {
  it("through a helper, a schema made completable by its own statement, or after the registration: not claimed absent", () => {
    const helper = `${HEAD}const withLangs = (s: z.ZodString) => completable(s, () => ["ts"]);\n${prompt("lang: withLangs(z.string())")}`;
    const statement = `${HEAD}const lang = z.string();\ncompletable(lang, () => ["ts"]);\n${prompt("lang")}`;
    const later = `${HEAD}const Args = z.object({ lang: z.string() });\nserver.registerPrompt("p", { argsSchema: Args }, async () => ({ messages: [] }));\ncompletable(Args.shape.lang, () => ["ts"]);\n`;
    for (const text of [helper, statement, later]) assert.deepEqual(completions(text), { stated: false, unknown: true }, text);
  });

  it("written from zod in place, or a new schema made around completable(): exact, no completions", () => {
    for (const text of [`${HEAD}${prompt("city: z.string()")}`, `${HEAD}${prompt('units: completable(z.string(), () => ["a"]).describe("Units")')}`]) {
      assert.deepEqual(completions(text), { stated: false, unknown: false }, text);
    }
  });
});
