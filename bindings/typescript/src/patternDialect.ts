// The pattern dialect of tool schemas (src/agent_ir/validation/_pattern_dialect.py, ported line for
// line): a `pattern` (or a `patternProperties` key) read as ECMA-262 with the u flag and
// written for a linear-time engine with the same meaning (Rust's `regex` in Python, RE2
// here: `forRe2`). One of three readings: translated (every class written as explicit
// ranges of code points), unasserted (lookaround, back-references: an annotation), or
// refused (`problem`, a sentence completing "the pattern ... which"). One pass, no
// recursion; the index counts UTF-16 units, every syntax character is ASCII, and a
// literal is read as one code point.

export const UNASSERTED: ReadonlyMap<string, string> = new Map([
  ["(?=", "a lookahead"],
  ["(?!", "a negative lookahead"],
  ["(?<=", "a lookbehind"],
  ["(?<!", "a negative lookbehind"],
  ...[..."123456789"].map((digit): [string, string] => [`\\${digit}`, "a back-reference"]),
  ["\\k<", "a named back-reference"],
]);

/** The most code points a translated pattern may have once each quantified atom is
 * written out as many times as its quantifier's count (Python's PATTERN_SIZE): Rust's
 * regex refuses a pattern past its compiled size limit, which no other engine knows, so
 * the profile bounds it alike in both languages. */
export const PATTERN_SIZE = 4_096;

/** The most times a counted quantifier may repeat an atom, nested ones multiplied
 * (Python's PATTERN_REPEAT): RE2's bound (kMaxRepeat), which re2js keeps. */
export const PATTERN_REPEAT = 1_000;

export interface Reading {
  readonly translated: string | null;
  readonly unasserted: string | null;
  readonly problem: string | null;
}

type Ranges = readonly (readonly [number, number])[];

const LAST = 0x10ffff;
const SURROGATES = [0xd800, 0xdfff] as const;
const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
export const SPACE: Ranges = [
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a],
  [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: Ranges = [[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]];

class Refused extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

/** The reading of `pattern`; never throws. */
export function readPattern(pattern: string): Reading {
  const reader = new Reader(pattern);
  try {
    reader.read();
  } catch (error) {
    if (error instanceof Refused) return { translated: null, unasserted: null, problem: error.problem };
    throw error;
  }
  if (reader.unasserted !== null) return { translated: null, unasserted: reader.unasserted, problem: null };
  if (reader.repeats[0] > PATTERN_REPEAT) {
    const problem = `repeats an atom more than ${PATTERN_REPEAT} times (counted quantifiers, nested ones multiplied: the bound of RE2's engines)`;
    return { translated: null, unasserted: null, problem };
  }
  if (reader.sizes[0] > PATTERN_SIZE) {
    const problem = `is more than ${PATTERN_SIZE} characters long once each repetition is written out (the pattern size, which keeps it within what Rust's regex compiles)`;
    return { translated: null, unasserted: null, problem };
  }
  return { translated: reader.out.join(""), unasserted: null, problem: null };
}

/** A translation (Rust's syntax) as RE2 reads it: a code point is \x{...} (every \u{
 * of a translation is one: a backslash itself is \u{5C}); RE2's \b and \B are ASCII
 * already. */
export function forRe2(translated: string): string {
  return translated.replaceAll("\\u{", "\\x{").replaceAll("(?-u:\\b)", "\\b").replaceAll("(?-u:\\B)", "\\B");
}

const NOTHING = 0, ASSERTION = 1, ATOM = 2, QUANTIFIER = 3, LAZY = 4;

const BRACES = /\{([0-9]+)(?:(,)([0-9]*))?\}/y;
const NAMED_GROUP = /\(\?<[A-Za-z_$][A-Za-z0-9_$]*>/y;
const NAMED_REFERENCE = /\\k<[A-Za-z_$][A-Za-z0-9_$]*>/y;
const CONTROL_ESCAPES: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const isAsciiAlnum = (char: string): boolean => /^[A-Za-z0-9]$/.test(char);

function normal(ranges: Iterable<readonly [number, number]>): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  const kept: [number, number][] = [];
  for (const [low, high] of merged) {
    if (low < SURROGATES[0]) kept.push([low, Math.min(high, SURROGATES[0] - 1)]);
    if (high > SURROGATES[1]) kept.push([Math.max(low, SURROGATES[1] + 1), high]);
  }
  return kept;
}

function complement(ranges: Ranges): Ranges {
  const outside: [number, number][] = [];
  let start = 0;
  for (const [low, high] of normal(ranges)) {
    if (low > start) outside.push([start, low - 1]);
    start = high + 1;
  }
  if (start <= LAST) outside.push([start, LAST]);
  return normal(outside);
}

function char(code: number): string {
  const text = String.fromCodePoint(code);
  return isAsciiAlnum(text) ? text : `\\u{${code.toString(16).toUpperCase()}}`;
}

function written(ranges: Ranges): string {
  if (ranges.length === 0) return `[^${char(0)}-${char(LAST)}]`;
  return "[" + ranges.map(([low, high]) => (low === high ? char(low) : `${char(low)}-${char(high)}`)).join("") + "]";
}

const CLASS_ESCAPES: ReadonlyMap<string, Ranges> = new Map([
  ["d", DIGIT],
  ["D", complement(DIGIT)],
  ["w", WORD],
  ["W", complement(WORD)],
  ["s", SPACE],
  ["S", complement(SPACE)],
]);
const DOT = written(complement(LINE_TERMINATORS));
const ASCII_BOUNDARIES: ReadonlyMap<string, string> = new Map([["b", "(?-u:\\b)"], ["B", "(?-u:\\B)"]]);

interface Atom {
  readonly ranges: Ranges;
  readonly single: number | null;
}

class Reader {
  index = 0;
  readonly out: string[] = [];
  openGroups = 0;
  last = NOTHING;
  unasserted: string | null = null;
  readonly sizes = [0]; // the written-out size of each open group, the pattern's first
  atom = 0; // the written-out size of the last atom
  count = 1; // the count of the last quantifier
  readonly repeats = [1]; // the most repetitions of an atom in each open group
  repeated = 1; // the repetitions of the last atom
  times = 1; // the repetitions the last quantifier multiplies by

  constructor(readonly pattern: string) {}

  /** The code point at UTF-16 index `at`, as a string ("" past the end). */
  private at(at: number): string {
    const code = this.pattern.codePointAt(at);
    return code === undefined ? "" : String.fromCodePoint(code);
  }

  read(): void {
    while (this.index < this.pattern.length) {
      const start = this.index;
      this.token();
      this.measure(this.pattern[start], codePoints(this.pattern, start, this.index));
    }
    if (this.openGroups) throw new Refused("has a ( that is never closed");
  }

  /** The written-out size and the repetitions after a token of `length` code points
   * starting with `first` (Python's _measure): each capped just past its bound. */
  private measure(first: string, length: number): void {
    const sizes = this.sizes;
    const repeats = this.repeats;
    const cap = PATTERN_SIZE + 1;
    if (this.last === QUANTIFIER) {
      sizes[sizes.length - 1] = Math.min(cap, sizes[sizes.length - 1] + this.atom * (this.count - 1));
      this.repeated = Math.min(PATTERN_REPEAT + 1, this.repeated * this.times);
      repeats[repeats.length - 1] = Math.max(repeats[repeats.length - 1], this.repeated);
      return;
    }
    if (first === "(") {
      sizes.push(length);
      repeats.push(1);
      return;
    }
    this.repeated = 1;
    if (first === ")") {
      length += sizes.pop()!;
      this.repeated = repeats.pop()!;
      repeats[repeats.length - 1] = Math.max(repeats[repeats.length - 1], this.repeated);
    }
    sizes[sizes.length - 1] = Math.min(cap, sizes[sizes.length - 1] + length);
    this.atom = Math.min(cap, length);
  }

  /** One token of the pattern, read past. */
  private token(): void {
    switch (this.pattern[this.index]) {
      case "\\": this.escape(); break;
      case "[": this.klass(); break;
      case "(": this.open(); break;
      case ")": this.close(); break;
      case "|": this.emit("|", NOTHING); break;
      case "^": case "$": this.emit(this.pattern[this.index], ASSERTION); break;
      case ".": this.emit(DOT, ATOM); break;
      case "*": case "+": case "?": this.quantifier(); break;
      case "{": this.braces(); break;
      case "}": throw new Refused("has a } that ends no quantifier (write \\})");
      default: {
        const literal = this.at(this.index);
        this.emit(char(literal.codePointAt(0)!), ATOM, literal.length);
      }
    }
  }

  private emit(text: string, last: number, length = 1): void {
    this.out.push(text);
    this.last = last;
    this.index += length;
  }

  private open(): void {
    const rest = this.pattern.slice(this.index, this.index + 4);
    for (const [opening, construct] of UNASSERTED) {
      if (opening.startsWith("(") && rest.startsWith(opening)) {
        this.note(construct);
        this.openGroups += 1;
        this.emit("(?:", NOTHING, opening.length);
        return;
      }
    }
    NAMED_GROUP.lastIndex = this.index;
    const named = NAMED_GROUP.exec(this.pattern);
    if (rest.startsWith("(?:") || named !== null) {
      const length = named === null ? 3 : named[0].length;
      this.openGroups += 1;
      this.emit("(", NOTHING, length);
    } else if (rest.startsWith("(?")) {
      throw new Refused(`opens the group (?${this.at(this.index + 2)} (no lookaround, named group or (?:)`);
    } else {
      this.openGroups += 1;
      this.emit("(", NOTHING);
    }
  }

  private close(): void {
    if (!this.openGroups) throw new Refused("has a ) that closes no group");
    this.openGroups -= 1;
    this.emit(")", ATOM);
  }

  private quantifier(): void {
    const c = this.pattern[this.index];
    if (this.last === QUANTIFIER && c === "?") this.emit("?", LAZY);
    else if (this.last === QUANTIFIER && c === "+") throw new Refused("uses a possessive quantifier");
    else this.repeat(c);
  }

  private braces(): void {
    BRACES.lastIndex = this.index;
    const braces = BRACES.exec(this.pattern);
    if (braces === null) throw new Refused("has a { that starts no {n}, {n,} or {n,m} (write \\{)");
    const [whole, low, comma, high] = braces;
    if (comma && high && compareNumbers(high, low) < 0) {
      throw new Refused(`has the quantifier ${whole}, its minimum above its maximum`);
    }
    this.repeat(whole);
  }

  private repeat(quantifier: string): void {
    if (this.last !== ATOM) throw new Refused(`has the quantifier ${quantifier} with nothing to repeat`);
    this.count = count(quantifier, PATTERN_SIZE);
    this.times = count(quantifier, PATTERN_REPEAT);
    this.emit(quantifier, QUANTIFIER, quantifier.length);
  }

  private escape(): void {
    const escaped = this.at(this.index + 1);
    const klass = CLASS_ESCAPES.get(escaped);
    const boundary = ASCII_BOUNDARIES.get(escaped);
    if (klass !== undefined) {
      this.emit(written(klass), ATOM, 2);
    } else if (boundary !== undefined) {
      this.emit(boundary, ASSERTION, 2);
    } else if (escaped !== "" && "123456789".includes(escaped)) {
      this.note(UNASSERTED.get("\\" + escaped)!);
      this.emit("", ATOM, digitsAfter(this.pattern, this.index + 1));
    } else if (escaped === "k") {
      NAMED_REFERENCE.lastIndex = this.index;
      const reference = NAMED_REFERENCE.exec(this.pattern);
      if (reference === null) throw new Refused("uses the escape \\k without a <name>");
      this.note(UNASSERTED.get("\\k<")!);
      this.emit("", ATOM, reference[0].length);
    } else {
      this.emit(char(this.escapedCharacter()), ATOM, 0);
    }
  }

  private note(construct: string): void {
    if (this.unasserted === null) this.unasserted = construct;
  }

  private escapedCharacter(): number {
    const escaped = this.at(this.index + 1);
    if (escaped === "") throw new Refused("ends with a lone \\");
    if (Object.hasOwn(CONTROL_ESCAPES, escaped)) {
      this.index += 2;
      return CONTROL_ESCAPES[escaped];
    }
    if (escaped === "c") return this.controlLetter();
    if (escaped === "x") return this.hexDigits("x", 2);
    if (escaped === "u") return this.unicodeEscape();
    if (escaped === "0") return this.nullEscape();
    if (escaped.charCodeAt(0) < 0x80 && !isAsciiAlnum(escaped)) {
      this.index += 2;
      return escaped.charCodeAt(0);
    }
    throw new Refused(`uses the escape \\${escaped}`);
  }

  private controlLetter(): number {
    const letter = this.at(this.index + 2);
    if (!/^[A-Za-z]$/.test(letter)) throw new Refused("uses \\c without an ASCII letter after it");
    this.index += 3;
    return letter.charCodeAt(0) % 32;
  }

  private nullEscape(): number {
    if (/^[0-9]$/.test(this.at(this.index + 2))) throw new Refused("uses \\0 followed by a digit (an octal escape)");
    this.index += 2;
    return 0;
  }

  private unicodeEscape(): number {
    if (this.pattern.startsWith("{", this.index + 2)) {
      throw new Refused("uses \\u{...}, a code point only with the u flag (write \\uXXXX)");
    }
    const code = this.hexDigits("u", 4);
    if (code >= 0xd800 && code <= 0xdbff && this.pattern.startsWith("\\u", this.index)) {
      const trail = hexValue(this.pattern, this.index + 2, 4);
      if (trail !== null && trail >= 0xdc00 && trail <= 0xdfff) {
        this.index += 6;
        return 0x10000 + ((code - 0xd800) << 10) + (trail - 0xdc00);
      }
    }
    if (code >= SURROGATES[0] && code <= SURROGATES[1]) {
      const shown = code.toString(16).toUpperCase().padStart(4, "0");
      throw new Refused(`uses \\u${shown}, a lone surrogate, which no string holds`);
    }
    return code;
  }

  private hexDigits(letter: string, count: number): number {
    const code = hexValue(this.pattern, this.index + 2, count);
    if (code === null) throw new Refused(`uses \\${letter} without ${count} hex digits after it`);
    this.index += 2 + count;
    return code;
  }

  private klass(): void {
    this.index += 1;
    const negated = this.pattern.startsWith("^", this.index);
    if (negated) this.index += 1;
    const members: (readonly [number, number])[] = [];
    while (!this.pattern.startsWith("]", this.index)) {
      if (this.index >= this.pattern.length) throw new Refused("has a class that is never closed");
      const first = this.classAtom();
      if (this.rangeFollows()) {
        this.index += 1;
        members.push(range(first, this.classAtom()));
      } else {
        members.push(...first.ranges);
      }
    }
    this.emit(written(negated ? complement(members) : normal(members)), ATOM);
  }

  private rangeFollows(): boolean {
    const after = this.pattern.slice(this.index + 1, this.index + 2);
    return this.pattern.startsWith("-", this.index) && after !== "" && after !== "]";
  }

  private classAtom(): Atom {
    const c = this.at(this.index);
    if (c !== "\\") {
      this.index += c.length;
      const code = c.codePointAt(0)!;
      return { ranges: [[code, code]], single: code };
    }
    const escaped = this.at(this.index + 1);
    const klass = CLASS_ESCAPES.get(escaped);
    if (klass !== undefined) {
      this.index += 2;
      return { ranges: klass, single: null };
    }
    if (escaped === "b") {
      this.index += 2;
      return { ranges: [[8, 8]], single: 8 };
    }
    const code = this.escapedCharacter();
    return { ranges: [[code, code]], single: code };
  }
}

function range(first: Atom, last: Atom): readonly [number, number] {
  if (first.single === null || last.single === null) {
    throw new Refused("has a range with a class escape at one end (such as [\\d-z])");
  }
  if (first.single > last.single) {
    throw new Refused(`has the range ${String.fromCodePoint(first.single)}-${String.fromCodePoint(last.single)} out of order`);
  }
  return [first.single, last.single];
}

function digitsAfter(pattern: string, start: number): number {
  let end = start;
  while (end < pattern.length && "0123456789".includes(pattern[end])) end += 1;
  return end - start + 1;
}

function hexValue(pattern: string, start: number, count: number): number | null {
  const digits = pattern.slice(start, start + count);
  if (digits.length !== count || !/^[0-9A-Fa-f]+$/.test(digits)) return null;
  return parseInt(digits, 16);
}

/** How many times a quantifier writes out or repeats its atom (Python's _count): {n}
 * and {n,} n, {n,m} m, *, +, ? and {0} once; capped just past `bound`. */
function count(quantifier: string, bound: number): number {
  const [low, high = ""] = quantifier.slice(1, -1).split(","); // "" for *, + and ?
  const significant = (high || low).replace(/^0+/, "");
  if (significant.length > String(bound).length) return bound + 1;
  return Math.min(bound + 1, Math.max(1, Number(significant || "0")));
}

/** The code points of `text` from UTF-16 index `start` to `end` (a surrogate pair is
 * one, as Python counts; a lone surrogate one too). */
function codePoints(text: string, start: number, end: number): number {
  let found = 0;
  for (let index = start; index < end; index += 1) {
    const unit = text.charCodeAt(index);
    const paired = unit >= 0xdc00 && unit <= 0xdfff && index > start && text.charCodeAt(index - 1) >= 0xd800 && text.charCodeAt(index - 1) <= 0xdbff;
    if (!paired) found += 1;
  }
  return found;
}

/** Two quantifier bounds compared without a number (no limit on their digits). */
function compareNumbers(a: string, b: string): number {
  const x = a.replace(/^0+/, "");
  const y = b.replace(/^0+/, "");
  return x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
}
