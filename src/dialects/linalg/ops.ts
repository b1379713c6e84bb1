// The linalg dialect, minimal: `linalg.generic`, `linalg.yield` and the named
// ops `linalg.fill`, `linalg.exp`, `linalg.erf` (MLIR 22's
// LinalgStructuredOps.td / LinalgNamedStructuredOps.yaml), with MLIR's custom
// syntax, the structured-op verifier, block argument names and memory
// effects (reads of `ins` memrefs, read+write of `outs` memrefs; LICM
// depends on them). The execution engine does not run linalg ops: scf-run
// reports them as unsupported.

import type { Attribute, Type } from '../../ir/attributes.js';
import { AffineDimExpr, AffineMap } from '../../ir/affine.js';
import { AffineMapAttr, ArrayAttr, DenseArrayAttr, DictionaryAttr, StringAttr } from '../../ir/builtin-attributes.js';
import { IntegerType, MemRefType, NoneType, ShapedType, TensorType } from '../../ir/builtin-types.js';
import { Builder } from '../../ir/builder.js';
import { Traits, fail, q, type Context } from '../../ir/context.js';
import { UnknownLoc } from '../../ir/location.js';
import { Interfaces, type MemoryEffect, type SpeculatableInterface } from '../../ir/interfaces.js';
import type { OpAsmParser, OpAsmPrinter, OperationState, UnresolvedOperand } from '../../ir/op-asm.js';
import { Block, Region, type Operation, type Value } from '../../ir/operation.js';
import {
  AnyRankedTensor,
  AnyShaped,
  AnyType,
  AttrSizedOperandSegments,
  EnumAttr,
  StrAttrC,
  allAttrs,
  attr,
  attrConstraint,
  defineEnumAttr,
  defineOp,
  implementOp,
  optionalAttr,
  parseEnumAttrBody,
  sizedRegion,
  variadicOperand,
  variadicResult,
  type EnumAttrDef,
} from '../../ods/index.js';
import { ErfOp as MathErfOp, ExpOp as MathExpOp } from '../math/ops.js';

/** `#linalg.iterator_type<parallel|reduction>` (utils::IteratorType). */
export const IteratorTypeDef: EnumAttrDef = defineEnumAttr({
  dialect: 'linalg',
  mnemonic: 'iterator_type',
  attrName: 'IteratorTypeAttr',
  cppEnum: '::mlir::utils::IteratorType',
  summary: 'Iterator type',
  cases: [
    { name: 'parallel', value: 0 },
    { name: 'reduction', value: 1 },
  ],
  angled: true,
});

const AffineMapArrayAttrC = attrConstraint<ArrayAttr>(
  'AffineMap array attribute',
  (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof AffineMapAttr),
  { valueType: NoneType.get() },
);
const IteratorTypeArrayAttrC = attrConstraint<ArrayAttr>(
  'Iterator type should be an enum.',
  (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof EnumAttr && e.def === IteratorTypeDef),
  { valueType: NoneType.get() },
);

/** linalg.generic: a loop nest over indexing maps, computing its region per point. */
export const GenericOp = defineOp({
  name: 'linalg.generic',
  summary: 'Generic Linalg op form where the key properties of the computation are specified as attributes.',
  traits: [AttrSizedOperandSegments, Traits.SingleBlock],
  operands: [variadicOperand('inputs', AnyType), variadicOperand('outputs', AnyShaped)],
  results: [variadicResult('result_tensors', AnyRankedTensor)],
  attributes: [
    attr('indexing_maps', AffineMapArrayAttrC),
    attr('iterator_types', IteratorTypeArrayAttrC),
    optionalAttr('doc', StrAttrC),
    optionalAttr('library_call', StrAttrC),
  ],
  regions: [sizedRegion('region', 1)],
}).withAccessors({
  body: (op) => op.regions[0].entry,
});

/** linalg.fill: broadcasts a scalar into the output. */
export const FillOp = defineOp({
  name: 'linalg.fill',
  summary: 'Fills the output tensor with the given value.',
  traits: [AttrSizedOperandSegments, Traits.SingleBlock],
  operands: [variadicOperand('inputs', AnyType), variadicOperand('outputs', AnyShaped)],
  results: [variadicResult('result_tensors', AnyRankedTensor)],
  regions: [sizedRegion('region', 1)],
});

/** linalg.exp: elementwise exponential. */
export const ExpOp = defineOp({
  name: 'linalg.exp',
  summary: 'Applies exp(x) elementwise.',
  traits: [AttrSizedOperandSegments, Traits.SingleBlock],
  operands: [variadicOperand('inputs', AnyType), variadicOperand('outputs', AnyShaped)],
  results: [variadicResult('result_tensors', AnyRankedTensor)],
  regions: [sizedRegion('region', 1)],
});

/** linalg.erf: elementwise error function. */
export const ErfOp = defineOp({
  name: 'linalg.erf',
  summary: 'Applies erf(x) elementwise.',
  traits: [AttrSizedOperandSegments, Traits.SingleBlock],
  operands: [variadicOperand('inputs', AnyType), variadicOperand('outputs', AnyShaped)],
  results: [variadicResult('result_tensors', AnyRankedTensor)],
  regions: [sizedRegion('region', 1)],
});

/** linalg.yield: ends a linalg op's region, giving the values of its outputs. */
export const YieldOp = defineOp({
  name: 'linalg.yield',
  summary: 'Linalg yield operation',
  traits: [Traits.Pure, Traits.IsTerminator, Traits.ReturnLike],
  operands: [variadicOperand('values', AnyType)],
});

export const LINALG_OPS = [GenericOp, FillOp, ExpOp, ErfOp, YieldOp] as const;

// ============================================================================
// The structured-op view shared by every op above but yield.

type Structured = typeof GenericOp | typeof FillOp | typeof ExpOp | typeof ErfOp;
const STRUCTURED: readonly Structured[] = [GenericOp, FillOp, ExpOp, ErfOp];

function structuredHandle(op: Operation): Structured | undefined {
  return STRUCTURED.find((h) => h.isa(op));
}

function inputsOf(op: Operation): readonly Value[] {
  if (GenericOp.isa(op)) return GenericOp.inputs(op);
  if (FillOp.isa(op)) return FillOp.inputs(op);
  if (ExpOp.isa(op)) return ExpOp.inputs(op);
  if (ErfOp.isa(op)) return ErfOp.inputs(op);
  return [];
}
function outputsOf(op: Operation): readonly Value[] {
  if (GenericOp.isa(op)) return GenericOp.outputs(op);
  if (FillOp.isa(op)) return FillOp.outputs(op);
  if (ExpOp.isa(op)) return ExpOp.outputs(op);
  if (ErfOp.isa(op)) return ErfOp.outputs(op);
  return [];
}

/** The element type of a shaped operand, the type itself for a scalar. */
function elementOrSelf(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}
function rankOf(t: Type): number {
  return t instanceof ShapedType && t.hasRank ? t.rank : 0;
}

/** The indexing maps: given on linalg.generic, identities (scalars: `() -> ()` style) for the named ops. */
function indexingMaps(op: Operation): AffineMap[] | undefined {
  if (GenericOp.isa(op)) return GenericOp.indexing_maps(op).elements.map((a) => (a as AffineMapAttr).value);
  return undefined;
}

/** MLIR's payloadUsesValueFromOperand for an init: its block argument has a use. */
function payloadUsesInit(op: Operation, index: number): boolean {
  const body = op.regions[0]?.entry;
  if (!body) return false;
  const arg = body.args[inputsOf(op).length + index];
  return arg !== undefined && arg.hasUses;
}

/** MLIR's getGenericEffectsImpl: memref ins are read; memref outs written (and read when the payload uses them). */
function structuredEffects(op: Operation): MemoryEffect[] {
  const effects: MemoryEffect[] = [];
  for (const v of inputsOf(op)) if (v.type instanceof MemRefType) effects.push({ kind: 'read', value: v });
  outputsOf(op).forEach((v, i) => {
    if (!(v.type instanceof MemRefType)) return;
    if (payloadUsesInit(op, i)) effects.push({ kind: 'read', value: v });
    effects.push({ kind: 'write', value: v });
  });
  return effects;
}

function hasPureTensorSemantics(op: Operation): boolean {
  return [...inputsOf(op), ...outputsOf(op)].every((v) => !(v.type instanceof MemRefType));
}

/** GenericOp's speculatability: only on tensors, then as its payload. */
const structuredSpeculatable: SpeculatableInterface = {
  isSpeculatable: (op) => hasPureTensorSemantics(op),
};

// ---- verification (DestinationStyleOpInterface, then LinalgStructuredInterface)

function verifyDestinationStyle(ctx: Context, op: Operation): boolean {
  const outs = outputsOf(op);
  const tensorOuts = outs.filter((v) => v.type instanceof TensorType);
  if (op.numResults !== tensorOuts.length)
    return fail(ctx, op, `expected the number of tensor results (${op.numResults}) to be equal to the number of output tensors (${tensorOuts.length})`);
  let r = 0;
  const numIns = inputsOf(op).length;
  for (let i = 0; i < outs.length; i++) {
    if (!(outs[i].type instanceof TensorType)) continue;
    const res = op.result(r++).type;
    if (res !== outs[i].type) return fail(ctx, op, `expected type of operand #${numIns + i} (${q(outs[i].type)}) to match type of corresponding result (${q(res)})`);
  }
  return true;
}

/** Every loop dimension appears as a bare dim result somewhere (inversePermutation succeeds). */
function hasShapesToLoopsMap(maps: readonly AffineMap[], numLoops: number): boolean {
  const seen = new Set<number>();
  for (const m of maps) for (const r of m.results) if (r instanceof AffineDimExpr) seen.add(r.position);
  for (let d = 0; d < numLoops; d++) if (!seen.has(d)) return false;
  return true;
}

function verifyStructured(ctx: Context, op: Operation, maps: readonly AffineMap[] | undefined, numLoops: number): boolean {
  const operands = [...inputsOf(op), ...outputsOf(op)];
  if (maps) {
    if (maps.length !== operands.length)
      return fail(ctx, op, `expected the number of indexing_map (${maps.length}) to be equal to the number of input/output operands (${operands.length})`);
    // MLIR checks the concatenated maps' invertibility first, when their dim counts agree.
    if (maps.length && maps.every((m) => m.numDims === maps[0].numDims) && !hasShapesToLoopsMap(maps, maps[0].numDims)) {
      const concat = AffineMap.get(maps[0].numDims, maps[0].numSymbols, maps.flatMap((m) => m.results));
      return fail(ctx, op, `invalid indexing maps are non-invertible: (${concat.toString()})`);
    }
    for (let i = 0; i < operands.length; i++) {
      const m = maps[i];
      if (m.numSymbols !== 0) return fail(ctx, op, `unexpected symbols in indexing_map #${i}`);
      if (m.numDims !== numLoops) return fail(ctx, op, `expected indexing_map #${i} to have ${numLoops} dim(s) to match the number of loops`);
      const rank = rankOf(operands[i].type);
      if (m.numResults !== rank) return fail(ctx, op, `expected operand #${i} rank (${rank}) to match the result rank of indexing_map (${m.numResults})`);
    }
    if (!hasShapesToLoopsMap(maps, numLoops)) return fail(ctx, op, 'expected the shape-to-loops map to be non-null');
  }
  const body = op.regions[0].entry;
  if (body.args.length !== operands.length)
    return fail(ctx, op, 'expected as many non-induction variable region arguments as the number of input/output operands');
  for (let i = 0; i < operands.length; i++) {
    const want = elementOrSelf(operands[i].type);
    if (body.args[i].type !== want)
      return fail(ctx, op, `expected type of bb argument #${i} (${q(body.args[i].type)}) to match element or self type of the corresponding operand (${q(want)})`);
  }
  return true;
}

// ---- syntax shared by generic and the named ops

/** MLIR's parseCommonStructuredOpParts: `ins(%a, %b : t, u)` and `outs(...)`. */
function parseCommonParts(p: OpAsmParser, state: OperationState): { inputTypes: Type[]; outputTypes: Type[] } {
  p.parseOptionalAttrDict(state);
  let ins: UnresolvedOperand[] = [];
  let outs: UnresolvedOperand[] = [];
  let inputTypes: Type[] = [];
  let outputTypes: Type[] = [];
  let insLoc = p.currentOffset();
  let outsLoc = insLoc;
  if (p.parseOptionalKeyword('ins')) {
    p.parseLParen();
    insLoc = p.currentOffset();
    ins = p.parseOperandList();
    inputTypes = p.parseColonTypeList();
    p.parseRParen();
  }
  if (p.parseOptionalKeyword('outs')) {
    outsLoc = p.currentOffset();
    p.parseLParen();
    outs = p.parseOperandList();
    outputTypes = p.parseColonTypeList();
    p.parseRParen();
  }
  state.operands = [...p.resolveOperands(ins, inputTypes, insLoc), ...p.resolveOperands(outs, outputTypes, outsLoc)];
  state.attributes.set('operandSegmentSizes', DenseArrayAttr.get(IntegerType.get(32), [BigInt(ins.length), BigInt(outs.length)]));
  return { inputTypes, outputTypes };
}

function printCommonParts(p: OpAsmPrinter, inputs: readonly Value[], outputs: readonly Value[]): void {
  if (inputs.length) {
    p.write(' ins(');
    p.printOperands(inputs);
    p.write(' : ');
    p.printTypes(inputs.map((v) => v.type));
    p.write(')');
  }
  if (outputs.length) {
    p.write(' outs(');
    p.printOperands(outputs);
    p.write(' : ');
    p.printTypes(outputs.map((v) => v.type));
    p.write(')');
  }
}

function printResults(p: OpAsmPrinter, types: readonly Type[]): void {
  // printArrowTypeList writes its own leading space.
  if (types.length) p.printArrowTypeList(types);
}

/** The named ops' implicit payload: given the entry block's arguments, the value to yield. */
type RegionBuilder = (b: Builder, args: readonly Value[], location: OperationState['location']) => Value;

function namedOpSyntax(numRegionArgs: number, buildPayload: RegionBuilder) {
  return {
    parse(p: OpAsmParser, state: OperationState): void {
      const { inputTypes, outputTypes } = parseCommonParts(p, state);
      p.parseOptionalAttrDict(state);
      state.types = p.parseOptionalArrowTypeList() ?? [];
      const region = state.addRegion(new Region());
      if (numRegionArgs !== inputTypes.length + outputTypes.length)
        p.error(`[parseNamedStructuredOpRegion] ods-gen generated region expects ${numRegionArgs} args, got ${inputTypes.length + outputTypes.length}`);
      // MLIR's region builders use an unknown location.
      fillNamedRegion(p.parser.ctx, region, [...inputTypes, ...outputTypes].map(elementOrSelf), buildPayload, UnknownLoc.get());
    },
    print(p: OpAsmPrinter, op: Operation): void {
      p.printOptionalAttrDict(allAttrs(op), ['operandSegmentSizes']);
      printCommonParts(p, inputsOf(op), outputsOf(op));
      printResults(p, op.resultTypes);
    },
  };
}

function fillNamedRegion(ctx: Context, region: Region, argTypes: readonly Type[], buildPayload: RegionBuilder, location: OperationState['location']): void {
  const block = new Block();
  for (const t of argTypes) block.addArgument(t, location);
  region.pushBlock(block);
  const b = new Builder(ctx);
  b.setInsertionPointToEnd(block);
  const v = buildPayload(b, block.args, location);
  YieldOp.build(b, { values: [v], location });
}

implementOp(GenericOp, {
  parse(p, state) {
    const attrOffset = p.currentOffset();
    const dict = p.parseAttribute();
    if (!(dict instanceof DictionaryAttr)) p.error('expected attribute dictionary', attrOffset);
    for (const [k, v] of (dict as DictionaryAttr).entries) state.attributes.set(k, v);
    const iters = state.attributes.get('iterator_types');
    if (!(iters instanceof ArrayAttr)) return p.error('expected "iterator_types" array attribute', attrOffset);
    const converted: Attribute[] = [];
    for (const s of iters.elements) {
      const name = s instanceof StringAttr ? s.value : '';
      const c = IteratorTypeDef.cases.find((x) => x.name === name);
      if (!c) return p.error(`unexpected iterator_type (${name})`);
      converted.push(EnumAttr.get(IteratorTypeDef, c.value));
    }
    state.attributes.set('iterator_types', ArrayAttr.get(converted));
    parseCommonParts(p, state);
    if (p.parseOptionalKeyword('attrs')) {
      p.parseEqual();
      p.parseOptionalAttrDict(state);
    }
    p.parseRegion(state.addRegion(new Region()), []);
    state.types = p.parseOptionalArrowTypeList() ?? [];
  },
  print(p, op) {
    p.write(' ');
    const traitNames = ['doc', 'indexing_maps', 'library_call', 'iterator_types'];
    const entries: [string, Attribute][] = [];
    for (const [k, v] of allAttrs(op)) {
      if (k === 'iterator_types' && v instanceof ArrayAttr)
        entries.push([k, ArrayAttr.get(v.elements.map((e) => StringAttr.get(e instanceof EnumAttr ? IteratorTypeDef.cases[e.value].name : '')))]);
      else if (traitNames.includes(k)) entries.push([k, v]);
    }
    if (entries.length) p.printAttribute(DictionaryAttr.get(entries));
    printCommonParts(p, GenericOp.inputs(op), GenericOp.outputs(op));
    const elided = [...traitNames, 'operandSegmentSizes'];
    if ([...allAttrs(op)].some(([k]) => !elided.includes(k))) {
      p.write(' attrs = ');
      p.printOptionalAttrDict(allAttrs(op), elided);
    }
    if (!op.regions[0].empty) {
      p.write(' ');
      p.printRegion(op.regions[0]);
    }
    printResults(p, op.resultTypes);
  },
  verify(op, ctx) {
    if (!verifyDestinationStyle(ctx, op)) return false;
    return verifyStructured(ctx, op, indexingMaps(op), GenericOp.iterator_types(op).elements.length);
  },
  getAsmBlockArgumentNames(region, setName) {
    const op = region.parentOp;
    if (!op || !GenericOp.isa(op)) return;
    const n = GenericOp.inputs(op).length;
    region.entry.args.forEach((a, i) => setName(a, i < n ? 'in' : 'out'));
  },
  interfaces: {
    [Interfaces.MemoryEffects]: { getEffects: structuredEffects },
    [Interfaces.Speculatable]: structuredSpeculatable,
  },
});

function verifyNamed(ctx: Context, op: Operation): boolean {
  if (!verifyDestinationStyle(ctx, op)) return false;
  return verifyStructured(ctx, op, undefined, 0);
}

implementOp(FillOp, {
  ...namedOpSyntax(2, (_b, args) => args[0]),
  verify(op, ctx) {
    const value = FillOp.inputs(op)[0];
    const out = FillOp.outputs(op)[0];
    if (value && out) {
      const et = elementOrSelf(out.type);
      if (value.type !== et) return fail(ctx, op, `expected fill value type (${q(value.type)}) to match output element type (${q(et)})`);
    }
    return verifyNamed(ctx, op);
  },
  interfaces: {
    [Interfaces.MemoryEffects]: { getEffects: structuredEffects },
    [Interfaces.Speculatable]: structuredSpeculatable,
  },
});

implementOp(ExpOp, {
  ...namedOpSyntax(2, (b, args, location) => MathExpOp.build(b, { operand: args[0], location }).result(0)),
  verify: (op, ctx) => verifyNamed(ctx, op),
  interfaces: {
    [Interfaces.MemoryEffects]: { getEffects: structuredEffects },
    [Interfaces.Speculatable]: structuredSpeculatable,
  },
});

implementOp(ErfOp, {
  ...namedOpSyntax(2, (b, args, location) => MathErfOp.build(b, { operand: args[0], location }).result(0)),
  verify: (op, ctx) => verifyNamed(ctx, op),
  interfaces: {
    [Interfaces.MemoryEffects]: { getEffects: structuredEffects },
    [Interfaces.Speculatable]: structuredSpeculatable,
  },
});

implementOp(YieldOp, {
  parse(p, state) {
    const offset = p.currentOffset();
    const values = p.parseOperandList();
    p.parseOptionalAttrDict(state);
    const types = values.length ? p.parseColonTypeList() : p.parseOptionalColonTypeList();
    state.operands = p.resolveOperands(values, types, offset);
  },
  print(p, op) {
    const values = YieldOp.values(op);
    if (values.length) {
      p.write(' ');
      p.printOperands(values);
    }
    p.printOptionalAttrDict(allAttrs(op));
    if (values.length) {
      p.write(' : ');
      p.printTypes(values.map((v) => v.type));
    }
  },
  verify(op, ctx) {
    const parent = op.parentOp;
    const h = parent ? structuredHandle(parent) : undefined;
    if (!parent || !h) return fail(ctx, op, 'expected parent op with LinalgOp interface');
    const outs = outputsOf(parent);
    const values = YieldOp.values(op);
    if (values.length !== outs.length)
      return fail(ctx, op, `expected number of yield values (${values.length}) to match the number of inits / outs operands of the enclosing LinalgOp (${outs.length})`);
    for (let i = 0; i < values.length; i++) {
      const et = elementOrSelf(outs[i].type);
      if (values[i].type !== et)
        return fail(ctx, op, `type of yield operand ${i + 1} (${q(values[i].type)}) doesn't match the element type of the enclosing linalg.generic op (${q(et)})`);
    }
    return true;
  },
});

/** `#linalg.iterator_type<...>`; the only attribute scfkit's linalg knows. */
export function parseLinalgAttribute(d: import('../../ir/op-asm.js').DialectAsmParser): Attribute {
  return parseLinalgAttr(d);
}
import { tokenParser } from '../../syntax/parser.js';
function parseLinalgAttr(d: import('../../ir/op-asm.js').DialectAsmParser): Attribute {
  const p = tokenParser(d);
  if (d.mnemonic === 'iterator_type') {
    p.consume();
    return parseEnumAttrBody(p, IteratorTypeDef);
  }
  return p.error(`unknown attribute \`${d.mnemonic}\` in dialect \`linalg\``);
}
