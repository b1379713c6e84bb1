// The declarative assembly format engine: interprets MLIR `assemblyFormat`
// strings for ops declared with `defineOp` (op.ts).
//
// Usage guide
// -----------
// Give `assemblyFormat` in a `defineOp` declaration. Dialects import the
// declarative layer through src/ods/index.ts, which loads this module (it
// installs itself as op.ts's format compiler). Each format is compiled once
// into a plan of closures; nothing is re-interpreted per op.
//
// Supported: `$operand`, `$attr`, `$region`, `$successor`, `type($x)`, `type(operands)`,
// `type(results)`, `functional-type(a, b)`, `operands`, `results`, `regions`, `successors`,
// `attr-dict`, `attr-dict-with-keyword`, `prop-dict`, literals (`` `(` ``, `` `to` ``...),
// spaces (`` ` ` ``, ``` `` ```, `` `\n` ``), optional groups `(... $x^ ...)?` with `: (else)`,
// `qualified(...)`, and `custom<Name>(args)` resolved through `registerCustomDirective`.
// Operand and result types missing from the format are inferred from
// SameOperandsAndResultType / SameTypeOperands / AllTypesMatch / TypesMatchWith
// traits or from buildable type constraints (I1, Index, ...).
//
// Custom directives:
//   registerCustomDirective('SwitchCases', {
//     parse(p, args) { args[0].setAttr(...); args[1].setOperands([...]); ... },
//     print(p, op, args) { args[0].attr; args[1].values; ... },
//   });
// Parse-side args are `CustomParseArg` (setters per variable kind, and getters
// for `ref(...)`); print-side args are `CustomPrintArg` (the op's values).

import type { Attribute, Type } from '../ir/attributes.js';
import { DenseArrayAttr, FloatAttr, IntegerAttr, StringAttr, UnitAttr } from '../ir/builtin-attributes.js';
import { FunctionType, IntegerType } from '../ir/builtin-types.js';
import { Traits } from '../ir/context.js';
import { SymbolNameAttrC, typeClassMismatch, type TypeConstraint } from './constraints.js';
import { setFormatCompiler, type AttrDecl, type CompiledFormat, type OdsInfo } from './op.js';
import { Block, Operation, Region, type Value } from '../ir/operation.js';
import { Tok } from '../syntax/lexer.js';
import type { OpAsmParser, OperationState, RegionRequest, UnresolvedOperand } from '../ir/op-asm.js';
import type { OpAsmPrinter, PrintRegionOptions } from '../ir/op-asm.js';

// ============================================================================
// Custom directives

export interface CustomParseArg {
  readonly kind: 'operand' | 'type' | 'attr' | 'region' | 'successor' | 'attr-dict' | 'ref';
  readonly name: string;
  /** `$operand`: the parsed operands (one for single/optional operands). */
  setOperands?(operands: UnresolvedOperand[]): void;
  /** `type($x)`: the parsed types. */
  setTypes?(types: Type[]): void;
  /** `$attr`: the parsed attribute (stored as a property); undefined leaves it unset. */
  setAttr?(attr: Attribute | undefined): void;
  /** `$region`: the regions to parse into (created on demand). */
  newRegion?(): Region;
  setSuccessors?(blocks: Block[]): void;
  /** `attr-dict`: the op's discardable attributes. */
  readonly attributes?: Map<string, Attribute>;
  /** `ref(...)`: what was parsed before (operands, types or attribute). */
  getOperands?(): UnresolvedOperand[] | undefined;
  getTypes?(): Type[] | undefined;
  getAttr?(): Attribute | undefined;
}

export interface CustomPrintArg {
  readonly kind: CustomParseArg['kind'];
  readonly name: string;
  readonly values?: readonly Value[];
  readonly types?: readonly Type[];
  readonly attr?: Attribute;
  readonly regions?: readonly Region[];
  readonly successors?: readonly Block[];
  /** `attr-dict`: all attributes (discardable and inherent) and the names the format prints elsewhere. */
  readonly attributes?: readonly (readonly [string, Attribute])[];
  readonly elided?: readonly string[];
}

export interface CustomDirective {
  parse(p: OpAsmParser, args: CustomParseArg[], state: OperationState): void;
  print(p: OpAsmPrinter, op: Operation, args: CustomPrintArg[]): void;
}

const customDirectives = new Map<string, CustomDirective>();

export function registerCustomDirective(name: string, directive: CustomDirective): void {
  customDirectives.set(name, directive);
}

// ============================================================================
// Format AST

type VarRef =
  | { k: 'operand'; index: number }
  | { k: 'result'; index: number }
  | { k: 'operands' }
  | { k: 'results' };

type El =
  | { k: 'lit'; v: string }
  | { k: 'space'; v: string }
  | { k: 'operand'; index: number }
  | { k: 'attr'; decl: AttrDecl; qualified: boolean }
  | { k: 'region'; index: number }
  | { k: 'successor'; index: number }
  | { k: 'operands' }
  | { k: 'regions' }
  | { k: 'successors' }
  | { k: 'attr-dict'; withKeyword: boolean }
  | { k: 'prop-dict' }
  | { k: 'type'; arg: VarRef }
  | { k: 'functional-type'; inputs: VarRef; results: VarRef }
  | { k: 'custom'; name: string; args: El[] }
  | { k: 'ref'; inner: El }
  | { k: 'optional'; then: El[]; else: El[]; anchor: El; first: El; rest: El[] };

// ---- format string parser

interface FTok {
  k: 'lit' | 'var' | 'id' | 'punct' | 'eof';
  v: string;
}

function lexFormat(src: string): FTok[] {
  const out: FTok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
    } else if (c === '`') {
      const j = src.indexOf('`', i + 1);
      if (j < 0) throw new Error(`unterminated literal in format: ${src}`);
      out.push({ k: 'lit', v: src.slice(i + 1, j) });
      i = j + 1;
    } else if (c === '$') {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i + 1));
      if (!m) throw new Error(`bad variable in format: ${src}`);
      out.push({ k: 'var', v: m[0] });
      i += 1 + m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(src.slice(i))!;
      out.push({ k: 'id', v: m[0] });
      i += m[0].length;
    } else if ('()?^,:<>'.includes(c)) {
      out.push({ k: 'punct', v: c });
      i++;
    } else {
      throw new Error(`unexpected '${c}' in format: ${src}`);
    }
  }
  out.push({ k: 'eof', v: '' });
  return out;
}

class FormatParser {
  private pos = 0;
  private readonly toks: FTok[];
  constructor(
    private readonly info: OdsInfo,
    private readonly src: string,
  ) {
    this.toks = lexFormat(src);
  }
  private get tok(): FTok {
    return this.toks[this.pos];
  }
  private fail(msg: string): never {
    throw new Error(`${this.info.name}: ${msg} in assembly format \`${this.src}\``);
  }
  private expectPunct(v: string): void {
    if (this.tok.k !== 'punct' || this.tok.v !== v) this.fail(`expected '${v}'`);
    this.pos++;
  }
  private isPunct(v: string): boolean {
    return this.tok.k === 'punct' && this.tok.v === v;
  }

  parseAll(): El[] {
    const out: El[] = [];
    while (this.tok.k !== 'eof') out.push(this.parseElement(false).el);
    return out;
  }

  private parseElement(inOptional: boolean): { el: El; anchor: boolean } {
    const t = this.tok;
    let el: El;
    if (t.k === 'lit') {
      this.pos++;
      el = t.v === '' || t.v === ' ' || t.v === '\\n' ? { k: 'space', v: t.v } : { k: 'lit', v: t.v };
    } else if (t.k === 'var') {
      this.pos++;
      el = this.variable(t.v);
    } else if (t.k === 'id') {
      this.pos++;
      el = this.directive(t.v);
    } else if (this.isPunct('(')) {
      this.pos++;
      el = this.optionalGroup();
    } else {
      this.fail(`unexpected '${t.v}'`);
    }
    let anchor = false;
    if (inOptional && this.isPunct('^')) {
      this.pos++;
      anchor = true;
    }
    return { el, anchor };
  }

  private variable(name: string): El {
    const info = this.info;
    const oi = info.operands.findIndex((o) => o.name === name);
    if (oi >= 0) return { k: 'operand', index: oi };
    const a = info.attr(name);
    if (a) return { k: 'attr', decl: a, qualified: false };
    const ri = info.regions.findIndex((r) => r.name === name);
    if (ri >= 0) return { k: 'region', index: ri };
    const si = info.successors.findIndex((s) => s.name === name);
    if (si >= 0) return { k: 'successor', index: si };
    const resi = info.results.findIndex((r) => r.name === name);
    if (resi >= 0) return { k: 'ref', inner: { k: 'type', arg: { k: 'result', index: resi } } };
    this.fail(`unknown variable '$${name}'`);
  }

  private varRef(): VarRef {
    const t = this.tok;
    this.pos++;
    if (t.k === 'id' && t.v === 'operands') return { k: 'operands' };
    if (t.k === 'id' && t.v === 'results') return { k: 'results' };
    if (t.k !== 'var') this.fail('expected a variable in type directive');
    const oi = this.info.operands.findIndex((o) => o.name === t.v);
    if (oi >= 0) return { k: 'operand', index: oi };
    const ri = this.info.results.findIndex((o) => o.name === t.v);
    if (ri >= 0) return { k: 'result', index: ri };
    this.fail(`'$${t.v}' is not an operand or result`);
  }

  private directive(name: string): El {
    switch (name) {
      case 'attr-dict':
        return { k: 'attr-dict', withKeyword: false };
      case 'attr-dict-with-keyword':
        return { k: 'attr-dict', withKeyword: true };
      case 'prop-dict':
        return { k: 'prop-dict' };
      case 'operands':
        return { k: 'operands' };
      case 'regions':
        return { k: 'regions' };
      case 'successors':
        return { k: 'successors' };
      case 'type': {
        this.expectPunct('(');
        const arg = this.varRef();
        this.expectPunct(')');
        return { k: 'type', arg };
      }
      case 'functional-type': {
        this.expectPunct('(');
        const inputs = this.varRef();
        this.expectPunct(',');
        const results = this.varRef();
        this.expectPunct(')');
        return { k: 'functional-type', inputs, results };
      }
      case 'qualified': {
        this.expectPunct('(');
        const inner = this.parseElement(false).el;
        this.expectPunct(')');
        if (inner.k === 'attr') return { ...inner, qualified: true };
        return inner;
      }
      case 'ref': {
        this.expectPunct('(');
        const inner = this.parseElement(false).el;
        this.expectPunct(')');
        return { k: 'ref', inner };
      }
      case 'custom': {
        this.expectPunct('<');
        const t = this.tok;
        if (t.k !== 'id') this.fail('expected custom directive name');
        this.pos++;
        this.expectPunct('>');
        this.expectPunct('(');
        const args: El[] = [];
        if (!this.isPunct(')')) {
          args.push(this.parseElement(false).el);
          while (this.isPunct(',')) {
            this.pos++;
            args.push(this.parseElement(false).el);
          }
        }
        this.expectPunct(')');
        return { k: 'custom', name: t.v, args };
      }
      default:
        this.fail(`unknown directive '${name}'`);
    }
  }

  private optionalGroup(): El {
    const then: El[] = [];
    let anchor: El | undefined;
    while (!this.isPunct(')')) {
      if (this.tok.k === 'eof') this.fail('unterminated optional group');
      const { el, anchor: isAnchor } = this.parseElement(true);
      then.push(el);
      if (isAnchor) anchor = el;
    }
    this.pos++;
    const elseEls: El[] = [];
    if (this.isPunct(':')) {
      this.pos++;
      this.expectPunct('(');
      while (!this.isPunct(')')) elseEls.push(this.parseElement(false).el);
      this.pos++;
    }
    this.expectPunct('?');
    if (!anchor) this.fail('optional group has no anchor');
    // Leading spacing directives (`` ` ` ``) parse nothing: the first real element decides.
    const lead = Math.max(0, then.findIndex((x) => x.k !== 'space'));
    return { k: 'optional', then, else: elseEls, anchor, first: then[lead], rest: then.slice(lead + 1) };
  }
}

// ============================================================================
// Printing

interface PrintState {
  shouldEmitSpace: boolean;
  lastWasPunctuation: boolean;
}

const WITH_TERMINATOR: PrintRegionOptions = Object.freeze({ printEntryBlockArgs: true, printBlockTerminators: true });
const WITHOUT_TERMINATOR: PrintRegionOptions = Object.freeze({ printEntryBlockArgs: true, printBlockTerminators: false });

// A format compiled into steps, run by one loop (Compiled.run): the spacing
// between elements is decided when compiled, adjacent literal text is one
// write, and the common value elements are cases of the loop's switch rather
// than closures (one call site per element kind instead of one megamorphic
// call per element). Formats whose spacing depends on the op (an optional
// group whose branches end in different spacing states) keep the closures.
const STEP_WRITE = 0;
const STEP_OPERAND = 1;
const STEP_OPERAND_TYPE = 2;
const STEP_RESULT_TYPE = 3;
const STEP_ATTR_DICT = 4;
const STEP_OPTIONAL = 5;
const STEP_CALL = 6;

/** One step; one shape for all kinds. */
class Step {
  constructor(
    readonly kind: number,
    /** STEP_WRITE: the text. */
    readonly text: string,
    /** Operand/result index; STEP_ATTR_DICT: 1 with the `attributes` keyword. */
    readonly index: number,
    /** STEP_CALL: prints the element. */
    readonly fn: ((p: OpAsmPrinter, op: Operation) => void) | null,
    /** STEP_OPTIONAL: the anchor and the two branches. */
    readonly anchor: El | null,
    readonly then: Step[] | null,
    readonly els: Step[] | null,
  ) {}
}

function shouldEmitSpaceBefore(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') return true;
  if (lastWasPunctuation) return !'>)}],'.includes(value[0]);
  return !'<>(){}[],'.includes(value[0]);
}

// The spacing rules, shared by the compiled steps (applied to a state known
// when compiled) and the closures (applied to the state while printing).

/** How literal `v` is spaced: whether a space precedes it after punctuation or not, and the state after it. */
interface LiteralSpacing {
  afterPunct: boolean;
  afterOther: boolean;
  emitAfter: boolean;
  punctAfter: boolean;
}

function literalSpacing(v: string): LiteralSpacing {
  return {
    afterPunct: shouldEmitSpaceBefore(v, true),
    afterOther: shouldEmitSpaceBefore(v, false),
    emitAfter: v.length !== 1 || !'<({['.includes(v[0]),
    punctAfter: !isAlphaOrUnderscore(v[0]),
  };
}

/** Literal spacing in state `s`: whether a space goes before the literal; `s` becomes the state after it. */
function spaceLiteral(l: LiteralSpacing, s: PrintState): boolean {
  const space = s.shouldEmitSpace && (s.lastWasPunctuation ? l.afterPunct : l.afterOther);
  s.shouldEmitSpace = l.emitAfter;
  s.lastWasPunctuation = l.punctAfter;
  return space;
}

/** A `` ` ` `` or ``` `` ``` spacing directive: whether it writes a space; `s` becomes the state after it. */
function spaceDirective(v: string, s: PrintState): boolean {
  s.lastWasPunctuation = v !== ' ';
  s.shouldEmitSpace = false;
  return v === ' ';
}

/** Before a value element: whether a space goes first; `s` becomes the state after it. */
function spaceValue(s: PrintState): boolean {
  const space = s.shouldEmitSpace || !s.lastWasPunctuation;
  s.lastWasPunctuation = false;
  s.shouldEmitSpace = true;
  return space;
}

function isAlphaOrUnderscore(c: string): boolean {
  return c === '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

type Printer = (p: OpAsmPrinter, op: Operation, s: PrintState) => void;
type ParseStep = (p: OpAsmParser, state: OperationState, ps: ParseState) => void;

/** The format's view of an op's values, computed once per print/parse. */
class Compiled {
  readonly elements: El[];
  readonly usedAttrs: Set<string> = new Set();
  readonly hasPropDict: boolean;
  private readonly printers: Printer[];
  /** The format as steps, or undefined when its spacing depends on the op (then `printers`). */
  private readonly steps: Step[] | undefined;
  /** Per operand decl: whether its type appears in the format. */
  private readonly seenOperandTypes: boolean[];
  private readonly seenResultTypes: boolean[];
  private allOperandTypes = false;
  private allResultTypes = false;
  private readonly operandResolvers: (Resolver | undefined)[];
  private readonly resultResolvers: (Resolver | undefined)[];
  /** Format errors found when compiling (reported when the op is parsed). */
  private readonly problems: string[] = [];
  private readonly infersResults: boolean;

  constructor(
    readonly info: OdsInfo,
    format: string,
  ) {
    this.elements = new FormatParser(info, format).parseAll();
    this.seenOperandTypes = info.operands.map(() => false);
    this.seenResultTypes = info.results.map(() => false);
    let propDict = false;
    const visit = (els: El[]): void => {
      for (const e of els) {
        if (e.k === 'attr') this.usedAttrs.add(e.decl.name);
        else if (e.k === 'prop-dict') propDict = true;
        else if (e.k === 'type') this.markType(e.arg);
        else if (e.k === 'functional-type') {
          this.markType(e.inputs);
          this.markType(e.results);
        } else if (e.k === 'optional') {
          visit(e.then);
          visit(e.else);
        } else if (e.k === 'custom') visit(e.args);
        else if (e.k === 'ref') void 0;
      }
    };
    visit(this.elements);
    this.hasPropDict = propDict;
    const resolvers = this.computeResolvers();
    this.operandResolvers = info.operands.map((o, i) => (this.allOperandTypes || this.seenOperandTypes[i] ? undefined : resolvers.get(o.name)));
    this.resultResolvers = info.results.map((r, i) => (this.allResultTypes || this.seenResultTypes[i] ? undefined : resolvers.get(r.name)));
    info.operands.forEach((o, i) => {
      if (!this.allOperandTypes && !this.seenOperandTypes[i] && !this.operandResolvers[i] && !o.type.buildable)
        this.problems.push(`type of operand '${o.name}' is not in the format and cannot be inferred`);
    });
    this.infersResults =
      info.spec.inferResultTypes !== undefined && !this.allResultTypes && !this.seenResultTypes.some((x) => x);
    if (!this.infersResults)
      info.results.forEach((r, i) => {
        if (!this.allResultTypes && !this.seenResultTypes[i] && !this.resultResolvers[i] && !r.type.buildable)
          this.problems.push(`type of result '${r.name}' is not in the format and cannot be inferred`);
      });
    const steps: Step[] = [];
    this.steps = this.compileSteps(this.elements, { shouldEmitSpace: true, lastWasPunctuation: false }, steps) ? steps : undefined;
    this.printers = this.steps !== undefined ? [] : this.elements.map((e) => this.compilePrinter(e));
  }

  /** Every operand (result) group is one value: group i is value i. */
  private get fixedOperands(): boolean {
    return this.info.numVariadicOperands === 0 && !this.info.attrSizedOperands;
  }
  private get fixedResults(): boolean {
    return this.info.numVariadicResults === 0 && !this.info.attrSizedResults;
  }

  private markType(r: VarRef): void {
    if (r.k === 'operand') this.seenOperandTypes[r.index] = true;
    else if (r.k === 'result') this.seenResultTypes[r.index] = true;
    else if (r.k === 'operands') this.allOperandTypes = true;
    else this.allResultTypes = true;
  }

  /** MLIR's variableTyResolver: where each unseen operand/result gets its type. */
  private computeResolvers(): Map<string, Resolver> {
    const info = this.info;
    const map = new Map<string, Resolver>();
    const seenOperand = (i: number): boolean => this.allOperandTypes || this.seenOperandTypes[i];
    const seenResult = (i: number): boolean => this.allResultTypes || this.seenResultTypes[i];
    const findSeen = (name: string): Resolver | undefined => {
      const oi = info.operandIndex(name);
      if (oi >= 0) return seenOperand(oi) ? { k: 'operand', index: oi, name } : undefined;
      const ri = info.resultIndex(name);
      if (ri >= 0) return seenResult(ri) ? { k: 'result', index: ri, name } : undefined;
      if (this.usedAttrs.has(name)) return { k: 'attr', name };
      return undefined;
    };
    for (const t of info.traits) {
      const inf = t.infer;
      if (!inf) continue;
      if (inf.kind === 'with') {
        const src = findSeen(inf.from);
        if (src) map.set(inf.to, { ...src, transform: inf.transform, sourceConstraint: constraintOf(info, inf.from) });
      } else if (inf.names === 'operands' || inf.names === 'operands+results') {
        const withResults = inf.names === 'operands+results';
        let src: Resolver | undefined;
        const oi = info.operands.findIndex((_, i) => seenOperand(i));
        if (oi >= 0) src = { k: 'operand', index: oi, name: info.operands[oi].name };
        else if (withResults) {
          const ri = info.results.findIndex((_, i) => seenResult(i));
          if (ri >= 0) src = { k: 'result', index: ri, name: info.results[ri].name };
        }
        if (!src) continue;
        info.operands.forEach((o, i) => {
          if (!seenOperand(i)) map.set(o.name, src!);
        });
        if (withResults)
          info.results.forEach((r, i) => {
            if (!seenResult(i)) map.set(r.name, src!);
          });
      } else {
        let src: Resolver | undefined;
        for (const n of inf.names) if ((src = findSeen(n))) break;
        if (!src) continue;
        for (const n of inf.names) if (n !== src.name && !findSeen(n)) map.set(n, src);
      }
    }
    return map;
  }

  // ---- printing

  print(p: OpAsmPrinter, op: Operation): void {
    const steps = this.steps;
    if (steps !== undefined) {
      this.run(p, op, steps);
      return;
    }
    // One state per format, reused (a printer may print an op of the same kind from inside one).
    let s = this.printState;
    if (s === undefined) s = { shouldEmitSpace: true, lastWasPunctuation: false };
    else {
      this.printState = undefined;
      s.shouldEmitSpace = true;
      s.lastWasPunctuation = false;
    }
    const printers = this.printers;
    for (let i = 0; i < printers.length; i++) printers[i](p, op, s);
    this.printState = s;
  }
  private printState: PrintState | undefined = { shouldEmitSpace: true, lastWasPunctuation: false };

  /** Runs compiled steps (recursing only into optional groups: bounded by the format). */
  private run(p: OpAsmPrinter, op: Operation, steps: Step[]): void {
    for (let i = 0; i < steps.length; i++) {
      const st = steps[i];
      switch (st.kind) {
        case STEP_WRITE:
          p.write(st.text);
          break;
        case STEP_OPERAND: {
          // One walk of a short operand list (undefined out of range), not a count and a lookup.
          const use = op.opOperand(st.index);
          if (use !== undefined) p.printOperand(use.value);
          break;
        }
        case STEP_OPERAND_TYPE: {
          const use = op.opOperand(st.index);
          if (use !== undefined) p.printType(use.value.type);
          break;
        }
        case STEP_RESULT_TYPE:
          if (st.index < op.numResults) p.printType(op.result(st.index).type);
          break;
        case STEP_ATTR_DICT:
          this.printAttrDict(p, op, st.index === 1);
          break;
        case STEP_OPTIONAL:
          this.run(p, op, this.anchorPresent(op, st.anchor!) ? st.then! : st.els!);
          break;
        default:
          st.fn!(p, op);
      }
    }
  }

  private printAttrDict(p: OpAsmPrinter, op: Operation, withKeyword: boolean): void {
    // Nothing to print (the common case): no discardable attributes, and properties printed elsewhere or absent.
    if (op.attributesView.size === 0 && (this.hasPropDict || op.numProperties === 0 || this.allPropertiesElided(op))) return;
    if (withKeyword) p.printOptionalAttrDictWithKeyword(this.attrDictEntries(op), this.elidedAttrs(op));
    else p.printOptionalAttrDict(this.attrDictEntries(op), this.elidedAttrs(op));
  }

  /**
   * Appends `els` as steps to `out`, starting in spacing state `st` (updated
   * to the state after them). False if the spacing after some optional group
   * depends on which branch prints.
   */
  private compileSteps(els: El[], st: PrintState, out: Step[]): boolean {
    const write = (text: string): void => {
      const last = out.length ? out[out.length - 1] : undefined;
      if (last !== undefined && last.kind === STEP_WRITE) out[out.length - 1] = new Step(STEP_WRITE, last.text + text, 0, null, null, null, null);
      else out.push(new Step(STEP_WRITE, text, 0, null, null, null, null));
    };
    for (const e of els) {
      switch (e.k) {
        case 'lit':
          write(spaceLiteral(literalSpacing(e.v), st) ? ' ' + e.v : e.v);
          break;
        case 'space':
          if (e.v === '\\n') out.push(new Step(STEP_CALL, '', 0, (p) => p.printNewline(), null, null, null));
          else if (spaceDirective(e.v, st)) write(' ');
          break;
        case 'optional': {
          const thenEls = e.then.filter((x) => !(x === e.anchor && x !== e.then[0] && x.k === 'attr' && x.decl.constraint.isUnit));
          const thenState = { ...st };
          const elseState = { ...st };
          const thenSteps: Step[] = [];
          const elseSteps: Step[] = [];
          if (!this.compileSteps(thenEls, thenState, thenSteps) || !this.compileSteps(e.else, elseState, elseSteps)) return false;
          if (thenState.shouldEmitSpace !== elseState.shouldEmitSpace || thenState.lastWasPunctuation !== elseState.lastWasPunctuation) return false;
          out.push(new Step(STEP_OPTIONAL, '', 0, null, e.anchor, thenSteps, elseSteps));
          st.shouldEmitSpace = thenState.shouldEmitSpace;
          st.lastWasPunctuation = thenState.lastWasPunctuation;
          break;
        }
        case 'attr-dict':
          out.push(new Step(STEP_ATTR_DICT, '', e.withKeyword ? 1 : 0, null, null, null, null));
          st.lastWasPunctuation = false;
          break;
        default: {
          if (spaceValue(st)) write(' ');
          if (e.k === 'operand' && this.fixedOperands) out.push(new Step(STEP_OPERAND, '', e.index, null, null, null, null));
          else if (e.k === 'type' && e.arg.k === 'operand' && this.fixedOperands)
            out.push(new Step(STEP_OPERAND_TYPE, '', e.arg.index, null, null, null, null));
          else if (e.k === 'type' && e.arg.k === 'result' && this.fixedResults)
            out.push(new Step(STEP_RESULT_TYPE, '', e.arg.index, null, null, null, null));
          else out.push(new Step(STEP_CALL, '', 0, this.compileValuePrinter(e), null, null, null));
        }
      }
    }
    return true;
  }

  private spaceBefore(p: OpAsmPrinter, s: PrintState): void {
    if (spaceValue(s)) p.write(' ');
  }

  private operandValues(op: Operation, index: number): Value[] {
    const seg = this.info.operandSegments(op)[index];
    const start = seg[0];
    const n = seg[1];
    // Clamped like slice(): unverified ops may have fewer operands than their segments say.
    const m = Math.max(0, Math.min(n, op.numOperands - start));
    const out = new Array<Value>(m);
    for (let i = 0; i < m; i++) out[i] = op.operand(start + i);
    return out;
  }
  private resultValues(op: Operation, index: number): Value[] {
    const [start, n] = this.info.resultSegments(op)[index];
    return op.results.slice(start, start + n);
  }
  private refTypes(op: Operation, r: VarRef): Type[] {
    switch (r.k) {
      case 'operand': {
        const seg = this.info.operandSegments(op)[r.index];
        const start = seg[0];
        const m = Math.max(0, Math.min(seg[1], op.numOperands - start));
        const out = new Array<Type>(m);
        for (let i = 0; i < m; i++) out[i] = op.operand(start + i).type;
        return out;
      }
      case 'result':
        return this.resultValues(op, r.index).map((v) => v.type);
      case 'operands':
        return op.operands.map((v) => v.type);
      case 'results':
        return op.resultTypes;
    }
  }

  private getAttr(op: Operation, name: string): Attribute | undefined {
    return op.getProperty(name) ?? op.attributesView.get(name);
  }

  /** Whether an optional group's anchor is present. */
  private anchorPresent(op: Operation, e: El): boolean {
    switch (e.k) {
      case 'operand': {
        const seg = this.info.operandSegments(op)[e.index];
        return seg[1] > 0 && seg[0] < op.numOperands;
      }
      case 'attr': {
        const a = this.getAttr(op, e.decl.name);
        if (a === undefined) return false;
        return e.decl.defaultValue === undefined || a !== e.decl.defaultValue;
      }
      case 'region':
        return !op.regions[e.index]?.empty;
      case 'successor':
        return op.numSuccessors > 0;
      case 'type':
        return this.refTypes(op, e.arg).length > 0;
      case 'functional-type':
        return this.refTypes(op, e.inputs).length > 0;
      case 'operands':
        return op.numOperands > 0;
      case 'regions':
        return op.regions.some((r) => !r.empty);
      case 'successors':
        return op.numSuccessors > 0;
      case 'custom':
        return e.args.length > 0 && this.anchorPresent(op, e.args[0]);
      default:
        return true;
    }
  }

  private printRegion(p: OpAsmPrinter, r: Region): void {
    let printTerminator = true;
    if (this.info.definition.implicitTerminator !== undefined && !r.empty) {
      const term = r.entry.terminator;
      if (term) printTerminator = term.attributesView.size !== 0 || term.numProperties !== 0 || term.numOperands !== 0 || term.numResults !== 0;
    }
    p.printRegion(r, printTerminator ? WITH_TERMINATOR : WITHOUT_TERMINATOR);
  }

  private attrDictEntries(op: Operation): [string, Attribute][] {
    const list: [string, Attribute][] = [...op.attributesView.entries()];
    if (!this.hasPropDict) for (const e of op.propertiesView) list.push(e);
    return list;
  }
  /** Names the attr-dict never prints: those printed elsewhere and the segment sizes. */
  private alwaysElided: Set<string> | undefined;
  /** Declared default values, by attribute name (elided when equal). */
  private defaultValues: Map<string, Attribute> | undefined;

  /**
   * Whether every property would be elided from the attr-dict (most ops with
   * properties, e.g. `arith.constant`): then no entry list, elided list and
   * sort per printed op.
   */
  private allPropertiesElided(op: Operation): boolean {
    let always = this.alwaysElided;
    let defaults = this.defaultValues;
    if (always === undefined || defaults === undefined) {
      always = new Set(this.usedAttrs);
      if (this.info.attrSizedOperands) always.add('operandSegmentSizes');
      if (this.info.attrSizedResults) always.add('resultSegmentSizes');
      defaults = new Map();
      for (const a of this.info.attributes) if (a.defaultValue !== undefined) defaults.set(a.name, a.defaultValue);
      this.alwaysElided = always;
      this.defaultValues = defaults;
    }
    for (let i = 0, n = op.numProperties; i < n; i++) {
      const name = op.propertyName(i);
      if (always.has(name)) continue;
      const d = defaults.get(name);
      if (d === undefined || op.propertyValue(i) !== d) return false;
    }
    return true;
  }
  private elidedAttrs(op: Operation): string[] {
    const out = [...this.usedAttrs];
    if (this.info.attrSizedOperands) out.push('operandSegmentSizes');
    if (this.info.attrSizedResults) out.push('resultSegmentSizes');
    for (const a of this.info.attributes)
      if (a.defaultValue !== undefined && this.getAttr(op, a.name) === a.defaultValue) out.push(a.name);
    return out;
  }

  private compilePrinter(e: El): Printer {
    switch (e.k) {
      case 'lit': {
        const v = e.v;
        // Decided now for both states of the last element.
        const spacing = literalSpacing(v);
        const spaced = ' ' + v;
        return (p, _op, s) => p.write(spaceLiteral(spacing, s) ? spaced : v);
      }
      case 'space': {
        if (e.v === '\\n') return (p) => p.printNewline();
        const v = e.v;
        return (p, _op, s) => {
          if (spaceDirective(v, s)) p.write(' ');
        };
      }
      case 'optional': {
        const then = e.then
          .filter((x) => !(x === e.anchor && x !== e.then[0] && x.k === 'attr' && x.decl.constraint.isUnit))
          .map((x) => this.compilePrinter(x));
        const els = e.else.map((x) => this.compilePrinter(x));
        const anchor = e.anchor;
        return (p, op, s) => {
          const list = this.anchorPresent(op, anchor) ? then : els;
          for (const f of list) f(p, op, s);
        };
      }
      case 'attr-dict':
        return (p, op, s) => {
          // Nothing to print (the common case): no discardable attributes, and properties printed elsewhere or absent.
          if (op.attributesView.size === 0 && (this.hasPropDict || op.numProperties === 0 || this.allPropertiesElided(op))) {
            s.lastWasPunctuation = false;
            return;
          }
          if (e.withKeyword) p.printOptionalAttrDictWithKeyword(this.attrDictEntries(op), this.elidedAttrs(op));
          else p.printOptionalAttrDict(this.attrDictEntries(op), this.elidedAttrs(op));
          s.lastWasPunctuation = false;
        };
      default: {
        const body = this.compileValuePrinter(e);
        return (p, op, s) => {
          this.spaceBefore(p, s);
          body(p, op);
        };
      }
    }
  }

  private compileValuePrinter(e: El): (p: OpAsmPrinter, op: Operation) => void {
    switch (e.k) {
      case 'attr': {
        const c = e.decl.constraint;
        const name = e.decl.name;
        if (e.qualified) return (p, op) => p.printAttribute(this.getAttr(op, name)!);
        if (c.printBare) return (p, op) => c.printBare!(p, this.getAttr(op, name)!);
        if (c === SymbolNameAttrC)
          return (p, op) => {
            const a = this.getAttr(op, name);
            if (a instanceof StringAttr) p.printSymbolName(a.value);
            else p.printAttribute(a!);
          };
        if (c.valueType) {
          const vt = c.valueType;
          return (p, op) => {
            const a = this.getAttr(op, name)!;
            if (a.type === vt) p.printAttributeWithoutType(a);
            else p.printAttribute(a);
          };
        }
        return (p, op) => p.printAttribute(this.getAttr(op, name)!);
      }
      case 'operand': {
        const index = e.index;
        if (this.fixedOperands)
          return (p, op) => {
            if (index < op.numOperands) p.printOperand(op.operand(index));
          };
        // Straight from the operand list: no list of values per printed op.
        return (p, op) => {
          const seg = this.info.operandSegments(op)[index];
          const start = seg[0];
          const m = Math.max(0, Math.min(seg[1], op.numOperands - start));
          for (let i = 0; i < m; i++) {
            if (i) p.write(', ');
            p.printOperand(op.operand(start + i));
          }
        };
      }
      case 'operands':
        return (p, op) => p.printOperands(op.operands);
      case 'region':
        return (p, op) => {
          const d = this.info.regions[e.index];
          if (d.variadic) {
            op.regions.slice(e.index).forEach((r, i) => {
              if (i) p.write(', ');
              this.printRegion(p, r);
            });
          } else this.printRegion(p, op.regions[e.index]);
        };
      case 'regions':
        return (p, op) =>
          op.regions.forEach((r, i) => {
            if (i) p.write(', ');
            this.printRegion(p, r);
          });
      case 'successor':
        return (p, op) => {
          const d = this.info.successors[e.index];
          const list = d.variadic ? op.successors.slice(e.index) : [op.successor(e.index)];
          list.forEach((b, i) => {
            if (i) p.write(', ');
            p.printSuccessor(b);
          });
        };
      case 'successors':
        return (p, op) =>
          op.successors.forEach((b, i) => {
            if (i) p.write(', ');
            p.printSuccessor(b);
          });
      case 'type': {
        const r = e.arg;
        if (r.k === 'operand' && this.fixedOperands) {
          const index = r.index;
          return (p, op) => {
            if (index < op.numOperands) p.printType(op.operand(index).type);
          };
        }
        if (r.k === 'result' && this.fixedResults) {
          const index = r.index;
          return (p, op) => {
            if (index < op.numResults) p.printType(op.result(index).type);
          };
        }
        if (r.k === 'operand')
          return (p, op) => {
            const seg = this.info.operandSegments(op)[r.index];
            const start = seg[0];
            const m = Math.max(0, Math.min(seg[1], op.numOperands - start));
            for (let i = 0; i < m; i++) {
              if (i) p.write(', ');
              p.printType(op.operand(start + i).type);
            }
          };
        if (r.k === 'result')
          return (p, op) => {
            const seg = this.info.resultSegments(op)[r.index];
            const start = seg[0];
            const m = Math.max(0, Math.min(seg[1], op.numResults - start));
            for (let i = 0; i < m; i++) {
              if (i) p.write(', ');
              p.printType(op.result(start + i).type);
            }
          };
        return (p, op) => p.printTypes(this.refTypes(op, r));
      }
      case 'functional-type':
        return (p, op) => p.printFunctionType(this.refTypes(op, e.inputs), this.refTypes(op, e.results));
      case 'prop-dict':
        return (p, op) => {
          const list = [...op.propertiesView.entries()].filter(([k]) => !this.usedAttrs.has(k));
          p.write('<');
          p.printAttribute(dictOf(list));
          p.write('>');
        };
      case 'custom': {
        const name = e.name;
        return (p, op) => {
          const d = customDirectives.get(name);
          if (!d) throw new Error(`unknown custom directive '${name}'`);
          d.print(p, op, e.args.map((a) => this.customPrintArg(op, a)));
        };
      }
      case 'ref':
        return () => {};
      default:
        throw new Error(`unexpected format element ${e.k}`);
    }
  }

  private customPrintArg(op: Operation, a: El): CustomPrintArg {
    switch (a.k) {
      case 'ref':
        return this.customPrintArg(op, a.inner);
      case 'operand':
        return { kind: 'operand', name: this.info.operands[a.index].name, values: this.operandValues(op, a.index) };
      case 'operands':
        return { kind: 'operand', name: 'operands', values: op.operands };
      case 'type':
        return { kind: 'type', name: refName(this.info, a.arg), types: this.refTypes(op, a.arg) };
      case 'attr':
        return { kind: 'attr', name: a.decl.name, attr: this.getAttr(op, a.decl.name) };
      case 'region': {
        const d = this.info.regions[a.index];
        return { kind: 'region', name: d.name, regions: d.variadic ? op.regions.slice(a.index) : [op.regions[a.index]] };
      }
      case 'regions':
        return { kind: 'region', name: 'regions', regions: op.regions };
      case 'successor': {
        const d = this.info.successors[a.index];
        return { kind: 'successor', name: d.name, successors: d.variadic ? op.successors.slice(a.index) : [op.successor(a.index)] };
      }
      case 'successors':
        return { kind: 'successor', name: 'successors', successors: op.successors };
      case 'attr-dict':
        return { kind: 'attr-dict', name: 'attr-dict', attributes: this.attrDictEntries(op), elided: this.elidedAttrs(op) };
      default:
        throw new Error(`unsupported custom directive argument ${a.k}`);
    }
  }

  // ---- parsing

  // ParseState slots (see ParseState.v).
  private get tBase(): number {
    return this.info.operands.length;
  }
  private get rBase(): number {
    return 2 * this.info.operands.length;
  }
  private get oBase(): number {
    return 2 * this.info.operands.length + this.info.results.length;
  }
  private opsAt(ps: ParseState, i: number): OneOrList<UnresolvedOperand> {
    return ps.v[i] as OneOrList<UnresolvedOperand>;
  }
  private operandTypesAt(ps: ParseState, i: number): OneOrList<Type> {
    return ps.v[this.tBase + i] as OneOrList<Type>;
  }
  private resultTypesAt(ps: ParseState, i: number): OneOrList<Type> {
    return ps.v[this.rBase + i] as OneOrList<Type>;
  }
  private offsetAt(ps: ParseState, i: number): number | undefined {
    return ps.v[this.oBase + i] as number | undefined;
  }
  /** Whether operand groups other than single ones (or custom directives) need their start offsets kept. */
  private listOffsets: boolean | undefined;
  private get listOperandOffsets(): boolean {
    return (this.listOffsets ??= this.info.operands.some((o) => o.kind !== 'single') || this.hasCustomDirective(this.elements));
  }
  private hasCustomDirective(els: readonly El[]): boolean {
    return els.some((e) => e.k === 'custom' || (e.k === 'optional' && (this.hasCustomDirective(e.then) || this.hasCustomDirective(e.else))));
  }
  /** The format's parse side, one closure per element (made at the first parse). */
  private parseSteps: ParseStep[] | undefined;

  parse(p: OpAsmParser, state: OperationState): void {
    if (this.problems.length) throw new Error(`${this.info.name}: ${this.problems.join('; ')}`);
    const steps = (this.parseSteps ??= this.elements.map((e) => this.compileParseStep(e)));
    // A fresh state per op: pooling them per kind measured 15-20 % slower
    // parsing on 20 MB (likely the pooled states aging into the old
    // generation, so every store of a new list into one is remembered).
    const ps = new ParseState(this.info, this.listOperandOffsets);
    for (let i = 0; i < steps.length; i++) steps[i](p, state, ps);
    this.finish(p, state, ps);
  }

  /**
   * `parse` as a generator: a top-level single region is yielded to the op
   * parser, which parses it without recursing (regions in optional groups,
   * variadic regions and custom directives still call `parseRegion`).
   */
  *parseResumable(p: OpAsmParser, state: OperationState): Generator<RegionRequest, void, undefined> {
    if (this.problems.length) throw new Error(`${this.info.name}: ${this.problems.join('; ')}`);
    const steps = (this.parseSteps ??= this.elements.map((e) => this.compileParseStep(e)));
    const ps = new ParseState(this.info, this.listOperandOffsets);
    const elements = this.elements;
    for (let i = 0; i < steps.length; i++) {
      const e = elements[i];
      if (e.k === 'region' && !this.info.regions[e.index].variadic) {
        const r = new Region();
        yield { region: r };
        ps.regions[e.index] = [r];
      } else steps[i](p, state, ps);
    }
    this.finish(p, state, ps);
  }

  /** The closure that parses element `e` (what parseElement does for it, decided once). */
  private compileParseStep(e: El): ParseStep {
    switch (e.k) {
      case 'lit': {
        const v = e.v;
        const k = PUNCT[v];
        if (k === undefined) return (p) => p.parseKeyword(v);
        const msg = `expected '${v}'`;
        return (p) => {
          const tp = tokenParser(p);
          if (tp.tokKind === k) tp.consume();
          else tp.expect(k, msg);
        };
      }
      case 'space':
      case 'ref':
        return () => {};
      case 'operand': {
        const i = e.index;
        const kind = this.info.operands[i].kind;
        // A single operand is kept as itself (no one-element list); its offset is its own.
        if (kind === 'single')
          return (p, _state, ps) => {
            ps.v[i] = p.parseOperand();
          };
        const oi = this.oBase + i;
        return (p, _state, ps) => {
          if (ps.v[oi] === undefined) ps.v[oi] = p.currentOffset();
          if (kind === 'optional') {
            const o = p.parseOptionalOperand();
            ps.v[i] = o ? [o] : [];
          } else ps.v[i] = p.parseOperandList();
        };
      }
      case 'attr': {
        const name = e.decl.name;
        return (p, state) => {
          const a = this.parseAttr(p, e, false);
          if (a !== undefined) state.setProperty(name, a);
        };
      }
      case 'type':
        return this.compileTypeDirective(e.arg);
      case 'attr-dict': {
        const withKeyword = e.withKeyword;
        return (p, state) => {
          // No dictionary and no attributes so far: nothing to parse or check, and no map made per op.
          const tp = tokenParser(p);
          if (state._attributes === undefined && !(withKeyword ? tp.isKeyword('attributes') : tp.tokKind === Tok.l_brace)) return;
          const offset = p.currentOffset();
          if (withKeyword) p.parseOptionalAttrDictWithKeyword(state.attributes);
          else p.parseOptionalAttrDict(state.attributes);
          const msg = state.name.def?.verifyInherentAttrs?.(state.attributes);
          if (msg !== undefined) p.error(`'${state.name.name}' op ${msg}`, offset);
        };
      }
      case 'optional': {
        const first = this.compileOptionalFirst(e.first);
        const unitAnchor = e.anchor.k === 'attr' && e.anchor.decl.constraint.isUnit && e.anchor !== e.first;
        const anchorName = e.anchor.k === 'attr' ? e.anchor.decl.name : '';
        const rest = e.rest.filter((x) => !(unitAnchor && x === e.anchor)).map((x) => this.compileParseStep(x));
        const otherwise = e.else.map((x) => this.compileParseStep(x));
        return (p, state, ps) => {
          if (first(p, state, ps)) {
            if (unitAnchor) state.setProperty(anchorName, UnitAttr.get());
            for (let i = 0; i < rest.length; i++) rest[i](p, state, ps);
          } else for (let i = 0; i < otherwise.length; i++) otherwise[i](p, state, ps);
        };
      }
      default:
        return (p, state, ps) => this.parseElement(p, state, ps, e);
    }
  }

  /** The closure that parses an optional group's first element if present and says whether it was. */
  private compileOptionalFirst(e: El): (p: OpAsmParser, state: OperationState, ps: ParseState) => boolean {
    if (e.k === 'lit') {
      const v = e.v;
      const k = PUNCT[v];
      if (k !== undefined) return (p) => tokenParser(p).consumeIf(k);
      return (p) => p.parseOptionalKeyword(v) !== undefined;
    }
    if (e.k === 'operand') {
      const step = this.compileParseStep(e);
      const i = e.index;
      return (p, state, ps) => {
        if (!tokenParser(p).is(Tok.percent_identifier)) {
          ps.v[i] = [];
          return false;
        }
        step(p, state, ps);
        return true;
      };
    }
    return (p, state, ps) => this.parseOptionalFirst(p, state, ps, e);
  }

  private parseElement(p: OpAsmParser, state: OperationState, ps: ParseState, e: El): void {
    switch (e.k) {
      case 'lit':
        return parseLiteral(p, e.v);
      case 'space':
        return;
      case 'operand': {
        const d = this.info.operands[e.index];
        if (d.kind === 'single') {
          ps.v[e.index] = p.parseOperand();
          return;
        }
        if (this.offsetAt(ps, e.index) === undefined) ps.v[this.oBase + e.index] = p.currentOffset();
        if (d.kind === 'optional') {
          const o = p.parseOptionalOperand();
          ps.v[e.index] = o ? [o] : [];
        } else ps.v[e.index] = p.parseOperandList();
        return;
      }
      case 'operands':
        ps.allOperandsOffset = p.currentOffset();
        ps.allOperands = p.parseOperandList();
        return;
      case 'attr': {
        const a = this.parseAttr(p, e, false);
        if (a !== undefined) state.setProperty(e.decl.name, a);
        return;
      }
      case 'region': {
        const d = this.info.regions[e.index];
        if (d.variadic) {
          const first = new Region();
          if (p.parseOptionalRegion(first)) {
            ps.regions[e.index] = [first];
            while (p.parseOptionalComma()) {
              const r = new Region();
              p.parseRegion(r);
              ps.regions[e.index].push(r);
            }
          } else ps.regions[e.index] = [];
        } else {
          const r = new Region();
          p.parseRegion(r);
          ps.regions[e.index] = [r];
        }
        return;
      }
      case 'regions': {
        const list: Region[] = [];
        const first = new Region();
        if (p.parseOptionalRegion(first)) {
          list.push(first);
          while (p.parseOptionalComma()) {
            const r = new Region();
            p.parseRegion(r);
            list.push(r);
          }
        }
        ps.allRegions = list;
        return;
      }
      case 'successor': {
        const d = this.info.successors[e.index];
        if (d.variadic) {
          const first = p.parseOptionalSuccessor();
          const list: Block[] = [];
          if (first) {
            list.push(first);
            while (p.parseOptionalComma()) list.push(p.parseSuccessor());
          }
          ps.successors[e.index] = list;
        } else ps.successors[e.index] = [p.parseSuccessor()];
        return;
      }
      case 'successors': {
        const first = p.parseOptionalSuccessor();
        const list: Block[] = [];
        if (first) {
          list.push(first);
          while (p.parseOptionalComma()) list.push(p.parseSuccessor());
        }
        ps.allSuccessors = list;
        return;
      }
      case 'attr-dict': {
        const offset = p.currentOffset();
        if (e.withKeyword) p.parseOptionalAttrDictWithKeyword(state.attributes);
        else p.parseOptionalAttrDict(state.attributes);
        const def = state.name.def;
        const msg = def?.verifyInherentAttrs?.(state.attributes);
        if (msg !== undefined) p.error(`'${state.name.name}' op ${msg}`, offset);
        return;
      }
      case 'prop-dict': {
        if (p.parseOptionalLess()) {
          const offset = p.currentOffset();
          const a = p.parseAttribute();
          const entries = (a as { entries?: readonly (readonly [string, Attribute])[] }).entries;
          if (!entries) p.error('expected DictionaryAttr to set properties', offset);
          for (const [k, v] of entries) state.setProperty(k, v);
          p.parseGreater();
        }
        return;
      }
      case 'type':
        return this.parseTypeDirective(p, ps, e.arg);
      case 'functional-type': {
        const offset = p.currentOffset();
        const t = p.parseType();
        if (!(t instanceof FunctionType))
          p.error(`invalid kind of type specified: expected builtin.function, but found '${t.key}'`, offset);
        this.setRefTypes(ps, e.inputs, [...t.inputs]);
        this.setRefTypes(ps, e.results, [...t.results]);
        return;
      }
      case 'optional': {
        const first = e.first;
        const rest = e.rest;
        if (this.parseOptionalFirst(p, state, ps, first)) {
          const unitAnchor = e.anchor.k === 'attr' && e.anchor.decl.constraint.isUnit && e.anchor !== first;
          if (unitAnchor) state.setProperty((e.anchor as { decl: AttrDecl }).decl.name, UnitAttr.get());
          for (const x of rest) if (!(unitAnchor && x === e.anchor)) this.parseElement(p, state, ps, x);
        } else {
          for (const x of e.else) this.parseElement(p, state, ps, x);
        }
        return;
      }
      case 'custom': {
        const d = customDirectives.get(e.name);
        if (!d) throw new Error(`unknown custom directive '${e.name}'`);
        d.parse(p, e.args.map((a) => this.customParseArg(state, ps, a)), state);
        return;
      }
      case 'ref':
        return;
    }
  }

  private customParseArg(state: OperationState, ps: ParseState, a: El): CustomParseArg {
    switch (a.k) {
      case 'ref': {
        const inner = a.inner;
        return {
          kind: 'ref',
          name: inner.k === 'attr' ? inner.decl.name : inner.k,
          getOperands: () => (inner.k === 'operand' ? listOrUndefined(this.opsAt(ps, inner.index)) : inner.k === 'operands' ? ps.allOperands : undefined),
          getTypes: () => (inner.k === 'type' ? listOrUndefined(this.getRefTypes(ps, inner.arg)) : undefined),
          getAttr: () => (inner.k === 'attr' ? state.getProperty(inner.decl.name) : undefined),
        };
      }
      case 'operand':
        return {
          kind: 'operand',
          name: this.info.operands[a.index].name,
          setOperands: (ops) => {
            ps.v[a.index] = ops;
            if (ops.length && this.offsetAt(ps, a.index) === undefined) ps.v[this.oBase + a.index] = ops[0].offset;
          },
        };
      case 'operands':
        return { kind: 'operand', name: 'operands', setOperands: (ops) => (ps.allOperands = ops) };
      case 'type':
        return { kind: 'type', name: refName(this.info, a.arg), setTypes: (types) => this.setRefTypes(ps, a.arg, types) };
      case 'attr':
        return {
          kind: 'attr',
          name: a.decl.name,
          setAttr: (v) => {
            if (v === undefined) state.removeProperty(a.decl.name);
            else state.setProperty(a.decl.name, v);
          },
        };
      case 'region':
        return {
          kind: 'region',
          name: this.info.regions[a.index].name,
          newRegion: () => {
            const r = new Region();
            (ps.regions[a.index] ??= []).push(r);
            (ps.customRegions ??= new Set()).add(r);
            return r;
          },
        };
      case 'successor':
        return { kind: 'successor', name: this.info.successors[a.index].name, setSuccessors: (b) => (ps.successors[a.index] = b) };
      case 'attr-dict':
        return { kind: 'attr-dict', name: 'attr-dict', attributes: state.attributes };
      default:
        throw new Error(`unsupported custom directive argument ${a.k}`);
    }
  }

  private parseOptionalFirst(p: OpAsmParser, state: OperationState, ps: ParseState, e: El): boolean {
    switch (e.k) {
      case 'lit':
        return parseOptionalLiteral(p, e.v);
      case 'operand': {
        if (!tokenParser(p).is(Tok.percent_identifier)) {
          ps.v[e.index] = [];
          return false;
        }
        this.parseElement(p, state, ps, e);
        return true;
      }
      case 'operands':
        if (!tokenParser(p).is(Tok.percent_identifier)) return false;
        this.parseElement(p, state, ps, e);
        return true;
      case 'attr': {
        const a = this.parseAttr(p, e, true);
        if (a === undefined) return false;
        state.setProperty(e.decl.name, a);
        return true;
      }
      case 'region': {
        if (!tokenParser(p).is(Tok.l_brace)) {
          ps.regions[e.index] = this.info.regions[e.index].variadic ? [] : [new Region()];
          return false;
        }
        this.parseElement(p, state, ps, e);
        return true;
      }
      case 'regions':
        if (!tokenParser(p).is(Tok.l_brace)) return false;
        this.parseElement(p, state, ps, e);
        return true;
      case 'successor':
      case 'successors':
        if (!tokenParser(p).is(Tok.caret_identifier)) return false;
        this.parseElement(p, state, ps, e);
        return true;
      case 'type': {
        const t = p.parseOptionalType();
        if (!t) return false;
        const types = [t];
        const single = e.arg.k === 'operand' ? this.info.operands[e.arg.index].kind !== 'variadic' : e.arg.k === 'result' ? this.info.results[e.arg.index].kind !== 'variadic' : false;
        if (!single) while (p.parseOptionalComma()) types.push(p.parseType());
        this.setRefTypes(ps, e.arg, types);
        return true;
      }
      case 'functional-type':
        if (!tokenParser(p).is(Tok.l_paren)) return false;
        this.parseElement(p, state, ps, e);
        return true;
      case 'custom':
        this.parseElement(p, state, ps, e);
        return true;
      default:
        this.parseElement(p, state, ps, e);
        return true;
    }
  }

  private parseAttr(p: OpAsmParser, e: { decl: AttrDecl; qualified: boolean }, optional: boolean): Attribute | undefined {
    const c = e.decl.constraint;
    const name = e.decl.name;
    if (optional && c.parseOptionalBare && !e.qualified) {
      if (tokenParser(p).is(Tok.hash_identifier)) return c.parseBare!(p, name);
      return c.parseOptionalBare(p, name);
    }
    if (c.parseBare && !e.qualified) {
      if (optional && !tokenParser(p).is(Tok.hash_identifier) && !tokenParser(p).is(Tok.less) && !isKeywordTok(p)) return undefined;
      return c.parseBare(p, name);
    }
    if (c === SymbolNameAttrC) {
      if (optional) {
        const s = p.parseOptionalSymbolName();
        return s === undefined ? undefined : StringAttr.get(s);
      }
      return StringAttr.get(p.parseSymbolName());
    }
    const offset = p.currentOffset();
    let a: Attribute | undefined;
    if (optional) {
      a = p.parseOptionalAttribute(c.valueType);
      if (a === undefined) return undefined;
    } else a = p.parseAttribute(c.valueType);
    if (!(c.convertible ?? c.check)(a)) p.error('invalid kind of attribute specified', offset);
    return a;
  }

  /** parseTypeDirective for `r`, with the single-type case decided once. */
  private compileTypeDirective(r: VarRef): ParseStep {
    if (r.k !== 'operand' && r.k !== 'result') return (p, _state, ps) => this.parseTypeDirective(p, ps, r);
    const d = r.k === 'operand' ? this.info.operands[r.index] : this.info.results[r.index];
    if (d.kind !== 'single') return (p, _state, ps) => this.parseTypeDirective(p, ps, r);
    const cls = d.type.typeClass;
    const slot = (r.k === 'operand' ? this.tBase : this.rBase) + r.index;
    return (p, _state, ps) => {
      const offset = p.currentOffset();
      const t = p.parseType();
      if (cls && !cls.is(t)) p.error(typeClassMismatch(cls, t), offset);
      ps.v[slot] = t;
    };
  }

  private parseTypeDirective(p: OpAsmParser, ps: ParseState, r: VarRef): void {
    let variadic = true;
    if (r.k === 'operand') variadic = this.info.operands[r.index].kind !== 'single';
    else if (r.k === 'result') variadic = this.info.results[r.index].kind !== 'single';
    if (!variadic) {
      const offset = p.currentOffset();
      const t = p.parseType();
      const cls = r.k === 'operand' ? this.info.operands[r.index].type.typeClass : r.k === 'result' ? this.info.results[r.index].type.typeClass : undefined;
      if (cls && !cls.is(t)) p.error(typeClassMismatch(cls, t), offset);
      if (r.k === 'operand') ps.v[this.tBase + r.index] = t;
      else if (r.k === 'result') ps.v[this.rBase + r.index] = t;
      else this.setRefTypes(ps, r, [t]);
      return;
    }
    const types: Type[] = [];
    const optional = (r.k === 'operand' && this.info.operands[r.index].kind === 'optional') || (r.k === 'result' && this.info.results[r.index].kind === 'optional');
    if (optional) {
      const t = p.parseOptionalType();
      if (t) types.push(t);
    } else {
      // A variadic list takes at least one type (MLIR's parseTypeList): an
      // empty one is written without its directive, in an optional group.
      types.push(p.parseType());
      while (p.parseOptionalComma()) types.push(p.parseType());
    }
    this.setRefTypes(ps, r, types);
  }

  private setRefTypes(ps: ParseState, r: VarRef, types: Type[]): void {
    if (r.k === 'operand') ps.v[this.tBase + r.index] = types;
    else if (r.k === 'result') ps.v[this.rBase + r.index] = types;
    else if (r.k === 'operands') ps.allOperandTypes = types;
    else ps.allResultTypes = types;
  }
  private getRefTypes(ps: ParseState, r: VarRef): OneOrList<Type> {
    if (r.k === 'operand') return this.operandTypesAt(ps, r.index);
    if (r.k === 'result') return this.resultTypesAt(ps, r.index);
    if (r.k === 'operands') return ps.allOperandTypes;
    return ps.allResultTypes;
  }

  /** Resolves a type resolver to the types it provides (a single type as itself, no list). */
  private resolve(p: OpAsmParser, state: OperationState, ps: ParseState, r: Resolver): OneOrList<Type> {
    let types: OneOrList<Type>;
    if (r.k === 'operand') types = this.allOperandTypes ? this.sliceAll(ps.allOperandTypes ?? NO_SLOTS, r.index!, ps) : this.operandTypesAt(ps, r.index!);
    else if (r.k === 'result') types = this.allResultTypes ? ps.allResultTypes : this.resultTypesAt(ps, r.index!);
    else {
      // Read without making the state's maps.
      const a = state.getProperty(r.name) ?? state._attributes?.get(r.name);
      types = a?.type;
    }
    if (types === undefined) return NO_SLOTS;
    const transform = r.transform;
    if (transform === undefined) return types;
    if (!isList(types)) {
      this.checkResolverSource(p, r, types);
      return transform(types);
    }
    for (const t of types) this.checkResolverSource(p, r, t);
    return types.map(transform);
  }
  private checkResolverSource(p: OpAsmParser, r: Resolver, t: Type): void {
    if (r.sourceConstraint && !r.sourceConstraint.check(t)) p.error(`'${r.name}' must be ${r.sourceConstraint.summary}, but got '${t.key}'`, p.nameOffset);
  }

  private sliceAll(all: readonly Type[], index: number, ps: ParseState): Type[] {
    // With type(operands), operand group `index` starts after the groups before it.
    let start = 0;
    for (let i = 0; i < index; i++) start += countOf(this.opsAt(ps, i));
    const n = countOf(this.opsAt(ps, index)) || 1;
    return all.slice(start, start + n);
  }

  /** Result group `i`'s types: parsed, resolved or buildable. */
  private resultGroup(p: OpAsmParser, state: OperationState, ps: ParseState, i: number): OneOrList<Type> {
    const ts = this.resultTypesAt(ps, i);
    if (ts !== undefined) return ts;
    const r = this.info.results[i];
    const res = this.resultResolvers[i];
    const resolved = res ? this.resolve(p, state, ps, res) : r.type.buildable ? r.type.buildable : NO_SLOTS;
    return r.kind === 'single' && isList(resolved) && resolved.length > 1 ? resolved[0] : resolved;
  }

  /** The segment sizes attribute for `sizes`, reused while an op kind repeats its last sizes. */
  private segmentAttr(which: 0 | 1, sizes: number[]): Attribute {
    const last = this.lastSegments[which];
    if (last !== undefined && last.sizes.length === sizes.length) {
      let same = true;
      for (let i = 0; i < sizes.length; i++) if (last.sizes[i] !== sizes[i]) same = false;
      if (same) return last.attr;
    }
    const attr = DenseArrayAttr.get(IntegerType.get(32), sizes.map(BigInt));
    this.lastSegments[which] = { sizes, attr };
    return attr;
  }
  private readonly lastSegments: ({ sizes: number[]; attr: Attribute } | undefined)[] = [undefined, undefined];

  private finish(p: OpAsmParser, state: OperationState, ps: ParseState): void {
    const info = this.info;
    // Result types, in a list of the exact size (one grown by push reserves 17 slots).
    if (this.allResultTypes) state.types = ps.allResultTypes ?? [];
    else if (this.infersResults) state.types = [];
    else {
      const n = info.results.length;
      const sizes: number[] | undefined = info.attrSizedResults ? new Array<number>(n) : undefined;
      if (n === 1) {
        const g = this.resultGroup(p, state, ps, 0);
        state.types = g === undefined ? [] : isList(g) ? g.slice() : [g];
        if (sizes) sizes[0] = countOf(g);
      } else if (n === 0) state.types = [];
      else {
        const groups = new Array<OneOrList<Type>>(n);
        let total = 0;
        for (let i = 0; i < n; i++) total += countOf((groups[i] = this.resultGroup(p, state, ps, i)));
        const types = new Array<Type>(total);
        let at = 0;
        for (let i = 0; i < n; i++) {
          const g = groups[i];
          if (isList(g)) for (let k = 0; k < g.length; k++) types[at++] = g[k];
          else types[at++] = g!;
          if (sizes) sizes[i] = countOf(g);
        }
        state.types = types;
      }
      if (sizes) state.setProperty('resultSegmentSizes', this.segmentAttr(1, sizes));
    }
    // Operands.
    if (ps.allOperands !== undefined) {
      let types = ps.allOperandTypes;
      if (!types) {
        types = [];
        info.operands.forEach((_, i) => {
          const res = this.operandResolvers[i];
          types!.push(...listOf(this.operandTypesAt(ps, i) ?? (res ? this.resolve(p, state, ps, res) : undefined)));
        });
      }
      state.operands = p.resolveOperands(ps.allOperands, types, ps.allOperandsOffset ?? p.nameOffset);
    } else {
      const operands = info.operands;
      const nGroups = operands.length;
      // `type(operands)`: MLIR resolves the groups all at once, at the op name.
      if (this.allOperandTypes) {
        const all = info.operands.flatMap((_, i) => listOf(this.opsAt(ps, i)));
        if (all.length !== (ps.allOperandTypes ?? []).length) p.resolveOperands(all, ps.allOperandTypes ?? [], p.nameOffset);
      }
      let total = 0;
      for (let i = 0; i < nGroups; i++) total += countOf(this.opsAt(ps, i));
      // p.resolveOperands, straight into the operand list (made at its exact size).
      const values = new Array<Value>(total);
      let at = 0;
      const sizes: number[] | undefined = info.attrSizedOperands ? new Array<number>(nGroups) : undefined;
      for (let i = 0; i < nGroups; i++) {
        const ops = this.opsAt(ps, i);
        const count = countOf(ops);
        let ts: OneOrList<Type>;
        // A resolved or buildable type applies to every operand of a group.
        let broadcast = false;
        if (this.allOperandTypes) {
          let start = 0;
          for (let k = 0; k < i; k++) start += countOf(this.opsAt(ps, k));
          ts = (ps.allOperandTypes ?? NO_SLOTS).slice(start, start + count);
        } else ts = this.operandTypesAt(ps, i);
        if (ts === undefined) {
          broadcast = true;
          const res = this.operandResolvers[i];
          ts = res ? this.resolve(p, state, ps, res) : operands[i].type.buildable!;
        }
        if (isList(ts)) {
          if (broadcast && ts.length === 1) ts = ts[0];
          else if (ts.length !== count) {
            const offset = ops !== undefined && !isList(ops) ? ops.offset : (this.offsetAt(ps, i) ?? p.nameOffset);
            p.resolveOperands(listOf(ops), ts, offset);
          }
        } else if (!broadcast && count !== 1) p.resolveOperands(listOf(ops), [ts!], this.offsetAt(ps, i) ?? p.nameOffset);
        if (ops !== undefined) {
          if (!isList(ops)) values[at++] = p.resolveOperand(ops, isList(ts) ? ts[0] : ts!);
          else if (isList(ts)) for (let k = 0; k < ops.length; k++) values[at++] = p.resolveOperand(ops[k], ts[k]);
          else for (let k = 0; k < ops.length; k++) values[at++] = p.resolveOperand(ops[k], ts!);
        }
        if (sizes) sizes[i] = count;
      }
      state.operands = values;
      if (sizes) state.setProperty('operandSegmentSizes', this.segmentAttr(0, sizes));
    }
    if (this.infersResults) state.types = info.spec.inferResultTypes!(state.operands.map((v) => v.type), state.properties);
    // Regions and successors.
    if (ps.allRegions) for (let k = 0; k < ps.allRegions.length; k++) state.addRegion(ps.allRegions[k]);
    else
      for (let i = 0; i < info.regions.length; i++) {
        const rs = ps.regions[i];
        if (rs) for (let k = 0; k < rs.length; k++) state.addRegion(rs[k]);
      }
    // (Most ops have no region: no trait lookup for them.)
    const regions = state._regions;
    if (regions !== undefined && regions.length !== 0) {
      const terminator = info.definition.implicitTerminator;
      if (terminator !== undefined) for (const r of regions) if (!ps.customRegions?.has(r)) ensureTerminator(p, r, terminator, state);
      // A single-block region without an implicit terminator gets its block when written empty.
      if (terminator === undefined && info.definition.traits.has(Traits.SingleBlock))
        for (const r of regions) if (!ps.customRegions?.has(r) && r.empty) r.pushBlock(new Block());
    }
    if (ps.allSuccessors) state.successors = ps.allSuccessors;
    else
      for (let i = 0; i < info.successors.length; i++) {
        const bs = ps.successors[i];
        if (bs) for (let k = 0; k < bs.length; k++) state.successors.push(bs[k]);
      }
  }
}

function isKeywordTok(p: OpAsmParser): boolean {
  return tokenParser(p).is(Tok.bare_identifier) || tokenParser(p).is(Tok.keyword);
}

/** Adds the implicit terminator to a single-block region that lacks one. */
function ensureTerminator(p: OpAsmParser, r: Region, name: string, state: OperationState): void {
  if (r.empty) r.pushBlock(new Block());
  const block = r.entry;
  const last = block.last;
  if (last && last.hasTrait(Traits.IsTerminator)) return;
  const opName = p.parser.ctx.lookupOp(name) ?? p.parser.ctx.getOperationName(name);
  block.append(state.newOpHere(opName));
}

function refName(info: OdsInfo, r: VarRef): string {
  if (r.k === 'operand') return info.operands[r.index].name;
  if (r.k === 'result') return info.results[r.index].name;
  return r.k;
}

function constraintOf(info: OdsInfo, name: string): TypeConstraint | undefined {
  const o = info.operands.find((x) => x.name === name);
  if (o) return o.type;
  return info.results.find((x) => x.name === name)?.type;
}

interface Resolver {
  k: 'operand' | 'result' | 'attr';
  index?: number;
  name: string;
  transform?: (t: Type) => Type;
  sourceConstraint?: TypeConstraint;
}

const NO_SLOTS: never[] = Object.freeze([]) as unknown as never[];

/** One value (a single operand or type, kept without a list) or a list of them. */
type OneOrList<T> = T | readonly T[] | undefined;

function isList<T>(x: OneOrList<T>): x is readonly T[] {
  return Array.isArray(x);
}
function countOf<T>(x: OneOrList<T>): number {
  return x === undefined ? 0 : isList(x) ? x.length : 1;
}
/** As a list (made for a single value: only off the common paths). */
function listOf<T>(x: OneOrList<T>): T[] {
  return x === undefined ? [] : isList(x) ? (x as T[]) : [x];
}
function listOrUndefined<T>(x: OneOrList<T>): T[] | undefined {
  return x === undefined ? undefined : listOf(x);
}

class ParseState {
  /**
   * All of an op's per-declaration slots in one list (one allocation, not
   * four): operand groups at [0, nO) (a single operand as itself, other kinds
   * as lists), their types at [nO, 2nO), result types at [2nO, 2nO + nR), and
   * where list operand groups started at [2nO + nR, 3nO + nR) when kept.
   */
  readonly v: unknown[];
  regions: Region[][];
  successors: Block[][];
  allOperands: UnresolvedOperand[] | undefined = undefined;
  allOperandsOffset: number | undefined = undefined;
  allOperandTypes: Type[] | undefined = undefined;
  allResultTypes: Type[] | undefined = undefined;
  allRegions: Region[] | undefined = undefined;
  allSuccessors: Block[] | undefined = undefined;
  /** Regions a custom directive parsed: MLIR adds no implicit terminator to them. */
  customRegions: Set<Region> | undefined = undefined;
  constructor(info: OdsInfo, withOffsets: boolean) {
    // Ops without regions or successors (most) share one empty list: nothing is stored at an index past a list's declarations.
    const nO = info.operands.length;
    const n = 2 * nO + info.results.length + (withOffsets ? nO : 0);
    this.v = n ? new Array(n) : NO_SLOTS;
    this.regions = info.regions.length ? new Array(info.regions.length) : NO_SLOTS;
    this.successors = info.successors.length ? new Array(info.successors.length) : NO_SLOTS;
  }
}

// ---- literals

const PUNCT: Record<string, Tok> = {
  '(': Tok.l_paren,
  ')': Tok.r_paren,
  '[': Tok.l_square,
  ']': Tok.r_square,
  '{': Tok.l_brace,
  '}': Tok.r_brace,
  '<': Tok.less,
  '>': Tok.greater,
  ':': Tok.colon,
  ',': Tok.comma,
  '=': Tok.equal,
  '->': Tok.arrow,
  '?': Tok.question,
  '*': Tok.star,
  '+': Tok.plus,
  '-': Tok.minus,
  '|': Tok.vertical_bar,
  '...': Tok.ellipsis,
};

function parseLiteral(p: OpAsmParser, v: string): void {
  const k = PUNCT[v];
  if (k !== undefined) {
    if (tokenParser(p).tokKind === k) tokenParser(p).consume();
    else tokenParser(p).expect(k, `expected '${v}'`);
    return;
  }
  p.parseKeyword(v);
}

function parseOptionalLiteral(p: OpAsmParser, v: string): boolean {
  const k = PUNCT[v];
  if (k !== undefined) return tokenParser(p).consumeIf(k);
  return p.parseOptionalKeyword(v) !== undefined;
}

function dictOf(list: [string, Attribute][]): Attribute {
  // Imported lazily: DictionaryAttr sorts its entries.
  return DictionaryAttrRef.get(list);
}
import { DictionaryAttr as DictionaryAttrRef } from '../ir/builtin-attributes.js';
import { tokenParser } from '../syntax/parser.js';

// ============================================================================

/** Compiles `format` for the op described by `info`. */
export function compileAssemblyFormat(info: OdsInfo, format: string): CompiledFormat {
  const c = new Compiled(info, format);
  return {
    parse: (p, state) => c.parse(p, state),
    parseResumable: (p, state) => c.parseResumable(p, state),
    print: (p, op) => c.print(p, op),
    printer: c,
  };
}

setFormatCompiler(compileAssemblyFormat);

export { IntegerAttr, FloatAttr };
