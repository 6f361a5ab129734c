/**
 * Whether a file changes the object or array a top-level const holds after declaring it
 * (`capabilities.logging = {}`, `Object.assign(capabilities, …)`, `list.push(…)`, `delete caps.x`):
 * then its declared value is not what the program uses. Read from the text, so a comment or a string
 * can only make a value unknown, never wrong. Asked only for the consts an evaluation reads.
 */
export function mutatesConst(text: string, name: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const n = name.replace(/\$/g, "\\$");
  const member = String.raw`(?:\.\s*[A-Za-z_$][\w$]*|\[[^\]\n]*\])`;
  const assign = String.raw`(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?!=)`;
  const pattern = new RegExp(
    String.raw`(?<![\w$.])${n}\s*(?:${member}+\s*${assign}|\.\s*(?:push|unshift|splice|pop|shift|sort|reverse|fill|copyWithin)\s*\()` +
      String.raw`|Object\.(?:assign|defineProperty|defineProperties|setPrototypeOf)\s*\(\s*${n}\b|\bdelete\s+${n}\s*[.[]`,
  );
  return pattern.test(text);
}
