// The cf dialect: unstructured control flow (branches, switches, assertions).

import type { Attribute, Type } from '../../ir/attributes.js';
import { DenseArrayAttr, DenseIntOrFPElementsAttr, IntegerAttr, StringAttr } from '../../ir/builtin-attributes.js';
import { IntegerType, VectorType } from '../../ir/builtin-types.js';
import { Traits, emitError, type Dialect } from '../../ir/context.js';
import type { BranchInterface, MemoryEffectsInterface } from '../../ir/interfaces.js';
import { withCfCanonicalization } from './canonicalize.js';
import { fail, q } from '../../ir/context.js';
import { defineRawOp } from '../../ods/index.js';
import type { Block, Operation, Value } from '../../ir/operation.js';
import { Tok } from '../../syntax/lexer.js';
import type { OpAsmParser, UnresolvedOperand } from '../../ir/op-asm.js';
import type { OpAsmPrinter } from '../../ir/op-asm.js';
import {
  isDenseArray,
  parseAttrDict,
  parseBareOperandList,
  printAttrDict,
  segment,
  segmentSizes,
  setSegments,
  verifyBranchSuccessors,
  verifySegments,
  type AttrConstraint,
} from '../../ods/helpers.js';
import { setSuccessorOperands } from './build.js';
import { tokenParser } from '../../syntax/parser.js';

const i1 = (): IntegerType => IntegerType.get(1);

function isI1(t: Type): boolean {
  return t instanceof IntegerType && t.width === 1 && t.signedness === 'signless';
}

/** `(%a, %b : t1, t2)` after a successor, if present; resolved operands. */
function parseOptionalSuccessorOperands(p: OpAsmParser, allowResultNumber = true): Value[] {
  if (!p.parseOptionalLParen()) return [];
  const offset = p.currentOffset();
  const operands = allowResultNumber ? p.parseOperandList() : parseBareOperandList(p, false);
  p.parseColon();
  const types = p.parseTypeList();
  p.parseRParen();
  return p.resolveOperands(operands, types, offset);
}

function printSuccessor(p: OpAsmPrinter, block: Block, operands: readonly Value[]): void {
  p.printSuccessor(block);
  if (!operands.length) return;
  p.write('(');
  p.printOperands(operands);
  p.write(' : ');
  p.printTypes(operands.map((v) => v.type));
  p.write(')');
}

// ---- cf.assert

const AssertOp = defineRawOp({
  name: 'cf.assert',
  attributes: ['msg'],
  interfaces: { MemoryEffects: { getEffects: () => [{ kind: 'write', resource: 'default' }] } satisfies MemoryEffectsInterface },
  parse(p, state) {
    const arg = p.parseOperand();
    p.parseComma();
    const offset = p.currentOffset();
    const msg = p.parseAttribute();
    if (!(msg instanceof StringAttr)) p.error('invalid kind of attribute specified', offset);
    state.attributes.set('msg', msg);
    parseAttrDict(p, state);
    state.operands = [p.resolveOperand(arg, i1())];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write(', ');
    p.printAttribute(op.properties.get('msg')!);
    printAttrDict(p, op, ['msg']);
  },
  verify(op, ctx) {
    const msg = op.properties.get('msg');
    if (!msg) return fail(ctx, op, "requires attribute 'msg'");
    if (!(msg instanceof StringAttr)) return fail(ctx, op, "attribute 'msg' failed to satisfy constraint: string attribute");
    if (op.numOperands !== 1) return fail(ctx, op, `expected 1 operands, but found ${op.numOperands}`);
    if (!isI1(op.operand(0).type)) return fail(ctx, op, `operand #0 must be 1-bit signless integer, but got ${q(op.operand(0).type)}`);
    return true;
  },
});

// ---- cf.br

const brBranch: BranchInterface = {
  getSuccessorOperands: (op) => op.operands,
  getSuccessorForOperands: (op) => op.successor(0),
  setSuccessorOperands,
};

const BranchOp = defineRawOp({
  name: 'cf.br',
  traits: [Traits.Pure, Traits.IsTerminator],
  interfaces: { Branch: brBranch },
  parse(p, state) {
    const dest = p.parseSuccessor();
    state.successors = [dest];
    state.operands = parseOptionalSuccessorOperands(p);
    parseAttrDict(p, state);
  },
  print(p, op) {
    p.write(' ');
    printSuccessor(p, op.successor(0), op.operands);
    printAttrDict(p, op);
  },
  verify(op, ctx) {
    if (op.numSuccessors !== 1) return fail(ctx, op, `requires 1 successor but found ${op.numSuccessors}`);
    return verifyBranchSuccessors(ctx, op, () => op.operands);
  },
});

// ---- cf.cond_br

const condBrBranch: BranchInterface = {
  getSuccessorOperands: (op, index) => segment(op, index + 1),
  getSuccessorForOperands(op, operands) {
    const c = operands[0];
    if (c instanceof IntegerAttr) return c.value !== 0n ? op.successor(0) : op.successor(1);
    return undefined;
  },
  setSuccessorOperands,
};

const BRANCH_WEIGHTS: AttrConstraint = {
  name: 'branch_weights',
  summary: 'i32 dense array attribute',
  check: (a) => isDenseArray(a, 32),
};

/** WeightedBranchOpInterface: the weights, if any, match the successors and are not all zero. */
function verifyWeights(op: Operation, ctx: Parameters<typeof fail>[0], count: number): boolean {
  const w = op.properties.get('branch_weights');
  if (!isDenseArray(w, 32) || w.size === 0) return true;
  if (w.size !== count) {
    emitError(ctx, op, `expects number of branch weights to match number of successors: ${w.size} vs ${count}`);
    return false;
  }
  if (w.values.every((v) => v === 0n)) {
    emitError(ctx, op, 'branch weights cannot all be zero');
    return false;
  }
  return true;
}

const CondBranchOp = defineRawOp({
  name: 'cf.cond_br',
  traits: [Traits.Pure, Traits.IsTerminator],
  attributes: ['branch_weights', 'operandSegmentSizes'],
  interfaces: { Branch: condBrBranch },
  parse(p, state) {
    const cond = p.parseOperand();
    if (p.parseOptionalKeyword('weights')) {
      p.parseLParen();
      const offset = p.currentOffset();
      const weights: bigint[] = [];
      p.parseLSquare();
      if (!p.parseOptionalRSquare()) {
        do {
          const o = p.currentOffset();
          const v = p.parseInteger();
          if (v < -(1n << 31n) || v >= 1n << 31n) p.error('integer value too large', o);
          weights.push(v);
        } while (p.parseOptionalComma());
        p.parseRSquare();
      }
      void offset;
      state.attributes.set('branch_weights', DenseArrayAttr.get(IntegerType.get(32), weights));
      p.parseRParen();
    }
    p.parseComma();
    const trueDest = p.parseSuccessor();
    const trueOps = parseOptionalSuccessorOperands(p);
    p.parseComma();
    const falseDest = p.parseSuccessor();
    const falseOps = parseOptionalSuccessorOperands(p);
    parseAttrDict(p, state, [BRANCH_WEIGHTS]);
    state.successors = [trueDest, falseDest];
    state.operands = [p.resolveOperand(cond, i1()), ...trueOps, ...falseOps];
    setSegments(state, [1, trueOps.length, falseOps.length]);
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    const w = op.properties.get('branch_weights');
    if (w) {
      p.write(' weights(');
      w.printWithoutType(p);
      p.write(')');
    }
    p.write(', ');
    printSuccessor(p, op.successor(0), segment(op, 1));
    p.write(', ');
    printSuccessor(p, op.successor(1), segment(op, 2));
    printAttrDict(p, op, ['branch_weights', 'operandSegmentSizes']);
  },
  verify(op, ctx) {
    if (!verifySegments(ctx, op, 3)) return false;
    const w = op.properties.get('branch_weights');
    if (w !== undefined && !BRANCH_WEIGHTS.check(w))
      return fail(ctx, op, `attribute 'branch_weights' failed to satisfy constraint: ${BRANCH_WEIGHTS.summary}`);
    const cond = segment(op, 0);
    if (cond.length !== 1 || !isI1(cond[0].type))
      return fail(ctx, op, `operand #0 must be 1-bit signless integer, but got ${q(cond[0]?.type ?? i1())}`);
    if (op.numSuccessors !== 2) return fail(ctx, op, `requires 2 successors but found ${op.numSuccessors}`);
    if (!verifyBranchSuccessors(ctx, op, (i) => segment(op, i + 1))) return false;
    return verifyWeights(op, ctx, 2);
  },
});

// ---- cf.switch

/** The case values of a switch as integers of the flag's width (signed), or undefined. */
export function switchCaseValues(op: Operation): bigint[] | undefined {
  const a = op.properties.get('case_values');
  if (!(a instanceof DenseIntOrFPElementsAttr)) return undefined;
  const n = a.type.numElements;
  return a.isSplat ? new Array<bigint>(n).fill(a.values[0]) : [...a.values];
}

function caseOperandSegments(op: Operation): number[] {
  const a = op.properties.get('case_operand_segments');
  return isDenseArray(a, 32) ? a.values.map(Number) : [];
}

/** The operands forwarded to case `index` (0-based, excluding the default). */
export function switchCaseOperands(op: Operation, index: number): Value[] {
  const all = segment(op, 2);
  const segs = caseOperandSegments(op);
  let start = 0;
  for (let i = 0; i < index; i++) start += segs[i] ?? 0;
  return all.slice(start, start + (segs[index] ?? 0));
}

const switchBranch: BranchInterface = {
  getSuccessorOperands: (op, index) => (index === 0 ? segment(op, 1) : switchCaseOperands(op, index - 1)),
  getSuccessorForOperands(op, operands) {
    const values = switchCaseValues(op);
    if (!values) return op.successor(0);
    const flag = operands[0];
    if (!(flag instanceof IntegerAttr)) return undefined;
    const w = flag.type instanceof IntegerType ? flag.type.width : 64;
    const v = BigInt.asIntN(w, flag.value);
    const i = values.findIndex((c) => BigInt.asIntN(w, c) === v);
    return i < 0 ? op.successor(0) : op.successor(i + 1);
  },
  setSuccessorOperands,
};

/** MLIR's APInt::getLimitedValue on the value's unsigned bits. */
function limitedValue(v: bigint, width: number): bigint {
  const u = BigInt.asUintN(width, v);
  const max = (1n << 64n) - 1n;
  return u > max ? max : u;
}

const SwitchOp = defineRawOp({
  name: 'cf.switch',
  traits: [Traits.Pure, Traits.IsTerminator],
  attributes: ['case_values', 'case_operand_segments', 'operandSegmentSizes'],
  interfaces: { Branch: switchBranch },
  parse(p, state) {
    const flag = p.parseOperand();
    p.parseColon();
    const flagType = p.parseType();
    p.parseComma();
    p.parseLSquare();
    p.parseKeyword('default');
    p.parseColon();
    const defaultDest = p.parseSuccessor();
    const defaultOps = parseOptionalSuccessorOperands(p, false);
    const width = flagType instanceof IntegerType ? flagType.width : 64;
    const values: bigint[] = [];
    const dests: Block[] = [];
    const caseOps: Value[][] = [];
    while (p.parseOptionalComma()) {
      const offset = p.currentOffset();
      if (!tokenParser(p).is(Tok.integer) && !tokenParser(p).is(Tok.minus)) p.error('expected integer value', offset);
      const v = p.parseInteger();
      if (v < -(1n << 63n) || v >= 1n << 63n) p.error('integer value too large', offset);
      values.push(BigInt.asIntN(width, v));
      p.parseColon();
      dests.push(p.parseSuccessor());
      caseOps.push(parseOptionalSuccessorOperands(p));
    }
    p.parseRSquare();
    parseAttrDict(p, state);
    state.operands = [p.resolveOperand(flag, flagType), ...defaultOps, ...caseOps.flat()];
    state.successors = [defaultDest, ...dests];
    if (values.length) state.attributes.set('case_values', DenseIntOrFPElementsAttr.get(VectorType.get([values.length], flagType), values));
    state.attributes.set('case_operand_segments', DenseArrayAttr.get(IntegerType.get(32), caseOps.map((o) => BigInt(o.length))));
    setSegments(state, [1, defaultOps.length, caseOps.reduce((n, o) => n + o.length, 0)]);
  },
  print(p, op) {
    const flag = op.operand(0);
    p.write(' ');
    p.printOperand(flag);
    p.write(' : ');
    p.printType(flag.type);
    p.write(', [');
    p.printNewline();
    p.write('  default: ');
    printSuccessor(p, op.successor(0), segment(op, 1));
    const values = switchCaseValues(op);
    if (values) {
      const et = (op.properties.get('case_values') as DenseIntOrFPElementsAttr).elementType;
      const width = et instanceof IntegerType ? et.width : 64;
      values.forEach((v, i) => {
        p.write(',');
        p.printNewline();
        p.write('  ' + limitedValue(v, width).toString() + ': ');
        printSuccessor(p, op.successor(i + 1), switchCaseOperands(op, i));
      });
      p.printNewline();
    }
    p.write(']');
    printAttrDict(p, op, ['case_values', 'case_operand_segments', 'operandSegmentSizes']);
  },
  verify(op, ctx) {
    if (!verifySegments(ctx, op, 3)) return false;
    const segs = op.properties.get('case_operand_segments');
    if (!segs) return fail(ctx, op, "requires attribute 'case_operand_segments'");
    if (!isDenseArray(segs, 32))
      return fail(ctx, op, "attribute 'case_operand_segments' failed to satisfy constraint: i32 dense array attribute");
    const cv = op.properties.get('case_values');
    if (cv !== undefined && !(cv instanceof DenseIntOrFPElementsAttr && cv.elementType instanceof IntegerType))
      return fail(ctx, op, "attribute 'case_values' failed to satisfy constraint: integer elements attribute");
    const flag = op.operand(0);
    if (!(flag.type instanceof IntegerType)) return fail(ctx, op, `operand #0 must be integer, but got ${q(flag.type)}`);
    const caseTotal = segs.values.reduce((n, v) => n + Number(v), 0);
    if (caseTotal !== segment(op, 2).length)
      return fail(
        ctx,
        op,
        `operand group starting at #${1 + segment(op, 1).length} requires ${caseTotal} operands but found ${segment(op, 2).length}`,
      );
    if (op.numSuccessors < 1) return fail(ctx, op, `requires at least 1 successor but found ${op.numSuccessors}`);
    if (!verifyBranchSuccessors(ctx, op, (i) => switchBranch.getSuccessorOperands(op, i))) return false;
    const numCases = op.numSuccessors - 1;
    if (!(cv instanceof DenseIntOrFPElementsAttr)) {
      if (numCases === 0) return true;
      return fail(ctx, op, `number of case values (0) should match number of case destinations (${numCases})`);
    }
    if (cv.elementType !== flag.type)
      return fail(ctx, op, `'flag' type (${q(flag.type)}) should match case value type (${q(cv.elementType)})`);
    if (cv.type.numElements !== numCases)
      return fail(ctx, op, `number of case values (${cv.type.numElements}) should match number of case destinations (${numCases})`);
    return true;
  },
});

export const cfDialect: Dialect = {
  name: 'cf',
  ops: [AssertOp, BranchOp, CondBranchOp, SwitchOp].map(withCfCanonicalization),
};

export type { Attribute, UnresolvedOperand };
