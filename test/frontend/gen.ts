// A random TypeScript program generator for the front end's differential
// test: helper functions and a main with nested loops of every kind (counted
// for, general for, while, do...while, for...of over typed arrays, range and
// constant lists), break/continue (labelled too), early returns, ifs,
// ternaries, typed arrays, integer (|0, bitwise, shifts) and float
// arithmetic, Math calls and calls between the functions. Every loop is
// bounded (counters only the loop itself assigns), array indices are masked
// into bounds, so every program terminates without errors under Node.

export interface GenOptions {
  /** Prefix of every function name, so that programs can share a module. */
  prefix: string;
  seed: number;
}

class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // mulberry32
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
}

const ARRAYS = [
  { name: 'fa', ctor: 'Float64Array' },
  { name: 'ia', ctor: 'Int32Array' },
  { name: 'ua', ctor: 'Uint8Array' },
  { name: 'ga', ctor: 'Float32Array' },
] as const;

interface Scope {
  /** Number variables statements may assign. */
  data: string[];
  /** Number variables only read (loop variables, counters, parameters). */
  readOnly: string[];
  /** Enclosing loops' labels (undefined when unlabelled) and whether a break/continue may target them. */
  loops: { label: string | undefined }[];
  /** In a helper function (returns allowed), with its depth budget. */
  inHelper: boolean;
  arrays: boolean;
}

class Generator {
  private rng: Rng;
  private counter = 0;
  private logs = 0;
  private helpers: string[] = [];
  constructor(private readonly opts: GenOptions) {
    this.rng = new Rng(opts.seed);
  }

  private fresh(base: string): string {
    return `${base}${this.counter++}`;
  }

  // ---- expressions

  private leaf(sc: Scope): string {
    const r = this.rng;
    const vars = [...sc.data, ...sc.readOnly];
    const k = r.int(10);
    if (k < 5 && vars.length) return r.pick(vars);
    if (k < 8) return r.pick(['0', '1', '2', '3', '5', '7', '10', '0.5', '1.25', '2.75', '100', '255', '1000']);
    if (k < 9 && sc.arrays) {
      const a = r.pick(ARRAYS);
      return `${a.name}[(${vars.length ? r.pick(vars) : '1'}) & 7]`;
    }
    return vars.length ? r.pick(vars) : '4';
  }

  expr(sc: Scope, depth: number): string {
    const r = this.rng;
    if (depth <= 0 || r.chance(0.3)) return this.leaf(sc);
    const a = (): string => this.expr(sc, depth - 1);
    switch (r.int(14)) {
      case 0:
      case 1:
        return `(${a()} + ${a()})`;
      case 2:
        return `(${a()} - ${a()})`;
      case 3:
        return `(${a()} * ${a()})`;
      case 4:
        return `(${a()} / ${r.pick(['2', '3', '4', '0.5', '7'])})`;
      case 5:
        return `(${a()} % ${r.pick(['3', '5', '7', '2.5'])})`;
      case 6:
        return `((${a()} ${r.pick(['|', '&', '^'])} ${a()}) | 0)`;
      case 7:
        return `(${a()} ${r.pick(['<<', '>>', '>>>'])} ${r.int(8)})`;
      case 8:
        return `Math.${r.pick(['floor', 'abs', 'ceil', 'trunc', 'round', 'sign'])}(${a()})`;
      case 9:
        return `Math.${r.pick(['min', 'max'])}(${a()}, ${a()})`;
      case 10:
        return `(${this.cond(sc, depth - 1)} ? ${a()} : ${a()})`;
      case 11:
        return `Math.imul(${a()}, ${a()})`;
      case 12:
        if (this.helpers.length && !sc.inHelper) {
          const f = r.pick(this.helpers);
          return `${f}(${a()}, ${a()})`;
        }
        return `(-${a()})`;
      default:
        return `Math.sqrt(Math.abs(${a()}))`;
    }
  }

  cond(sc: Scope, depth: number): string {
    const r = this.rng;
    const vars = [...sc.data, ...sc.readOnly];
    const lhs = vars.length ? r.pick(vars) : '0';
    const k = r.int(8);
    if (k < 5 || depth <= 0) {
      const op = r.pick(['<', '<=', '>', '>=', '===', '!==']);
      // (x * 1) keeps the checker from narrowing x to a literal type (then `x !== 1` after `x !== 2` is an error).
      return `${op.length === 3 ? `(${lhs} * 1)` : lhs} ${op} ${this.expr(sc, Math.min(depth, 1))}`;
    }
    if (k === 5) return `(${this.cond(sc, depth - 1)} && ${this.cond(sc, depth - 1)})`;
    if (k === 6) return `(${this.cond(sc, depth - 1)} || ${this.cond(sc, depth - 1)})`;
    return `!(${this.cond(sc, depth - 1)})`;
  }

  // ---- statements

  private indent(s: string): string {
    return s
      .split('\n')
      .map((l) => (l ? '  ' + l : l))
      .join('\n');
  }

  private block(sc: Scope, depth: number, n: number): string {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.stmt(sc, depth));
    return out.join('\n');
  }

  private exitStmt(sc: Scope): string | undefined {
    const r = this.rng;
    const opts: string[] = [];
    if (sc.loops.length) {
      opts.push('break;', 'continue;');
      const labelled = sc.loops.filter((l) => l.label);
      if (labelled.length) {
        const l = r.pick(labelled).label!;
        opts.push(`break ${l};`, `continue ${l};`);
      }
    }
    if (sc.inHelper) opts.push(`return ${this.expr(sc, 2)};`);
    return opts.length ? r.pick(opts) : undefined;
  }

  stmt(sc: Scope, depth: number): string {
    const r = this.rng;
    const k = r.int(depth > 0 ? 16 : 7);
    const target = (): string => r.pick(sc.data);
    switch (k) {
      case 0:
      case 1:
        return `${target()} = ${this.expr(sc, 3)};`;
      case 2:
        return `${target()} ${r.pick(['+=', '-=', '*='])} ${this.expr(sc, 2)};`;
      case 3:
        return `${target()} = (${this.expr(sc, 3)}) | 0;`;
      case 4: {
        if (!sc.arrays) return `${target()}++;`;
        const a = r.pick(ARRAYS);
        return `${a.name}[(${this.expr(sc, 1)}) & 7] ${r.pick(['=', '+='])} ${this.expr(sc, 2)};`;
      }
      case 5: {
        const e = this.exitStmt(sc);
        if (e && r.chance(0.7)) return `if (${this.cond(sc, 1)}) ${e}`;
        return `${target()}${r.pick(['++', '--'])};`;
      }
      case 6:
        if (this.logs < 12 && !sc.inHelper) {
          this.logs++;
          return `console.log(${r.pick(['"at"', '"v"'])}, ${this.expr(sc, 2)}, ${this.cond(sc, 0)});`;
        }
        return `${target()} = ${this.expr(sc, 2)};`;
      case 7:
      case 8:
        return `if (${this.cond(sc, 2)}) {\n${this.indent(this.block(sc, depth - 1, 1 + r.int(3)))}\n}` + (r.chance(0.5) ? ` else {\n${this.indent(this.block(sc, depth - 1, 1 + r.int(2)))}\n}` : '');
      default:
        return this.loop(sc, depth);
    }
  }

  private loop(sc: Scope, depth: number): string {
    const r = this.rng;
    const label = r.chance(0.3) ? this.fresh('L') : undefined;
    const prefix = label ? `${label}: ` : '';
    const k = r.int(7);
    const bound = 1 + r.int(5);
    const inner = (vars: string[]): string => {
      const sub: Scope = { ...sc, readOnly: [...sc.readOnly, ...vars], loops: [...sc.loops, { label }] };
      const body = this.block(sub, depth - 1, 1 + r.int(3));
      return this.indent(body);
    };
    switch (k) {
      case 0: {
        const i = this.fresh('i');
        return `${prefix}for (let ${i} = ${r.int(3)}; ${i} < ${bound + 1}; ${i}${r.pick(['++', ' += 2'])}) {\n${inner([i])}\n}`;
      }
      case 1: {
        const w = this.fresh('w');
        return `let ${w} = 0;\n${prefix}while (${w} < ${bound}) {\n  ${w}++;\n${inner([w])}\n}`;
      }
      case 2: {
        const d = this.fresh('d');
        return `let ${d} = 0;\n${prefix}do {\n  ${d}++;\n${inner([d])}\n} while (${d} < ${bound});`;
      }
      case 3: {
        if (!sc.arrays) return this.loop(sc, depth);
        const x = this.fresh('x');
        return `${prefix}for (const ${x} of ${r.pick(ARRAYS).name}) {\n${inner([x])}\n}`;
      }
      case 4: {
        const i = this.fresh('r');
        return `${prefix}for (const ${i} of range(${r.int(3)}, ${bound + 2}, ${1 + r.int(3)})) {\n${inner([i])}\n}`;
      }
      case 5: {
        const t = this.fresh('t');
        const items = Array.from({ length: 1 + r.int(3) }, () => r.pick(['1', '2', '-3', '0.5', '4.25', '9']));
        return `${prefix}for (const ${t} of [${items.join(', ')}]) {\n${inner([t])}\n}`;
      }
      default: {
        // A general for loop (scf.while or scf.loop): doubling.
        const i = this.fresh('q');
        return `${prefix}for (let ${i} = 1; ${i} < ${2 ** (bound + 1)}; ${i} *= 2) {\n${inner([i])}\n}`;
      }
    }
  }

  program(): string {
    const r = this.rng;
    const p = this.opts.prefix;
    const parts: string[] = [];
    const nHelpers = r.int(3);
    for (let h = 0; h < nHelpers; h++) {
      const name = `${p}f${h}`;
      const sc: Scope = { data: ['x', 'y', 's'], readOnly: [], loops: [], inHelper: true, arrays: false };
      const body = this.block(sc, 2, 2 + r.int(3));
      parts.push(`function ${name}(a: number, b: number): number {\n  let x = a;\n  let y = b;\n  let s = 0;\n${this.indent(body)}\n  return ${this.expr(sc, 2)};\n}`);
      this.helpers.push(name);
    }
    const sc: Scope = { data: ['v0', 'v1', 'v2', 'v3'], readOnly: [], loops: [], inHelper: false, arrays: true };
    const decls = [
      ...ARRAYS.map((a) => `const ${a.name} = new ${a.ctor}(8);`),
      `for (let k = 0; k < 8; k++) {\n    fa[k] = k * 1.5 - 2;\n    ia[k] = k * 37 - 100;\n    ua[k] = k * 40;\n    ga[k] = k / 3;\n  }`,
      ...sc.data.map((v) => `let ${v} = ${r.pick(['0', '1', '2.5', '-4', '10', '0.25'])};`),
    ];
    const body = this.block(sc, 3, 3 + r.int(4));
    const final = `console.log(${sc.data.join(', ')}, ${ARRAYS.map((a) => `${a.name}[${r.int(8)}]`).join(', ')});`;
    parts.push(`function ${p}main(): void {\n  ${decls.join('\n  ')}\n${this.indent(body)}\n  ${final}\n}`);
    return `import { range } from 'scfkit';\n\n${parts.join('\n\n')}\n\n${p}main();\n`;
  }
}

/** A random program whose functions are named `<prefix>…`; its entry is `<prefix>main`. */
export function generateProgram(opts: GenOptions): string {
  return new Generator(opts).program();
}
