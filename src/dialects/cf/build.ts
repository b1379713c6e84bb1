// Building and rewriting cf branches from passes: creation helpers and the
// successor-operand mutation behind BranchInterface.setSuccessorOperands.

import type { Builder } from '../../ir/builder.js';
import { DenseArrayAttr, DenseIntOrFPElementsAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { IntegerType, VectorType } from '../../ir/builtin-types.js';
import type { Type } from '../../ir/attributes.js';
import type { Location } from '../../ir/location.js';
import type { Block, Operation, Value } from '../../ir/operation.js';

const i32 = (): IntegerType => IntegerType.get(32);
const segs = (sizes: readonly number[]): DenseArrayAttr => DenseArrayAttr.get(i32(), sizes.map(BigInt));

function sizesOf(op: Operation, name: string): number[] {
  const a = op.properties.get(name);
  return a instanceof DenseArrayAttr ? a.values.map(Number) : [];
}

export function createBr(b: Builder, dest: Block, operands: readonly Value[], location?: Location): Operation {
  return b.create('cf.br', { operands, successors: [dest], location });
}

export function createCondBr(
  b: Builder,
  cond: Value,
  trueDest: Block,
  trueOps: readonly Value[],
  falseDest: Block,
  falseOps: readonly Value[],
  location?: Location,
): Operation {
  return b.create('cf.cond_br', {
    operands: [cond, ...trueOps, ...falseOps],
    successors: [trueDest, falseDest],
    attributes: { operandSegmentSizes: segs([1, trueOps.length, falseOps.length]) },
    location,
  });
}

export function createSwitch(
  b: Builder,
  flag: Value,
  defaultDest: Block,
  defaultOps: readonly Value[],
  caseValues: readonly bigint[],
  caseDests: readonly Block[],
  caseOps: readonly (readonly Value[])[],
  location?: Location,
): Operation {
  const attrs: Record<string, import('../../ir/attributes.js').Attribute> = {
    case_operand_segments: segs(caseOps.map((o) => o.length)),
    operandSegmentSizes: segs([1, defaultOps.length, caseOps.reduce((n, o) => n + o.length, 0)]),
  };
  if (caseValues.length) attrs.case_values = DenseIntOrFPElementsAttr.get(VectorType.get([caseValues.length], flag.type as Type), [...caseValues]);
  return b.create('cf.switch', {
    operands: [flag, ...defaultOps, ...caseOps.flat()],
    successors: [defaultDest, ...caseDests],
    attributes: attrs,
    location,
  });
}

/** Replaces the operands forwarded to successor `index` of a cf branch. */
export function setSuccessorOperands(op: Operation, index: number, values: readonly Value[]): void {
  const all = op.operands;
  switch (op.name.name) {
    case 'cf.br':
      op.setOperands(values);
      return;
    case 'cf.cond_br': {
      const [, t, f] = sizesOf(op, 'operandSegmentSizes');
      const trueOps = all.slice(1, 1 + t);
      const falseOps = all.slice(1 + t, 1 + t + f);
      if (index === 0) op.setOperands([all[0], ...values, ...falseOps]);
      else op.setOperands([all[0], ...trueOps, ...values]);
      op.properties.set('operandSegmentSizes', segs([1, index === 0 ? values.length : t, index === 1 ? values.length : f]));
      return;
    }
    case 'cf.switch': {
      const [, d] = sizesOf(op, 'operandSegmentSizes');
      const caseSizes = sizesOf(op, 'case_operand_segments');
      const groups: Value[][] = [all.slice(1, 1 + d)];
      let start = 1 + d;
      for (const n of caseSizes) {
        groups.push(all.slice(start, start + n));
        start += n;
      }
      groups[index] = [...values];
      op.setOperands([all[0], ...groups.flat()]);
      const newCase = groups.slice(1).map((g) => g.length);
      op.properties.set('case_operand_segments', segs(newCase));
      op.properties.set('operandSegmentSizes', segs([1, groups[0].length, newCase.reduce((n, x) => n + x, 0)]));
      return;
    }
  }
  throw new Error(`setSuccessorOperands: unsupported op ${op.name.name}`);
}

export { IntegerAttr };
