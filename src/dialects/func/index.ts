// The func dialect: functions, calls and returns (MLIR 22's FuncOps.td).

import type { Attribute, Type } from '../../ir/attributes.js';
import { ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr, TypeAttr } from '../../ir/builtin-attributes.js';
import { FunctionType, NoneType } from '../../ir/builtin-types.js';
import { Traits, emitError, fail, q, qList, verifyDialectAttribute, type Context } from '../../ir/context.js';
import type { CallableInterface, CallOpInterface } from '../../ir/interfaces.js';
import type { Argument, OpAsmParser, OpAsmPrinter } from '../../ir/op-asm.js';
import { Region, type Operation } from '../../ir/operation.js';
import { matchConstant } from '../../ir/matchers.js';
import { pattern } from '../../ir/pattern.js';
import { lookupNearestSymbolFrom, verifySymbolOp, type SymbolUserInterface } from '../../ir/symbol-table.js';
import {
  AnyType,
  FlatSymbolRefAttrC,
  StrAttrC,
  SymbolNameAttrC,
  attr,
  attrConstraint,
  defineDialect,
  defineOp,
  implementOp,
  operand,
  optionalAttr,
  predOpTrait,
  region,
  result,
  typeConstraint,
  unitAttr,
  variadicOperand,
  variadicResult,
} from '../../ods/index.js';
import { Tok as parserTok } from '../../syntax/lexer.js';
import { tokenParser } from '../../syntax/parser.js';

const VISIBILITIES = ['public', 'private', 'nested'];

const FunctionTypeAttr = attrConstraint<TypeAttr, FunctionType>(
  'type attribute of function type',
  (a) => a instanceof TypeAttr && a.value instanceof FunctionType,
  { valueType: NoneType.get(), decode: (a) => a.value as FunctionType, encode: (v) => TypeAttr.get(v) },
);
const DictArrayAttr = attrConstraint<ArrayAttr>(
  'Array of dictionary attributes',
  (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof DictionaryAttr),
  { valueType: NoneType.get() },
);
const FunctionTypeC = typeConstraint('function type', (t) => t instanceof FunctionType);

// ============================================================================
// Declarations

export const FuncOp = defineOp({
  name: 'func.func',
  summary: 'An operation with a name containing a single `SSACFG` region',
  traits: [Traits.IsolatedFromAbove, Traits.Symbol, Traits.AffineScope, Traits.AutomaticAllocationScope],
  attributes: [
    attr('sym_name', SymbolNameAttrC),
    attr('function_type', FunctionTypeAttr),
    optionalAttr('sym_visibility', StrAttrC),
    optionalAttr('arg_attrs', DictArrayAttr),
    optionalAttr('res_attrs', DictArrayAttr),
    unitAttr('no_inline'),
  ],
  regions: [region('body')],
  defaultDialect: 'func',
}).withAccessors({
  /** Whether the function is a declaration (no body). */
  isExternal: (op): boolean => op.regions[0].empty,
  /** The entry block of a defined function. */
  entryBlock: (op) => op.regions[0].entry,
});

export const ReturnOp = defineOp({
  name: 'func.return',
  summary: 'Function return operation',
  traits: [Traits.Pure, Traits.ReturnLike, Traits.IsTerminator],
  operands: [variadicOperand('operands', AnyType)],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
});

export const CallOp = defineOp({
  name: 'func.call',
  summary: 'call operation',
  operands: [variadicOperand('operands', AnyType)],
  results: [variadicResult('results', AnyType)],
  attributes: [attr('callee', FlatSymbolRefAttrC), optionalAttr('arg_attrs', DictArrayAttr), optionalAttr('res_attrs', DictArrayAttr), unitAttr('no_inline')],
  assemblyFormat: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
});

export const CallIndirectOp = defineOp({
  name: 'func.call_indirect',
  summary: 'indirect call operation',
  traits: [
    predOpTrait('callee input types match argument types', (op) => {
      const t = op.opOperand(0)?.value.type;
      const args = op.operandList.slice(1).map((o) => o.value.type);
      return t instanceof FunctionType && args.length === t.inputs.length && args.every((a, i) => a === t.inputs[i]);
    }),
    predOpTrait('callee result types match result types', (op) => {
      const t = op.opOperand(0)?.value.type;
      return t instanceof FunctionType && op.numResults === t.results.length && op.resultTypes.every((r, i) => r === t.results[i]);
    }),
  ],
  operands: [operand('callee', FunctionTypeC), variadicOperand('callee_operands', AnyType)],
  results: [variadicResult('results', AnyType)],
  attributes: [optionalAttr('arg_attrs', DictArrayAttr), optionalAttr('res_attrs', DictArrayAttr)],
});

export const ConstantOp = defineOp({
  name: 'func.constant',
  summary: 'constant',
  traits: [Traits.ConstantLike, Traits.Pure],
  attributes: [attr('value', FlatSymbolRefAttrC)],
  results: [result('result', AnyType)],
  assemblyFormat: 'attr-dict $value `:` type(results)',
});

// ============================================================================
// Shared pieces

function functionType(op: Operation): FunctionType | undefined {
  const a = op.getProperty('function_type');
  return a instanceof TypeAttr && a.value instanceof FunctionType ? a.value : undefined;
}

function funcName(op: Operation): string {
  const a = op.getProperty('sym_name');
  return a instanceof StringAttr ? a.value : '';
}


/** Parses `(args) -> results` of a function, with argument/result attributes. */
function parseFunctionSignature(p: OpAsmParser): { args: Argument[]; argAttrs: DictionaryAttr[]; results: Type[]; resultAttrs: DictionaryAttr[] } {
  const args: Argument[] = [];
  const argAttrs: DictionaryAttr[] = [];
  const parser = tokenParser(p);
  p.parseLParen();
  const parseArg = (): void => {
    const named = p.parseOptionalArgument(true, true);
    if (named) {
      if (args.length && args[args.length - 1].ssaName.name === '')
        p.error('expected type instead of SSA identifier', named.ssaName.offset);
      args.push(named);
      argAttrs.push(named.attrs instanceof DictionaryAttr ? named.attrs : DictionaryAttr.get([]));
      return;
    }
    const offset = p.currentOffset();
    if (args.length && args[args.length - 1].ssaName.name !== '') p.error('expected SSA identifier', offset);
    const type = p.parseType();
    const attrs = new Map<string, Attribute>();
    p.parseOptionalAttrDict(attrs);
    const sourceLoc = p.parseOptionalLocationSpecifier();
    args.push({ ssaName: { name: '', number: 0, offset }, type, sourceLoc });
    argAttrs.push(DictionaryAttr.get([...attrs.entries()]));
  };
  if (!p.parseOptionalRParen()) {
    parseArg();
    while (p.parseOptionalComma()) parseArg();
    parser.expect(parserTok.r_paren, "expected ')'");
  }
  const results: Type[] = [];
  const resultAttrs: DictionaryAttr[] = [];
  if (p.parseOptionalArrow()) {
    if (!p.parseOptionalLParen()) {
      results.push(p.parseType());
      resultAttrs.push(DictionaryAttr.get([]));
    } else if (!p.parseOptionalRParen()) {
      const one = (): void => {
        results.push(p.parseType());
        const attrs = new Map<string, Attribute>();
        p.parseOptionalAttrDict(attrs);
        resultAttrs.push(DictionaryAttr.get([...attrs.entries()]));
      };
      one();
      while (p.parseOptionalComma()) one();
      p.parseRParen();
    }
  }
  return { args, argAttrs, results, resultAttrs };
}


/** Prints a function result list: bare single type, or parenthesized with attributes. */
function printFunctionResultList(p: OpAsmPrinter, types: readonly Type[], attrs: ArrayAttr | undefined): void {
  const first = attrs?.elements[0];
  const needsParens =
    types.length > 1 || types[0] instanceof FunctionType || (first instanceof DictionaryAttr && first.entries.length > 0);
  if (needsParens) p.write('(');
  for (let i = 0; i < types.length; i++) {
    if (i) p.write(', ');
    p.printType(types[i]);
    const d = attrs?.elements[i];
    if (d instanceof DictionaryAttr) p.printOptionalAttrDict(d.entries);
  }
  if (needsParens) p.write(')');
}

// ============================================================================
// func.func

const FUNC_ELIDED: readonly string[] = ['sym_name', 'sym_visibility', 'function_type', 'arg_attrs', 'res_attrs'];
const FUNC_BODY = Object.freeze({ printEntryBlockArgs: false, printBlockTerminators: true });

/** Whether every property of a func.func is printed outside its attribute dictionary. */
function onlyElidedProperties(op: Operation): boolean {
  for (let i = 0, n = op.numProperties; i < n; i++) if (!FUNC_ELIDED.includes(op.propertyName(i))) return false;
  return true;
}

implementOp(FuncOp, {
  interfaces: {
    Callable: {
      getCallableRegion: (op) => (op.regions[0].empty ? undefined : op.regions[0]),
      getArgumentTypes: (op) => [...(functionType(op)?.inputs ?? [])],
      getResultTypes: (op) => [...(functionType(op)?.results ?? [])],
    } satisfies CallableInterface,
  },
  *parseResumable(p, state) {
    const vis = p.parseOptionalKeyword(VISIBILITIES);
    if (vis) state.attributes.set('sym_visibility', StringAttr.get(vis));
    const name = p.parseSymbolName();
    state.attributes.set('sym_name', StringAttr.get(name));
    const sig = parseFunctionSignature(p);
    state.attributes.set('function_type', TypeAttr.get(FunctionType.get(sig.args.map((a) => a.type), sig.results)));
    const dictOffset = p.currentOffset();
    const parsed = new Map<string, Attribute>();
    p.parseOptionalAttrDictWithKeyword(parsed);
    for (const disallowed of ['sym_visibility', 'sym_name', 'function_type'])
      if (parsed.has(disallowed))
        p.error(`'${disallowed}' is an inferred attribute and should not be specified in the explicit attribute dictionary`, dictOffset);
    for (const [k, v] of parsed) state.attributes.set(k, v);
    if (sig.argAttrs.some((d) => d.entries.length)) state.attributes.set('arg_attrs', ArrayAttr.get(sig.argAttrs));
    if (sig.resultAttrs.some((d) => d.entries.length)) state.attributes.set('res_attrs', ArrayAttr.get(sig.resultAttrs));
    const body = state.addRegion(new Region());
    const offset = p.currentOffset();
    if (tokenParser(p).tokKind === parserTok.l_brace) {
      yield { region: body, args: sig.args };
      if (body.empty) p.error('expected non-empty function body', offset);
    }
  },
  print(p, op) {
    // Runs once per function, so mostly in V8's interpreter on a cold print:
    // plain loops and property reads, no views, spreads or closures.
    const ftAttr = op.getProperty('function_type');
    const fnType = ftAttr instanceof TypeAttr && ftAttr.value instanceof FunctionType ? ftAttr.value : undefined;
    p.write(' ');
    const vis = op.getProperty('sym_visibility');
    if (vis instanceof StringAttr) p.write(vis.value + ' ');
    const name = op.getProperty('sym_name');
    p.printSymbolName(name instanceof StringAttr ? name.value : '');
    const body = op.regions[0];
    const external = body.empty;
    const argTypes = fnType !== undefined ? fnType.inputs : [];
    const argAttrs = op.getProperty('arg_attrs');
    const args = external ? undefined : body.entry.args;
    p.write('(');
    for (let i = 0; i < argTypes.length; i++) {
      if (i) p.write(', ');
      const attrs = argAttrs instanceof ArrayAttr ? argAttrs.elements[i] : undefined;
      if (args !== undefined) p.printRegionArgument(args[i], attrs);
      else {
        p.printType(argTypes[i]);
        if (attrs instanceof DictionaryAttr) p.printOptionalAttrDict(attrs.entries);
      }
    }
    p.write(')');
    const results = fnType !== undefined ? fnType.results : [];
    if (results.length) {
      p.write(' -> ');
      const resAttrs = op.getProperty('res_attrs');
      printFunctionResultList(p, results, resAttrs instanceof ArrayAttr ? resAttrs : undefined);
    }
    if (op.attributesView.size !== 0 || !onlyElidedProperties(op)) {
      const attrs: [string, Attribute][] = [...op.attributesView.entries(), ...op.propertiesView.entries()];
      p.printOptionalAttrDictWithKeyword(attrs, FUNC_ELIDED);
    }
    if (!external) {
      p.write(' ');
      p.printRegion(body, FUNC_BODY);
    }
  },
  getAsmBlockArgumentNames() {},
  verify(op, ctx) {
    const ft = FuncOp.function_type(op);
    if (!verifySymbolOp(ctx, op)) return false;
    if (!verifyArgResultAttrs(ctx, op, 'arg_attrs', 'argument', ft.inputs.length)) return false;
    if (!verifyArgResultAttrs(ctx, op, 'res_attrs', 'result', ft.results.length)) return false;
    const body = op.regions[0];
    if (body.empty) return true;
    const inputs = ft.inputs;
    const entry = body.entry;
    if (entry.args.length !== inputs.length)
      return fail(ctx, op, `entry block must have ${inputs.length} arguments to match function signature`);
    for (let i = 0; i < inputs.length; i++)
      if (entry.args[i].type !== inputs[i])
        return fail(
          ctx,
          op,
          `type of entry block argument #${i}(${q(entry.args[i].type)}) must match the type of the corresponding argument in function signature(${q(inputs[i])})`,
        );
    return true;
  },
});

function verifyArgResultAttrs(ctx: Context, op: Operation, attrName: string, what: string, count: number): boolean {
  const all = op.getProperty(attrName);
  if (all === undefined) return true;
  if (!(all instanceof ArrayAttr)) return fail(ctx, op, `attribute '${attrName}' failed to satisfy constraint: Array of dictionary attributes`);
  if (all.elements.length !== count)
    return fail(
      ctx,
      op,
      `expects ${what} attribute array to have the same number of elements as the number of function ${what}s, got ${all.elements.length}, but expected ${count}`,
    );
  for (const d of all.elements) {
    if (!(d instanceof DictionaryAttr))
      return fail(ctx, op, `expects ${what} attribute dictionary to be a DictionaryAttr, but got \`${d.key}\``);
    for (const [k, v] of d.entries) {
      if (!k.includes('.')) return fail(ctx, op, `${what}s may only have dialect attributes`);
      if (!verifyDialectAttribute(ctx, op, k, v, what === 'argument' ? 'arg' : 'result')) return false;
    }
  }
  return true;
}

// ============================================================================
// func.return

implementOp(ReturnOp, {
  parentOps: [FuncOp],
  verify(op, ctx) {
    const fn = op.parentOp!;
    const results = functionType(fn)?.results ?? [];
    // Counted, then compared along the operand list (no list made per return).
    const n = op.numOperands;
    if (n !== results.length) return fail(ctx, op, `has ${n} operands, but enclosing function (@${funcName(fn)}) returns ${results.length}`);
    let i = 0;
    for (let u = op.firstOperand; u !== null; u = op.operandAfter(u), i++) {
      const t = u.value.type;
      if (t !== results[i]) {
        emitError(ctx, op, `type of return operand ${i} (${q(t)}) doesn't match function result type (${q(results[i])}) in function @${funcName(fn)}`);
        return false;
      }
    }
    return true;
  },
});

// ============================================================================
// func.call and func.call_indirect

const callSymbolUser: SymbolUserInterface = {
  verifySymbolUses(op, ctx) {
    const callee = op.propertiesView.get('callee');
    if (!(callee instanceof SymbolRefAttr)) return fail(ctx, op, "requires a 'callee' symbol reference attribute");
    const fn = lookupNearestSymbolFrom(op, callee);
    if (!FuncOp.isa(fn)) return fail(ctx, op, `'${callee.leaf}' does not reference a valid function`);
    const ft = functionType(fn);
    if (!ft) return true;
    if (ft.inputs.length !== op.numOperands) return fail(ctx, op, 'incorrect number of operands for callee');
    for (let i = 0; i < ft.inputs.length; i++)
      if (op.operand(i).type !== ft.inputs[i])
        return fail(
          ctx,
          op,
          `operand type mismatch: expected operand type ${q(ft.inputs[i])}, but provided ${q(op.operand(i).type)} for operand number ${i}`,
        );
    if (ft.results.length !== op.numResults) return fail(ctx, op, 'incorrect number of results for callee');
    for (let i = 0; i < ft.results.length; i++)
      if (op.result(i).type !== ft.results[i]) {
        const d = ctx.diagnostics.emit('error', op.location, `'${op.name.name}' op result type mismatch at index ${i}`);
        if (ctx.printOpOnDiagnostic && ctx.printOpForDiagnostic) {
          const text = ctx.printOpForDiagnostic(op);
          d.attachNote('see current operation: ' + (text.includes('\n') ? '\n' : '') + text);
        }
        d.attachNote(`      op result types: ${qList(op.resultTypes)}`);
        d.attachNote(`function result types: ${qList(ft.results)}`);
        return false;
      }
    return true;
  },
};

implementOp(CallOp, {
  interfaces: {
    SymbolUser: callSymbolUser,
    CallOp: {
      getCallee: (op) => op.propertiesView.get('callee')!,
      getArgOperands: (op) => op.operands,
      setArgOperands: (op, values) => op.setOperands(values),
    } satisfies CallOpInterface,
  },
});

// MLIR's format infers the argument types from the callee's function type
// (a TypesMatchWith over a range), which the format engine does not express.
// A call through a function constant is a direct call.
const simplifyIndirectCallWithKnownCallee = pattern(
  CallIndirectOp,
  (op, rewriter) => {
    const callee = matchConstant(CallIndirectOp.callee(op));
    if (!(callee instanceof SymbolRefAttr)) return false;
    rewriter.setInsertionPointBefore(op);
    const call = CallOp.build(rewriter, { callee, operands: CallIndirectOp.callee_operands(op), results: op.resultTypes, location: op.location });
    rewriter.replaceOp(op, call.results);
    return true;
  },
  { name: 'SimplifyIndirectCallWithKnownCallee' },
);

implementOp(CallIndirectOp, {
  canonicalizationPatterns: [simplifyIndirectCallWithKnownCallee],
  interfaces: {
    CallOp: {
      getCallee: (op) => CallIndirectOp.callee(CallIndirectOp.cast(op)),
      getArgOperands: (op) => CallIndirectOp.callee_operands(CallIndirectOp.cast(op)),
      setArgOperands: (op, values) => op.setOperands([CallIndirectOp.callee(CallIndirectOp.cast(op)), ...values]),
    } satisfies CallOpInterface,
  },
  parse(p, state) {
    const callee = p.parseOperand();
    p.parseLParen();
    // The format resolves $callee_operands where the list starts.
    const operandsOffset = p.currentOffset();
    const operands = p.parseOperandList();
    p.parseRParen();
    p.parseOptionalAttrDict(state);
    p.parseColon();
    const offset = p.currentOffset();
    const t = p.parseType();
    if (!(t instanceof FunctionType)) return p.error(`invalid kind of type specified: expected builtin.function, but found '${t.key}'`, offset);
    state.operands = [p.resolveOperand(callee, t), ...p.resolveOperands(operands, t.inputs, operandsOffset)];
    state.types = [...t.results];
  },
  print(p, op) {
    const callee = CallIndirectOp.callee(op);
    p.write(' ');
    p.printOperand(callee);
    p.write('(');
    p.printOperands(CallIndirectOp.callee_operands(op));
    p.write(')');
    p.printOptionalAttrDict(op.attributesView);
    p.write(' : ');
    p.printType(callee.type);
  },
});

// ============================================================================
// func.constant

const constantSymbolUser: SymbolUserInterface = {
  verifySymbolUses(op, ctx) {
    const value = op.propertiesView.get('value');
    if (!(value instanceof SymbolRefAttr)) return true;
    const fn = lookupNearestSymbolFrom(op, value);
    if (!FuncOp.isa(fn)) return fail(ctx, op, `reference to undefined function '${value.leaf}'`);
    if (functionType(fn) !== op.result(0).type) return fail(ctx, op, 'reference to function with mismatched type');
    return true;
  },
};

implementOp(ConstantOp, {
  interfaces: { SymbolUser: constantSymbolUser },
  // Folds to its symbol, so SCCP knows it (and rematerializes it at the
  // region's entry, as MLIR 22 does).
  fold: (op) => [SymbolRefAttr.get(ConstantOp.value(op))],
  getAsmResultNames(op, setName) {
    setName(op.results[0], 'f');
  },
});

export const funcDialect = defineDialect({
  name: 'func',
  ops: [FuncOp, ReturnOp, CallOp, CallIndirectOp, ConstantOp],
  // Every op inlines anywhere (an inliner interface that always agrees).
  isLegalToInline: () => true,
  // A flat symbol of a function type (MLIR's ConstantOp::isBuildableWith).
  materializeConstant: (builder, value, type, location) =>
    value instanceof SymbolRefAttr && value.isFlat && type instanceof FunctionType ? ConstantOp.build(builder, { value: value.root, result: type, location }) : undefined,
});
