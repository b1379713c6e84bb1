// The ub dialect: `ub.poison` and its `#ub.poison` attribute.

import { Attribute, type AttrTypePrinter, type Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import type { Location } from '../../ir/location.js';
import type { Operation } from '../../ir/operation.js';
import { Traits, type Dialect } from '../../ir/context.js';
import { fail } from '../../ir/context.js';
import { defineRawOp } from '../../ods/index.js';
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

const PoisonOp = defineRawOp({
  name: 'ub.poison',
  traits: [Traits.ConstantLike, Traits.Pure],
  attributes: ['value'],
  parse(p, state) {
    p.parseOptionalAttrDict(state.attributes);
    if (p.parseOptionalLess()) {
      state.attributes.set('value', p.parseAttribute());
      p.parseGreater();
    } else {
      state.attributes.set('value', PoisonAttr.get());
    }
    state.types = [p.parseColonType()];
  },
  print(p, op) {
    p.printOptionalAttrDict(op.attributesView);
    const value = op.propertiesView.get('value');
    if (value && value !== PoisonAttr.get()) {
      p.write(' <');
      p.printAttribute(value);
      p.write('>');
    }
    p.write(' : ');
    p.printType(op.result(0).type);
  },
  verify(op, ctx) {
    const value = op.propertiesView.get('value');
    if (value !== undefined && !(value instanceof PoisonAttr))
      return fail(ctx, op, "attribute 'value' failed to satisfy constraint: PoisonAttrInterface instance");
    return true;
  },
});

/** MLIR's ub::PoisonOp::create: `ub.poison` of `type` at the builder's insertion point. */
export function createPoison(b: Builder, type: Type, value: Attribute, location: Location): Operation {
  return b.create(PoisonOp.name, { results: [type], attributes: { value }, location });
}

/** `ub.unreachable`: a terminator control never reaches. */
const UnreachableOp = defineRawOp({
  name: 'ub.unreachable',
  traits: [Traits.IsTerminator],
  parse(p, state) {
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    p.printOptionalAttrDict(op.attributesView);
  },
});

export const ubDialect: Dialect = {
  name: 'ub',
  ops: [PoisonOp, UnreachableOp],
  parseAttribute(d) {
    if (d.body === 'poison') {
      tokenParser(d).consume();
      return PoisonAttr.get();
    }
    return tokenParser(d).error(`unknown attribute \`${d.mnemonic}\` in dialect \`ub\``);
  },
};
