// The rules agent-ir applies to every string (src/agent_ir/_text.py): valid Unicode and
// "non-blank", and how a sentence quotes a value of the data (Python's repr, cut).

/** Whitespace: the union of Python's str.isspace and ECMA-262's \s (30 characters). */
export const BLANK_CHARACTERS =
  "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680" +
  "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" +
  "\u2028\u2029\u202f\u205f\u3000\ufeff";

const BLANK = new Set(BLANK_CHARACTERS);

/** True when `text` is empty or only whitespace. */
export function isBlank(text: string): boolean {
  for (const character of text) if (!BLANK.has(character)) return false;
  return true;
}

/** The number of code points of `text` (Python's len). */
export function codePoints(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    count += 1;
  }
  return count;
}

/** The first `limit` code points of `text`. */
function firstCodePoints(text: string, limit: number): string {
  let count = 0;
  let index = 0;
  while (index < text.length && count < limit) {
    const unit = text.charCodeAt(index);
    index += unit >= 0xd800 && unit <= 0xdbff && isLow(text.charCodeAt(index + 1)) ? 2 : 1;
    count += 1;
  }
  return text.slice(0, index);
}

const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** The most characters of one value a diagnostic's message quotes. */
export const QUOTE_CHARS = 200;

export function leftOut(count: number): string {
  return `… (${count} more character${count !== 1 ? "s" : ""})`;
}

/** `text`, or its first `limit` characters then "… (N more characters)". */
export function cut(text: string, limit = QUOTE_CHARS): string {
  const length = codePoints(text);
  if (length <= limit) return text;
  return firstCodePoints(text, limit) + leftOut(length - limit);
}

// Characters Python's repr escapes: str.isprintable is false for the categories Cc, Cf,
// Cs, Co, Cn, Zl, Zp and Zs but the space.
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

/** Python's repr of a string. */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (let index = 0; index < text.length; index += 1) {
    let unit = text.charCodeAt(index);
    let character = text[index];
    if (unit >= 0xd800 && unit <= 0xdbff && isLow(text.charCodeAt(index + 1))) {
      character = text.slice(index, index + 2);
      unit = character.codePointAt(0)!;
      index += 1;
    }
    if (character === quote || character === "\\") out += "\\" + character;
    else if (character === "\n") out += "\\n";
    else if (character === "\r") out += "\\r";
    else if (character === "\t") out += "\\t";
    else if (unit < 0x20 || unit === 0x7f) out += "\\x" + unit.toString(16).padStart(2, "0");
    else if (unit < 0x7f) out += character;
    else if ((unit >= 0xd800 && unit <= 0xdfff) || (character !== " " && NOT_PRINTABLE.test(character))) {
      if (unit <= 0xff) out += "\\x" + unit.toString(16).padStart(2, "0");
      else if (unit <= 0xffff) out += "\\u" + unit.toString(16).padStart(4, "0");
      else out += "\\U" + unit.toString(16).padStart(8, "0");
    } else out += character;
  }
  return out + quote;
}

/** A value of the data as a sentence quotes it (Python's `quoted`). */
export function quoted(value: unknown, limit = QUOTE_CHARS): string {
  if (typeof value === "string") {
    const length = codePoints(value);
    if (length <= limit) return pyRepr(value);
    return pyRepr(firstCodePoints(value, limit)) + leftOut(length - limit);
  }
  return cut(JSON.stringify(value) ?? String(value), limit);
}

/** Compare two strings by code point (Python's order of str). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const x = Array.from(a);
  const y = Array.from(b);
  for (let index = 0; index < Math.min(x.length, y.length); index += 1) {
    if (x[index] !== y[index]) return x[index].codePointAt(0)! - y[index].codePointAt(0)!;
  }
  return x.length - y.length;
}
