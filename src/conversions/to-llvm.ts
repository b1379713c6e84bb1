// convert-to-llvm (MLIR 22's generic pass over ConvertToLLVMPatternInterface):
// lowers the ops of every dialect whose conversion scfkit implements — cf
// (cf-to-llvm) and vector.print (vector-to-llvm's print lowering) — and
// leaves the others in place, as MLIR's partial conversion does.

import { IntegerAttr } from '../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType } from '../ir/builtin-types.js';
import type { Operation, Value } from '../ir/operation.js';
import { PrintOp } from '../dialects/vector/index.js';
import * as llvm from '../dialects/llvm/index.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { LLVMLowering, createPrintStrCall, lookupOrCreateFn, parentModule } from './llvm-lowering.js';
import { lowerAll, lowerControlFlowOp } from './cf-to-llvm.js';

const PUNCTUATION_FN: Record<string, string | undefined> = {
  newline: 'printNewline',
  comma: 'printComma',
  open: 'printOpen',
  close: 'printClose',
};

/** vector.print of a string, a scalar or punctuation: calls into the runner's print functions. */
export function lowerPrintOp(l: LLVMLowering, op: Operation): boolean {
  if (!PrintOp.isa(op)) return false;
  const r = l.rewriter;
  const location = op.location;
  const module = parentModule(op);
  const source = PrintOp.source(op);
  const str = PrintOp.stringLiteral(op);
  const call = (fn: string, args: Value[] = []): void => {
    llvm.CallOp.build(r, { callee_operands: args, callee: fn, op_bundle_sizes: [], location });
  };
  if (str !== undefined) {
    r.setInsertionPointBefore(op);
    createPrintStrCall(r, location, module, 'vector_print_str', str, 'printString');
    r.eraseOp(op);
    return true;
  }
  if (source) {
    const t = source.type;
    const i64 = IntegerType.get(64);
    let fn: string;
    let extend: 'zext' | 'sext' | undefined;
    if (t instanceof IndexType) {
      fn = 'printU64';
    } else if (t instanceof IntegerType && t.width <= 64) {
      if (t.signedness === 'unsigned') {
        fn = 'printU64';
        if (t.width < 64) extend = 'zext';
      } else {
        fn = 'printI64';
        // Booleans print as 1/0, not -1/0.
        if (t.width === 1) extend = 'zext';
        else if (t.width < 64) extend = 'sext';
      }
    } else if (t instanceof FloatType && (t.name === 'f32' || t.name === 'f64')) {
      fn = t.name === 'f32' ? 'printF32' : 'printF64';
    } else {
      return false; // vectors and other scalars: not lowered here
    }
    const value = l.remap(source, location);
    r.setInsertionPointBefore(op);
    lookupOrCreateFn(r, module, fn, [extend ? i64 : value.type]);
    let arg = value;
    if (extend) {
      // The extension folds on a constant, as MLIR's createOrFold does.
      const c = llvm.ConstantOp.dynCast(value.definingOp);
      const v = c ? llvm.ConstantOp.value(c) : undefined;
      if (v instanceof IntegerAttr && v.type instanceof IntegerType) {
        const w = BigInt(v.type.width);
        const bits = BigInt.asUintN(Number(w), v.value);
        const x = extend === 'zext' ? bits : BigInt.asIntN(Number(w), bits);
        arg = llvm.ConstantOp.res(llvm.ConstantOp.build(r, { value: IntegerAttr.get(i64, x), res: i64, location }));
      } else if (extend === 'zext') arg = llvm.ZExtOp.res(llvm.ZExtOp.build(r, { arg: value, res: i64, location }));
      else arg = llvm.SExtOp.res(llvm.SExtOp.build(r, { arg: value, res: i64, location }));
    }
    call(fn, [arg]);
  } else r.setInsertionPointBefore(op);
  const punct = PrintOp.punctuation(op);
  const pfn = PUNCTUATION_FN[punct];
  if (pfn) {
    lookupOrCreateFn(r, module, pfn, []);
    call(pfn);
  }
  r.eraseOp(op);
  return true;
}

export const ConvertToLLVMInfo: PassInfo = {
  argument: 'convert-to-llvm',
  name: 'ConvertToLLVMPass',
  description: 'Convert to LLVM via dialect interfaces found in the input IR',
  options: [
    { name: 'filter-dialects', kind: 'string-list', description: 'Test conversion patterns of only the specified dialects' },
    { name: 'dynamic', kind: 'bool', description: 'Use op conversion attributes to configure the conversion', default: false },
    { name: 'allow-pattern-rollback', kind: 'bool', description: 'Experimental performance flag to disallow pattern rollback', default: true },
  ],
  create: () => new ConvertToLLVMPass(),
};

export class ConvertToLLVMPass extends Pass {
  constructor() {
    super(ConvertToLLVMInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const filter = this.options.list('filter-dialects');
    const use = (d: string): boolean => filter.length === 0 || filter.includes(d);
    const l = new LLVMLowering(run.ctx, 64);
    lowerAll(op, (o) => (use('cf') && lowerControlFlowOp(l, o)) || (use('vector') && lowerPrintOp(l, o)));
    l.finish();
  }
}
