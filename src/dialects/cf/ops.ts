// The cf dialect's ops (MLIR 22's ControlFlowOps.td): unstructured control
// flow — assert, br, cond_br and switch — declared once each, with their
// typed handles, MLIR's assembly formats, builders and the BranchOpInterface
// (whose setSuccessorOperands lets passes drop or add block arguments).

import type { Attribute, Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { DenseArrayAttr, DenseIntOrFPElementsAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { IntegerType, VectorType } from '../../ir/builtin-types.js';
import { Traits, emitError, fail, q, type Context } from '../../ir/context.js';
import { Interfaces, type BranchInterface, type MemoryEffectsInterface } from '../../ir/interfaces.js';
import { UnknownLoc, type Location } from '../../ir/location.js';
import type { OpAsmParser, OpAsmPrinter, UnresolvedOperand } from '../../ir/op-asm.js';
import { Operation, type Block, type Value } from '../../ir/operation.js';
import {
  AnyInteger,
  registeredName,
  AnyType,
  AttrSizedOperandSegments,
  DenseI32ArrayAttrC,
  I1,
  StrAttrC,
  attr,
  attrConstraint,
  defineOp,
  implementOp,
  nativeTrait,
  operand,
  optionalAttr,
  parseBareOperandList,
  printAttrDict,
  successor,
  variadicOperand,
  variadicSuccessor,
  verifyBranchSuccessorRange,
  verifyBranchSuccessors,
  type Op,
} from '../../ods/index.js';
import { Tok } from '../../syntax/lexer.js';
import { tokenParser } from '../../syntax/parser.js';

// ============================================================================
// Constraints

/** AnyIntElementsAttr; the accessor reads the case values as integers (a splat expanded). */
const AnyIntElementsAttr = attrConstraint<DenseIntOrFPElementsAttr, readonly bigint[]>(
  'integer elements attribute',
  (a) => a instanceof DenseIntOrFPElementsAttr && a.elementType instanceof IntegerType,
  {
    decode: (a) => (a.isSplat ? new Array<bigint>(a.type.numElements).fill(a.values[0]) : a.values),
    encode: () => {
      // The element type is the flag's, which the values alone do not give.
      throw new Error('cf.switch case_values: pass the attribute (or use SwitchOp.create)');
    },
  },
);

/**
 * VariadicOfVariadic<AnyType, "case_operand_segments">: the case operands
 * total what `case_operand_segments` says (checked with the operand
 * constraints, before the interface verifiers).
 */
const CaseOperandSegments = nativeTrait('VariadicOfVariadic', (op) => {
  const sw = op as Op<'cf.switch'>;
  const expected = SwitchOp.case_operand_segments(sw).reduce((n, v) => n + Number(v), 0);
  const found = SwitchOp.flatCaseOperands(sw).length;
  if (expected === found) return undefined;
  return `operand group starting at #${1 + SwitchOp.defaultOperands(sw).length} requires ${expected} operands but found ${found}`;
});

// ============================================================================
// Declarations

export const AssertOp = defineOp({
  name: 'cf.assert',
  summary: 'Assert operation with message attribute',
  operands: [operand('arg', I1)],
  attributes: [attr('msg', StrAttrC)],
  assemblyFormat: '$arg `,` $msg attr-dict',
  interfaces: {
    [Interfaces.MemoryEffects]: { getEffects: () => [{ kind: 'write', resource: 'default' }] } satisfies MemoryEffectsInterface,
  },
});

// Scratch lists for the Operation constructor, which reads its operand and
// successor lists without keeping them: a branch builder fills one, makes
// the op and empties it again (a module-level list must not keep IR alive),
// instead of an array per branch. Conversions make branches by the ten
// thousand, and short-lived arrays cost scavenges that also copy the
// conversion's new IR.
const ONE_BLOCK: (Block | null)[] = [null];
const TWO_BLOCKS: (Block | null)[] = [null, null];
const ONE_VALUE: (Value | null)[] = [null];

export const BranchOp = defineOp({
  name: 'cf.br',
  summary: 'Branch operation',
  traits: [Traits.Pure, Traits.IsTerminator],
  operands: [variadicOperand('destOperands', AnyType)],
  successors: [successor('dest')],
  assemblyFormat: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
}).withBuilders((self) => ({
  /** BranchOp::build(dest, destOperands). */
  create(b: Builder, dest: Block, destOperands: readonly Value[] = [], location?: Location): Op<'cf.br'> {
    // The op made directly: conversions make branches by the ten thousand,
    // and the generic builder's walk over the declaration cost more than the op.
    const name = registeredName(b.ctx, self.opName, self.definition);
    if (name === undefined) return self.build(b, { dest, destOperands, location });
    // No empty list handed on: the op's operand code then sees only lists of values (one array shape).
    const operands = destOperands.length ? destOperands : null;
    ONE_BLOCK[0] = dest;
    const op = new Operation(name, location ?? UnknownLoc.get(), -1, operands, null, null, null, null, ONE_BLOCK as Block[], null);
    ONE_BLOCK[0] = null;
    return b.insert(op) as Op<'cf.br'>;
  },
}));

export const CondBranchOp = defineOp({
  name: 'cf.cond_br',
  summary: 'Conditional branch operation',
  traits: [AttrSizedOperandSegments, Traits.Pure, Traits.IsTerminator],
  operands: [operand('condition', I1), variadicOperand('trueDestOperands', AnyType), variadicOperand('falseDestOperands', AnyType)],
  attributes: [optionalAttr('branch_weights', DenseI32ArrayAttrC)],
  successors: [successor('trueDest'), successor('falseDest')],
  assemblyFormat:
    '$condition (`weights` `(` $branch_weights^ `)` )? `,` ' +
    '$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` ' +
    '$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
}).withBuilders((self) => {
  // The property list [operandSegmentSizes, [1, nt, nf]] per (nt, nf): the
  // constructor swaps a one-property list for the shared one, so a list made
  // per branch would only be garbage.
  const segmentLists = new Map<number, (string | Attribute)[]>();
  const segmentProps = (nt: number, nf: number): (string | Attribute)[] => {
    if (nt >= 0x10000 || nf >= 0x10000) return ['operandSegmentSizes', self.ods.operandSegmentSizesAttr([1, nt, nf])];
    const key = nt * 0x10000 + nf;
    let list = segmentLists.get(key);
    if (list === undefined) segmentLists.set(key, (list = ['operandSegmentSizes', self.ods.operandSegmentSizesAttr([1, nt, nf])]));
    return list;
  };
  return {
    /** CondBranchOp::build(condition, trueDest, trueOperands, falseDest, falseOperands, branchWeights). */
    create(
      b: Builder,
      condition: Value,
      trueDest: Block,
      trueDestOperands: readonly Value[],
      falseDest: Block,
      falseDestOperands: readonly Value[],
      location?: Location,
      branchWeights?: readonly bigint[],
    ): Op<'cf.cond_br'> {
      const branch_weights = branchWeights?.length ? branchWeights : undefined;
      const name = registeredName(b.ctx, self.opName, self.definition);
      if (branch_weights !== undefined || name === undefined)
        return self.build(b, { condition, trueDestOperands, falseDestOperands, branch_weights, trueDest, falseDest, location });
      // Without weights, made directly (as cf.br): the operands in one list,
      // the segment sizes as the generic builder would set them.
      const nt = trueDestOperands.length;
      const nf = falseDestOperands.length;
      // The usual branch has no operands beyond the condition: a scratch list.
      // Otherwise packed (a filled `new Array(n)` is holey: another array shape
      // for the op's operand code, which the parser's lists made monomorphic).
      let operands: Value[];
      if (nt + nf === 0) {
        ONE_VALUE[0] = condition;
        operands = ONE_VALUE as Value[];
      } else {
        operands = [condition];
        for (let i = 0; i < nt; i++) operands.push(trueDestOperands[i]);
        for (let i = 0; i < nf; i++) operands.push(falseDestOperands[i]);
      }
      TWO_BLOCKS[0] = trueDest;
      TWO_BLOCKS[1] = falseDest;
      const op = new Operation(name, location ?? UnknownLoc.get(), -1, operands, null, segmentProps(nt, nf), null, null, TWO_BLOCKS as Block[], null);
      ONE_VALUE[0] = TWO_BLOCKS[0] = TWO_BLOCKS[1] = null;
      return b.insert(op) as Op<'cf.cond_br'>;
    },
  };
});

/**
 * The offset of each case's operands among all case operands, by the
 * segment list (uniqued, so remembered per list): each case's operands are
 * then found in O(1), not by summing the segments before it (a switch's
 * verification asks for every case's, which was quadratic in its cases).
 */
const caseStartsBySegments = new WeakMap<readonly bigint[], Int32Array>();
function caseOperandStarts(segments: readonly bigint[]): Int32Array {
  let starts = caseStartsBySegments.get(segments);
  if (starts === undefined) {
    starts = new Int32Array(segments.length + 1);
    for (let i = 0; i < segments.length; i++) starts[i + 1] = starts[i] + Number(segments[i]);
    caseStartsBySegments.set(segments, starts);
  }
  return starts;
}

export const SwitchOp = defineOp({
  name: 'cf.switch',
  summary: 'Switch operation',
  traits: [AttrSizedOperandSegments, CaseOperandSegments, Traits.Pure, Traits.IsTerminator],
  operands: [
    operand('flag', AnyInteger),
    variadicOperand('defaultOperands', AnyType),
    // MLIR's `caseOperands` (VariadicOfVariadic): stored as one group, split
    // per case by `case_operand_segments` in the `caseOperands` accessor.
    variadicOperand('flatCaseOperands', AnyType),
  ],
  attributes: [optionalAttr('case_values', AnyIntElementsAttr), attr('case_operand_segments', DenseI32ArrayAttrC)],
  successors: [successor('defaultDestination'), variadicSuccessor('caseDestinations')],
})
  .withAccessors({
    /** The operands forwarded to each case destination. */
    caseOperands: (op): Value[][] => {
      const flat = SwitchOp.flatCaseOperands(op);
      const out: Value[][] = [];
      let start = 0;
      for (const n of SwitchOp.case_operand_segments(op)) {
        out.push(flat.slice(start, start + Number(n)));
        start += Number(n);
      }
      return out;
    },
    /** `caseOperandsAt(op)(i)`: the operands forwarded to case destination `i` (MLIR's getCaseOperands(i)). */
    caseOperandsAt:
      (op) =>
      (index: number): Value[] => {
        const starts = caseOperandStarts(SwitchOp.case_operand_segments(op));
        let start = 1 + SwitchOp.defaultOperands(op).length;
        if (index > 0) start += starts[Math.min(index, starts.length - 1)];
        const n = index + 1 < starts.length ? starts[index + 1] - starts[index] : 0;
        const list = op.operandList;
        const out: Value[] = [];
        for (let i = start; i < start + n && i < list.length; i++) out.push(list[i].value);
        return out;
      },
  })
  .withBuilders((self) => ({
    /**
     * SwitchOp::build(flag, defaultDestination, defaultOperands, caseValues,
     * caseDestinations, caseOperands): the case values become a
     * `vector<N x flag type>` elements attribute (absent without cases).
     */
    create(
      b: Builder,
      flag: Value,
      defaultDestination: Block,
      defaultOperands: readonly Value[],
      caseValues: readonly bigint[] = [],
      caseDestinations: readonly Block[] = [],
      caseOperands: readonly (readonly Value[])[] = [],
      location?: Location,
    ): Op<'cf.switch'> {
      const case_values = caseValues.length ? DenseIntOrFPElementsAttr.get(VectorType.get([caseValues.length], flag.type), caseValues) : undefined;
      return self.build(b, {
        flag,
        defaultOperands,
        flatCaseOperands: caseOperands.flat(),
        case_values,
        case_operand_segments: caseOperands.map((o) => BigInt(o.length)),
        defaultDestination,
        caseDestinations,
        location,
      });
    },
  }));

/** Every cf op, in the order the dialect registers them. */
export const CF_OPS = [AssertOp, BranchOp, CondBranchOp, SwitchOp] as const;

// ============================================================================
// Successor operands (BranchOpInterface::setSuccessorOperands)

const i32Array = (sizes: readonly number[]): DenseArrayAttr => DenseArrayAttr.get(IntegerType.get(32), sizes.map(BigInt));

function setCondBranchOperands(op: Op<'cf.cond_br'>, index: number, values: readonly Value[]): void {
  const trueOps = index === 0 ? values : CondBranchOp.trueDestOperands(op);
  const falseOps = index === 1 ? values : CondBranchOp.falseDestOperands(op);
  op.setOperands([CondBranchOp.condition(op), ...trueOps, ...falseOps]);
  op.properties.set('operandSegmentSizes', i32Array([1, trueOps.length, falseOps.length]));
}

function setSwitchOperands(op: Op<'cf.switch'>, index: number, values: readonly Value[]): void {
  const groups: (readonly Value[])[] = [SwitchOp.defaultOperands(op), ...SwitchOp.caseOperands(op)];
  groups[index] = values;
  const caseSizes = groups.slice(1).map((g) => g.length);
  op.setOperands([SwitchOp.flag(op), ...groups.flat()]);
  op.properties.set('case_operand_segments', i32Array(caseSizes));
  op.properties.set('operandSegmentSizes', i32Array([1, groups[0].length, caseSizes.reduce((n, x) => n + x, 0)]));
}

// ============================================================================
// cf.assert, cf.br

implementOp(BranchOp, {
  // One successor (checked before), fed by every operand: nothing allocated.
  verify: (op, ctx) => verifyBranchSuccessorRange(ctx, op, 0, 0, op.numOperands),
  // Reads the operand types and the successor's argument types: a signature decides.
  localVerifier: true,
  interfaces: {
    [Interfaces.Branch]: {
      getSuccessorOperands: (op) => BranchOp.destOperands(BranchOp.cast(op)),
      getSuccessorForOperands: (op) => BranchOp.dest(BranchOp.cast(op)),
      setSuccessorOperands: (op, _index, values) => op.setOperands(values),
    } satisfies BranchInterface,
  },
});

// ============================================================================
// cf.cond_br

/** WeightedBranchOpInterface: the weights, if any, match the successors and are not all zero. */
function verifyBranchWeights(ctx: Context, op: Operation, weights: readonly bigint[] | undefined): boolean {
  if (!weights || weights.length === 0) return true;
  if (weights.length !== op.numSuccessors) {
    emitError(ctx, op, `expects number of branch weights to match number of successors: ${weights.length} vs ${op.numSuccessors}`);
    return false;
  }
  if (weights.every((v) => v === 0n)) {
    emitError(ctx, op, 'branch weights cannot all be zero');
    return false;
  }
  return true;
}

const condBranchOperands = (op: Op<'cf.cond_br'>, index: number): Value[] =>
  index === 0 ? CondBranchOp.trueDestOperands(op) : CondBranchOp.falseDestOperands(op);

implementOp(CondBranchOp, {
  verify(op, ctx) {
    // Two successors (checked before), fed by operand groups 1 and 2 (shared [start, size] pairs).
    const segs = CondBranchOp.ods.operandSegments(op);
    if (!verifyBranchSuccessorRange(ctx, op, 0, segs[1][0], segs[1][1])) return false;
    if (!verifyBranchSuccessorRange(ctx, op, 1, segs[2][0], segs[2][1])) return false;
    return verifyBranchWeights(ctx, op, CondBranchOp.branch_weights(op));
  },
  // Reads operand types, properties (segments, weights) and the successors' argument types.
  localVerifier: true,
  interfaces: {
    [Interfaces.Branch]: {
      getSuccessorOperands: (op, index) => condBranchOperands(CondBranchOp.cast(op), index),
      getSuccessorForOperands(op, operands) {
        const c = operands[0];
        if (!(c instanceof IntegerAttr)) return undefined;
        const br = CondBranchOp.cast(op);
        return c.value !== 0n ? CondBranchOp.trueDest(br) : CondBranchOp.falseDest(br);
      },
      setSuccessorOperands: (op, index, values) => setCondBranchOperands(CondBranchOp.cast(op), index, values),
    } satisfies BranchInterface,
  },
});

// ============================================================================
// cf.switch

const switchSuccessorOperands = (op: Op<'cf.switch'>, index: number): Value[] =>
  index === 0 ? SwitchOp.defaultOperands(op) : SwitchOp.caseOperandsAt(op)(index - 1);

/** `(%a, %b : t1, t2)` after a successor, if present, unresolved. */
function parseOptionalSuccessorOperands(p: OpAsmParser, allowResultNumber = true): { operands: UnresolvedOperand[]; types: Type[] } {
  if (!p.parseOptionalLParen()) return { operands: [], types: [] };
  const operands = allowResultNumber ? p.parseOperandList() : parseBareOperandList(p, false);
  p.parseColon();
  const types = p.parseTypeList();
  p.parseRParen();
  return { operands, types };
}

/** `^bb(%a, %b : t1, t2)` (printSuccessorAndUseList). */
function printSuccessor(p: OpAsmPrinter, block: Block, operands: readonly Value[]): void {
  p.printSuccessor(block);
  if (!operands.length) return;
  p.write('(');
  p.printOperands(operands);
  p.write(' : ');
  p.printTypes(operands.map((v) => v.type));
  p.write(')');
}

/** MLIR's APInt::getLimitedValue on the value's unsigned bits. */
function limitedValue(v: bigint, width: number): bigint {
  const u = BigInt.asUintN(width, v);
  const max = (1n << 64n) - 1n;
  return u > max ? max : u;
}

// The format's custom<SwitchOpCases> fills a VariadicOfVariadic operand group
// and its segment attribute, which the format engine has no notion of: the
// op keeps MLIR's syntax through a custom parser and printer.
implementOp(SwitchOp, {
  parse(p, state) {
    const flag = p.parseOperand();
    p.parseColon();
    const flagType: Type = p.parseType();
    p.parseComma();
    p.parseLSquare();
    // The format's operands in custom<SwitchOpCases> are resolved once the op
    // is read, at the directive's start, the cases' as one list (as ODS does).
    const casesOffset = p.currentOffset();
    p.parseKeyword('default');
    p.parseColon();
    const defaultDest = p.parseSuccessor();
    const defaultGroup = parseOptionalSuccessorOperands(p, false);
    const width = flagType instanceof IntegerType ? flagType.width : 64;
    const values: bigint[] = [];
    const dests: Block[] = [];
    const caseGroups: { operands: UnresolvedOperand[]; types: Type[] }[] = [];
    while (p.parseOptionalComma()) {
      const offset = p.currentOffset();
      if (!tokenParser(p).is(Tok.integer) && !tokenParser(p).is(Tok.minus)) p.error('expected integer value', offset);
      const v = p.parseInteger();
      if (v < -(1n << 63n) || v >= 1n << 63n) p.error('integer value too large', offset);
      values.push(BigInt.asIntN(width, v));
      p.parseColon();
      dests.push(p.parseSuccessor());
      caseGroups.push(parseOptionalSuccessorOperands(p));
    }
    p.parseRSquare();
    p.parseOptionalAttrDict(state);
    const flagValue = p.resolveOperand(flag, flagType);
    const defaultOps = p.resolveOperands(defaultGroup.operands, defaultGroup.types, casesOffset);
    const caseOps = p.resolveOperands(
      caseGroups.flatMap((g) => g.operands),
      caseGroups.flatMap((g) => g.types),
      casesOffset,
    );
    state.operands = [flagValue, ...defaultOps, ...caseOps];
    state.successors = [defaultDest, ...dests];
    if (values.length) state.attributes.set('case_values', DenseIntOrFPElementsAttr.get(VectorType.get([values.length], flagType), values));
    state.attributes.set('case_operand_segments', i32Array(caseGroups.map((g) => g.operands.length)));
    state.attributes.set('operandSegmentSizes', i32Array([1, defaultOps.length, caseOps.length]));
  },
  print(p, op) {
    const flag = SwitchOp.flag(op);
    p.write(' ');
    p.printOperand(flag);
    p.write(' : ');
    p.printType(flag.type);
    p.write(', [');
    p.printNewline();
    p.write('  default: ');
    printSuccessor(p, SwitchOp.defaultDestination(op), SwitchOp.defaultOperands(op));
    const values = SwitchOp.case_values(op);
    if (values) {
      const et = (op.propertiesView.get('case_values') as DenseIntOrFPElementsAttr).elementType;
      const width = et instanceof IntegerType ? et.width : 64;
      const dests = SwitchOp.caseDestinations(op);
      const operands = SwitchOp.caseOperands(op);
      values.forEach((v, i) => {
        p.write(',');
        p.printNewline();
        p.write('  ' + limitedValue(v, width).toString() + ': ');
        printSuccessor(p, dests[i], operands[i] ?? []);
      });
      p.printNewline();
    }
    p.write(']');
    printAttrDict(p, op, ['case_values', 'case_operand_segments', 'operandSegmentSizes']);
  },
  verify(op, ctx) {
    if (!verifyBranchSuccessors(ctx, op, (i) => switchSuccessorOperands(op, i))) return false;
    const flagType = SwitchOp.flag(op).type;
    const numCases = SwitchOp.caseDestinations(op).length;
    const cv = op.propertiesView.get('case_values');
    if (!(cv instanceof DenseIntOrFPElementsAttr)) {
      if (numCases === 0) return true;
      return fail(ctx, op, `number of case values (0) should match number of case destinations (${numCases})`);
    }
    if (cv.elementType !== flagType) return fail(ctx, op, `'flag' type (${q(flagType)}) should match case value type (${q(cv.elementType)})`);
    if (cv.type.numElements !== numCases)
      return fail(ctx, op, `number of case values (${cv.type.numElements}) should match number of case destinations (${numCases})`);
    return true;
  },
  interfaces: {
    [Interfaces.Branch]: {
      getSuccessorOperands: (op, index) => switchSuccessorOperands(SwitchOp.cast(op), index),
      getSuccessorForOperands(op, operands) {
        const sw = SwitchOp.cast(op);
        const values = SwitchOp.case_values(sw);
        if (!values) return SwitchOp.defaultDestination(sw);
        const flag = operands[0];
        if (!(flag instanceof IntegerAttr)) return undefined;
        const w = flag.type instanceof IntegerType ? flag.type.width : 64;
        const v = BigInt.asIntN(w, flag.value);
        const i = values.findIndex((c) => BigInt.asIntN(w, c) === v);
        return i < 0 ? SwitchOp.defaultDestination(sw) : SwitchOp.caseDestinations(sw)[i];
      },
      setSuccessorOperands: (op, index, values) => setSwitchOperands(SwitchOp.cast(op), index, values),
    } satisfies BranchInterface,
  },
});
