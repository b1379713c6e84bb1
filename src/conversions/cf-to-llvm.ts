// convert-cf-to-llvm (MLIR 22's ControlFlowToLLVM): cf.br / cond_br / switch
// become their llvm counterparts with the successors' block arguments
// converted (index → the index bitwidth's integer), and cf.assert becomes a
// conditional branch to a block that prints the message with `puts` and
// calls `abort`.

import type { DenseIntOrFPElementsAttr } from '../ir/builtin-attributes.js';
import { emitError } from '../ir/context.js';
import { UnknownLoc } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import { ModuleOp } from '../dialects/builtin/index.js';
import { AssertOp, BranchOp, CondBranchOp, SwitchOp } from '../dialects/cf/index.js';
import * as llvm from '../dialects/llvm/index.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { LLVMLowering, createPrintStrCall, lookupOrCreateFn, parentModule } from './llvm-lowering.js';

/**
 * Whether a branch's operands and its successors' arguments all have llvm
 * types (MLIR's patterns fail to match otherwise: "could not compute block
 * signature", or an operand the driver cannot remap).
 */
function branchTypesConvert(l: LLVMLowering, op: Operation): boolean {
  if (!l.canConvertAll(op.operands.map((v) => v.type))) return false;
  return op.successors.every((b) => l.canConvertAll(b.args.map((a) => a.type)));
}

/** Lowers `op` if it is a cf op whose types convert; returns whether it did. */
export function lowerControlFlowOp(l: LLVMLowering, op: Operation): boolean {
  const r = l.rewriter;
  const location = op.location;
  if ((BranchOp.isa(op) || CondBranchOp.isa(op) || SwitchOp.isa(op)) && !branchTypesConvert(l, op)) return false;
  if (BranchOp.isa(op)) {
    const dest = BranchOp.dest(op);
    l.convertBlockSignature(dest);
    const operands = l.remapAll(BranchOp.destOperands(op), location);
    r.setInsertionPointBefore(op);
    const br = llvm.BrOp.build(r, { dest, destOperands: operands, location });
    copyDiscardable(op, br);
    r.eraseOp(op);
    return true;
  }
  if (CondBranchOp.isa(op)) {
    const trueDest = CondBranchOp.trueDest(op);
    const falseDest = CondBranchOp.falseDest(op);
    l.convertBlockSignature(trueDest);
    l.convertBlockSignature(falseDest);
    const trueDestOperands = l.remapAll(CondBranchOp.trueDestOperands(op), location);
    const falseDestOperands = l.remapAll(CondBranchOp.falseDestOperands(op), location);
    r.setInsertionPointBefore(op);
    const weights = CondBranchOp.branch_weights(op);
    const br = llvm.CondBrOp.build(r, {
      condition: CondBranchOp.condition(op),
      trueDest,
      trueDestOperands,
      falseDest,
      falseDestOperands,
      branch_weights: weights,
      location,
    });
    copyDiscardable(op, br);
    r.eraseOp(op);
    return true;
  }
  if (SwitchOp.isa(op)) {
    const defaultDestination = SwitchOp.defaultDestination(op);
    const caseDestinations = SwitchOp.caseDestinations(op);
    l.convertBlockSignature(defaultDestination);
    for (const b of caseDestinations) l.convertBlockSignature(b);
    const defaultOperands = l.remapAll(SwitchOp.defaultOperands(op), location);
    const caseOperands = l.remapAll(SwitchOp.flatCaseOperands(op), location);
    r.setInsertionPointBefore(op);
    const sw = llvm.SwitchOp.build(r, {
      value: SwitchOp.flag(op),
      defaultOperands,
      caseOperands,
      defaultDestination,
      caseDestinations,
      // The attribute itself (its vector type is what MLIR keeps).
      case_values: op.propertiesView.get('case_values') as DenseIntOrFPElementsAttr | undefined,
      case_operand_segments: SwitchOp.case_operand_segments(op),
      location,
    });
    copyDiscardable(op, sw);
    r.eraseOp(op);
    return true;
  }
  if (AssertOp.isa(op)) {
    const module = parentModule(op);
    const block = op.parentBlock!;
    const continuation = r.splitBlock(block, op.next);
    const failure = r.createBlockIn(block.parent!, null);
    createPrintStrCall(r, location, module, 'assert_msg', AssertOp.msg(op), 'puts');
    // MLIR's assert lowering declares `abort` itself, at an unknown location.
    lookupOrCreateFn(r, module, 'abort', [], llvm.LLVMVoidType.get(), UnknownLoc.get());
    llvm.CallOp.build(r, { callee_operands: [], callee: 'abort', op_bundle_sizes: [], location });
    llvm.UnreachableOp.build(r, { location });
    r.setInsertionPointBefore(op);
    llvm.CondBrOp.build(r, { condition: AssertOp.arg(op), trueDest: continuation, trueDestOperands: [], falseDest: failure, falseDestOperands: [], location });
    r.eraseOp(op);
    return true;
  }
  return false;
}

/** Discardable attributes carry over, as the conversion's replaceOpWithNewOp(..., op->getAttrs()) does. */
function copyDiscardable(from: Operation, to: Operation): void {
  for (const [k, v] of from.attributes) to.attributes.set(k, v);
}

/**
 * Runs `lower` on every op under `root` in pre-order (ops a lowering erases
 * or moves are still visited once). Returns the first op `mustLower` says had
 * to be lowered and was not, where the conversion stops (MLIR's partial
 * conversion fails at an illegal op it cannot legalize); undefined otherwise.
 */
export function lowerAll(root: Operation, lower: (op: Operation) => boolean, mustLower?: (op: Operation) => boolean): Operation | undefined {
  const ops: Operation[] = [];
  root.walk((o) => {
    if (o !== root) ops.push(o);
  }, 'pre');
  for (const o of ops) if (o.parentBlock && !lower(o) && mustLower?.(o)) return o;
  return undefined;
}

export const ConvertControlFlowToLLVMInfo: PassInfo = {
  argument: 'convert-cf-to-llvm',
  name: 'ConvertControlFlowToLLVMPass',
  description: 'Convert ControlFlow operations to the LLVM dialect',
  opName: ModuleOp.opName,
  options: [{ name: 'index-bitwidth', kind: 'uint', description: 'Bitwidth of the index type, 0 to use size of machine word', default: 0n }],
  create: () => new ConvertControlFlowToLLVMPass(),
};

/** The index bitwidth an `index-bitwidth` option gives (0: the machine word, 64 bits). */
export function indexBitwidth(v: bigint): number {
  return v === 0n ? 64 : Number(v);
}

export class ConvertControlFlowToLLVMPass extends Pass {
  constructor() {
    super(ConvertControlFlowToLLVMInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const l = new LLVMLowering(run.ctx, indexBitwidth(this.options.int('index-bitwidth')));
    // Every cf op is illegal here: one that stays fails the pass.
    const stuck = lowerAll(op, (o) => lowerControlFlowOp(l, o), (o) => o.name.dialectName === 'cf');
    if (stuck) {
      emitError(run.ctx, stuck, `failed to legalize operation '${stuck.name.name}' that was explicitly marked illegal`);
      return run.signalPassFailure();
    }
    l.finish();
  }
}
