// What a TypeScript program compiled by scf-ts imports from 'scfkit' when it
// runs under Node instead: `range` and the scalar aliases. The front end
// (compile.ts) gives the same names their MLIR meaning.

/** The integers start, start + step, ... below end (Python's range); range(n) is range(0, n). */
export function* range(start: number, end?: number, step = 1): Generator<number, void, unknown> {
  if (end === undefined) {
    end = start;
    start = 0;
  }
  for (let i = start; i < end; i += step) yield i;
}

/** MLIR's i32, i64, index and f32 for TypeScript code compiled by scf-ts (plain numbers under Node). */
export type i32 = number & { readonly __scfkit_i32?: undefined };
export type i64 = number & { readonly __scfkit_i64?: undefined };
export type index = number & { readonly __scfkit_index?: undefined };
export type f32 = number & { readonly __scfkit_f32?: undefined };
