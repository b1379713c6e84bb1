// MLIR's `test` dialect as mlir-opt 22 registers it: it accepts operations it
// does not define (they behave exactly like unregistered ops: generic form,
// unknown effects, never removed) and defines the TestOps.td ops the corpus
// relies on, with their traits, interfaces, effects and syntax.

import { ArrayAttr, DenseArrayAttr, DictionaryAttr, IntegerAttr, StringAttr, SymbolRefAttr } from '../../ir/builtin-attributes.js';
import { FunctionType, IndexType, IntegerType, VectorType } from '../../ir/builtin-types.js';
import { Traits, emitError } from '../../ir/context.js';
import { verifyBranchSuccessors } from '../../ods/helpers.js';
import {
  Interfaces,
  getInterface,
  type BranchInterface,
  type CallableInterface,
  type CallOpInterface,
  type InferIntRangeInterface,
  intRangeStorageWidth,
  type LoopLikeInterface,
  type MemoryEffect,
  type MemoryEffectKind,
  type MemoryEffectsInterface,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
  type SpeculatableInterface,
} from '../../ir/interfaces.js';
import { Region, type Operation, type Value } from '../../ir/operation.js';
import {
  AnyAttr,
  AnyFunction,
  AnyInteger,
  AnyType,
  AttrSizedOperandSegments,
  F32,
  I1,
  I32,
  SymbolRefAttrC,
  anyTypeOf,
  attr,
  attrConstraint,
  defineOp,
  implementOp,
  defineDialect,
  Index,
  operand,
  optionalAttr,
  region,
  result,
  sizedRegion,
  variadicRegion,
  successor,
  typeConstraint,
  variadicOperand,
  variadicResult,
  ArrayAttrC,
  AllTypesMatch,
  getElementTypeOrSelf,
} from '../../ods/index.js';
import type { OpAsmParser, OperationState } from '../../ir/op-asm.js';
import type { OpAsmPrinter } from '../../ir/op-asm.js';
import { parseTestAttribute, testGetAlias } from './attributes.js';
import { parseTestType } from './types.js';
import { TEST_SYNTAX_OPS } from './syntax-ops.js';

// ---- helpers


const noEffects: MemoryEffectsInterface = { getEffects: () => [] };

function fixedEffects(...kinds: MemoryEffectKind[]): MemoryEffectsInterface {
  return { getEffects: () => kinds.map((kind) => ({ kind, resource: 'default' })) };
}

const UNKNOWN_EFFECTS: readonly MemoryEffectKind[] = ['read', 'write', 'allocate', 'free'];


/** Speculatable only through the Speculatable interface (region-free Pure ops are handled by the caller). */
function opSpeculatable(o: Operation): boolean {
  const iface = getInterface<SpeculatableInterface>(o, Interfaces.Speculatable);
  if (iface) return iface.isSpeculatable(o);
  return false;
}

/** RecursivelySpeculatable: every nested op must be speculatable. */
function nestedSpeculatable(op: Operation): boolean {
  for (const r of op.regions)
    for (const b of r.blocks)
      for (let o = b.first; o; o = o.next) {
        if (o.hasTrait(Traits.Pure) && o.regions.length === 0 && !getInterface(o, Interfaces.Speculatable)) continue;
        if (!opSpeculatable(o)) return false;
      }
  return true;
}
const recursivelySpeculatable: SpeculatableInterface = { isSpeculatable: nestedSpeculatable };

const APIntAttr = attrConstraint('arbitrary integer attribute', (a) => a instanceof IntegerAttr);
const InferIntRangeType = anyTypeOf(
  [
    AnyInteger,
    Index,
    typeConstraint(
      'vector of integer or index values',
      (t) => t instanceof VectorType && t.shape.length > 0 && (t.elementType instanceof IntegerType || t.elementType instanceof IndexType),
    ),
  ],
  'integer or index or vector of integer or index values',
);

function entryArgs(r: Region): Value[] {
  return r.blocks.length ? [...r.blocks[0].args] : [];
}

function regionSuccessor(r: Region): RegionSuccessor {
  return { region: r, inputs: entryArgs(r) };
}

function parentSuccessor(op: Operation): RegionSuccessor {
  return { region: 'parent', inputs: op.results };
}

/** Whether `v` is defined inside one of `op`'s regions. */
function isInside(op: Operation, v: Value): boolean {
  for (let b = v.parentBlock; b; b = b.parent?.parentOp?.parentBlock ?? null) if (b.parent?.parentOp === op) return true;
  return false;
}

const forwardAllOperands: RegionBranchTerminatorInterface = { getSuccessorOperands: (op) => op.operands };

// ---- control flow

/** `test.br`: an unconditional branch forwarding all its operands. */
export const BranchOp = defineOp({
  name: 'test.br',
  traits: [Traits.IsTerminator],
  operands: [variadicOperand('targetOperands', AnyType)],
  successors: [successor('target')],
  interfaces: {
    [Interfaces.Branch]: {
      getSuccessorOperands: (op) => op.operands,
      getSuccessorForOperands: (op) => op.successor(0),
      setSuccessorOperands(op, _index, values) {
        op.setOperands([...values]);
      },
    } satisfies BranchInterface,
  },
  verify: (op, ctx) => verifyBranchSuccessors(ctx, op, () => op.operands),
});

/** `test.internal_br`: success and error successors with their own operand segments. */
export const InternalBranchOp = defineOp({
  name: 'test.internal_br',
  traits: [Traits.IsTerminator, AttrSizedOperandSegments],
  operands: [variadicOperand('successOperands', AnyType), variadicOperand('errorOperands', AnyType)],
  successors: [successor('successPath'), successor('errorPath')],
  interfaces: {
    [Interfaces.Branch]: {
      getSuccessorOperands: internalBranchOperands,
      // The error path receives one value made by the branch before the forwarded ones.
      getProducedOperandCount: (_op, index) => (index === 0 ? 0 : 1),
    } satisfies BranchInterface,
  },
  verify(op, ctx) {
    for (let s = 0; s < 2; s++) {
      const dest = op.successor(s);
      const forwarded = internalBranchOperands(op, s);
      const produced = s === 0 ? 0 : 1;
      if (forwarded.length + produced !== dest.args.length) {
        emitError(ctx, op, `branch has ${forwarded.length + produced} operands for successor #${s}, but target block has ${dest.args.length}`);
        return false;
      }
      for (let i = 0; i < forwarded.length; i++)
        if (forwarded[i].type !== dest.args[i + produced].type) {
          emitError(ctx, op, `type mismatch for bb argument #${i + produced} of successor #${s}`);
          return false;
        }
    }
    return true;
  },
});

function internalBranchOperands(op: Operation, index: number): Value[] {
  const sizes = op.propertiesView.get('operandSegmentSizes');
  const n = sizes instanceof DenseArrayAttr ? Number(sizes.values[0]) : op.numOperands;
  return index === 0 ? op.operands.slice(0, n) : op.operands.slice(n);
}

export const ReturnOp = defineOp({
  name: 'test.return',
  traits: [Traits.Pure, Traits.ReturnLike, Traits.IsTerminator],
  operands: [variadicOperand('operands', AnyType)],
  interfaces: { [Interfaces.RegionBranchTerminator]: forwardAllOperands },
});

export const FinishOp = defineOp({ name: 'test.finish', traits: [Traits.IsTerminator] });

export const RegionYieldOp = defineOp({
  name: 'test.region_yield',
  traits: [Traits.Pure, Traits.ReturnLike, Traits.IsTerminator],
  operands: [operand('result', AnyType)],
  assemblyFormat: '$result `:` type($result) attr-dict',
  interfaces: { [Interfaces.RegionBranchTerminator]: forwardAllOperands },
});

export const RegionIfYieldOp = defineOp({
  name: 'test.region_if_yield',
  traits: [Traits.ReturnLike, Traits.IsTerminator],
  operands: [variadicOperand('results', AnyType)],
  assemblyFormat: '$results `:` type($results) attr-dict',
  interfaces: { [Interfaces.RegionBranchTerminator]: forwardAllOperands, [Interfaces.MemoryEffects]: noEffects },
});

/** `test.region_if`: then/else regions both continue into the join region, which returns to the parent. */
export const RegionIfOp = defineOp({
  name: 'test.region_if',
  traits: [Traits.RecursiveMemoryEffects],
  operands: [variadicOperand('operands', AnyType)],
  results: [variadicResult('results', AnyType)],
  regions: [sizedRegion('thenRegion', 1), region('elseRegion'), region('joinRegion')],
  parse(p: OpAsmParser, state: OperationState) {
    const operands = p.parseOperandList();
    const offset = p.currentOffset();
    const types = p.parseColonTypeList();
    state.types = p.parseArrowTypeList();
    for (const kw of ['then', 'else', 'join']) {
      p.parseKeyword(kw);
      p.parseRegion(state.addRegion(new Region()));
    }
    state.operands = p.resolveOperands(operands, types, offset);
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.write(' ');
    p.printOperands(op.operands);
    p.write(': ');
    p.printTypes(op.operands.map((v) => v.type));
    p.printArrowTypeList(op.results.map((v) => v.type));
    const names = [' then ', ' else ', ' join '];
    for (let i = 0; i < 3; i++) {
      p.write(names[i]);
      p.printRegion(op.regions[i], { printEntryBlockArgs: true, printBlockTerminators: true });
    }
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from) {
        if (from === 'parent') return [regionSuccessor(op.regions[0]), regionSuccessor(op.regions[1])];
        if (from < 2) return [regionSuccessor(op.regions[2])];
        return [parentSuccessor(op)];
      },
      getEntrySuccessorOperands: (op) => op.operands,
      getRegionInvocationBounds: () => [0, 1, 2].map(() => ({ lower: 0, upper: 1 })),
    } satisfies RegionBranchInterface,
  },
});

/** `test.any_cond`: runs its region exactly once, then returns to the parent. */
export const AnyCondOp = defineOp({
  name: 'test.any_cond',
  traits: [Traits.RecursiveMemoryEffects],
  results: [variadicResult('results', AnyType)],
  regions: [region('region')],
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from) {
        return from === 'parent' ? [regionSuccessor(op.regions[0])] : [parentSuccessor(op)];
      },
      getEntrySuccessorOperands: () => [],
      getRegionInvocationBounds: () => [{ lower: 1, upper: 1 }],
    } satisfies RegionBranchInterface,
  },
});

/** `test.loop_block`: a loop whose body takes an i32 and exits with an f32. */
export const LoopBlockOp = defineOp({
  name: 'test.loop_block',
  traits: [Traits.RecursiveMemoryEffects],
  operands: [operand('init', I32)],
  results: [result('floatResult', F32)],
  regions: [sizedRegion('body', 1)],
  assemblyFormat: '$init `:` functional-type($init, $floatResult) $body attr-dict-with-keyword',
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from) {
        const body = regionSuccessor(op.regions[0]);
        return from === 'parent' ? [body] : [body, parentSuccessor(op)];
      },
      getEntrySuccessorOperands: (op) => op.operands,
    } satisfies RegionBranchInterface,
  },
});

export const LoopBlockTerminatorOp = defineOp({
  name: 'test.loop_block_term',
  traits: [Traits.Pure, Traits.IsTerminator],
  operands: [operand('nextIterArg', I32), operand('exitArg', F32)],
  assemblyFormat: '`iter` $nextIterArg `exit` $exitArg attr-dict',
  interfaces: {
    [Interfaces.RegionBranchTerminator]: {
      getSuccessorOperands: (op, successor) => (successor.region === 'parent' ? [op.operand(1)] : [op.operand(0)]),
    } satisfies RegionBranchTerminatorInterface,
  },
});

// ---- regions

export const GraphRegionOp = defineOp({
  name: 'test.graph_region',
  traits: [Traits.GraphRegions],
  regions: [region('region')],
  assemblyFormat: 'attr-dict-with-keyword $region',
});

export const SingleNoTerminatorOp = defineOp({
  name: 'test.single_no_terminator_op',
  traits: [Traits.NoTerminator, Traits.SingleBlock, Traits.GraphRegions],
  regions: [sizedRegion('my_region', 1)],
  assemblyFormat: 'attr-dict `:` $my_region',
});

export const AllocaScopeRegionOp = defineOp({
  name: 'test.alloca_scope_region',
  traits: [Traits.AutomaticAllocationScope],
  regions: [region('region')],
  assemblyFormat: 'attr-dict-with-keyword $region',
});

export const CSEOfSingleBlockOp = defineOp({
  name: 'test.cse_of_single_block_op',
  traits: [Traits.Pure],
  operands: [variadicOperand('inputs', AnyType)],
  results: [variadicResult('outputs', AnyType)],
  regions: [sizedRegion('region', 1)],
  assemblyFormat: 'attr-dict `inputs` `(` $inputs `)` $region `:` type($inputs) `->` type($outputs)',
});

export const FunctionalRegionOp = defineOp({
  name: 'test.functional_region_op',
  attributes: [optionalAttr('arg_attrs', ArrayAttrC), optionalAttr('res_attrs', ArrayAttrC)],
  results: [result('result', AnyFunction)],
  regions: [region('body')],
  interfaces: {
    [Interfaces.Callable]: {
      getCallableRegion: (op) => op.regions[0],
      getArgumentTypes: (op) => [...(op.result(0).type as FunctionType).inputs],
      getResultTypes: (op) => [...(op.result(0).type as FunctionType).results],
    } satisfies CallableInterface,
  },
});

/** `test.graph_loop`: a loop-like op with a graph body and no effects. */
export const GraphLoopOp = defineOp({
  name: 'test.graph_loop',
  traits: [Traits.SingleBlock, Traits.GraphRegions],
  operands: [variadicOperand('args', AnyType)],
  results: [variadicResult('rets', AnyType)],
  regions: [sizedRegion('body', 1)],
  assemblyFormat: '$args $body attr-dict `:` functional-type(operands, results)',
  interfaces: {
    [Interfaces.MemoryEffects]: noEffects,
    [Interfaces.Speculatable]: recursivelySpeculatable,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [op.regions[0]],
      getInductionVars: () => undefined,
      getLowerBounds: () => undefined,
      getUpperBounds: () => undefined,
      getSteps: () => undefined,
      getRegionIterArgs: () => [],
      getInits: () => [],
      getYieldedValues: () => [],
      getLoopResults: () => [],
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
    } satisfies LoopLikeInterface,
  },
});

export const TwoRegionOp = defineOp({ name: 'test.two_region_op', regions: [region('r0'), region('r1')] });

export const SizedRegionOp = defineOp({ name: 'test.sized_region_op', regions: [sizedRegion('my_region', 2), sizedRegion('', 1)] });

export const VariadicNoTerminatorOp = defineOp({
  name: 'test.variadic_no_terminator_op',
  traits: [Traits.NoTerminator, Traits.SingleBlock, Traits.GraphRegions],
  regions: [variadicRegion('my_regions')],
  assemblyFormat: 'attr-dict `:` $my_regions',
});

/** Custom syntax: the bare region, printed without entry arguments or terminators. */
export const SingleNoTerminatorCustomAsmOp = defineOp({
  name: 'test.single_no_terminator_custom_asm_op',
  traits: [Traits.SingleBlock, Traits.NoTerminator],
  regions: [sizedRegion('', 1)],
  parse(p: OpAsmParser, state: OperationState) {
    p.parseRegion(state.addRegion(new Region()));
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.printRegion(op.regions[0], { printEntryBlockArgs: false, printBlockTerminators: false });
  },
});

/** `$body attr-dict custom<DummyRegionRef>(ref($body))`: the directive prints nothing. */
export const DummyOpWithRegionRef = defineOp({
  name: 'test.dummy_op_with_region_ref',
  traits: [Traits.NoTerminator],
  regions: [region('body')],
  parse(p: OpAsmParser, state: OperationState) {
    p.parseRegion(state.addRegion(new Region()));
    p.parseOptionalAttrDict(state);
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.write(' ');
    p.printRegion(op.regions[0]);
    p.printOptionalAttrDict(op.attributesView);
    p.write(' ');
  },
});

/** Results named after its `names` attribute, which the parser fills in from the SSA names written. */
export const StringAttrPrettyNameOp = defineOp({
  name: 'test.string_attr_pretty_name',
  attributes: [attr('names', ArrayAttrC)],
  results: [variadicResult('r', I32)],
  parse(p: OpAsmParser, state: OperationState) {
    state.types = Array.from({ length: p.numResults }, () => IntegerType.get(32));
    p.parseOptionalAttrDictWithKeyword(state);
    if (state.attributes.has('names') || p.numResults === 0) return;
    const names: StringAttr[] = [];
    for (let i = 0; i < p.numResults; i++) {
      const written = p.resultName(i)?.[0] ?? '';
      names.push(StringAttr.get(written !== '' && !/^[0-9]/.test(written) ? written : ''));
    }
    state.attributes.set('names', ArrayAttr.get(names));
  },
  print(p: OpAsmPrinter, op: Operation) {
    const names = op.getAttr('names');
    let disagree = !(names instanceof ArrayAttr) || names.elements.length !== op.numResults;
    for (let i = 0; !disagree && i < op.numResults; i++) {
      const expected = (names as ArrayAttr).elements[i];
      const printed = p.valueName?.(op.result(i)) ?? '';
      if (!(expected instanceof StringAttr) || printed.slice(1) !== expected.value) disagree = true;
    }
    const attrs = [...op.propertiesView, ...op.attributesView].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    p.printOptionalAttrDictWithKeyword(attrs, disagree ? [] : ['names']);
  },
  getAsmResultNames(op, setName) {
    const names = op.getAttr('names');
    if (!(names instanceof ArrayAttr)) return;
    names.elements.forEach((n, i) => {
      if (i < op.numResults && n instanceof StringAttr && n.value !== '') setName(op.result(i), n.value);
    });
  },
});

// ---- effects and speculation

export const OpWithMemRead = defineOp({
  name: 'test.op_with_memread',
  results: [result('result', AnyInteger)],
  interfaces: { [Interfaces.MemoryEffects]: fixedEffects('read') },
});

export const OpWithMemWrite = defineOp({
  name: 'test.op_with_memwrite',
  interfaces: { [Interfaces.MemoryEffects]: fixedEffects('write') },
});

const EFFECT_NAMES: Readonly<Record<string, MemoryEffectKind>> = { allocate: 'allocate', free: 'free', read: 'read', write: 'write' };

/** `test.side_effect_op`: its effects are listed in its `effects` attribute. */
export const SideEffectOp = defineOp({
  name: 'test.side_effect_op',
  results: [result('result', AnyType)],
  interfaces: {
    [Interfaces.MemoryEffects]: {
      getEffects(op) {
        const list = op.getAttr('effects');
        if (!(list instanceof ArrayAttr)) return [];
        const out: MemoryEffect[] = [];
        for (const element of list.elements) {
          if (!(element instanceof DictionaryAttr)) continue;
          const name = element.get('effect');
          const kind = name instanceof StringAttr ? EFFECT_NAMES[name.value] : undefined;
          // MLIR would crash on an unknown effect name; be conservative instead.
          if (!kind) {
            for (const k of UNKNOWN_EFFECTS) out.push({ kind: k });
            continue;
          }
          const resource = element.get('test_resource') ? 'test' : 'default';
          if (element.get('on_result')) out.push({ kind, value: op.result(0), resource });
          else out.push({ kind, resource });
        }
        return out;
      },
    } satisfies MemoryEffectsInterface,
  },
});

/** `test.test_effects_result`: allocates and writes its own result. */
export const EffectsResultOp = defineOp({
  name: 'test.test_effects_result',
  results: [result('result', I32)],
  interfaces: {
    [Interfaces.MemoryEffects]: {
      getEffects: (op) => [
        { kind: 'allocate', value: op.result(0), resource: 'default' },
        { kind: 'write', value: op.result(0), resource: 'default' },
      ],
    } satisfies MemoryEffectsInterface,
  },
});

export const PureOp = defineOp({
  name: 'test.always_speculatable_op',
  traits: [Traits.Pure],
  results: [result('result', I32)],
});

export const NeverSpeculatableOp = defineOp({
  name: 'test.never_speculatable_op',
  results: [result('result', I32)],
  interfaces: { [Interfaces.Speculatable]: { isSpeculatable: () => false } satisfies SpeculatableInterface },
});

export const ConditionallySpeculatableOp = defineOp({
  name: 'test.conditionally_speculatable_op',
  operands: [operand('input', I32)],
  results: [result('result', I32)],
  interfaces: {
    [Interfaces.MemoryEffects]: noEffects,
    [Interfaces.Speculatable]: {
      isSpeculatable: (op) => op.operand(0).definingOp?.name.name === 'arith.constant',
    } satisfies SpeculatableInterface,
  },
});

export const RecursivelySpeculatableOp = defineOp({
  name: 'test.recursively_speculatable_op',
  traits: [Traits.RecursiveMemoryEffects],
  results: [result('result', I32)],
  regions: [sizedRegion('body', 1)],
  interfaces: { [Interfaces.Speculatable]: recursivelySpeculatable },
});

export const WithBoundsOp = defineOp({
  name: 'test.with_bounds',
  // Listed in name order: that is the order MLIR checks them in.
  attributes: [attr('smax', APIntAttr), attr('smin', APIntAttr), attr('umax', APIntAttr), attr('umin', APIntAttr)],
  results: [result('fakeVal', InferIntRangeType)],
  assemblyFormat: 'attr-dict `:` type($fakeVal)',
  interfaces: {
    [Interfaces.MemoryEffects]: noEffects,
    [Interfaces.InferIntRange]: {
      // The bounds have the width of the attributes' own type.
      inferResultRanges(op, _args, setResultRange) {
        const get = (name: string): IntegerAttr => op.getAttr(name) as IntegerAttr;
        const width = intRangeStorageWidth(get('umin').type);
        const u = (a: IntegerAttr): bigint => BigInt.asUintN(width, a.value);
        const s = (a: IntegerAttr): bigint => BigInt.asIntN(width, a.value);
        setResultRange(op.result(0), { width, umin: u(get('umin')), umax: u(get('umax')), smin: s(get('smin')), smax: s(get('smax')) });
      },
    } satisfies InferIntRangeInterface,
  },
});

/** `test.reflect_bounds`: records the range inferred for its operand as attributes (while the analysis runs). */
export const ReflectBoundsOp = defineOp({
  name: 'test.reflect_bounds',
  traits: [AllTypesMatch(['value', 'result'])],
  operands: [operand('value', InferIntRangeType)],
  attributes: [optionalAttr('smax', APIntAttr), optionalAttr('smin', APIntAttr), optionalAttr('umax', APIntAttr), optionalAttr('umin', APIntAttr)],
  results: [result('result', InferIntRangeType)],
  assemblyFormat: 'attr-dict $value `:` type($result)',
  interfaces: {
    [Interfaces.InferIntRange]: {
      inferResultRanges(op, [range], setResultRange) {
        const type = getElementTypeOrSelf(op.result(0).type);
        const sType = type instanceof IntegerType ? IntegerType.get(type.width, 'signed') : type;
        const uType = type instanceof IntegerType ? IntegerType.get(type.width, 'unsigned') : type;
        op.setAttr('umin', IntegerAttr.get(uType, range.umin));
        op.setAttr('umax', IntegerAttr.get(uType, range.umax));
        op.setAttr('smin', IntegerAttr.get(sType, range.smin));
        op.setAttr('smax', IntegerAttr.get(sType, range.smax));
        setResultRange(op.result(0), range);
      },
    } satisfies InferIntRangeInterface,
  },
});

/** `test.constant`: a ConstantLike op holding any attribute. */
export const ConstantOp = defineOp({
  name: 'test.constant',
  traits: [Traits.ConstantLike],
  attributes: [attr('value', AnyAttr)],
  results: [result('result', AnyType)],
  fold: (op) => [op.getAttr('value')!],
  interfaces: { [Interfaces.MemoryEffects]: noEffects },
});

/** `test.op_in_place_fold_success`: its folder reports an in-place change without changing anything. */
export const OpInPlaceFoldSuccess = defineOp({
  name: 'test.op_in_place_fold_success',
  results: [variadicResult('results', I1)],
  fold: () => [],
});

/** `test.call_on_device`: a call whose last operand is not forwarded to the callee. */
export const CallOnDeviceOp = defineOp({
  name: 'test.call_on_device',
  attributes: [attr('callee', SymbolRefAttrC), optionalAttr('arg_attrs', ArrayAttrC), optionalAttr('res_attrs', ArrayAttrC)],
  operands: [variadicOperand('forwarded_operands', AnyType), operand('non_forwarded_device_operand', AnyType)],
  results: [variadicResult('results', AnyType)],
  assemblyFormat:
    '$callee `(` $forwarded_operands `)` `,` $non_forwarded_device_operand attr-dict `:` functional-type(operands, results)',
  interfaces: {
    [Interfaces.CallOp]: {
      getCallee: (op) => op.getAttr('callee') as SymbolRefAttr,
      getArgOperands: (op) => op.operands.slice(0, op.numOperands - 1),
      setArgOperands(op, values) {
        op.setOperands([...values, op.operand(op.numOperands - 1)]);
      },
    } satisfies CallOpInterface,
  },
});

const TEST_OPS = [
  StringAttrPrettyNameOp,
  DummyOpWithRegionRef,
  SingleNoTerminatorCustomAsmOp,
  SizedRegionOp,
  TwoRegionOp,
  VariadicNoTerminatorOp,
  AllocaScopeRegionOp,
  AnyCondOp,
  BranchOp,
  CallOnDeviceOp,
  ConditionallySpeculatableOp,
  ConstantOp,
  CSEOfSingleBlockOp,
  EffectsResultOp,
  FinishOp,
  FunctionalRegionOp,
  GraphLoopOp,
  GraphRegionOp,
  InternalBranchOp,
  LoopBlockOp,
  LoopBlockTerminatorOp,
  NeverSpeculatableOp,
  OpInPlaceFoldSuccess,
  OpWithMemRead,
  OpWithMemWrite,
  PureOp,
  RecursivelySpeculatableOp,
  RegionIfOp,
  RegionIfYieldOp,
  RegionYieldOp,
  ReturnOp,
  SideEffectOp,
  SingleNoTerminatorOp,
  WithBoundsOp,
  ReflectBoundsOp,
] as const;

implementOp(RegionIfOp, { implicitTerminator: RegionIfYieldOp });
implementOp(CSEOfSingleBlockOp, { implicitTerminator: RegionYieldOp });

export const testDialect = defineDialect({
  name: 'test',
  ops: [...TEST_OPS, ...TEST_SYNTAX_OPS],
  allowUnknownOperations: true,
  parseType: parseTestType,
  parseAttribute: parseTestAttribute,
  getAlias: testGetAlias,
  // TestDialect::materializeConstant: any attribute becomes a `test.constant`.
  materializeConstant(builder, value, type, location) {
    return ConstantOp.build(builder, { value, result: type, location });
  },
  // `test.invalid_attr` exists to exercise dialect attribute verification.
  verifyAttribute(ctx, op, name) {
    if (name !== 'test.invalid_attr') return true;
    emitError(ctx, op, "invalid to use 'test.invalid_attr'");
    return false;
  },
});
