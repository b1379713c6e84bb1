// The WebAssembly backend's engine: compiles a module with compile.ts,
// instantiates it with the runtime imports (printing, located errors) and
// calls its functions. Works in any JavaScript host with WebAssembly (no
// Node APIs).

import { typeToString } from '../../ir/attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType } from '../../ir/builtin-types.js';
import type { Type } from '../../ir/attributes.js';
import type { Operation } from '../../ir/operation.js';
import { FuncOp } from '../../dialects/func/index.js';
import { AllocaOp } from '../../dialects/memref/index.js';
import type { OpOf } from '../../ods/index.js';
import { Runtime } from '../engine.js';
import { wide } from '../numeric.js';
import { defaultOutput, opLabel, type OutputSink } from '../runtime-base.js';
import { ExecError, resetAddresses } from '../runtime.js';
import '../../dialects/exec-wasm.js';
import { compileWasm, ErrCode, FORMATS, type CompiledWasm, type WasmCompileOptions } from './compile.js';

export { WasmUnsupported } from './compile.js';

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: object) => { exports: Record<string, unknown> };
}

export class WasmEngine {
  readonly compiled: CompiledWasm;
  private rt: Runtime;
  private exports: Record<string, unknown>;

  /** Throws WasmUnsupported when the module uses what the backend cannot express. */
  constructor(
    readonly module: Operation,
    options: { output?: OutputSink } & WasmCompileOptions = {},
  ) {
    this.compiled = compileWasm(module, options);
    resetAddresses();
    const rt = (this.rt = new Runtime(this.compiled.ops, options.output ?? defaultOutput()));
    const ops = this.compiled.ops;
    const strings = this.compiled.strings;
    const env = {
      err: (K: number, code: number, value: bigint): never => {
        const op = ops[K];
        switch (code) {
          case ErrCode.oob: {
            const m = op?.operands.find((o) => o.type instanceof MemRefType);
            throw new ExecError(op, `${opLabel(op)}out-of-bounds access into ${m ? typeToString(m.type) : 'memref'}`);
          }
          case ErrCode.useAfterFree:
            throw new ExecError(op, `${opLabel(op)}accesses a memref after its deallocation (or after the end of its allocation scope)`);
          case ErrCode.div0:
            return rt.div0(K);
          case ErrCode.overflow:
            return rt.ovf(K);
          case ErrCode.doubleFree:
            return rt.error(K, 'deallocates a memref that was already deallocated');
          case ErrCode.deallocStack:
            return rt.error(K, `deallocates a memref allocated by '${AllocaOp.opName}'`);
          case ErrCode.copyDead:
            return rt.error(K, 'copies from or to a deallocated memref');
          case ErrCode.invalidSize:
            return rt.error(K, `invalid dynamic size ${value}`);
          case ErrCode.badStep:
            return rt.badStep(K, wide(64).canon(value));
          case ErrCode.tooLarge:
            return rt.error(K, `allocation of ${value} elements is too large`);
          default:
            return rt.error(K, `out of memory allocating ${value} bytes`);
        }
      },
      printI: (K: number, v: bigint, fmt: number, w: number, punct: number): void => {
        const x = w <= 32 ? Number(v) : wide(w).canon(v);
        rt.vprint(K, x, FORMATS[fmt], w, [], strings[punct]);
      },
      printF: (v: number, punct: number): void => rt.vprint(-1, v, 'float', 64, [], strings[punct]),
      write: (s: number): void => rt.write(strings[s]),
      punct: (p: number): void => rt.punct(strings[p]),
      fmod: (a: number, b: number): number => a % b,
    };
    const W = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const inst = new W.Instance(new W.Module(this.compiled.bytes), { env });
    this.exports = inst.exports;
  }

  lookup(name: string): OpOf<typeof FuncOp> | undefined {
    if (!this.compiled.exports.has(name)) return undefined;
    for (const op of this.compiled.functions) if (FuncOp.sym_name(op) === name) return op;
    return undefined;
  }

  /**
   * Calls `name` converting JS arguments (numbers, BigInts, booleans) as the
   * JavaScript backend's `call` does; integer results are numbers when safe,
   * else BigInts. Memref arguments and results are the JavaScript backend's
   * (the WebAssembly backend does not compile such functions yet).
   */
  call(name: string, ...args: unknown[]): unknown {
    const fnOp = this.lookup(name);
    if (!fnOp) throw new Error(`no function @${name} with a body in the module`);
    const type = FuncOp.function_type(fnOp);
    if (args.length !== type.inputs.length) throw new Error(`@${name} takes ${type.inputs.length} arguments, got ${args.length}`);
    const res = this.invokeRaw(
      name,
      args.map((a, i) => toWasmValue(a, type.inputs[i])),
    );
    if (type.results.length === 0) return undefined;
    if (type.results.length === 1) return res;
    return (res as unknown[]).map((r) => (typeof r === 'bigint' ? wide(64).canon(r) : r));
  }

  /** Calls function `name` (scalar arguments: numbers or BigInts for i64); output is flushed at the end. */
  invokeRaw(name: string, args: unknown[] = []): unknown {
    const ex = this.compiled.exports.get(name);
    if (!ex) throw new Error(`no function @${name} with a body in the module`);
    const f = this.exports[ex] as (...a: unknown[]) => unknown;
    try {
      const r = f(...args);
      return typeof r === 'bigint' ? wide(64).canon(r) : r;
    } catch (e) {
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        const cs = this.compiled.callSiteExport;
        const K = cs ? (this.exports[cs] as () => number)() : -1;
        const op = K >= 0 ? this.compiled.ops[K] : undefined;
        const err = new ExecError(op, opLabel(op) + 'stack overflow: the call depth exceeds what the engine can execute (unbounded recursion?)');
        err.stackOverflow = true;
        throw err;
      }
      // Only code compiled without checks (--unchecked) traps: the check that would have located it is gone.
      const W = (globalThis as unknown as { WebAssembly: { RuntimeError: new () => Error } }).WebAssembly;
      if (e instanceof W.RuntimeError) throw new ExecError(undefined, `the WebAssembly code trapped (${e.message}); run without --unchecked to locate the error`);
      throw e;
    } finally {
      this.rt.flush();
    }
  }
}

/** A JS argument as the WebAssembly function takes it: i32 numbers up to 32 bits, sign-extended BigInts above. */
function toWasmValue(x: unknown, t: Type): unknown {
  if (t instanceof IntegerType || t instanceof IndexType) {
    const w = t instanceof IndexType ? 64 : t.width;
    let b: bigint;
    if (typeof x === 'boolean') b = x ? 1n : 0n;
    else if (typeof x === 'number') {
      if (!Number.isInteger(x)) throw new TypeError(`expected an integer for ${t.key}, got ${x}`);
      b = BigInt(x);
    } else if (typeof x === 'bigint') b = x;
    else throw new TypeError(`expected an integer for ${t.key}`);
    if (w === 1) return Number(b & 1n);
    return w <= 32 ? Number(BigInt.asIntN(w, b)) : BigInt.asIntN(w, b);
  }
  if (t instanceof FloatType && (t.name === 'f32' || t.name === 'f64')) {
    if (typeof x !== 'number') throw new TypeError(`expected a number for ${t.key}`);
    return t.name === 'f32' ? Math.fround(x) : x;
  }
  throw new TypeError(`arguments of type ${t.key} are not supported`);
}
