// The ub dialect: `ub.poison` with its `#ub.poison` attribute, and
// `ub.unreachable`.

import { Attribute, type AttrTypePrinter } from '../../ir/attributes.js';
import { Traits } from '../../ir/context.js';
import { AnyType, attrConstraint, defaultValuedAttr, defineDialect, defineOp, implementOp, result } from '../../ods/index.js';
import { tokenParser } from '../../syntax/parser.js';

/** `#ub.poison`: the default poison value attribute. */
export class PoisonAttr extends Attribute {
  private static instance: PoisonAttr | undefined;
  static get(): PoisonAttr {
    return (PoisonAttr.instance ??= new PoisonAttr());
  }
  print(p: AttrTypePrinter): void {
    p.write('#ub.poison');
  }
  override get dialect(): string {
    return 'ub';
  }
}

const PoisonAttrInterface = attrConstraint<PoisonAttr>('PoisonAttrInterface instance', (a) => a instanceof PoisonAttr);

/** `ub.poison`: a value whose use is undefined behaviour. */
export const PoisonOp = defineOp({
  name: 'ub.poison',
  summary: 'Poisoned constant operation.',
  traits: [Traits.ConstantLike, Traits.Pure],
  attributes: [defaultValuedAttr('value', PoisonAttrInterface, PoisonAttr.get())],
  results: [result('result', AnyType)],
  assemblyFormat: 'attr-dict (`<` $value^ `>`)? `:` type($result)',
});

// Folds to its attribute, so the constant propagation of SCCP knows poison
// (and merges poison values, as MLIR 22 does).
implementOp(PoisonOp, { fold: (op) => [PoisonOp.value(op)] });

/** `ub.unreachable`: a terminator control never reaches. */
export const UnreachableOp = defineOp({
  name: 'ub.unreachable',
  summary: 'Unreachable operation.',
  traits: [Traits.IsTerminator],
  assemblyFormat: 'attr-dict',
});

export const ubDialect = defineDialect({
  name: 'ub',
  ops: [PoisonOp, UnreachableOp],
  // Every op inlines anywhere (an inliner interface that always agrees).
  isLegalToInline: () => true,
  materializeConstant: (builder, value, type, location) => (value instanceof PoisonAttr ? PoisonOp.build(builder, { value, result: type, location }) : undefined),
  parseAttribute(d) {
    if (d.body === 'poison') {
      tokenParser(d).consume();
      return PoisonAttr.get();
    }
    return tokenParser(d).error(`unknown attribute \`${d.mnemonic}\` in dialect \`ub\``);
  },
});
