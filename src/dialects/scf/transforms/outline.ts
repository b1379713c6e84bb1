// Outlining of single-block regions into functions (MLIR 22's
// outlineSingleBlockRegion and outlineIfOp of SCF Utils.cpp). The new
// function goes right before the enclosing function; its arguments are the
// region's arguments followed by the values the region uses from above (in
// the order a post-order walk first meets them); index constants among those
// are cloned into the function instead. The region keeps a single block that
// calls the function and yields its results with the old terminator.

import type { Location } from '../../../ir/location.js';
import { SymbolRefAttr, StringAttr } from '../../../ir/builtin-attributes.js';
import { FunctionType, IndexType } from '../../../ir/builtin-types.js';
import { getInterface, Interfaces } from '../../../ir/interfaces.js';
import type { Operation, Region, Value } from '../../../ir/operation.js';
import type { OpOf } from '../../../ods/index.js';
import type { PatternRewriter } from '../../../ir/pattern.js';
import { ConstantOp } from '../../arith/index.js';
import { CallOp, FuncOp, ReturnOp } from '../../func/index.js';
import { cloneAt, IRMapping } from '../../../transforms/clone.js';
import { IfOp } from '../ops.js';

/** Values used in `region` (post-order walk) and defined outside it, first use first (getUsedValuesDefinedAbove). */
function usedValuesDefinedAbove(region: Region): Value[] {
  const seen = new Set<Value>();
  const out: Value[] = [];
  const inside = (v: Value): boolean => {
    const owner = v.parentBlock?.parent ?? null;
    return owner !== null && region.isAncestorOf(owner);
  };
  for (const block of region.blocks)
    for (let op = block.first; op; op = op.next)
      op.walk((o) => {
        for (const operand of o.operandList) {
          const v = operand.value;
          if (!inside(v) && !seen.has(v)) {
            seen.add(v);
            out.push(v);
          }
        }
      });
  return out;
}

/**
 * MLIR's outlineSingleBlockRegion: moves the single block of `region` into a
 * new function `funcName` and calls it from the region. Returns the function
 * and the call, or undefined if the region has several blocks.
 */
export function outlineSingleBlockRegion(
  rewriter: PatternRewriter,
  location: Location,
  region: Region,
  funcName: string,
): { func: OpOf<typeof FuncOp>; call: OpOf<typeof CallOp> } | undefined {
  if (region.blocks.length !== 1) return undefined;
  const saved = rewriter.insertionPoint;
  const originalBlock = region.entry;
  const originalTerminator = originalBlock.last!;
  let enclosing: Operation | null = region.parentOp;
  while (enclosing && getInterface(enclosing, Interfaces.Callable) === undefined) enclosing = enclosing.parentOp;
  rewriter.setInsertionPointBefore(enclosing!);

  const captures = usedValuesDefinedAbove(region);
  const argTypes = [...originalBlock.args.map((a) => a.type), ...captures.map((v) => v.type)];
  const argLocs = originalBlock.args.map((a) => a.location);
  const resultTypes = originalTerminator.operands.map((v) => v.type);
  const func = FuncOp.build(rewriter, { sym_name: StringAttr.get(funcName), function_type: FunctionType.get(argTypes, resultTypes), location });
  // addEntryBlock: every argument gets the function's location.
  const body = rewriter.createBlockIn(FuncOp.body(func), null, argTypes, argTypes.map(() => location));
  const numOriginalArgs = originalBlock.args.length;
  rewriter.mergeBlocks(originalBlock, body, body.args.slice(0, numOriginalArgs));
  rewriter.setInsertionPointToEnd(body);
  ReturnOp.build(rewriter, { operands: originalTerminator.operands, location });

  // The region gets a new block calling the function; the old terminator yields the call's results.
  const newBlock = rewriter.createBlockIn(region, region.firstBlock, argTypes.slice(0, numOriginalArgs), argLocs);
  const call = CallOp.build(rewriter, {
    callee: SymbolRefAttr.get(funcName),
    operands: [...newBlock.args, ...captures],
    results: resultTypes,
    location,
  });
  const mapping = new IRMapping();
  mapping.mapAll(originalTerminator.operands, call.results);
  cloneAt(rewriter, originalTerminator, mapping);
  rewriter.eraseOp(originalTerminator);

  // Uses of the captures inside the function become uses of its arguments (or of cloned index constants).
  const captureArgs = body.args.slice(numOriginalArgs);
  captures.forEach((orig, i) => {
    let repl: Value = captureArgs[i];
    const cst = ConstantOp.definingOp(orig);
    if (cst && orig.type instanceof IndexType) {
      rewriter.setInsertionPointToStart(body);
      repl = cloneAt(rewriter, cst).results[0];
    }
    orig.replaceUsesWithIf(repl, (use) => func.isProperAncestorOf(use.owner));
  });
  rewriter.insertionPoint = saved;
  return { func, call };
}

/** MLIR's outlineIfOp: outlines the then (and else) region of `ifOp` into functions with the given names. */
export function outlineIfOp(
  rewriter: PatternRewriter,
  ifOp: OpOf<typeof IfOp>,
  thenFnName: string | undefined,
  elseFnName: string | undefined,
): { thenFn?: OpOf<typeof FuncOp>; elseFn?: OpOf<typeof FuncOp> } | undefined {
  const location = ifOp.location;
  const out: { thenFn?: OpOf<typeof FuncOp>; elseFn?: OpOf<typeof FuncOp> } = {};
  const thenRegion = IfOp.thenRegion(ifOp);
  if (thenFnName !== undefined && !thenRegion.empty) {
    const r = outlineSingleBlockRegion(rewriter, location, thenRegion, thenFnName);
    if (!r) return undefined;
    out.thenFn = r.func;
  }
  const elseRegion = IfOp.elseRegion(ifOp);
  if (elseFnName !== undefined && !elseRegion.empty) {
    const r = outlineSingleBlockRegion(rewriter, location, elseRegion, elseFnName);
    if (!r) return undefined;
    out.elseFn = r.func;
  }
  return out;
}
