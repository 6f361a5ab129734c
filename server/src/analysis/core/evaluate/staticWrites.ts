// Whether a class's file writes to one of its static members: `Config.CAPS = ...`, `this.CAPS.x = 1`,
// `Config.CAPS["x"] += 1`, `Config.CAPS.push(...)`. Read from the text by the member's name (any
// object's member of that name counts: a cheap over-approximation); the declarations
// `static readonly NAME = ...` themselves are not writes.

const OPERATOR = String.raw`(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?![=>])`;
const MUTATORS = "push|unshift|splice|pop|shift|sort|reverse|fill|copyWithin";
const DECLARATION = /\bstatic\s+(?:readonly\s+)?[\w$]+\s*(?::[^=;]*)?=/g;

export function writesStaticMember(text: string, name: string): boolean {
  const n = name.replace(/\$/g, "\\$");
  const member = String.raw`(?<![\w$])${n}(?:\s*!?\s*(?:\.\s*[\w$]+|\[[^\]\n]*\]))*\s*`;
  const writes = new RegExp(`${member}${OPERATOR}|${member}\\.\\s*(?:${MUTATORS})\\s*\\(`);
  return writes.test(text.replace(DECLARATION, ""));
}
