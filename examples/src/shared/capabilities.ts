// Capability fragments shared by several servers. Everything here can be evaluated statically
// (spec §4.1): const bindings, a string enum, `as const`, a substitution-free template literal,
// computed keys and Object.freeze(...). Servers import them through ./index.ts (a re-export).

export enum Primitive {
  Tools = "tools",
  Resources = "resources",
  Prompts = "prompts",
}

export const STATIC_LIST = { listChanged: false } as const;

export const TOOLS_ONLY = { [Primitive.Tools]: STATIC_LIST };

const LABEL_FORMATS = `com.acme/label-formats`;

export const ACME_EXPERIMENTAL = Object.freeze({
  [LABEL_FORMATS]: { formats: ["zpl", "pdf"], maxPerRequest: 50 },
});

export const GATEWAY_DEFAULTS: { tools?: { listChanged: boolean; pageSize?: number } } = {
  tools: { listChanged: false, pageSize: 100 },
};
