// The scf dialect: structured control flow (for, forall, if, index_switch,
// parallel/reduce, while/condition, execute_region, yield), with MLIR 22's
// custom syntax, verifier rules and the op interfaces passes rely on.

import type { Attribute, Type } from '../../ir/attributes.js';
import { ArrayAttr, DenseArrayAttr, IntegerAttr, UnitAttr } from '../../ir/builtin-attributes.js';
import { FunctionType, IndexType, IntegerType, RankedTensorType } from '../../ir/builtin-types.js';
import { Traits, emitError, emitOpError, type Context, type Dialect } from '../../ir/context.js';
import {
  Interfaces,
  type LoopLikeInterface,
  type MemoryEffect,
  type MemoryEffectsInterface,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
  type SpeculatableInterface,
  getInterface,
} from '../../ir/interfaces.js';
import type { Location } from '../../ir/location.js';
import { fail, q } from '../../ir/context.js';
import { defineRawOp } from '../../ods/index.js';
import { Block, Operation, Region, type Value } from '../../ir/operation.js';
import type { Argument, OpAsmParser, OperationState, UnresolvedOperand } from '../../ir/op-asm.js';
import type { OpAsmPrinter } from '../../ir/op-asm.js';
import { ParseAbort } from '../../syntax/parser.js';
import {
  constantIntValue,
  isI1,
  isSignlessIntOrIndex,
  verifyCounts,
  verifyImplicitTerminator,
  verifyLoopLike,
  verifyOperandTypes,
  verifyRegionBranch,
  verifyRegionSizes,
  verifySingleBlock,
} from './verify-helpers.js';
import { SCF_FOLDS, SCF_PATTERNS } from './canonicalize.js';

/** ShapedType::kDynamic: the marker of a dynamic entry in static index lists. */
const DYNAMIC = -(2n ** 63n);

// ---- shared helpers

/** `op->emitError(msg)` (no `'name' op` prefix), returning false. */
function failPlain(ctx: Context, op: Operation, message: string): false {
  emitError(ctx, op, message);
  return false;
}

/** All attributes of an op (inherent and discardable), as `getAttrs()` returns them. */
function allAttrs(op: Operation): [string, Attribute][] {
  return [...op.propertiesView.entries(), ...op.attributesView.entries()];
}

/**
 * MLIR's `ensureTerminator`: gives the region a block if it has none, and
 * appends a `name` op to its last block unless that already ends with a
 * terminator.
 */
function ensureTerminator(ctx: Context, region: Region, name: string, state: OperationState, regions = 0): Operation | undefined {
  if (region.empty) region.pushBlock(new Block());
  const block = region.blocks[region.blocks.length - 1];
  const last = block.last;
  if (last && last.hasTrait(Traits.IsTerminator)) return undefined;
  const op = new Operation({ name: ctx.lookupOp(name)!, ...state.locationInit(), regions });
  block.append(op);
  return op;
}

function opCtx(p: OpAsmParser): Context {
  return p.parser.ctx;
}

/** ` name(%a = %b, ...)`: region arguments bound to initial values. */
function printInitializationList(p: OpAsmPrinter, args: readonly Value[], inits: readonly Value[], prefix: string): void {
  if (!inits.length) return;
  p.write(prefix + '(');
  inits.forEach((v, i) => {
    if (i) p.write(', ');
    p.printOperand(args[i]);
    p.write(' = ');
    p.printOperand(v);
  });
  p.write(')');
}

/** The terminator of the region's only block, if any. */
function terminatorOf(region: Region | undefined): Operation | null {
  if (!region || region.empty) return null;
  return region.entry.last;
}

function blockArgs(region: Region | undefined): Value[] {
  if (!region || region.empty) return [];
  return [...region.entry.args];
}

/** The operands of the `scf.yield` ending the region, or [] if it does not end with one. */
function yieldedValues(region: Region | undefined): Value[] {
  const t = terminatorOf(region);
  return t && t.name.name === 'scf.yield' ? t.operands : [];
}

function toParent(op: Operation): RegionSuccessor {
  return { region: 'parent', inputs: op.results };
}

function toRegion(region: Region, inputs: readonly Value[] = []): RegionSuccessor {
  return { region, inputs };
}

/** Effects of every op nested in `op`'s regions (RecursiveMemoryEffects). */
function nestedEffects(op: Operation): MemoryEffect[] {
  const out: MemoryEffect[] = [];
  for (const region of op.regions)
    for (const block of region.blocks)
      for (let o = block.first; o; o = o.next) {
        if (o.hasTrait(Traits.Pure)) continue;
        if (o.hasTrait(Traits.RecursiveMemoryEffects)) {
          out.push(...nestedEffects(o));
          continue;
        }
        const iface = getInterface<MemoryEffectsInterface>(o, Interfaces.MemoryEffects);
        if (iface) out.push(...iface.getEffects(o));
        else out.push({ kind: 'read' }, { kind: 'write' }, { kind: 'allocate' }, { kind: 'free' });
      }
  return out;
}

const recursiveEffects: MemoryEffectsInterface = { getEffects: nestedEffects };

/** True if every op nested in `op` may be speculated (RecursivelySpeculatable). */
function nestedSpeculatable(op: Operation): boolean {
  for (const region of op.regions)
    for (const block of region.blocks)
      for (let o = block.first; o; o = o.next) {
        if (o.hasTrait(Traits.Pure) && !o.regions.length) continue;
        const iface = getInterface<SpeculatableInterface>(o, Interfaces.Speculatable);
        if (iface?.isSpeculatable(o)) continue;
        if (o.hasTrait(Traits.Pure)) continue;
        return false;
      }
  return true;
}

/** The `scf.yield` ending the region, as the terminator interface's forwarded operands. */
const yieldTerminator: RegionBranchTerminatorInterface = {
  getSuccessorOperands(op) {
    return op.operands;
  },
};

// ---- scf.condition

const ConditionOp = defineRawOp({
  name: 'scf.condition',
  traits: [Traits.Pure, Traits.IsTerminator],
  parentOps: ['scf.while'],
  parse(p, state) {
    p.parseLParen();
    const cond = p.parseOperand();
    p.parseRParen();
    p.parseOptionalAttrDict(state.attributes);
    const args = p.parseOperandList();
    const operands = [p.resolveOperand(cond, IntegerType.get(1))];
    if (args.length) {
      p.parseColon();
      const offset = p.currentOffset();
      const types = p.parseTypeList();
      operands.push(...p.resolveOperands(args, types, offset));
    }
    state.operands = operands;
  },
  print(p, op) {
    p.write('(');
    p.printOperand(op.operand(0));
    p.write(')');
    p.printOptionalAttrDict(op.attributesView);
    if (op.numOperands > 1) {
      const args = op.operands.slice(1);
      p.write(' ');
      p.printOperands(args);
      p.write(' : ');
      p.printTypes(args.map((v) => v.type));
    }
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 0, results: 0, operands: [1] })) return false;
    return verifyOperandTypes(ctx, op, 0, 1, isI1, '1-bit signless integer');
  },
  interfaces: {
    [Interfaces.RegionBranchTerminator]: {
      getSuccessorOperands(op) {
        return op.operands.slice(1);
      },
      getSuccessorRegions(op, constants) {
        const whileOp = op.parentOp!;
        const c = constants[0];
        const known = c instanceof IntegerAttr && c.type === IntegerType.get(1) ? c.value !== 0n : undefined;
        const out: RegionSuccessor[] = [];
        if (known !== false) out.push(toRegion(whileOp.regions[1], blockArgs(whileOp.regions[1])));
        if (known !== true) out.push(toParent(whileOp));
        return out;
      },
    } satisfies RegionBranchTerminatorInterface,
  },
});

// ---- scf.execute_region

const ExecuteRegionOp = defineRawOp({
  name: 'scf.execute_region',
  traits: [],
  attributes: ['no_inline'],
  parse(p, state) {
    state.types = p.parseOptionalArrowTypeList() ?? [];
    if (p.parseOptionalKeyword('no_inline')) state.attributes.set('no_inline', UnitAttr.get());
    const body = state.addRegion(new Region());
    p.parseRegion(body, []);
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    p.printArrowTypeList(op.resultTypes);
    if (op.propertiesView.has('no_inline')) p.write(' no_inline');
    p.write(' ');
    p.printRegion(op.regions[0], { printEntryBlockArgs: false, printBlockTerminators: true });
    p.printOptionalAttrDict(allAttrs(op), ['no_inline']);
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 1, operands: 0 })) return false;
    const ni = op.propertiesView.get('no_inline');
    if (ni !== undefined && !(ni instanceof UnitAttr)) return fail(ctx, op, "attribute 'no_inline' failed to satisfy constraint: unit attribute");
    const region = op.regions[0];
    if (region.empty) return fail(ctx, op, 'region needs to have at least one block');
    if (region.entry.args.length > 0) return fail(ctx, op, 'region cannot have any arguments');
    return true;
  },
  verifyRegions(op, ctx) {
    return verifyRegionBranch(ctx, op);
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from) {
        if (from === 'parent') return [toRegion(op.regions[0])];
        return [toParent(op)];
      },
      getEntrySuccessorOperands() {
        return [];
      },
    } satisfies RegionBranchInterface,
    [Interfaces.MemoryEffects]: recursiveEffects,
  },
});

// ---- scf.for

function forIterArgs(op: Operation): Value[] {
  return blockArgs(op.regions[0]).slice(1);
}

const ForOp = defineRawOp({
  name: 'scf.for',
  traits: [Traits.AffineScope, Traits.RecursiveMemoryEffects],
  attributes: ['unsignedCmp'],
  implicitTerminator: 'scf.yield',
  parse(p, state) {
    const ctx = opCtx(p);
    if (p.parseOptionalKeyword('unsigned')) state.attributes.set('unsignedCmp', UnitAttr.get());
    const iv: Argument = { ssaName: p.parseOperand(), type: IndexType.get() };
    p.parseEqual();
    const lb = p.parseOperand();
    p.parseKeyword('to');
    const ub = p.parseOperand();
    p.parseKeyword('step');
    const step = p.parseOperand();
    const regionArgs: Argument[] = [iv];
    let inits: UnresolvedOperand[] = [];
    let hasIterArgs = false;
    if (p.parseOptionalKeyword('iter_args')) {
      hasIterArgs = true;
      const list = p.parseOptionalAssignmentList() ?? p.error("expected '('");
      regionArgs.push(...list.lhs);
      inits = list.rhs;
      state.types = p.parseArrowTypeList();
    }
    if (regionArgs.length !== state.types.length + 1)
      p.error('mismatch in number of loop-carried values and defined values', p.nameOffset);
    let type: Type = IndexType.get();
    if (p.parseOptionalColon()) type = p.parseType();
    iv.type = type;
    const operands = [p.resolveOperand(lb, type), p.resolveOperand(ub, type), p.resolveOperand(step, type)];
    if (hasIterArgs)
      for (let i = 0; i < inits.length; i++) {
        regionArgs[i + 1].type = state.types[i];
        operands.push(p.resolveOperand(inits[i], state.types[i]));
      }
    state.operands = operands;
    const body = state.addRegion(new Region());
    p.parseRegion(body, regionArgs);
    ensureTerminator(ctx, body, 'scf.yield', state);
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    const body = op.regions[0];
    const iv = body.entry.args[0];
    const inits = op.operands.slice(3);
    if (op.propertiesView.has('unsignedCmp')) p.write(' unsigned');
    p.write(' ');
    p.printOperand(iv);
    p.write(' = ');
    p.printOperand(op.operand(0));
    p.write(' to ');
    p.printOperand(op.operand(1));
    p.write(' step ');
    p.printOperand(op.operand(2));
    printInitializationList(p, forIterArgs(op), inits, ' iter_args');
    if (inits.length) {
      p.write(' -> (');
      p.printTypes(inits.map((v) => v.type));
      p.write(')');
    }
    p.write(' ');
    if (!(iv.type instanceof IndexType)) {
      p.write(' : ');
      p.printType(iv.type);
      p.write(' ');
    }
    p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: inits.length > 0 });
    p.printOptionalAttrDict(allAttrs(op), ['unsignedCmp']);
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 1, operands: [3] })) return false;
    if (!verifySingleBlock(ctx, op)) return false;
    const uc = op.propertiesView.get('unsignedCmp');
    if (uc !== undefined && !(uc instanceof UnitAttr)) return fail(ctx, op, "attribute 'unsignedCmp' failed to satisfy constraint: unit attribute");
    if (!verifyOperandTypes(ctx, op, 0, 3, isSignlessIntOrIndex, 'signless integer or index')) return false;
    const [lb, ub, step] = [op.operand(0).type, op.operand(1).type, op.operand(2).type];
    if (lb !== ub || lb !== step) return fail(ctx, op, 'failed to verify that all of {lowerBound, upperBound, step} have same type');
    if (!verifyRegionSizes(ctx, op, ['region'], ['one'])) return false;
    if (op.numOperands - 3 !== op.numResults) return fail(ctx, op, 'mismatch in number of loop-carried values and defined values');
    return true;
  },
  verifyRegions(op, ctx) {
    if (!verifyImplicitTerminator(ctx, op, 'scf.yield')) return false;
    if (!verifyLoopLike(ctx, op)) return false;
    if (!verifyRegionBranch(ctx, op)) return false;
    const iv = blockArgs(op.regions[0])[0];
    if (!iv || iv.type !== op.operand(0).type) return fail(ctx, op, 'expected induction variable to be same type as bounds and step');
    return true;
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op) {
        return [toRegion(op.regions[0], forIterArgs(op)), toParent(op)];
      },
      getEntrySuccessorOperands(op) {
        return op.operands.slice(3);
      },
    } satisfies RegionBranchInterface,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [op.regions[0]],
      getInductionVars: (op) => blockArgs(op.regions[0]).slice(0, 1),
      getLowerBounds: (op) => [op.operand(0)],
      getUpperBounds: (op) => [op.operand(1)],
      getSteps: (op) => [op.operand(2)],
      getRegionIterArgs: forIterArgs,
      getInits: (op) => op.operands.slice(3),
      getYieldedValues: (op) => yieldedValues(op.regions[0]),
      getLoopResults: (op) => op.results,
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
    } satisfies LoopLikeInterface,
    [Interfaces.MemoryEffects]: recursiveEffects,
    [Interfaces.Speculatable]: {
      isSpeculatable(op) {
        return constantIntValue(op.operand(2)) === 1n && nestedSpeculatable(op);
      },
    } satisfies SpeculatableInterface,
  },
});

/** True if `v` is defined inside one of `op`'s regions. */
function isInside(op: Operation, v: Value): boolean {
  const block = v.definingOp ? v.definingOp.parentBlock : (v as unknown as { owner: Block }).owner;
  for (let r: Region | null = block?.parent ?? null; r; r = r.parentOp?.parentRegion ?? null) if (r.parentOp === op) return true;
  return false;
}

// ---- scf.forall and scf.forall.in_parallel

function staticList(op: Operation, name: string): bigint[] {
  const a = op.propertiesView.get(name);
  return a instanceof DenseArrayAttr ? [...a.values] : [];
}

function segmentSizes(op: Operation): number[] | undefined {
  const a = op.propertiesView.get('operandSegmentSizes');
  return a instanceof DenseArrayAttr ? a.values.map(Number) : undefined;
}

/** The operand groups of an op with AttrSizedOperandSegments. */
function segments(op: Operation): Value[][] {
  const sizes = segmentSizes(op) ?? [];
  const out: Value[][] = [];
  let start = 0;
  for (const n of sizes) {
    out.push(op.operands.slice(start, start + n));
    start += n;
  }
  return out;
}

/**
 * forall and parallel share their region structure: one body region with an
 * implicit terminator that runs any number of times, then control returns to
 * the parent with no values passed along the region edge.
 */
function verifyParallelLoopRegions(ctx: Context, op: Operation, terminator: string): boolean {
  if (!verifyImplicitTerminator(ctx, op, terminator)) return false;
  if (!verifyLoopLike(ctx, op)) return false;
  return verifyRegionBranch(ctx, op);
}

const parallelLoopRegionBranch: RegionBranchInterface = {
  getSuccessorRegions(op) {
    return [toRegion(op.regions[0]), { region: 'parent', inputs: [] }];
  },
  getEntrySuccessorOperands() {
    return [];
  },
};

function forallRank(op: Operation): number {
  return staticList(op, 'staticLowerBound').length;
}

/** Mixed static/dynamic values: an integer or the next dynamic operand. */
type Mixed = bigint | Value;

function mixed(statics: readonly bigint[], dynamics: readonly Value[]): Mixed[] {
  let d = 0;
  return statics.map((s) => (s === DYNAMIC ? dynamics[d++] : s));
}

function mixedConstant(m: Mixed | undefined): bigint | undefined {
  if (m === undefined) return undefined;
  return typeof m === 'bigint' ? m : constantIntValue(m);
}

/** Parses `(%a, 4, %b)`: operands and integers, MLIR's parseDynamicIndexList. */
function parseDynamicIndexList(p: OpAsmParser): { values: UnresolvedOperand[]; statics: bigint[] } {
  const values: UnresolvedOperand[] = [];
  const statics: bigint[] = [];
  try {
    p.parseLParen();
    if (!p.parseOptionalRParen()) {
      do {
        const v = p.parseOptionalOperand();
        if (v) {
          values.push(v);
          statics.push(DYNAMIC);
        } else {
          statics.push(p.parseInteger());
        }
      } while (p.parseOptionalComma());
      p.parseRParen();
    }
  } catch (e) {
    if (e instanceof ParseAbort) p.error('expected SSA value or integer', p.nameOffset);
    throw e;
  }
  return { values, statics };
}

function printDynamicIndexList(p: OpAsmPrinter, statics: readonly bigint[], dynamics: readonly Value[]): void {
  p.write('(');
  let d = 0;
  statics.forEach((s, i) => {
    if (i) p.write(', ');
    if (s === DYNAMIC) p.printOperand(dynamics[d++]);
    else p.write(s.toString());
  });
  p.write(')');
}

function forallOutArgs(op: Operation): Value[] {
  return blockArgs(op.regions[0]).slice(forallRank(op));
}

function isNormalized(op: Operation): boolean {
  const [lbs, , steps] = segments(op);
  const l = mixed(staticList(op, 'staticLowerBound'), lbs ?? []);
  const s = mixed(staticList(op, 'staticStep'), steps ?? []);
  return l.every((m) => mixedConstant(m) === 0n) && s.every((m) => mixedConstant(m) === 1n);
}

const ForallOp = defineRawOp({
  name: 'scf.forall',
  traits: [Traits.RecursiveMemoryEffects],
  attributes: ['staticLowerBound', 'staticUpperBound', 'staticStep', 'mapping', 'operandSegmentSizes'],
  implicitTerminator: 'scf.forall.in_parallel',
  parse(p, state) {
    const ctx = opCtx(p);
    const index = IndexType.get();
    const ivs = p.parseArgumentList('paren');
    let lbs: { values: UnresolvedOperand[]; statics: bigint[] } = { values: [], statics: [] };
    let ubs: typeof lbs;
    let steps: typeof lbs = { values: [], statics: [] };
    const operands: Value[] = [];
    if (p.parseOptionalKeyword('in')) {
      ubs = parseDynamicIndexList(p);
      operands.push(...ubs.values.map((v) => p.resolveOperand(v, index)));
      lbs.statics = ivs.map(() => 0n);
      steps.statics = ivs.map(() => 1n);
    } else {
      p.parseEqual();
      lbs = parseDynamicIndexList(p);
      operands.push(...lbs.values.map((v) => p.resolveOperand(v, index)));
      p.parseKeyword('to');
      ubs = parseDynamicIndexList(p);
      operands.push(...ubs.values.map((v) => p.resolveOperand(v, index)));
      p.parseKeyword('step');
      steps = parseDynamicIndexList(p);
      operands.push(...steps.values.map((v) => p.resolveOperand(v, index)));
    }
    let outArgs: Argument[] = [];
    let outs: UnresolvedOperand[] = [];
    const outOffset = p.currentOffset();
    if (p.parseOptionalKeyword('shared_outs')) {
      const list = p.parseOptionalAssignmentList() ?? p.error("expected '('");
      outArgs = list.lhs;
      outs = list.rhs;
      state.types = p.parseOptionalArrowTypeList() ?? [];
      operands.push(...p.resolveOperands(outs, state.types, outOffset));
    }
    state.operands = operands;
    for (const iv of ivs) iv.type = index;
    outArgs.forEach((a, i) => (a.type = state.types[i]));
    const body = state.addRegion(new Region());
    p.parseRegion(body, [...ivs, ...outArgs]);
    const term = ensureTerminator(ctx, body, 'scf.forall.in_parallel', state, 1);
    if (term && term.regions[0].empty) term.regions[0].pushBlock(new Block());
    else {
      const last = body.blocks[body.blocks.length - 1].last;
      if (last && last.name.name === 'scf.forall.in_parallel' && last.regions[0]?.empty) last.regions[0].pushBlock(new Block());
    }
    p.parseOptionalAttrDict(state.attributes);
    state.attributes.set('staticLowerBound', DenseArrayAttr.getI64(lbs.statics));
    state.attributes.set('staticUpperBound', DenseArrayAttr.getI64(ubs.statics));
    state.attributes.set('staticStep', DenseArrayAttr.getI64(steps.statics));
    state.attributes.set(
      'operandSegmentSizes',
      DenseArrayAttr.get(IntegerType.get(32), [lbs.values.length, ubs.values.length, steps.values.length, outs.length].map(BigInt)),
    );
  },
  print(p, op) {
    const [lbs, ubs, steps, outs] = segments(op);
    const rank = forallRank(op);
    const body = op.regions[0];
    p.write(' (');
    p.printOperands(blockArgs(body).slice(0, rank));
    if (isNormalized(op)) {
      p.write(') in ');
      printDynamicIndexList(p, staticList(op, 'staticUpperBound'), ubs ?? []);
    } else {
      p.write(') = ');
      printDynamicIndexList(p, staticList(op, 'staticLowerBound'), lbs ?? []);
      p.write(' to ');
      printDynamicIndexList(p, staticList(op, 'staticUpperBound'), ubs ?? []);
      p.write(' step ');
      printDynamicIndexList(p, staticList(op, 'staticStep'), steps ?? []);
    }
    const outArgs = forallOutArgs(op);
    printInitializationList(p, outArgs, outs ?? [], ' shared_outs');
    p.write(' ');
    if (outArgs.length) {
      p.write('-> (');
      p.printTypes(op.resultTypes);
      p.write(') ');
    }
    p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: op.numResults > 0 });
    p.printOptionalAttrDict(allAttrs(op), ['operandSegmentSizes', 'staticLowerBound', 'staticUpperBound', 'staticStep']);
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 1 })) return false;
    if (!verifySingleBlock(ctx, op)) return false;
    for (const name of ['operandSegmentSizes', 'staticLowerBound', 'staticStep', 'staticUpperBound'])
      if (!op.propertiesView.has(name)) return fail(ctx, op, `requires attribute '${name}'`);
    const sizes = segmentSizes(op);
    if (!sizes || sizes.length !== 4)
      return fail(ctx, op, `'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got ${sizes?.length ?? 0}`);
    if (sizes.reduce((a, b) => a + b, 0) !== op.numOperands)
      return fail(ctx, op, `operand count (${op.numOperands}) does not match with the total size (${sizes.reduce((a, b) => a + b, 0)}) specified in attribute 'operandSegmentSizes'`);
    for (const name of ['staticLowerBound', 'staticUpperBound', 'staticStep']) {
      const a = op.propertiesView.get(name);
      if (!(a instanceof DenseArrayAttr) || !(a.elementType instanceof IntegerType) || a.elementType.width !== 64)
        return fail(ctx, op, `attribute '${name}' failed to satisfy constraint: i64 dense array attribute`);
    }
    const mapping = op.propertiesView.get('mapping');
    // No attribute of scfkit implements DeviceMappingAttrInterface: only an empty array qualifies.
    if (mapping !== undefined && !(mapping instanceof ArrayAttr && mapping.elements.length === 0))
      return fail(ctx, op, "attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute");
    const dyn = sizes[0] + sizes[1] + sizes[2];
    if (!verifyOperandTypes(ctx, op, 0, dyn, (t) => t instanceof IndexType, 'variadic of index')) return false;
    if (!verifyOperandTypes(ctx, op, dyn, op.numOperands, (t) => t instanceof RankedTensorType, 'variadic of ranked tensor of any type values'))
      return false;
    if (!verifyRegionSizes(ctx, op, ['region'], ['one'])) return false;
    // ForallOp::verify
    const rank = forallRank(op);
    const outs = op.operands.slice(dyn);
    if (op.numResults !== outs.length) return fail(ctx, op, `produces ${op.numResults} results, but has only ${outs.length} outputs`);
    const args = op.regions[0].entry.args;
    if (args.length !== rank + outs.length) return fail(ctx, op, `region expects ${rank} arguments`);
    for (let i = 0; i < rank; i++) if (!(args[i].type instanceof IndexType)) return fail(ctx, op, `expects ${i}-th block argument to be an index`);
    for (let i = 0; i < outs.length; i++)
      if (args[i + rank].type !== outs[i].type) return fail(ctx, op, `type mismatch between ${i}-th output and corresponding block argument`);
    const lists: [string, string, number][] = [
      ['lower bound', 'staticLowerBound', sizes[0]],
      ['upper bound', 'staticUpperBound', sizes[1]],
      ['step', 'staticStep', sizes[2]],
    ];
    for (const [what, name, ndyn] of lists) {
      const statics = staticList(op, name);
      if (statics.length !== rank) return failPlain(ctx, op, `expected ${rank} ${what} values, got ${statics.length}`);
      const expected = statics.filter((s) => s === DYNAMIC).length;
      if (ndyn !== expected) return failPlain(ctx, op, `expected ${expected} dynamic ${what} values`);
    }
    return true;
  },
  verifyRegions: (op, ctx) => verifyParallelLoopRegions(ctx, op, 'scf.forall.in_parallel'),
  interfaces: {
    [Interfaces.RegionBranch]: parallelLoopRegionBranch,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [op.regions[0]],
      getInductionVars: (op) => blockArgs(op.regions[0]).slice(0, forallRank(op)),
      getLowerBounds: () => undefined,
      getUpperBounds: () => undefined,
      getSteps: () => undefined,
      getRegionIterArgs: forallOutArgs,
      getInits: (op) => segments(op)[3] ?? [],
      getYieldedValues: () => [],
      getLoopResults: (op) => op.results,
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
      hasLoopResults: false,
    } as LoopLikeInterface,
    [Interfaces.MemoryEffects]: recursiveEffects,
  },
});

const InParallelOp = defineRawOp({
  name: 'scf.forall.in_parallel',
  traits: [Traits.Pure, Traits.IsTerminator, Traits.NoTerminator, Traits.SingleBlock, Traits.GraphRegions],
  parentOps: ['scf.forall'],
  parse(p, state) {
    const region = state.addRegion(new Region());
    p.parseRegion(region, []);
    if (region.empty) region.pushBlock(new Block());
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    p.write(' ');
    p.printRegion(op.regions[0], { printEntryBlockArgs: false, printBlockTerminators: false });
    p.printOptionalAttrDict(op.attributesView);
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 1, results: 0, operands: 0 })) return false;
    if (!verifySingleBlock(ctx, op, true)) return false;
    if (!verifyRegionSizes(ctx, op, ['region'], ['one'])) return false;
    if (op.regions[0].entry.first) return fail(ctx, op, 'expected only ParallelCombiningOpInterface ops');
    return true;
  },
});

// ---- scf.if

const IfOp = defineRawOp({
  name: 'scf.if',
  traits: [Traits.RecursiveMemoryEffects],
  implicitTerminator: 'scf.yield',
  parse(p, state) {
    const ctx = opCtx(p);
    const thenRegion = state.addRegion(new Region());
    const elseRegion = state.addRegion(new Region());
    const cond = p.parseOperand();
    state.operands = [p.resolveOperand(cond, IntegerType.get(1))];
    state.types = p.parseOptionalArrowTypeList() ?? [];
    p.parseRegion(thenRegion, []);
    ensureTerminator(ctx, thenRegion, 'scf.yield', state);
    if (p.parseOptionalKeyword('else')) {
      p.parseRegion(elseRegion, []);
      ensureTerminator(ctx, elseRegion, 'scf.yield', state);
    }
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    const hasResults = op.numResults > 0;
    if (hasResults) {
      p.write(' -> (');
      p.printTypes(op.resultTypes);
      p.write(')');
    }
    p.write(' ');
    p.printRegion(op.regions[0], { printEntryBlockArgs: false, printBlockTerminators: hasResults });
    if (!op.regions[1].empty) {
      p.write(' else ');
      p.printRegion(op.regions[1], { printEntryBlockArgs: false, printBlockTerminators: hasResults });
    }
    p.printOptionalAttrDict(allAttrs(op));
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 2, operands: 1 })) return false;
    if (!verifySingleBlock(ctx, op)) return false;
    if (!verifyOperandTypes(ctx, op, 0, 1, isI1, '1-bit signless integer')) return false;
    if (!verifyRegionSizes(ctx, op, ['thenRegion', 'elseRegion'], ['one', 'max-one'])) return false;
    for (let i = 0; i < op.regions.length; i++)
      if (!op.regions[i].empty && op.regions[i].entry.args.length) return fail(ctx, op, `region #${i} should have no arguments`);
    if (op.numResults !== 0 && op.regions[1].empty) return fail(ctx, op, 'must have an else block if defining values');
    return true;
  },
  verifyRegions(op, ctx) {
    if (!verifyImplicitTerminator(ctx, op, 'scf.yield')) return false;
    return verifyRegionBranch(ctx, op);
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from, constants) {
        if (from !== 'parent') return [toParent(op)];
        const c = constants?.[0];
        const known = c !== undefined && 'value' in c && typeof (c as { value: unknown }).value === 'bigint' ? (c as { value: bigint }).value !== 0n : undefined;
        const out: RegionSuccessor[] = [];
        if (known !== false) out.push(toRegion(op.regions[0]));
        if (known !== true) out.push(op.regions[1].empty ? toParent(op) : toRegion(op.regions[1]));
        return out;
      },
      getEntrySuccessorOperands() {
        return [];
      },
      getRegionInvocationBounds(_op, constants) {
        const c = constants[0] as { value?: unknown } | undefined;
        if (c && typeof c.value === 'bigint' && c instanceof IntegerAttr && c.type === IntegerType.get(1)) {
          const t = c.value !== 0n ? 1 : 0;
          return [
            { lower: 0, upper: t },
            { lower: 0, upper: 1 - t },
          ];
        }
        return [
          { lower: 0, upper: 1 },
          { lower: 0, upper: 1 },
        ];
      },
    } satisfies RegionBranchInterface,
    [Interfaces.MemoryEffects]: recursiveEffects,
    [Interfaces.Speculatable]: { isSpeculatable: nestedSpeculatable } satisfies SpeculatableInterface,
  },
});

// ---- scf.index_switch

function switchCases(op: Operation): bigint[] {
  return staticList(op, 'cases');
}

const IndexSwitchOp = defineRawOp({
  name: 'scf.index_switch',
  traits: [Traits.RecursiveMemoryEffects],
  attributes: ['cases'],
  implicitTerminator: 'scf.yield',
  parse(p, state) {
    const ctx = opCtx(p);
    const arg = p.parseOperand();
    state.operands = [p.resolveOperand(arg, IndexType.get())];
    p.parseOptionalAttrDict(state.attributes);
    if (p.parseOptionalArrow()) state.types = p.parseTypeList();
    const defaultRegion = state.addRegion(new Region());
    const cases: bigint[] = [];
    while (p.parseOptionalKeyword('case')) {
      const offset = p.currentOffset();
      const v = p.parseInteger();
      if (v < DYNAMIC || v >= -DYNAMIC) p.error('integer value too large', offset);
      const region = state.addRegion(new Region());
      p.parseRegion(region, []);
      cases.push(v);
    }
    state.attributes.set('cases', DenseArrayAttr.getI64(cases));
    p.parseKeyword('default');
    p.parseRegion(defaultRegion, []);
    ensureTerminator(ctx, defaultRegion, 'scf.yield', state);
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.printOptionalAttrDict(allAttrs(op), ['cases']);
    if (op.numResults) {
      p.write(' -> ');
      p.printTypes(op.resultTypes);
    }
    p.write(' ');
    const cases = switchCases(op);
    cases.forEach((v, i) => {
      p.printNewline();
      p.write(`case ${v} `);
      p.printRegion(op.regions[i + 1], { printEntryBlockArgs: false });
    });
    p.printNewline();
    p.write('default ');
    const def = op.regions[0];
    const term = terminatorOf(def);
    const printTerm = !term || term.attributesView.size > 0 || term.propertiesView.size > 0 || term.numOperands > 0 || term.numResults > 0;
    p.printRegion(def, { printBlockTerminators: printTerm });
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: [1], operands: 1 })) return false;
    if (!verifySingleBlock(ctx, op)) return false;
    const cases = op.propertiesView.get('cases');
    if (!cases) return fail(ctx, op, "requires attribute 'cases'");
    if (!(cases instanceof DenseArrayAttr) || !(cases.elementType instanceof IntegerType) || cases.elementType.width !== 64)
      return fail(ctx, op, "attribute 'cases' failed to satisfy constraint: i64 dense array attribute");
    if (!verifyOperandTypes(ctx, op, 0, 1, (t) => t instanceof IndexType, 'index')) return false;
    if (!verifyRegionSizes(ctx, op, ['defaultRegion', 'caseRegions'], ['one', 'one'])) return false;
    const values = switchCases(op);
    const nCases = op.regions.length - 1;
    if (values.length !== nCases) return fail(ctx, op, `has ${nCases} case regions but ${values.length} case values`);
    const seen = new Set<bigint>();
    for (const v of values) {
      if (seen.has(v)) return fail(ctx, op, `has duplicate case value: ${v}`);
      seen.add(v);
    }
    const check = (region: Region, name: string): boolean => {
      const last = region.entry.last!;
      if (last.name.name !== 'scf.yield') return fail(ctx, op, `expected region to end with scf.yield, but got ${last.name.name}`);
      if (last.numOperands !== op.numResults) {
        const d = emitOpError(ctx, op, `expected each region to return ${op.numResults} values, but ${name} returns ${last.numOperands}`);
        d.attachNote('see yield operation here', last.location);
        return false;
      }
      for (let i = 0; i < op.numResults; i++) {
        if (op.result(i).type === last.operand(i).type) continue;
        const d = emitOpError(ctx, op, `expected result #${i} of each region to be ${q(op.result(i).type)}`);
        d.attachNote(`${name} returns ${q(last.operand(i).type)} here`, last.location);
        return false;
      }
      return true;
    };
    if (!check(op.regions[0], 'default region')) return false;
    for (let i = 1; i < op.regions.length; i++) if (!check(op.regions[i], `case region #${i - 1}`)) return false;
    return true;
  },
  verifyRegions(op, ctx) {
    if (!verifyImplicitTerminator(ctx, op, 'scf.yield')) return false;
    return verifyRegionBranch(ctx, op);
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from, constants) {
        if (from !== 'parent') return [toParent(op)];
        const c = constants?.[0] as { value?: unknown } | undefined;
        if (c && typeof c.value === 'bigint') {
          const i = switchCases(op).indexOf(c.value);
          return [toRegion(op.regions[i >= 0 ? i + 1 : 0])];
        }
        return op.regions.map((r) => toRegion(r));
      },
      getEntrySuccessorOperands() {
        return [];
      },
      getRegionInvocationBounds(op, constants) {
        const c = constants[0];
        if (!(c instanceof IntegerAttr)) return op.regions.map(() => ({ lower: 0, upper: 1 }));
        const i = switchCases(op).indexOf(c.value);
        const live = i >= 0 ? i : op.regions.length - 1;
        return op.regions.map((_, k) => ({ lower: 0, upper: k === live ? 1 : 0 }));
      },
    } satisfies RegionBranchInterface,
    [Interfaces.MemoryEffects]: recursiveEffects,
  },
});

// ---- scf.parallel, scf.reduce, scf.reduce.return

const ParallelOp = defineRawOp({
  name: 'scf.parallel',
  traits: [Traits.RecursiveMemoryEffects],
  attributes: ['operandSegmentSizes'],
  implicitTerminator: 'scf.reduce',
  parse(p, state) {
    const ctx = opCtx(p);
    const index = IndexType.get();
    const ivs = p.parseArgumentList('paren');
    p.parseEqual();
    const resolveIndex = (list: UnresolvedOperand[]): Value[] => list.map((v) => p.resolveOperand(v, index));
    const lower = p.parseOperandList('paren', ivs.length);
    const operands = resolveIndex(lower);
    p.parseKeyword('to');
    const upper = p.parseOperandList('paren', ivs.length);
    operands.push(...resolveIndex(upper));
    p.parseKeyword('step');
    const steps = p.parseOperandList('paren', ivs.length);
    operands.push(...resolveIndex(steps));
    let inits: UnresolvedOperand[] = [];
    if (p.parseOptionalKeyword('init')) inits = p.parseOperandList('paren');
    state.types = p.parseOptionalArrowTypeList() ?? [];
    for (const iv of ivs) iv.type = index;
    const body = state.addRegion(new Region());
    p.parseRegion(body, ivs);
    state.attributes.set(
      'operandSegmentSizes',
      DenseArrayAttr.get(IntegerType.get(32), [lower.length, upper.length, steps.length, inits.length].map(BigInt)),
    );
    p.parseOptionalAttrDict(state.attributes);
    operands.push(...p.resolveOperands(inits, state.types, p.nameOffset));
    state.operands = operands;
    ensureTerminator(ctx, body, 'scf.reduce', state);
  },
  print(p, op) {
    const [lbs, ubs, steps, inits] = segments(op);
    const body = op.regions[0];
    p.write(' (');
    p.printOperands(blockArgs(body));
    p.write(') = (');
    p.printOperands(lbs ?? []);
    p.write(') to (');
    p.printOperands(ubs ?? []);
    p.write(') step (');
    p.printOperands(steps ?? []);
    p.write(')');
    if (inits?.length) {
      p.write(' init (');
      p.printOperands(inits);
      p.write(')');
    }
    p.printArrowTypeList(op.resultTypes);
    p.write(' ');
    p.printRegion(body, { printEntryBlockArgs: false });
    p.printOptionalAttrDict(allAttrs(op), ['operandSegmentSizes']);
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 1 })) return false;
    if (!verifySingleBlock(ctx, op)) return false;
    if (!op.propertiesView.has('operandSegmentSizes')) return fail(ctx, op, "requires attribute 'operandSegmentSizes'");
    const sizes = segmentSizes(op);
    if (!sizes || sizes.length !== 4)
      return fail(ctx, op, `'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got ${sizes?.length ?? 0}`);
    const total = sizes.reduce((a, b) => a + b, 0);
    if (total !== op.numOperands)
      return fail(ctx, op, `operand count (${op.numOperands}) does not match with the total size (${total}) specified in attribute 'operandSegmentSizes'`);
    const ctrl = sizes[0] + sizes[1] + sizes[2];
    if (!verifyOperandTypes(ctx, op, 0, ctrl, (t) => t instanceof IndexType, 'variadic of index')) return false;
    if (!verifyRegionSizes(ctx, op, ['region'], ['one'])) return false;
    // ParallelOp::verify
    const [, , steps] = segments(op);
    if (!steps.length) return fail(ctx, op, 'needs at least one tuple element for lowerBound, upperBound and step');
    for (const s of steps) {
      const c = constantIntValue(s);
      if (c !== undefined && c <= 0n) return fail(ctx, op, 'constant step operand must be positive');
    }
    const body = op.regions[0].entry;
    if (body.args.length !== steps.length)
      return fail(ctx, op, `expects the same number of induction variables: ${body.args.length} as bound and step values: ${steps.length}`);
    for (const a of body.args) if (!(a.type instanceof IndexType)) return fail(ctx, op, 'expects arguments for the induction variable to be of index type');
    const reduce = body.last;
    if (!reduce || reduce.name.name !== 'scf.reduce') {
      const d = emitOpError(ctx, op, "expects body to terminate with 'scf.reduce'");
      if (reduce) d.attachNote('terminator here', reduce.location);
      return false;
    }
    const nResults = op.numResults;
    const nReductions = reduce.regions.length;
    const nInits = sizes[3];
    if (nResults !== nReductions)
      return fail(ctx, op, `expects number of results: ${nResults} to be the same as number of reductions: ${nReductions}`);
    if (nResults !== nInits) return fail(ctx, op, `expects number of results: ${nResults} to be the same as number of initial values: ${nInits}`);
    for (let i = 0; i < nReductions; i++) {
      const rt = op.result(i).type;
      const ot = reduce.operand(i)?.type;
      if (ot !== rt) {
        emitOpError(ctx, reduce, `expects type of ${i}-th reduction operand: ${ot ? q(ot) : "'<<NULL TYPE>>'"} to be the same as the ${i}-th result type: ${q(rt)}`);
        return false;
      }
    }
    return true;
  },
  verifyRegions: (op, ctx) => verifyParallelLoopRegions(ctx, op, 'scf.reduce'),
  interfaces: {
    [Interfaces.RegionBranch]: parallelLoopRegionBranch,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [op.regions[0]],
      getInductionVars: (op) => blockArgs(op.regions[0]),
      getLowerBounds: (op) => segments(op)[0],
      getUpperBounds: (op) => segments(op)[1],
      getSteps: (op) => segments(op)[2],
      getRegionIterArgs: () => [],
      getInits: () => [],
      getYieldedValues: () => [],
      getLoopResults: (op) => op.results,
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
      hasLoopResults: false,
    } as LoopLikeInterface,
    [Interfaces.MemoryEffects]: recursiveEffects,
  },
});

const ReduceOp = defineRawOp({
  name: 'scf.reduce',
  traits: [Traits.IsTerminator, Traits.RecursiveMemoryEffects],
  parentOps: ['scf.parallel'],
  parse(p, state) {
    if (p.parseOptionalLParen()) {
      const operands = p.parseOperandList();
      p.parseColon();
      const offset = p.currentOffset();
      const types = p.parseTypeList();
      p.parseRParen();
      state.operands = p.resolveOperands(operands, types, offset);
    }
    const first = new Region();
    if (p.parseOptionalRegion(first, [])) {
      state.addRegion(first);
      while (p.parseOptionalComma()) {
        const r = state.addRegion(new Region());
        p.parseRegion(r, []);
      }
    }
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    if (op.numOperands) {
      p.write('(');
      p.printOperands(op.operands);
      p.write(' : ');
      p.printTypes(op.operands.map((v) => v.type));
      p.write(')');
    }
    p.write(' ');
    op.regions.forEach((r, i) => {
      if (i) p.write(', ');
      p.printRegion(r);
    });
    p.printOptionalAttrDict(op.attributesView);
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { results: 0 })) return false;
    return verifyRegionSizes(ctx, op, ['reductions'], ['one']);
  },
  verifyRegions(op, ctx) {
    for (let i = 0; i < op.regions.length; i++) {
      const type = op.operand(i)?.type;
      const block = op.regions[i].entry;
      if (block.empty) return fail(ctx, op, `${i}-th reduction has an empty body`);
      if (block.args.length !== 2 || block.args.some((a) => a.type !== type))
        return fail(ctx, op, `expected two block arguments with type ${type ? q(type) : "'<<NULL TYPE>>'"} in the ${i}-th reduction region`);
      if (block.last!.name.name !== 'scf.reduce.return') return fail(ctx, op, "reduction bodies must be terminated with an 'scf.reduce.return' op");
    }
    return true;
  },
  interfaces: {
    [Interfaces.RegionBranchTerminator]: {
      getSuccessorOperands() {
        return [];
      },
    } satisfies RegionBranchTerminatorInterface,
    [Interfaces.MemoryEffects]: recursiveEffects,
  },
});

const ReduceReturnOp = defineRawOp({
  name: 'scf.reduce.return',
  traits: [Traits.Pure, Traits.IsTerminator],
  parentOps: ['scf.reduce'],
  parse(p, state) {
    const v = p.parseOperand();
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const t = p.parseType();
    state.operands = [p.resolveOperand(v, t)];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.printOptionalAttrDict(op.attributesView);
    p.write(' : ');
    p.printType(op.operand(0).type);
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 0, results: 0, operands: 1 })) return false;
    const block = op.parentBlock!;
    const expected = block.args[0]?.type;
    if (expected !== op.operand(0).type)
      return fail(ctx, op, `must have type ${expected ? q(expected) : "'<<NULL TYPE>>'"} (the type of the reduction inputs)`);
    return true;
  },
});

// ---- scf.while

const WhileOp = defineRawOp({
  name: 'scf.while',
  traits: [Traits.RecursiveMemoryEffects, Traits.SingleBlock],
  parse(p, state) {
    const before = state.addRegion(new Region());
    const after = state.addRegion(new Region());
    const list = p.parseOptionalAssignmentList();
    const args = list?.lhs ?? [];
    const operands = list?.rhs ?? [];
    const typeOffset = p.currentOffset();
    p.parseColon();
    const parsed = p.parseType();
    const fnType =
      parsed instanceof FunctionType ? parsed : p.error(`invalid kind of type specified: expected builtin.function, but found ${q(parsed)}`, typeOffset);
    state.types = [...fnType.results];
    if (fnType.inputs.length !== operands.length)
      p.error(`expected as many input types as operands (expected ${operands.length} got ${fnType.inputs.length})`, typeOffset);
    state.operands = p.resolveOperands(operands, fnType.inputs, p.currentOffset());
    args.forEach((a, i) => (a.type = fnType.inputs[i]));
    p.parseRegion(before, args);
    p.parseKeyword('do');
    p.parseRegion(after, []);
    p.parseOptionalAttrDictWithKeyword(state.attributes);
  },
  print(p, op) {
    printInitializationList(p, blockArgs(op.regions[0]), op.operands, ' ');
    p.write(' : ');
    p.printFunctionType(
      op.operands.map((v) => v.type),
      op.resultTypes,
    );
    p.write(' ');
    p.printRegion(op.regions[0], { printEntryBlockArgs: false });
    p.write(' do ');
    p.printRegion(op.regions[1]);
    p.printOptionalAttrDictWithKeyword(op.attributesView);
  },
  verify(op, ctx) {
    if (!verifyCounts(ctx, op, { regions: 2 })) return false;
    if (!verifySingleBlock(ctx, op)) return false;
    if (!verifyRegionSizes(ctx, op, ['before', 'after'], ['one', 'one'])) return false;
    const check = (region: Region, name: string, message: string): boolean => {
      const last = region.entry.last;
      if (last && last.name.name === name) return true;
      const d = emitOpError(ctx, op, message);
      if (last) d.attachNote('terminator here', last.location);
      return false;
    };
    if (!check(op.regions[0], 'scf.condition', "expects the 'before' region to terminate with 'scf.condition'")) return false;
    return check(op.regions[1], 'scf.yield', "expects the 'after' region to terminate with 'scf.yield'");
  },
  verifyRegions(op, ctx) {
    if (!verifyRegionBranch(ctx, op)) return false;
    return verifyLoopLike(ctx, op);
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from) {
        const [before, after] = op.regions;
        if (from === 'parent' || from === 1) return [toRegion(before, blockArgs(before))];
        return [toParent(op), toRegion(after, blockArgs(after))];
      },
      getEntrySuccessorOperands(op) {
        return op.operands;
      },
    } satisfies RegionBranchInterface,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [...op.regions],
      getInductionVars: () => undefined,
      getLowerBounds: () => undefined,
      getUpperBounds: () => undefined,
      getSteps: () => undefined,
      getRegionIterArgs: (op) => blockArgs(op.regions[0]),
      getInits: (op) => op.operands,
      getYieldedValues: (op) => yieldedValues(op.regions[1]),
      getLoopResults: (op) => op.results,
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
      hasLoopResults: false,
    } as LoopLikeInterface,
    [Interfaces.MemoryEffects]: recursiveEffects,
  },
});

// ---- scf.yield

const YieldOp = defineRawOp({
  name: 'scf.yield',
  traits: [Traits.Pure, Traits.ReturnLike, Traits.IsTerminator],
  parentOps: ['scf.execute_region', 'scf.for', 'scf.if', 'scf.index_switch', 'scf.while'],
  parse(p, state) {
    p.parseOptionalAttrDict(state.attributes);
    const operands = p.parseOperandList();
    if (operands.length) {
      p.parseColon();
      const offset = p.currentOffset();
      const types = p.parseTypeList();
      state.operands = p.resolveOperands(operands, types, offset);
    }
  },
  print(p, op) {
    p.printOptionalAttrDict(op.attributesView);
    if (op.numOperands) {
      p.write(' ');
      p.printOperands(op.operands);
      p.write(' : ');
      p.printTypes(op.operands.map((v) => v.type));
    }
  },
  verify(op, ctx) {
    return verifyCounts(ctx, op, { regions: 0, results: 0 });
  },
  interfaces: { [Interfaces.RegionBranchTerminator]: yieldTerminator },
});

export const scfDialect: Dialect = {
  name: 'scf',
  ops: [
    ConditionOp,
    ExecuteRegionOp,
    ForOp,
    ForallOp,
    InParallelOp,
    IfOp,
    IndexSwitchOp,
    ParallelOp,
    ReduceOp,
    ReduceReturnOp,
    WhileOp,
    YieldOp,
  ].map((def) => {
    const fold = SCF_FOLDS[def.name];
    const patterns = SCF_PATTERNS[def.name];
    return fold || patterns ? { ...def, ...(fold ? { fold } : {}), ...(patterns ? { getCanonicalizationPatterns: patterns } : {}) } : def;
  }),
};

export type { OperationState };
