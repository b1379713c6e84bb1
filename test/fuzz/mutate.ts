// Deterministic mutations of MLIR text, and generators of pathological inputs.
// Strings here are latin1 "byte strings": one char per byte, written back with
// the latin1 encoding, so byte flips can produce invalid UTF-8 on purpose.

export type Rng = () => number;

export function int(rnd: Rng, n: number): number {
  return Math.floor(rnd() * n);
}

function pick<T>(rnd: Rng, items: readonly T[]): T {
  return items[int(rnd, items.length)];
}

const TOKEN = /[%@^#!]?[A-Za-z_][\w.$-]*|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|"(?:[^"\\\n]|\\.)*"|\s+|./g;
const STRUCTURAL = ['{', '}', '(', ')', '<', '>', '[', ']', '"', '%', '^', ':', ',', '=', '->', '#', '!', '@', '...', '\\', '\n'];

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** One named mutation: returns the new text. */
export type Mutation = (text: string, rnd: Rng, donor: string) => string;

export const MUTATIONS: Record<string, Mutation> = {
  truncate: (t, rnd) => t.slice(0, int(rnd, t.length + 1)),
  flipBytes: (t, rnd) => {
    const chars = t.split('');
    const n = 1 + int(rnd, 8);
    for (let k = 0; k < n && chars.length > 0; k++) chars[int(rnd, chars.length)] = String.fromCharCode(int(rnd, 256));
    return chars.join('');
  },
  insertStructural: (t, rnd) => {
    const at = int(rnd, t.length + 1);
    return t.slice(0, at) + pick(rnd, STRUCTURAL) + t.slice(at);
  },
  deleteToken: (t, rnd) => {
    const toks = tokenize(t);
    if (toks.length === 0) return t;
    toks.splice(int(rnd, toks.length), 1 + int(rnd, 3));
    return toks.join('');
  },
  duplicateToken: (t, rnd) => {
    const toks = tokenize(t);
    if (toks.length === 0) return t;
    const i = int(rnd, toks.length);
    toks.splice(i, 0, ...toks.slice(i, i + 1 + int(rnd, 4)));
    return toks.join('');
  },
  swapTokens: (t, rnd) => {
    const toks = tokenize(t);
    if (toks.length < 2) return t;
    const i = int(rnd, toks.length);
    const j = int(rnd, toks.length);
    [toks[i], toks[j]] = [toks[j], toks[i]];
    return toks.join('');
  },
  replaceToken: (t, rnd, donor) => {
    const toks = tokenize(t);
    const other = tokenize(donor).filter((x) => x.trim() !== '');
    if (toks.length === 0 || other.length === 0) return t;
    toks[int(rnd, toks.length)] = pick(rnd, other);
    return toks.join('');
  },
  spliceDonor: (t, rnd, donor) => {
    const a = int(rnd, donor.length + 1);
    const b = Math.min(donor.length, a + int(rnd, 400));
    const at = int(rnd, t.length + 1);
    return t.slice(0, at) + donor.slice(a, b) + t.slice(at);
  },
  shuffleLines: (t, rnd) => {
    const lines = t.split('\n');
    if (lines.length < 2) return t;
    const i = int(rnd, lines.length);
    const j = int(rnd, lines.length);
    if (rnd() < 0.5) [lines[i], lines[j]] = [lines[j], lines[i]];
    else lines.splice(i, 1);
    return lines.join('\n');
  },
  extremeNumber: (t, rnd) => {
    const toks = tokenize(t);
    const nums = toks.map((x, i) => (/^-?\d/.test(x) ? i : -1)).filter((i) => i >= 0);
    if (nums.length === 0) return t;
    toks[pick(rnd, nums)] = pick(rnd, ['99999999999999999999999999999999999999', '-0', '0x', '0x7FFFFFFFFFFFFFFFFFFF', '1e999999', '-1', '4294967296', '18446744073709551616', '0.', '1.0e']);
    return toks.join('');
  },
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** Applies 1-3 random mutations; returns the text and what was done. */
export function mutate(text: string, donor: string, rnd: Rng): { text: string; steps: string[] } {
  let t = text;
  const steps: string[] = [];
  const n = 1 + int(rnd, 3);
  for (let k = 0; k < n; k++) {
    const name = pick(rnd, MUTATION_NAMES);
    t = MUTATIONS[name](t, rnd, donor);
    steps.push(name);
  }
  return { text: t, steps };
}

/** Hand-picked edge inputs every run tries, regardless of the seed. */
export const EDGE_INPUTS: Record<string, string> = {
  empty: '',
  whitespace: ' \n\t\r\n',
  nul: '\0\0\0',
  bom: '\xEF\xBB\xBFmodule {}\n',
  invalidUtf8: 'module attributes {s = "\xC3\x28\xFF"} {}\n',
  unterminatedString: 'module attributes {s = "abc',
  unterminatedComment: 'module {} // no newline at end',
  hugeInteger: 'func.func @f() -> i32 {\n  %0 = arith.constant 999999999999999999999999999999999 : i32\n  return %0 : i32\n}\n',
  hugeWidth: 'func.func @f(%a: i99999999) {\n  return\n}\n',
  undefinedValue: 'func.func @f() {\n  "test.op"(%undefined) : (i32) -> ()\n  return\n}\n',
  danglingBlock: 'func.func @f() {\n  cf.br ^missing\n}\n',
  selfReference: '%0 = "test.op"(%0) : (i32) -> i32\n',
  lonelyMarker: '// -----\n// -----\n',
  unbalanced: '}}}})))]]]>>>',
  onlyPercent: '%',
  longIdentifier: `func.func @${'x'.repeat(200_000)}() {\n  return\n}\n`,
  manyResults: `%r:100000 = "test.op"() : () -> (${Array(100_000).fill('i32').join(', ')})\n`,
};

/** Deep nestings (and unbalanced ones) as [name, text] pairs. */
export function deepInputs(depth: number): [string, string][] {
  const opOpen = '"test.op"() ({\n';
  const opClose = '}) : () -> ()\n';
  return [
    ['nested regions', opOpen.repeat(depth) + opClose.repeat(depth)],
    ['unclosed regions', opOpen.repeat(depth)],
    ['nested array attributes', `"test.op"() {a = ${'['.repeat(depth)}${']'.repeat(depth)}} : () -> ()\n`],
    ['unclosed array attributes', `"test.op"() {a = ${'['.repeat(depth)}} : () -> ()\n`],
    ['nested dictionary attributes', `"test.op"() {a = ${'{a = '.repeat(depth)}unit${'}'.repeat(depth)}} : () -> ()\n`],
    ['nested function types', `"test.op"() {a = ${'('.repeat(depth)}i32${') -> i32'.repeat(depth)}} : () -> ()\n`],
    ['unclosed parentheses in a type', `"test.op"() : () -> ${'('.repeat(depth)}\n`],
    ['nested tuple types', `"test.op"() {a = ${'tuple<'.repeat(depth)}i32${'>'.repeat(depth)}} : () -> ()\n`],
    ['nested callsite locations', `"test.op"() : () -> () loc(${'callsite('.repeat(depth)}"a"${' at "b")'.repeat(depth)})\n`],
    // Not nesting, but as deep for a recursive walk over the CFG (dominance, printing order).
    ['chain of blocks', `func.func @f() {\n${Array.from({ length: depth }, (_, k) => `^bb${k}:\n  cf.br ^bb${k + 1}\n`).join('')}^bb${depth}:\n  return\n}\n`],
  ];
}
