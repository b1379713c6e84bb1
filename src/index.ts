// scfkit's library API: MLIR's IR, text, passes and execution from
// TypeScript, in any JavaScript host (Node, browsers, bare V8 contexts).
// Node-only entry points (the command-line drivers) are in `scfkit/node`.
//
//   import { parse, print, PassManager, loadModule, scf } from 'scfkit';
//   const module = parse(text);
//   PassManager.parse('builtin.module(func.func(canonicalize,cse))').run(module);
//   module.walk((op) => { if (scf.ForOp.isa(op)) console.log(scf.ForOp.lowerBound(op)); });
//   print(module);
//   loadModule(module).call('main');

// The IR core.
export * from './ir/attributes.js';
export * from './ir/builtin-attributes.js';
export * from './ir/builtin-types.js';
export * from './ir/location.js';
export * from './ir/operation.js';
export { Context, OperationName, Traits, type Dialect, type OpDefinition, type FoldResult } from './ir/context.js';
export { Diagnostic, DiagnosticEngine, type Severity } from './ir/diagnostics.js';
export { Builder, Rewriter, type InsertionPoint, type RewriteListener } from './ir/builder.js';
export { PatternRewriter, RewritePattern, pattern, anyOpPattern, type PatternOptions } from './ir/pattern.js';
export { matchConstant, matchConstantInt, matchConstantBool, matchConstantFloat, isConstantIntValue } from './ir/matchers.js';
export { DominanceInfo } from './ir/dominance.js';
export { Verifier } from './ir/verifier.js';
export { lookupNearestSymbolFrom, lookupSymbolIn, symbolName } from './ir/symbol-table.js';
export { Interfaces, getInterface } from './ir/interfaces.js';

// Declaring ops and dialects.
export {
  defineOp,
  implementOp,
  defineDialect,
  operand,
  optionalOperand,
  variadicOperand,
  result,
  optionalResult,
  variadicResult,
  attr,
  optionalAttr,
  defaultValuedAttr,
  unitAttr,
  region,
  sizedRegion,
  variadicRegion,
  successor,
  variadicSuccessor,
  type OpHandle,
  type OpHandleCore,
  type OpDeclaration,
  type OpHooks,
  type Op,
  type OpKind,
} from './ods/index.js';

// The dialects, each as a namespace of op handles (`scf.ForOp`, `arith.AddIOp`, ...).
export * as arith from './dialects/arith/index.js';
export * as builtin from './dialects/builtin/index.js';
export * as cf from './dialects/cf/index.js';
export * as func from './dialects/func/index.js';
export * as index from './dialects/index/index.js';
export * as math from './dialects/math/index.js';
export * as memref from './dialects/memref/index.js';
export * as scf from './dialects/scf/index.js';
export * as ub from './dialects/ub/index.js';
export * as vector from './dialects/vector/index.js';
export { createContext, ALL_DIALECTS, type ContextOptions } from './dialects/registry.js';

// Text, passes and execution.
export { parse, print, verify, verifyOrThrow, ParseError, VerifyError, type ParseOptions } from './api/text.js';
export type { PrintOptions } from './syntax/printer.js';
export { PassManager, createPass, listPasses, PassPipelineError, PassFailure, type PassDescription, type PassOptionInput } from './api/passes.js';
export { compile, loadModule, formatExecError, LoadError, type LoadOptions, type LoadedModule } from './api/exec.js';
export { ExecutionEngine, ExecError, MemRef, Poison, UnsupportedError, memrefFromArray, memrefToArray, type OutputSink, type EngineOptions } from './exec/engine.js';
export { WasmEngine, WasmUnsupported } from './exec/wasm/engine.js';
export { compileFor, type Backend, type RunOptions, type Runner } from './exec/wasm/run.js';
export { LLVMExecutionEngine } from './exec/llvm/engine.js';
export { LLVMWasmEngine } from './exec/llvm/wasm.js';

// What TypeScript programs for scf-ts import (`range`, the i32/i64/index/f32 aliases); the
// front end itself (compileTS, which loads the typescript package) is `scfkit/frontend`.
export { range, type i32, type i64, type f32 } from './frontend/runtime.js';

import { ALL_DIALECTS } from './dialects/registry.js';

/** The names of the dialects scfkit registers. */
export function listDialects(): string[] {
  return ALL_DIALECTS.map((d) => d.name).sort();
}
