// The TypeScript front end (browser-safe): compileTS and its diagnostics.
export { compileTS, createFrontendContext, type CompileTSOptions, type CompileTSResult } from './compile.js';
export type { TsDiagnostic } from './diagnostics.js';
export { range, type i32, type i64, type index, type f32 } from './runtime.js';
