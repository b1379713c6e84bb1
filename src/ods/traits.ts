// Traits of the declarative op layer that carry checks (MLIR's
// SameOperandsAndResultType, AllTypesMatch, PredOpTrait, ... and the native
// structural traits), and the type inference the assembly format draws from
// them. Plain string traits (Pure, IsTerminator, ...) live in ir/context.ts.

import type { Attribute, Type } from '../ir/attributes.js';
import { RankedTensorType, ShapedType, TensorType, VectorType, isDynamic } from '../ir/builtin-types.js';
import type { Operation } from '../ir/operation.js';
import type { OdsInfo } from './op.js';

const elementOf = (t: Type): Type => (t instanceof ShapedType ? t.elementType : t);

/** How the format infers types: all names share one type, or `to` is computed from `from`. */
export type TypeInference =
  | { kind: 'same'; names: readonly string[] | 'operands' | 'operands+results' }
  | { kind: 'with'; from: string; to: string; transform: (t: Type) => Type };

export interface OdsTrait {
  readonly name: string;
  /** Predicate checked during verifyInvariants ("failed to verify that <summary>"). */
  readonly pred?: (op: Operation, ods: OdsInfo) => boolean;
  readonly summary?: string;
  /** Native trait verification, after the invariants; returns an error message (emitted as op error). */
  readonly verifyTrait?: (op: Operation, ods: OdsInfo) => string | undefined;
  readonly infer?: TypeInference;
}

export type OdsTraitOrName = string | OdsTrait;

export function getElementTypeOrSelf(t: Type): Type {
  return elementOf(t);
}

/** MLIR's verifyCompatibleShape for two types. */
export function areCompatibleShapes(a: Type, b: Type): boolean {
  const sa = a instanceof ShapedType ? a : undefined;
  const sb = b instanceof ShapedType ? b : undefined;
  if (!sa) return !sb;
  if (!sb) return false;
  const x = sa.shapeOrUndefined;
  const y = sb.shapeOrUndefined;
  if (!x || !y) return true;
  if (x.length !== y.length) return false;
  if (sa instanceof VectorType && sb instanceof VectorType)
    for (let i = 0; i < x.length; i++) if (!!sa.scalableDims[i] !== !!sb.scalableDims[i]) return false;
  for (let i = 0; i < x.length; i++) if (!isDynamic(x[i]) && !isDynamic(y[i]) && x[i] !== y[i]) return false;
  return true;
}

function encodingOf(t: Type): Attribute | undefined {
  return t instanceof RankedTensorType ? t.encoding : undefined;
}

export const SameOperandsAndResultType: OdsTrait = {
  name: 'SameOperandsAndResultType',
  infer: { kind: 'same', names: 'operands+results' },
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    if (op.numResults < 1) return `expected 1 or more results, but found ${op.numResults}`;
    const type = op.result(0).type;
    const el = elementOf(type);
    const enc = encodingOf(type);
    const check = (t: Type): string | undefined => {
      if (t === type) return undefined;
      if (elementOf(t) !== el || !areCompatibleShapes(t, type)) return 'requires the same type for all operands and results';
      if (enc && t instanceof RankedTensorType && t.encoding !== enc) return 'requires the same encoding for all operands and results';
      return undefined;
    };
    const results = op.results;
    for (let i = 1; i < results.length; i++) {
      const msg = check(results[i].type);
      if (msg !== undefined) return msg;
    }
    const operands = op.operandList;
    for (let i = 0; i < operands.length; i++) {
      const msg = check(operands[i].value.type);
      if (msg !== undefined) return msg;
    }
    return undefined;
  },
};

export const SameTypeOperands: OdsTrait = {
  name: 'SameTypeOperands',
  infer: { kind: 'same', names: 'operands' },
  verifyTrait(op) {
    const ops = op.operandList;
    for (let i = 1; i < ops.length; i++) if (ops[i].value.type !== ops[0].value.type) return 'requires all operands to have the same type';
    return undefined;
  },
};

export const SameOperandsAndResultShape: OdsTrait = {
  name: 'SameOperandsAndResultShape',
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    if (op.numResults < 1) return `expected 1 or more results, but found ${op.numResults}`;
    const type = op.operand(0).type;
    for (const t of op.resultTypes) if (!areCompatibleShapes(t, type)) return 'requires the same shape for all operands and results';
    for (const v of op.operands.slice(1)) if (!areCompatibleShapes(v.type, type)) return 'requires the same shape for all operands and results';
    return undefined;
  },
};

export const SameOperandsShape: OdsTrait = {
  name: 'SameOperandsShape',
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    const type = op.operand(0).type;
    for (const v of op.operands) if (!areCompatibleShapes(v.type, type)) return 'requires the same shape for all operands';
    return undefined;
  },
};

export const SameOperandsElementType: OdsTrait = {
  name: 'SameOperandsElementType',
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    const el = elementOf(op.operand(0).type);
    for (const v of op.operands) if (elementOf(v.type) !== el) return 'requires the same element type for all operands';
    return undefined;
  },
};

export const SameOperandsAndResultElementType: OdsTrait = {
  name: 'SameOperandsAndResultElementType',
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    if (op.numResults < 1) return `expected 1 or more results, but found ${op.numResults}`;
    const el = elementOf(op.result(0).type);
    for (const t of [...op.resultTypes, ...op.operands.map((v) => v.type)])
      if (elementOf(t) !== el) return 'requires the same element type for all operands and results';
    return undefined;
  },
};

/** The `Elementwise` trait (part of ElementwiseMappable). */
export const Elementwise: OdsTrait = {
  name: 'Elementwise',
  verifyTrait(op) {
    const mappable = (t: Type): boolean => t instanceof VectorType || t instanceof TensorType;
    const res = op.resultTypes.filter(mappable);
    const ops = op.operands.map((v) => v.type).filter(mappable);
    if (!res.length && !ops.length) return undefined;
    if (res.length && !ops.length) return 'if a result is non-scalar, then at least one operand must be non-scalar';
    if (!res.length) return 'if an operand is non-scalar, then there must be at least one non-scalar result';
    if (res.length !== op.numResults) return 'if an operand is non-scalar, then all results must be non-scalar';
    const types = [...ops, ...res];
    const base = (t: Type): unknown => (t instanceof VectorType ? VectorType : t instanceof RankedTensorType ? RankedTensorType : t.constructor);
    const b0 = base(types[0]);
    if (!types.every((t) => base(t) === b0) || !types.every((t) => areCompatibleShapes(t, types[0])))
      return 'all non-scalar operands/results must have the same shape and base type';
    return undefined;
  },
};

/** `AllTypesMatch<[names]>`: operands, results or typed attributes share one type. */
export function AllTypesMatch(names: readonly string[]): OdsTrait {
  return {
    name: 'AllTypesMatch',
    summary: `all of {${names.join(', ')}} have same type`,
    infer: { kind: 'same', names },
    pred(op, ods) {
      const types = names.map((n) => ods.typeOfName(op, n));
      return types.every((t) => t !== undefined && t === types[0]);
    },
  };
}

/** `TypesMatchWith<summary, from, to, transform>`. */
export function TypesMatchWith(summary: string, from: string, to: string, transform: (t: Type) => Type): OdsTrait {
  return {
    name: 'TypesMatchWith',
    summary,
    infer: { kind: 'with', from, to, transform },
    pred(op, ods) {
      const f = ods.typeOfName(op, from);
      const t = ods.typeOfName(op, to);
      return f !== undefined && t !== undefined && transform(f) === t;
    },
  };
}

/** `PredOpTrait<summary, pred>`. */
export function predOpTrait(summary: string, pred: (op: Operation, ods: OdsInfo) => boolean): OdsTrait {
  return { name: 'PredOpTrait', summary, pred };
}

/** A native trait (or interface) verifier: returns an error message for `'op' op <message>`. */
export function nativeTrait(name: string, verifyTrait: (op: Operation, ods: OdsInfo) => string | undefined): OdsTrait {
  return { name, verifyTrait };
}

export const AttrSizedOperandSegments = 'AttrSizedOperandSegments';
export const AttrSizedResultSegments = 'AttrSizedResultSegments';
