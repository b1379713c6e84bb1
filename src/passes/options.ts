// Pass options: typed, named values a pass declares and a pipeline sets with
// `pass{name=value other}` or `--pass=name=value`. Parsing and the messages
// follow MLIR's PassOptions on top of LLVM's cl parsers.

export type PassOptionKind = 'bool' | 'int' | 'long' | 'uint' | 'ulong' | 'string' | 'enum' | 'string-list' | 'long-list' | 'uint-list' | 'ulong-list';

export interface PassOptionSpec {
  name: string;
  kind: PassOptionKind;
  description: string;
  /** The default value (not set for lists). */
  default?: boolean | bigint | string;
  /** For enums: [name, description] in declaration order. */
  values?: readonly (readonly [string, string])[];
}

export type PassOptionValue = boolean | bigint | string | string[] | bigint[];

/** Thrown with the exact text an option parser writes to the error stream. */
export class PassOptionError extends Error {
  /** Text written straight to stderr (LLVM's cl errors), before the diagnostic. */
  constructor(
    message: string,
    readonly direct: string = '',
  ) {
    super(message);
  }
}

const INT_RANGE: Record<string, [bigint, bigint]> = {
  int: [-(2n ** 31n), 2n ** 31n - 1n],
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  uint: [0n, 2n ** 32n - 1n],
  ulong: [0n, 2n ** 64n - 1n],
};

/** LLVM's getAsInteger with radix auto-detection (0x, 0b, 0 octal). */
function parseInteger(text: string, signed: boolean): bigint | undefined {
  let s = text;
  let neg = false;
  if (signed && s.startsWith('-')) {
    neg = true;
    s = s.slice(1);
  }
  let radix = 10;
  if (/^0[xX]/.test(s)) {
    radix = 16;
    s = s.slice(2);
  } else if (/^0[bB]/.test(s)) {
    radix = 2;
    s = s.slice(2);
  } else if (/^0o/.test(s)) {
    radix = 8;
    s = s.slice(2);
  } else if (s.length > 1 && s.startsWith('0')) {
    radix = 8;
    s = s.slice(1);
  }
  if (!s.length) return undefined;
  const digits = radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : radix === 2 ? /^[01]+$/ : /^[0-9]+$/;
  if (!digits.test(s)) return undefined;
  let v = 0n;
  for (const c of s) v = v * BigInt(radix) + BigInt(parseInt(c, radix));
  return neg ? -v : v;
}

export function parseOptionValue(tool: string, spec: PassOptionSpec, value: string | undefined): PassOptionValue {
  const prefix = `${tool}: for the --${spec.name} option: `;
  const needValue = (): string => {
    if (value === undefined) throw new PassOptionError('', prefix + 'requires a value!\n');
    return value;
  };
  switch (spec.kind) {
    case 'bool': {
      if (value === undefined || value === '') return true;
      if (/^(true|TRUE|True|1)$/.test(value)) return true;
      if (/^(false|FALSE|False|0)$/.test(value)) return false;
      throw new PassOptionError('', prefix + `'${value}' is invalid value for boolean argument! Try 0 or 1\n`);
    }
    case 'int':
    case 'long':
    case 'uint':
    case 'ulong': {
      const v = needValue();
      const n = parseInteger(v, spec.kind === 'int' || spec.kind === 'long');
      const [lo, hi] = INT_RANGE[spec.kind];
      if (n === undefined || n < lo || n > hi) throw new PassOptionError('', prefix + `'${v}' value invalid for ${spec.kind} argument!\n`);
      return n;
    }
    case 'string':
      return value ?? '';
    case 'enum': {
      const v = value ?? '';
      if (!spec.values!.some(([n]) => n === v)) throw new PassOptionError('', prefix + `Cannot find option named '${v}'!\n`);
      return v;
    }
    case 'string-list':
    case 'long-list':
    case 'uint-list':
    case 'ulong-list': {
      const items = splitCommaList(needValue());
      if (spec.kind === 'string-list') return items;
      const element = spec.kind === 'long-list' ? 'long' : spec.kind === 'uint-list' ? 'uint' : 'ulong';
      const [lo, hi] = INT_RANGE[element];
      return items.map((it) => {
        const n = parseInteger(it, element === 'long');
        if (n === undefined || n < lo || n > hi) throw new PassOptionError('', prefix + `'${it}' value invalid for ${element} argument!\n`);
        return n;
      });
    }
  }
}

/** Index of `c` in `s` from `from`, skipping nested {...}, (...), [...] and quotes. */
function findChar(s: string, from: number, c: string): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === c) return i;
    let j = i;
    if (s[i] === '{') j = findChar(s, i + 1, '}');
    else if (s[i] === '(') j = findChar(s, i + 1, ')');
    else if (s[i] === '[') j = findChar(s, i + 1, ']');
    else if (s[i] === '"') j = s.indexOf('"', i + 1);
    else if (s[i] === "'") j = s.indexOf("'", i + 1);
    if (j < 0) return -1;
    i = j;
  }
  return -1;
}

function cleanArg(raw: string): string {
  const str = raw.trim();
  if (str.length <= 1) return str;
  for (const q of ['"', "'"]) if (str.startsWith(q) && str.endsWith(q)) return str.slice(1, -1).trim();
  if (str.startsWith('{') && findChar(str, 1, '}') === str.length - 1) return str.slice(1, -1).trim();
  return str;
}

function splitCommaList(s: string): string[] {
  if (!s.length) return [];
  const out: string[] = [];
  let rest = s;
  for (;;) {
    const i = findChar(rest, 0, ',');
    if (i < 0) break;
    out.push(cleanArg(rest.slice(0, i)));
    rest = rest.slice(i + 1);
  }
  out.push(cleanArg(rest));
  return out;
}

/** Splits `a=1 b c={x y}` into [key, value] pairs as MLIR's parseNextArg does. */
export function splitOptionString(options: string): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  let s = options;
  while (s.length) {
    let i = 0;
    let key: string;
    let value: string | undefined;
    for (;; i++) {
      if (i === s.length || s[i] === ' ') {
        key = cleanArg(s.slice(0, i));
        s = s.slice(i).trimStart();
        value = undefined;
        break;
      }
      if (s[i] === '=') {
        key = cleanArg(s.slice(0, i));
        s = s.slice(i).trimStart().slice(1);
        value = '';
        break;
      }
    }
    if (value !== undefined) {
      let j = 0;
      for (;; j++) {
        if (j >= s.length || s[j] === ' ') break;
        const c = s[j];
        if (c === "'" || c === '"') {
          const k = s.indexOf(c, j + 1);
          if (k >= 0) j = k;
          continue;
        }
        if (c === '{') {
          let depth = 1;
          for (j++; j < s.length; j++) {
            const d = s[j];
            if (d === "'" || d === '"') {
              const k = s.indexOf(d, j + 1);
              if (k >= 0) j = k;
              continue;
            }
            if (d === '{') depth++;
            else if (d === '}' && --depth === 0) break;
          }
          j--;
        }
      }
      value = cleanArg(s.slice(0, Math.min(j, s.length)));
      s = s.slice(Math.min(j, s.length)).trimStart();
    }
    if (key!.length) out.push([key!, value]);
  }
  return out;
}

/** The option values of one pass instance. */
export class PassOptions {
  private readonly values = new Map<string, PassOptionValue>();
  constructor(readonly specs: readonly PassOptionSpec[]) {
    for (const s of specs) {
      if (s.kind === 'string-list' || s.kind === 'long-list' || s.kind === 'uint-list' || s.kind === 'ulong-list') this.values.set(s.name, []);
      else if (s.default !== undefined) this.values.set(s.name, s.default);
    }
  }
  get(name: string): PassOptionValue | undefined {
    return this.values.get(name);
  }
  bool(name: string): boolean {
    return this.values.get(name) === true;
  }
  int(name: string): bigint {
    return this.values.get(name) as bigint;
  }
  string(name: string): string {
    return this.values.get(name) as string;
  }
  list(name: string): string[] {
    return (this.values.get(name) as string[]) ?? [];
  }
  /** Parses an option string; throws PassOptionError with MLIR's wording. */
  parse(tool: string, options: string): void {
    for (const [key, value] of splitOptionString(options)) {
      const spec = this.specs.find((s) => s.name === key);
      if (!spec) throw new PassOptionError(`<Pass-Options-Parser>: no such option ${key}\n`);
      this.values.set(key, parseOptionValue(tool, spec, value));
    }
  }
  /** `{a=1 b=true}` with options sorted by name, as printed in pipelines; '' without options. */
  print(): string {
    if (!this.specs.length) return '';
    const sorted = [...this.specs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const parts = sorted.map((s) => {
      const v = this.values.get(s.name);
      if (Array.isArray(v)) return v.length ? `${s.name}=${v.join(',')}` : '';
      if (v === undefined) return '';
      return `${s.name}=${String(v)}`;
    });
    return '{' + parts.join(' ') + '}';
  }
}
