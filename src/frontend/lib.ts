// The declarations the front end type-checks TypeScript against: a small
// stand-in for lib.d.ts (only what compiles, so no file system is needed and
// the front end runs in a browser), and the `scfkit` module's declarations
// (range and the scalar aliases; src/frontend/runtime.ts implements them for
// Node).

export const LIB_FILE = '/__scfkit__/lib.d.ts';
export const SCFKIT_MODULE_FILE = '/__scfkit__/scfkit.d.ts';

export const LIB_SOURCE = `
interface SymbolConstructor { readonly iterator: unique symbol; }
declare var Symbol: SymbolConstructor;
interface Symbol {}
interface IteratorYieldResult<TYield> { done?: false; value: TYield; }
interface IteratorReturnResult<TReturn> { done: true; value: TReturn; }
type IteratorResult<T, TReturn = any> = IteratorYieldResult<T> | IteratorReturnResult<TReturn>;
interface Iterator<T, TReturn = any, TNext = any> { next(...[value]: [] | [TNext]): IteratorResult<T, TReturn>; }
interface Iterable<T, TReturn = any, TNext = any> { [Symbol.iterator](): Iterator<T, TReturn, TNext>; }
interface IterableIterator<T, TReturn = any, TNext = any> extends Iterator<T, TReturn, TNext> { [Symbol.iterator](): IterableIterator<T, TReturn, TNext>; }
interface IteratorObject<T, TReturn = unknown, TNext = unknown> extends Iterator<T, TReturn, TNext> { [Symbol.iterator](): IteratorObject<T, TReturn, TNext>; }
type BuiltinIteratorReturn = intrinsic;
interface ArrayIterator<T> extends IteratorObject<T, BuiltinIteratorReturn, unknown> { [Symbol.iterator](): ArrayIterator<T>; }
interface Array<T> { length: number; [n: number]: T; [Symbol.iterator](): ArrayIterator<T>; }
interface ReadonlyArray<T> { readonly length: number; readonly [n: number]: T; [Symbol.iterator](): ArrayIterator<T>; }
interface ArrayConstructor { isArray(arg: any): arg is any[]; }
declare var Array: ArrayConstructor;
interface TemplateStringsArray extends ReadonlyArray<string> { readonly raw: readonly string[]; }
interface Boolean {}
interface Function {}
interface CallableFunction extends Function {}
interface NewableFunction extends Function {}
interface IArguments { length: number; }
interface Object {}
interface RegExp {}
interface String { readonly length: number; }
interface Number {}
interface BigInt {}
interface PromiseLike<T> {}
interface Promise<T> {}
declare var NaN: number;
declare var Infinity: number;
interface Math {
  readonly E: number; readonly LN10: number; readonly LN2: number; readonly LOG2E: number; readonly LOG10E: number;
  readonly PI: number; readonly SQRT1_2: number; readonly SQRT2: number;
  sqrt(x: number): number; abs(x: number): number; floor(x: number): number; ceil(x: number): number;
  round(x: number): number; trunc(x: number): number; sign(x: number): number; exp(x: number): number;
  log(x: number): number; sin(x: number): number; cos(x: number): number; pow(x: number, y: number): number;
  imul(x: number, y: number): number; fround(x: number): number; hypot(...values: number[]): number;
  min(...values: number[]): number; max(...values: number[]): number;
}
declare var Math: Math;
interface NumberConstructor {
  isNaN(number: unknown): boolean;
  readonly MAX_SAFE_INTEGER: number; readonly MIN_SAFE_INTEGER: number; readonly EPSILON: number;
  readonly MAX_VALUE: number; readonly MIN_VALUE: number; readonly POSITIVE_INFINITY: number; readonly NEGATIVE_INFINITY: number; readonly NaN: number;
}
declare var Number: NumberConstructor;
interface BigIntConstructor { (value: bigint | number): bigint; asIntN(bits: number, int: bigint): bigint; asUintN(bits: number, int: bigint): bigint; }
declare var BigInt: BigIntConstructor;
interface Console { log(...data: any[]): void; }
declare var console: Console;
interface Float64Array { readonly length: number; [index: number]: number; [Symbol.iterator](): ArrayIterator<number>; }
interface Float64ArrayConstructor { new (length: number): Float64Array; }
declare var Float64Array: Float64ArrayConstructor;
interface Float32Array { readonly length: number; [index: number]: number; [Symbol.iterator](): ArrayIterator<number>; }
interface Float32ArrayConstructor { new (length: number): Float32Array; }
declare var Float32Array: Float32ArrayConstructor;
interface Int32Array { readonly length: number; [index: number]: number; [Symbol.iterator](): ArrayIterator<number>; }
interface Int32ArrayConstructor { new (length: number): Int32Array; }
declare var Int32Array: Int32ArrayConstructor;
interface Uint8Array { readonly length: number; [index: number]: number; [Symbol.iterator](): ArrayIterator<number>; }
interface Uint8ArrayConstructor { new (length: number): Uint8Array; }
declare var Uint8Array: Uint8ArrayConstructor;
interface BigInt64Array { readonly length: number; [index: number]: bigint; [Symbol.iterator](): ArrayIterator<bigint>; }
interface BigInt64ArrayConstructor { new (length: number): BigInt64Array; }
declare var BigInt64Array: BigInt64ArrayConstructor;
`;

export const SCFKIT_MODULE_SOURCE = `
export declare function range(end: number): Iterable<number>;
export declare function range(start: number, end: number, step?: number): Iterable<number>;
export type i32 = number & { readonly __scfkit_i32?: undefined };
export type i64 = number & { readonly __scfkit_i64?: undefined };
export type index = number & { readonly __scfkit_index?: undefined };
export type f32 = number & { readonly __scfkit_f32?: undefined };
`;
