// The TypeScript front end: functions of a TypeScript file compiled to
// func/scf/arith/memref with JavaScript's semantics. TypeScript's own parser
// and checker (the `typescript` package, browser-loadable: no file system, the
// library declarations are lib.ts's) decide syntax and types; this file maps
// what it supports and rejects the rest with a located diagnostic.
//
// Values: number → f64 (JavaScript arithmetic is IEEE double arithmetic; the
// bitwise and shift operators go through ToInt32/ToUint32 on i32), boolean →
// i1, bigint → i64 (exact while values fit, as after BigInt.asIntN(64, …)),
// typed arrays → memref<?xT> (stores convert as JavaScript does), scfkit's
// aliases i32/i64/index/f32 → those MLIR types. Variables are SSA values:
// structured ops yield the variables their regions assign.

import ts from 'typescript';
import type { Type } from '../ir/attributes.js';
import { Builder } from '../ir/builder.js';
import { FloatAttr } from '../ir/builtin-attributes.js';
import { FloatType, FunctionType, IndexType, IntegerType, MemRefType, kDynamic } from '../ir/builtin-types.js';
import type { Context } from '../ir/context.js';
import { FileLineColLoc, type Location } from '../ir/location.js';
import { Block, type Operation, type Value } from '../ir/operation.js';
import * as arith from '../dialects/arith/index.js';
import { ModuleOp } from '../dialects/builtin/index.js';
import * as func from '../dialects/func/index.js';
import * as js from '../dialects/js/index.js';
import * as math from '../dialects/math/index.js';
import * as memref from '../dialects/memref/index.js';
import * as scf from '../dialects/scf/index.js';
import { createContext } from '../dialects/registry.js';
import { FrontendError, makeDiagnostic, tsMessage, type TsDiagnostic } from './diagnostics.js';
import { LIB_FILE, LIB_SOURCE, SCFKIT_MODULE_FILE, SCFKIT_MODULE_SOURCE } from './lib.js';
import { isStackOverflow } from '../ir/diagnostics.js';

export interface CompileTSOptions {
  /** The file name used in locations and diagnostics (default `input.ts`). */
  fileName?: string;
  /** A context to build in (default: a new one with every dialect and `js`). */
  context?: Context;
}

export interface CompileTSResult {
  /** The module, when there were no errors. */
  module: Operation | undefined;
  diagnostics: TsDiagnostic[];
  context: Context;
}

/** A context with every scfkit dialect and the js dialect (js.print). */
export function createFrontendContext(): Context {
  const ctx = createContext();
  ctx.registerDialect(js.jsDialect);
  return ctx;
}

/** Compiles TypeScript source to a module of func.func ops (or diagnostics). */
export function compileTS(source: string, options: CompileTSOptions = {}): CompileTSResult {
  const fileName = options.fileName ?? 'input.ts';
  const context = options.context ?? createFrontendContext();
  const internal = '/__input__.ts';
  const files = new Map<string, string>([
    [internal, source],
    [LIB_FILE, LIB_SOURCE],
    [SCFKIT_MODULE_FILE, SCFKIT_MODULE_SOURCE],
  ]);
  const compilerOptions: ts.CompilerOptions = {
    noLib: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    strict: true,
    noEmit: true,
    types: [],
    skipLibCheck: true,
  };
  const sourceFiles = new Map<string, ts.SourceFile>();
  const host: ts.CompilerHost = {
    getSourceFile: (name) => {
      const text = files.get(name);
      if (text === undefined) return undefined;
      let sf = sourceFiles.get(name);
      if (!sf) sourceFiles.set(name, (sf = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true)));
      return sf;
    },
    getDefaultLibFileName: () => LIB_FILE,
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => files.has(f),
    readFile: (f) => files.get(f),
    resolveModuleNames: (names) =>
      names.map((n) => (n === 'scfkit' ? { resolvedFileName: SCFKIT_MODULE_FILE, extension: ts.Extension.Dts, isExternalLibraryImport: false } : undefined)),
  };
  const diagnostics: TsDiagnostic[] = [];
  try {
    return compileProgram(ts.createProgram({ rootNames: [internal, LIB_FILE], options: compilerOptions, host }), internal, fileName, context, diagnostics);
  } catch (e) {
    // TypeScript's checker and this emitter recurse on nesting: an input nested
    // deeper than the stack allows gets a diagnostic, not a stack trace.
    if (!isStackOverflow(e)) throw e;
    // (Not parsed again: that is what overflowed.)
    const message = 'the program nests too deeply to compile (stack exhausted)';
    const first = source.split('\n', 1)[0].replace(/\r$/, '');
    diagnostics.push({ fileName, line: 1, column: 1, message, text: `${fileName}:1:1: error: ${message}\n${first}\n^\n`, stackExhausted: true });
    return { module: undefined, diagnostics, context };
  }
}

function compileProgram(program: ts.Program, internal: string, fileName: string, context: Context, diagnostics: TsDiagnostic[]): CompileTSResult {
  const sf = program.getSourceFile(internal)!;
  const tsDiags = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
  for (const d of tsDiags) {
    if (d.category !== ts.DiagnosticCategory.Error) continue;
    diagnostics.push(makeDiagnostic(sf, fileName, d.start ?? 0, tsMessage(d)));
  }
  if (diagnostics.length) return { module: undefined, diagnostics, context };
  try {
    const module = new FunctionEmitter(context, program.getTypeChecker(), sf, fileName).compileFile();
    return { module, diagnostics, context };
  } catch (e) {
    if (e instanceof FrontendError) {
      diagnostics.push(makeDiagnostic(sf, fileName, e.node.getStart(sf), e.message));
      return { module: undefined, diagnostics, context };
    }
    throw e;
  }
}

// ============================================================================
// Kinds: the front end's view of a value's type.

const TYPED_ARRAYS = {
  Float64Array: 'f64',
  Float32Array: 'f32',
  Int32Array: 'i32',
  Uint8Array: 'u8',
  BigInt64Array: 'i64',
} as const;
type ArrayName = keyof typeof TYPED_ARRAYS;
type ElemKind = (typeof TYPED_ARRAYS)[ArrayName];

/** num: f64 number; bool: i1; big: i64 bigint; i32/i64/index/f32: scfkit's aliases; arrays by constructor name. */
type Kind = 'num' | 'bool' | 'big' | 'i32' | 'i64' | 'index' | 'f32' | ArrayName;

const ALIASES = ['i32', 'i64', 'index', 'f32'] as const;

function isArrayKind(k: Kind): k is ArrayName {
  return k in TYPED_ARRAYS;
}

function elemType(e: ElemKind): Type {
  switch (e) {
    case 'f64':
      return FloatType.f64;
    case 'f32':
      return FloatType.f32;
    case 'i32':
      return IntegerType.get(32);
    case 'u8':
      return IntegerType.get(8);
    case 'i64':
      return IntegerType.get(64);
  }
}

function mlirType(k: Kind): Type {
  switch (k) {
    case 'num':
      return FloatType.f64;
    case 'bool':
      return IntegerType.get(1);
    case 'big':
    case 'i64':
      return IntegerType.get(64);
    case 'i32':
      return IntegerType.get(32);
    case 'index':
      return IndexType.get();
    case 'f32':
      return FloatType.f32;
    default:
      return MemRefType.get([kDynamic], elemType(TYPED_ARRAYS[k]));
  }
}

const TYPE_NAMES: Record<Kind, string> = {
  num: 'number',
  bool: 'boolean',
  big: 'bigint',
  i32: 'i32',
  i64: 'i64',
  index: 'index',
  f32: 'f32',
  Float64Array: 'Float64Array',
  Float32Array: 'Float32Array',
  Int32Array: 'Int32Array',
  Uint8Array: 'Uint8Array',
  BigInt64Array: 'BigInt64Array',
};

interface TV {
  v: Value;
  k: Kind;
}

interface Var {
  kind: Kind;
  /** Undefined until the variable is first assigned. */
  value: Value | undefined;
}

/** A loop being compiled: its labels, and how `break`/`continue` leave it (undefined when it has no early exits). */
interface LoopFrame {
  labels: string[];
  node: ts.Node;
  /** Emits the terminator of a `break` (scf.break with the values live after the loop). */
  brk?: () => void;
  /** Emits the terminator of a `continue` (the update, then scf.continue). */
  cont?: () => void;
}

const MATH_UNARY: Record<string, (b: Builder, operand: Value, location: Location) => Value> = {
  sqrt: (b, operand, location) => math.SqrtOp.build(b, { operand, location }).results[0],
  abs: (b, operand, location) => math.AbsFOp.build(b, { operand, location }).results[0],
  floor: (b, operand, location) => math.FloorOp.build(b, { operand, location }).results[0],
  ceil: (b, operand, location) => math.CeilOp.build(b, { operand, location }).results[0],
  trunc: (b, operand, location) => math.TruncOp.build(b, { operand, location }).results[0],
  // V8's exp/log/sin/cos, which folding must not replace by glibc's (see the js dialect).
  exp: (b, operand, location) => js.ExpOp.build(b, { operand, location }).results[0],
  log: (b, operand, location) => js.LogOp.build(b, { operand, location }).results[0],
  sin: (b, operand, location) => js.SinOp.build(b, { operand, location }).results[0],
  cos: (b, operand, location) => js.CosOp.build(b, { operand, location }).results[0],
};

const MATH_CONSTANTS: Record<string, number> = {
  E: Math.E,
  LN10: Math.LN10,
  LN2: Math.LN2,
  LOG2E: Math.LOG2E,
  LOG10E: Math.LOG10E,
  PI: Math.PI,
  SQRT1_2: Math.SQRT1_2,
  SQRT2: Math.SQRT2,
};

const NUMBER_CONSTANTS: Record<string, number> = {
  MAX_SAFE_INTEGER: Number.MAX_SAFE_INTEGER,
  MIN_SAFE_INTEGER: Number.MIN_SAFE_INTEGER,
  EPSILON: Number.EPSILON,
  MAX_VALUE: Number.MAX_VALUE,
  MIN_VALUE: Number.MIN_VALUE,
  POSITIVE_INFINITY: Infinity,
  NEGATIVE_INFINITY: -Infinity,
  NaN: NaN,
};

/** What a statement kind is called in diagnostics. */
function describe(node: ts.Node): string {
  const k = ts.SyntaxKind[node.kind];
  return k
    .replace(/(Statement|Declaration|Expression|Literal)$/, (m) => ' ' + m.toLowerCase())
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** Identifiers assigned (=, op=, ++, --) anywhere under `nodes`. */
function assignedIdentifiers(nodes: readonly (ts.Node | undefined)[]): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const stack: ts.Node[] = nodes.filter((n): n is ts.Node => n !== undefined);
  while (stack.length) {
    const n = stack.pop()!;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const t = skipParens(n.left);
      if (ts.isIdentifier(t)) out.push(t);
    } else if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)) {
      const t = skipParens(n.operand);
      if (ts.isIdentifier(t)) out.push(t);
    }
    n.forEachChild((c) => {
      stack.push(c);
    });
  }
  return out;
}

function skipParens(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  return e;
}

/** Whether `node` contains a node satisfying `pred` (not looking into nested functions). */
function contains(node: ts.Node | undefined, pred: (n: ts.Node) => boolean): boolean {
  if (!node) return false;
  const stack: ts.Node[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (pred(n)) return true;
    if (n !== node && ts.isFunctionLike(n)) continue;
    n.forEachChild((c) => {
      stack.push(c);
    });
  }
  return false;
}

const isReturn = (n: ts.Node): boolean => ts.isReturnStatement(n);

/** Whether a statement list certainly ends in a return (control cannot fall through it). */
function alwaysReturns(stmts: readonly ts.Statement[]): boolean {
  return stmts.some((s) => stmtAlwaysReturns(s));
}

function stmtAlwaysReturns(s: ts.Statement): boolean {
  if (ts.isReturnStatement(s)) return true;
  if (ts.isBlock(s)) return alwaysReturns(s.statements);
  if (ts.isIfStatement(s)) return s.elseStatement !== undefined && stmtAlwaysReturns(s.thenStatement) && stmtAlwaysReturns(s.elseStatement);
  return false;
}

/** The loop a break/continue leaves (undefined when there is none). */
function jumpTarget(n: ts.BreakStatement | ts.ContinueStatement): ts.Node | undefined {
  for (let p: ts.Node = n.parent; p && !ts.isFunctionLike(p); p = p.parent) {
    if (n.label) {
      if (ts.isLabeledStatement(p) && p.label.text === n.label.text) {
        let inner: ts.Statement = p.statement;
        while (ts.isLabeledStatement(inner)) inner = inner.statement;
        return inner;
      }
    } else if (ts.isIterationStatement(p, false)) return p;
  }
  return undefined;
}

/** Whether `n` is `ancestor` or inside it. */
function isInside(n: ts.Node, ancestor: ts.Node): boolean {
  for (let p: ts.Node | undefined = n; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

function statementsOf(s: ts.Statement | undefined): readonly ts.Statement[] {
  if (!s) return [];
  return ts.isBlock(s) ? s.statements : [s];
}

// ============================================================================

class FunctionEmitter {
  private readonly b: Builder;
  private readonly env = new Map<ts.Symbol, Var>();
  /** Top-level `const` declarations with constant initializers, inlined where used. */
  private readonly globals = new Map<ts.Symbol, ts.Expression>();
  private readonly functions = new Map<ts.Symbol, { name: string; params: Kind[]; result: Kind | undefined }>();
  /** f64 values known to be exact conversions of an index value (loop variables, lengths). */
  private readonly indexOf = new Map<Value, Value>();
  private loc: Location;
  private resultKind: Kind | undefined;
  private loops: LoopFrame[] = [];
  /** The token of the execute_region a `return` breaks out of, when returns are early exits. */
  private returnToken: Value | undefined;
  /** The current block ended with scf.break/scf.continue: the statements after are dead. */
  private terminated = false;

  constructor(
    ctx: Context,
    private readonly checker: ts.TypeChecker,
    private readonly sf: ts.SourceFile,
    private readonly fileName: string,
  ) {
    this.b = new Builder(ctx);
    this.loc = FileLineColLoc.get(fileName, 1, 1);
  }

  private fail(node: ts.Node, message: string): never {
    throw new FrontendError(node, message);
  }

  private locOf(node: ts.Node): Location {
    const { line, character } = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf));
    return FileLineColLoc.get(this.fileName, line + 1, character + 1);
  }

  /** Runs `f` with the current location at `node`. */
  private at<T>(node: ts.Node, f: () => T): T {
    const saved = this.loc;
    this.loc = this.locOf(node);
    try {
      return f();
    } finally {
      this.loc = saved;
    }
  }

  // ---- types

  private kindOfType(t: ts.Type, node: ts.Node, what = 'type'): Kind {
    const flags = t.flags;
    if (flags & ts.TypeFlags.Intersection) {
      for (const a of ALIASES) if (this.checker.getPropertyOfType(t, `__scfkit_${a}`)) return a;
    }
    if (flags & ts.TypeFlags.NumberLike) return 'num';
    if (flags & ts.TypeFlags.BooleanLike) return 'bool';
    if (flags & ts.TypeFlags.BigIntLike) return 'big';
    if (flags & ts.TypeFlags.Union) {
      const u = t as ts.UnionType;
      // `true | false` is boolean; number literal unions are numbers.
      const kinds = new Set(u.types.map((m) => this.kindOfType(m, node, what)));
      if (kinds.size === 1) return [...kinds][0];
    }
    const sym = t.getSymbol();
    if (sym && sym.name in TYPED_ARRAYS) return sym.name as ArrayName;
    return this.fail(node, `cannot map ${what} '${this.checker.typeToString(t)}' to an MLIR type (supported: number, boolean, bigint, typed arrays, scfkit's i32/i64/index/f32)`);
  }

  private kindOf(node: ts.Node): Kind {
    return this.kindOfType(this.checker.getTypeAtLocation(node), node);
  }

  private symbolOf(node: ts.Node): ts.Symbol | undefined {
    const s = this.checker.getSymbolAtLocation(node);
    if (s && s.flags & ts.SymbolFlags.Alias) return this.checker.getAliasedSymbol(s);
    return s;
  }

  // ---- file

  compileFile(): Operation {
    const module = ModuleOp.build(this.b, { location: this.loc });
    const body = new Block();
    ModuleOp.bodyRegion(module).pushBlock(body);
    const decls: ts.FunctionDeclaration[] = [];
    for (const stmt of this.sf.statements) {
      if (ts.isImportDeclaration(stmt)) {
        const spec = stmt.moduleSpecifier;
        if (!ts.isStringLiteral(spec) || spec.text !== 'scfkit') this.fail(stmt, `imports are supported only from 'scfkit'`);
      } else if (ts.isFunctionDeclaration(stmt)) {
        if (!stmt.body) continue;
        if (!stmt.name) this.fail(stmt, 'a function declaration needs a name');
        if (stmt.asteriskToken) this.fail(stmt, 'generator functions are not supported');
        if (stmt.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) this.fail(stmt, 'async functions are not supported');
        if (stmt.typeParameters?.length) this.fail(stmt, 'generic functions are not supported');
        decls.push(stmt);
        const sym = this.symbolOf(stmt.name)!;
        const sig = this.checker.getSignatureFromDeclaration(stmt)!;
        const params = stmt.parameters.map((p) => {
          if (p.dotDotDotToken) this.fail(p, 'rest parameters are not supported');
          if (p.initializer) this.fail(p, 'default parameter values are not supported');
          if (!ts.isIdentifier(p.name)) this.fail(p, 'destructuring parameters are not supported');
          return this.kindOfType(this.checker.getTypeAtLocation(p), p, 'parameter type');
        });
        const rt = this.checker.getReturnTypeOfSignature(sig);
        const result = rt.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined) ? undefined : this.kindOfType(rt, stmt.type ?? stmt.name, 'return type');
        this.functions.set(sym, { name: stmt.name.text, params, result });
      } else if (ts.isVariableStatement(stmt)) {
        if (!(stmt.declarationList.flags & ts.NodeFlags.Const)) this.fail(stmt, 'top-level variables must be const (module state is not supported)');
        for (const d of stmt.declarationList.declarations) {
          if (!ts.isIdentifier(d.name) || !d.initializer) this.fail(d, 'a top-level const needs a name and an initializer');
          if (!this.isConstantExpression(d.initializer)) this.fail(d.initializer, 'a top-level const must be a constant expression of numbers, booleans or bigints');
          this.globals.set(this.symbolOf(d.name)!, d.initializer);
        }
      } else if (ts.isInterfaceDeclaration(stmt) || ts.isTypeAliasDeclaration(stmt)) {
        continue;
      } else if (ts.isClassDeclaration(stmt) || ts.isEnumDeclaration(stmt) || ts.isModuleDeclaration(stmt)) {
        this.fail(stmt, `${describe(stmt)}s are not supported`);
      }
      // Other top-level statements (e.g. `main();`) are not compiled.
    }
    for (const d of decls) {
      this.b.setInsertionPointToEnd(body);
      this.compileFunction(d);
    }
    return module;
  }

  private isConstantExpression(e: ts.Expression): boolean {
    e = skipParens(e);
    if (ts.isNumericLiteral(e) || ts.isBigIntLiteral(e) || e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword) return true;
    if (ts.isPrefixUnaryExpression(e)) return this.isConstantExpression(e.operand);
    if (ts.isBinaryExpression(e)) return this.isConstantExpression(e.left) && this.isConstantExpression(e.right);
    if (ts.isIdentifier(e)) {
      const s = this.symbolOf(e);
      return s !== undefined && this.globals.has(s);
    }
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression))
      return (e.expression.text === 'Math' && e.name.text in MATH_CONSTANTS) || (e.expression.text === 'Number' && e.name.text in NUMBER_CONSTANTS);
    return false;
  }

  private compileFunction(decl: ts.FunctionDeclaration): void {
    const info = this.functions.get(this.symbolOf(decl.name!)!)!;
    this.loc = this.locOf(decl);
    const fnType = FunctionType.get(
      info.params.map(mlirType),
      info.result ? [mlirType(info.result)] : [],
    );
    const fn = func.FuncOp.build(this.b, { sym_name: info.name, function_type: fnType, location: this.loc });
    const entry = new Block();
    func.FuncOp.body(fn).pushBlock(entry);
    this.env.clear();
    this.indexOf.clear();
    this.loops = [];
    this.returnToken = undefined;
    this.terminated = false;
    this.resultKind = info.result;
    decl.parameters.forEach((p, i) => {
      const arg = entry.addArgument(mlirType(info.params[i]), this.locOf(p));
      this.env.set(this.symbolOf(p.name)!, { kind: info.params[i], value: arg });
    });
    this.b.setInsertionPointToEnd(entry);
    const stmts = decl.body!.statements;
    const results = this.compileTail(stmts, decl);
    this.at(decl.body!.getLastToken(this.sf) ?? decl, () => func.ReturnOp.build(this.b, { operands: results, location: this.loc }));
  }

  // ---- statements

  /**
   * Compiles statements that end the function: returns the values it returns.
   * An `if` one of whose branches returns takes the statements after it into
   * its other branch, so that such returns need no early exit.
   */
  private compileTail(stmts: readonly ts.Statement[], owner: ts.Node): Value[] {
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i];
      if (ts.isReturnStatement(s)) return this.returnValues(s);
      if (ts.isBlock(s) && contains(s, isReturn)) return this.compileTail([...s.statements, ...stmts.slice(i + 1)], owner);
      if (ts.isIfStatement(s) && contains(s, isReturn) && !this.hasLoopReturn(s)) {
        const rest = stmts.slice(i + 1);
        const thenStmts = statementsOf(s.thenStatement);
        const elseStmts = statementsOf(s.elseStatement);
        const thenFalls = !alwaysReturns(thenStmts);
        const elseFalls = !alwaysReturns(elseStmts);
        if (thenFalls && elseFalls && rest.length && contains(s, isReturn)) return this.compileWithEarlyReturn(stmts.slice(i), owner);
        const thenAll = thenFalls ? [...thenStmts, ...rest] : thenStmts;
        const elseAll = elseFalls ? [...elseStmts, ...rest] : elseStmts;
        return this.at(s, () => {
          const cond = this.condition(s.expression);
          const types = this.resultKind ? [mlirType(this.resultKind)] : [];
          const ifOp = scf.IfOp.create(
            this.b,
            { condition: cond, resultTypes: types, withElse: true, location: this.loc },
            () => this.inScope(() => scf.YieldOp.build(this.b, { results: this.compileTail(thenAll, s), location: this.loc })),
            () => this.inScope(() => scf.YieldOp.build(this.b, { results: this.compileTail(elseAll, s), location: this.loc })),
          );
          return ifOp.results;
        });
      }
      if (contains(s, isReturn)) return this.compileWithEarlyReturn(stmts.slice(i), owner);
      this.statement(s);
    }
    if (this.resultKind) this.fail(owner, 'control reaches the end of a function that returns a value');
    return [];
  }

  private hasLoopReturn(s: ts.Node): boolean {
    return contains(s, (n) => ts.isIterationStatement(n, false) && contains(n, isReturn));
  }

  /** Statements whose returns need an early exit (inside loops, or in both fall-through paths). */
  private compileWithEarlyReturn(stmts: readonly ts.Statement[], owner: ts.Node): Value[] {
    void owner;
    const types = this.resultKind ? [mlirType(this.resultKind)] : [];
    const er = scf.ExecuteRegionOp.create(this.b, { resultTypes: types, withToken: true, location: this.loc }, (_b, location, token) =>
      this.inScope(() => {
        const saved = this.returnToken;
        this.returnToken = token;
        try {
          for (const s of stmts) this.statement(s);
          // The end of a function that returns a value is unreachable (the checker proved it).
          if (!this.terminated) scf.YieldOp.build(this.b, { results: this.resultKind ? [this.zero(this.resultKind)] : [], location });
        } finally {
          this.terminated = false;
          this.returnToken = saved;
        }
      }),
    );
    return er.results;
  }

  private returnValues(s: ts.ReturnStatement): Value[] {
    return this.at(s, () => {
      if (!s.expression) {
        if (this.resultKind) this.fail(s, 'a return without a value in a function that returns a value');
        return [];
      }
      if (!this.resultKind) {
        this.expr(s.expression);
        return [];
      }
      return [this.coerce(this.expr(s.expression), this.resultKind, s.expression)];
    });
  }

  /** Runs `f` and restores the variables' values afterwards (a region's assignments stay in it). */
  private inScope<T>(f: () => T): T {
    const saved = new Map<ts.Symbol, Value | undefined>();
    for (const [s, v] of this.env) saved.set(s, v.value);
    const savedIdx = new Map(this.indexOf);
    try {
      return f();
    } finally {
      for (const [s, v] of saved) this.env.get(s)!.value = v;
      for (const s of [...this.env.keys()]) if (!saved.has(s)) this.env.delete(s);
      this.indexOf.clear();
      for (const [k, v] of savedIdx) this.indexOf.set(k, v);
    }
  }

  private statement(s: ts.Statement): void {
    if (this.terminated) return; // Dead code after break/continue/return.
    this.at(s, () => this.statementAt(s));
  }

  /** Runs a region's body, then yields `results()` unless the body ended with an early exit. */
  private regionBody(body: () => void, results: () => Value[]): void {
    this.inScope(() => {
      body();
      if (!this.terminated) scf.YieldOp.build(this.b, { results: results(), location: this.loc });
      this.terminated = false;
    });
  }

  private statementAt(s: ts.Statement): void {
    if (ts.isBlock(s)) {
      for (const t of s.statements) this.statement(t);
    } else if (ts.isEmptyStatement(s)) {
      // Nothing.
    } else if (ts.isVariableStatement(s)) {
      this.variableDeclarations(s.declarationList);
    } else if (ts.isExpressionStatement(s)) {
      this.expressionStatement(s.expression);
    } else if (ts.isIfStatement(s)) {
      this.ifStatement(s);
    } else if (ts.isForStatement(s) || ts.isWhileStatement(s) || ts.isDoStatement(s) || ts.isForOfStatement(s)) {
      this.loopStatement(s, []);
    } else if (ts.isLabeledStatement(s)) {
      const labels: string[] = [];
      let inner: ts.Statement = s;
      while (ts.isLabeledStatement(inner)) {
        labels.push(inner.label.text);
        inner = inner.statement;
      }
      if (!(ts.isForStatement(inner) || ts.isWhileStatement(inner) || ts.isDoStatement(inner) || ts.isForOfStatement(inner)))
        this.fail(s, 'labels are supported on loops only');
      this.at(inner, () => this.loopStatement(inner as ts.IterationStatement, labels));
    } else if (ts.isBreakStatement(s) || ts.isContinueStatement(s)) {
      const isBreak = ts.isBreakStatement(s);
      const frame = s.label ? [...this.loops].reverse().find((f) => f.labels.includes(s.label!.text)) : this.loops[this.loops.length - 1];
      if (!frame) this.fail(s, s.label ? `'${s.label.text}' does not label an enclosing loop` : `'${isBreak ? 'break' : 'continue'}' outside a loop`);
      const emit = isBreak ? frame.brk : frame.cont;
      if (!emit) this.fail(s, 'internal error: a loop with early exits was compiled without them');
      emit();
      this.terminated = true;
    } else if (ts.isReturnStatement(s)) {
      if (!this.returnToken) this.fail(s, 'internal error: a return outside the function\'s exit region');
      const values = this.returnValues(s);
      scf.BreakOp.build(this.b, { token: this.returnToken, results: values, location: this.loc });
      this.terminated = true;
    } else if (ts.isFunctionDeclaration(s)) {
      this.fail(s, 'nested functions (closures) are not supported');
    } else if (ts.isThrowStatement(s) || ts.isTryStatement(s)) {
      this.fail(s, 'exceptions (throw/try) are not supported');
    } else if (ts.isSwitchStatement(s)) {
      this.fail(s, 'switch statements are not supported');
    } else if (ts.isForInStatement(s)) {
      this.fail(s, 'for...in loops are not supported');
    } else if (ts.isClassDeclaration(s)) {
      this.fail(s, 'classes are not supported');
    } else {
      this.fail(s, `${describe(s)}s are not supported`);
    }
  }

  private variableDeclarations(list: ts.VariableDeclarationList): void {
    for (const d of list.declarations) {
      if (!ts.isIdentifier(d.name)) this.fail(d.name, 'destructuring declarations are not supported');
      const sym = this.symbolOf(d.name)!;
      // The initializer first: an unsupported expression is reported as itself, not as its type.
      const init = d.initializer ? this.expr(d.initializer) : undefined;
      const kind = this.kindOfType(this.checker.getTypeAtLocation(d.name), d.name, 'variable type');
      const value = init ? this.at(d, () => this.coerce(init, kind, d.initializer!)) : undefined;
      this.env.set(sym, { kind, value });
    }
  }

  private expressionStatement(e: ts.Expression): void {
    const x = skipParens(e);
    if (ts.isCallExpression(x) && this.isConsoleLog(x.expression)) return this.consoleLog(x);
    if (ts.isCallExpression(x)) {
      this.call(x, true);
      return;
    }
    if (ts.isBinaryExpression(x) || ts.isPrefixUnaryExpression(x) || ts.isPostfixUnaryExpression(x)) {
      this.expr(x);
      return;
    }
    this.fail(e, `expression statements other than calls and assignments are not supported (${describe(x)})`);
  }

  // ---- if

  /** Outer variables (already declared) that `nodes` assign. */
  private assignedOuter(nodes: readonly (ts.Node | undefined)[]): ts.Symbol[] {
    const out: ts.Symbol[] = [];
    for (const id of assignedIdentifiers(nodes)) {
      const s = this.symbolOf(id);
      if (s && this.env.has(s) && !out.includes(s)) out.push(s);
    }
    return out;
  }

  private varValue(s: ts.Symbol): Value {
    const v = this.env.get(s)!;
    return v.value ?? this.zero(v.kind);
  }

  private zero(k: Kind): Value {
    if (isArrayKind(k)) {
      // An unassigned array variable merged with an assigned one: an empty array stands in.
      return memref.AllocOp.build(this.b, { dynamicSizes: [this.indexConst(0)], symbolOperands: [], memref: mlirType(k), location: this.loc }).results[0];
    }
    const t = mlirType(k);
    if (t instanceof FloatType) return arith.ConstantOp.create(this.b, FloatAttr.get(t, 0), this.loc);
    return arith.ConstantOp.int(this.b, 0, t, this.loc);
  }

  /**
   * An scf.if on `cond` whose regions run `thenFn`/`elseFn` (each returning
   * `extra` values) and yield the outer variables `scope` assigns; those get
   * the if's results.
   */
  private buildIf(cond: Value, scope: readonly (ts.Node | undefined)[], extra: Kind[], thenFn: () => Value[], elseFn: () => Value[]): Value[] {
    const vars = this.assignedOuter(scope);
    const types = [...extra.map(mlirType), ...vars.map((s) => mlirType(this.env.get(s)!.kind))];
    const region = (f: () => Value[]) => () => {
      let xs: Value[] = [];
      this.regionBody(
        () => (xs = f()),
        () => [...xs, ...vars.map((s) => this.varValue(s))],
      );
    };
    // Unassigned variables get their zero before the if, so that both branches can yield them.
    for (const s of vars) {
      const v = this.env.get(s)!;
      if (!v.value) v.value = this.zero(v.kind);
    }
    const ifOp = scf.IfOp.create(this.b, { condition: cond, resultTypes: types, withElse: true, location: this.loc }, region(thenFn), region(elseFn));
    const results = ifOp.results;
    vars.forEach((s, i) => (this.env.get(s)!.value = results[extra.length + i]));
    return results.slice(0, extra.length);
  }

  private ifStatement(s: ts.IfStatement): void {
    const cond = this.condition(s.expression);
    const hasElse = s.elseStatement !== undefined;
    const vars = this.assignedOuter([s.thenStatement, s.elseStatement]);
    if (!hasElse && vars.length === 0) {
      scf.IfOp.create(this.b, { condition: cond, location: this.loc }, () =>
        this.regionBody(
          () => this.statement(s.thenStatement),
          () => [],
        ),
      );
      return;
    }
    this.buildIf(
      cond,
      [s.thenStatement, s.elseStatement],
      [],
      () => {
        this.statement(s.thenStatement);
        return [];
      },
      () => {
        if (s.elseStatement) this.statement(s.elseStatement);
        return [];
      },
    );
  }

  // ---- loops

  private loopStatement(s: ts.IterationStatement, labels: string[]): void {
    if (this.needsEarlyExit(s)) return this.loopWithExits(s, labels);
    this.loops.push({ labels, node: s });
    try {
      if (ts.isForStatement(s)) this.forStatement(s);
      else if (ts.isWhileStatement(s)) this.whileLoop(undefined, s.expression, undefined, s.statement);
      else if (ts.isDoStatement(s)) this.doWhile(s);
      else if (ts.isForOfStatement(s)) this.forOf(s);
    } finally {
      this.loops.pop();
    }
  }

  /** Whether a return, or a break/continue of this loop or an outer one, is inside `loop` (then it is an scf.loop). */
  private needsEarlyExit(loop: ts.IterationStatement): boolean {
    return contains(loop.statement, (n) => {
      if (ts.isReturnStatement(n)) return true;
      if (ts.isBreakStatement(n) || ts.isContinueStatement(n)) {
        const target = jumpTarget(n);
        return target === undefined || target === loop || !isInside(target, loop.statement);
      }
      return false;
    });
  }

  /**
   * A loop with early exits: an scf.loop carrying the outer variables it
   * assigns (its results) plus `extraInits` (e.g. an index), its body built by
   * `build`, which sets the frame's `cont` and ends the body.
   */
  private buildLoop(s: ts.IterationStatement, labels: string[], vars: ts.Symbol[], extraInits: Value[], build: (frame: LoopFrame, token: Value, extra: readonly Value[]) => void): void {
    const types = vars.map((v) => mlirType(this.env.get(v)!.kind));
    const loop = scf.LoopOp.create(
      this.b,
      { initArgs: [...vars.map((v) => this.varValue(v)), ...extraInits], resultTypes: types, location: this.loc },
      (_b, location, token, args) =>
        this.inScope(() => {
          vars.forEach((v, i) => (this.env.get(v)!.value = args[i]));
          const frame: LoopFrame = {
            labels,
            node: s,
            brk: () => scf.BreakOp.build(this.b, { token, results: vars.map((v) => this.varValue(v)), location: this.loc }),
          };
          this.loops.push(frame);
          try {
            build(frame, token, args.slice(vars.length));
            if (!this.terminated) frame.cont!();
          } finally {
            this.loops.pop();
            this.terminated = false;
          }
          void location;
        }),
    );
    vars.forEach((v, i) => (this.env.get(v)!.value = loop.results[i]));
  }

  /** `if (!cond) break;` at the top of an scf.loop body. */
  private breakUnless(cond: Value, frame: LoopFrame): void {
    const b = this.b;
    const notC = arith.XOrIOp.build(b, { lhs: cond, rhs: arith.ConstantOp.bool(b, true, this.loc), location: this.loc }).results[0];
    scf.IfOp.create(b, { condition: notC, location: this.loc }, () => frame.brk!());
  }

  private loopWithExits(s: ts.IterationStatement, labels: string[]): void {
    const b = this.b;
    const cont = (token: Value, vars: ts.Symbol[], extra: () => Value[] = () => []) => () =>
      scf.ContinueOp.build(b, { token, results: [...vars.map((v) => this.varValue(v)), ...extra()], location: this.loc });
    if (ts.isForStatement(s)) {
      if (s.initializer) {
        if (ts.isVariableDeclarationList(s.initializer)) this.variableDeclarations(s.initializer);
        else this.expressionStatement(s.initializer);
      }
      const vars = this.carried([s.condition, s.incrementor, s.statement]);
      this.buildLoop(s, labels, vars, [], (frame, token) => {
        const next = cont(token, vars);
        frame.cont = () => {
          if (s.incrementor) this.at(s.incrementor, () => this.expressionStatement(s.incrementor!));
          next();
        };
        if (s.condition) this.breakUnless(this.condition(s.condition), frame);
        this.statement(s.statement);
      });
    } else if (ts.isWhileStatement(s)) {
      const vars = this.carried([s.expression, s.statement]);
      this.buildLoop(s, labels, vars, [], (frame, token) => {
        frame.cont = cont(token, vars);
        this.breakUnless(this.condition(s.expression), frame);
        this.statement(s.statement);
      });
    } else if (ts.isDoStatement(s)) {
      const vars = this.carried([s.expression, s.statement]);
      this.buildLoop(s, labels, vars, [], (frame, token) => {
        const next = cont(token, vars);
        frame.cont = () => {
          this.breakUnless(this.condition(s.expression), frame);
          next();
        };
        this.statement(s.statement);
      });
    } else if (ts.isForOfStatement(s)) {
      this.forOfWithExits(s, labels);
    } else this.fail(s, `${describe(s)}s are not supported`);
  }

  private forOfWithExits(s: ts.ForOfStatement, labels: string[]): void {
    const b = this.b;
    const { sym, iterable } = this.forOfParts(s);
    if (ts.isArrayLiteralExpression(iterable)) return this.unrolledWithExits(s, labels, sym, iterable);
    let start: Value;
    let end: Value;
    let step = 1;
    let load: (i: Value) => { kind: Kind; value: Value };
    if (ts.isCallExpression(iterable) && ts.isIdentifier(iterable.expression) && this.isScfkitRange(iterable.expression)) {
      const r = this.rangeBounds(iterable);
      start = r.lb;
      end = r.ub;
      step = r.step;
      load = (i) => ({ kind: 'num', value: this.indexToNum(i) });
    } else {
      const k = this.kindOf(iterable);
      if (!isArrayKind(k)) this.fail(s.expression, `for...of over ${TYPE_NAMES[k]} is not supported (typed arrays, range(...) and array literals are)`);
      const arr = this.expr(iterable);
      start = this.indexConst(0);
      end = memref.DimOp.build(b, { source: arr.v, index: this.indexConst(0), location: this.loc }).results[0];
      const e = TYPED_ARRAYS[k];
      load = (i) => ({ kind: this.elementKind(e), value: this.fromElement(memref.LoadOp.build(b, { memref: arr.v, indices: [i], location: this.loc }).results[0], e) });
    }
    const vars = this.carried([s.statement]);
    this.buildLoop(s, labels, vars, [start], (frame, token, [i]) => {
      const stepV = this.indexConst(step);
      frame.cont = () =>
        scf.ContinueOp.build(b, {
          token,
          results: [...vars.map((v) => this.varValue(v)), arith.AddIOp.build(b, { lhs: i, rhs: stepV, location: this.loc }).results[0]],
          location: this.loc,
        });
      const more = arith.CmpIOp.build(b, { predicate: arith.CmpIPredicate.case.slt, lhs: i, rhs: end, location: this.loc }).results[0];
      this.breakUnless(more, frame);
      const x = load(i);
      this.env.set(sym, x);
      this.statement(s.statement);
    });
  }

  /** for...of over a list with break/continue: an execute_region per element (continue) inside one for the loop (break). */
  private unrolledWithExits(s: ts.ForOfStatement, labels: string[], sym: ts.Symbol, list: ts.ArrayLiteralExpression): void {
    const b = this.b;
    const values = this.listValues(s, list);
    const vars = this.carried([s.statement]);
    const types = vars.map((v) => mlirType(this.env.get(v)!.kind));
    const current = (): Value[] => vars.map((v) => this.varValue(v));
    const outer = scf.ExecuteRegionOp.create(b, { resultTypes: types, withToken: true, location: this.loc }, (_b, location, breakToken) =>
      this.inScope(() => {
        const frame: LoopFrame = { labels, node: s, brk: () => scf.BreakOp.build(b, { token: breakToken!, results: current(), location: this.loc }) };
        this.loops.push(frame);
        try {
          for (const x of values) {
            const inner = scf.ExecuteRegionOp.create(b, { resultTypes: types, withToken: true, location: this.loc }, (_b2, _loc, contToken) => {
              frame.cont = () => scf.BreakOp.build(b, { token: contToken!, results: current(), location: this.loc });
              this.regionBody(() => {
                this.env.set(sym, x);
                this.statement(s.statement);
              }, current);
            });
            vars.forEach((v, i) => (this.env.get(v)!.value = inner.results[i]));
          }
        } finally {
          this.loops.pop();
        }
        scf.YieldOp.build(b, { results: current(), location });
      }),
    );
    vars.forEach((v, i) => (this.env.get(v)!.value = outer.results[i]));
  }

  /** Loop-carried variables of a loop over `scope`: outer variables it assigns. */
  private carried(scope: readonly (ts.Node | undefined)[]): ts.Symbol[] {
    const vars = this.assignedOuter(scope);
    for (const s of vars) {
      const v = this.env.get(s)!;
      if (!v.value) v.value = this.zero(v.kind);
    }
    return vars;
  }

  private forStatement(s: ts.ForStatement): void {
    if (s.initializer) {
      if (ts.isVariableDeclarationList(s.initializer)) this.variableDeclarations(s.initializer);
      else this.expressionStatement(s.initializer);
    }
    const canonical = this.canonicalFor(s);
    if (canonical) {
      const { sym, lb, ub, step } = canonical;
      const vars = this.carried([s.statement]);
      this.buildFor(lb, ub, step, vars, (iv) => {
        const v = this.env.get(sym)!;
        v.value = this.indexToNum(iv);
        this.statement(s.statement);
      });
      // A `var` loop variable is visible after the loop: the first value not run.
      if (!(s.initializer!.flags & ts.NodeFlags.BlockScoped)) this.env.get(sym)!.value = this.indexToNum(this.loopExitValue(lb, ub, step));
      return;
    }
    this.whileLoop(s, s.condition, s.incrementor, s.statement);
  }

  /** max(lb, the first lb + k·step ≥ ub): the loop variable's value when a canonical loop ends. */
  private loopExitValue(lb: Value, ub: Value, step: Value): Value {
    const b = this.b;
    const location = this.loc;
    // lb + ceildiv(max(ub - lb, 0), step) * step
    const diff = arith.SubIOp.build(b, { lhs: ub, rhs: lb, location }).results[0];
    const pos = arith.MaxSIOp.build(b, { lhs: diff, rhs: this.indexConst(0), location }).results[0];
    const trips = arith.CeilDivSIOp.build(b, { lhs: pos, rhs: step, location }).results[0];
    const dist = arith.MulIOp.build(b, { lhs: trips, rhs: step, location }).results[0];
    return arith.AddIOp.build(b, { lhs: lb, rhs: dist, location }).results[0];
  }

  /**
   * `for (let i = A; i < B; i++)` (or `<=`, `i += c`, `++i`, `i = i + c`
   * with a positive integer constant c) where A is a known integer, B does
   * not change in the loop, and the body does not assign i: an scf.for.
   */
  private canonicalFor(s: ts.ForStatement): { sym: ts.Symbol; lb: Value; ub: Value; step: Value } | undefined {
    const init = s.initializer;
    if (!init || !ts.isVariableDeclarationList(init) || init.declarations.length !== 1) return undefined;
    const d = init.declarations[0];
    if (!ts.isIdentifier(d.name)) return undefined;
    const sym = this.symbolOf(d.name);
    if (!sym) return undefined;
    const v = this.env.get(sym);
    if (!v || v.kind !== 'num' || !v.value) return undefined;
    const lb = this.exactIndex(v.value);
    if (!lb) return undefined;
    const cond = s.condition && skipParens(s.condition);
    if (!cond || !ts.isBinaryExpression(cond)) return undefined;
    let op = cond.operatorToken.kind;
    let lhs = skipParens(cond.left);
    let rhs = cond.right;
    if (op === ts.SyntaxKind.GreaterThanToken || op === ts.SyntaxKind.GreaterThanEqualsToken) {
      [lhs, rhs] = [skipParens(cond.right), cond.left];
      op = op === ts.SyntaxKind.GreaterThanToken ? ts.SyntaxKind.LessThanToken : ts.SyntaxKind.LessThanEqualsToken;
    }
    if (op !== ts.SyntaxKind.LessThanToken && op !== ts.SyntaxKind.LessThanEqualsToken) return undefined;
    if (!ts.isIdentifier(lhs) || this.symbolOf(lhs) !== sym) return undefined;
    const step = this.constantStep(s.incrementor, sym);
    if (step === undefined) return undefined;
    // The bound must be loop-invariant and free of effects: evaluated once, before the loop.
    const assigned = new Set(this.assignedOuter([s.statement, s.incrementor, s.condition]));
    assigned.add(sym);
    if (!this.isInvariant(rhs, assigned)) return undefined;
    if (this.kindOf(rhs) !== 'num') return undefined;
    const bound = this.expr(rhs);
    const ub = this.upperBoundIndex(bound.v, lb, op === ts.SyntaxKind.LessThanEqualsToken);
    return { sym, lb, ub, step: this.indexConst(step) };
  }

  private constantStep(inc: ts.Expression | undefined, sym: ts.Symbol): number | undefined {
    if (!inc) return undefined;
    const e = skipParens(inc);
    const isSym = (x: ts.Expression): boolean => {
      const y = skipParens(x);
      return ts.isIdentifier(y) && this.symbolOf(y) === sym;
    };
    const intLit = (x: ts.Expression): number | undefined => {
      const y = skipParens(x);
      if (!ts.isNumericLiteral(y)) return undefined;
      const n = Number(y.text.replace(/_/g, ''));
      return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
    };
    if ((ts.isPostfixUnaryExpression(e) || ts.isPrefixUnaryExpression(e)) && e.operator === ts.SyntaxKind.PlusPlusToken && isSym(e.operand)) return 1;
    if (ts.isBinaryExpression(e) && isSym(e.left)) {
      if (e.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken) return intLit(e.right);
      if (e.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const r = skipParens(e.right);
        if (ts.isBinaryExpression(r) && r.operatorToken.kind === ts.SyntaxKind.PlusToken) {
          if (isSym(r.left)) return intLit(r.right);
          if (isSym(r.right)) return intLit(r.left);
        }
      }
    }
    return undefined;
  }

  /** Whether `e` reads only variables outside `assigned`, constants, lengths and arithmetic (no calls, no assignments). */
  private isInvariant(e: ts.Expression, assigned: Set<ts.Symbol>): boolean {
    return !contains(e, (n) => {
      if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isElementAccessExpression(n)) return true;
      if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return true;
      if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)) return true;
      if (ts.isIdentifier(n) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
        const s = this.symbolOf(n);
        if (s && assigned.has(s)) return true;
      }
      return false;
    });
  }

  /**
   * The index bound of `i < bound` (`i <= bound` when `inclusive`) for an
   * integer i starting at lb: ceil(bound) (floor(bound) + 1), not below lb
   * (a NaN bound runs no iteration), and at most 2^53.
   */
  private upperBoundIndex(bound: Value, lb: Value, inclusive: boolean): Value {
    const exact = this.exactIndex(bound);
    if (exact) return inclusive ? arith.AddIOp.build(this.b, { lhs: exact, rhs: this.indexConst(1), location: this.loc }).results[0] : exact;
    const b = this.b;
    const location = this.loc;
    let u: Value;
    if (inclusive) {
      const f = math.FloorOp.build(b, { operand: bound, location }).results[0];
      u = arith.AddFOp.build(b, { lhs: f, rhs: this.numConst(1), location }).results[0];
    } else u = math.CeilOp.build(b, { operand: bound, location }).results[0];
    const lbf = this.indexToNum(lb);
    const above = arith.CmpFOp.build(b, { predicate: arith.CmpFPredicate.case.ogt, lhs: u, rhs: lbf, location }).results[0];
    u = arith.SelectOp.build(b, { condition: above, true_value: u, false_value: lbf, location }).results[0];
    const max = this.numConst(2 ** 53);
    const below = arith.CmpFOp.build(b, { predicate: arith.CmpFPredicate.case.olt, lhs: u, rhs: max, location }).results[0];
    u = arith.SelectOp.build(b, { condition: below, true_value: u, false_value: max, location }).results[0];
    const i = arith.FPToSIOp.build(b, { in: u, out: IntegerType.get(64), location }).results[0];
    return arith.IndexCastOp.build(b, { in: i, out: IndexType.get(), location }).results[0];
  }

  /** An scf.for over [lb, ub) by step carrying `vars`; `body` sees the induction variable. */
  private buildFor(lb: Value, ub: Value, step: Value, vars: ts.Symbol[], body: (iv: Value) => void): void {
    const inits = vars.map((s) => this.varValue(s));
    const forOp = scf.ForOp.create(this.b, { lowerBound: lb, upperBound: ub, step, initArgs: inits, location: this.loc }, (_b, location, iv, iterArgs) =>
      this.inScope(() => {
        vars.forEach((s, i) => (this.env.get(s)!.value = iterArgs[i]));
        body(iv);
        scf.YieldOp.build(this.b, { results: vars.map((s) => this.varValue(s)), location });
      }),
    );
    vars.forEach((s, i) => (this.env.get(s)!.value = forOp.results[i]));
  }

  /** `for (; cond; update) body` and `while (cond) body` as scf.while. */
  private whileLoop(node: ts.ForStatement | undefined, cond: ts.Expression | undefined, update: ts.Expression | undefined, body: ts.Statement): void {
    void node;
    const vars = this.carried([cond, update, body]);
    const types = vars.map((s) => mlirType(this.env.get(s)!.kind));
    const whileOp = scf.WhileOp.create(
      this.b,
      { inits: vars.map((s) => this.varValue(s)), resultTypes: types, location: this.loc },
      (_b, location, args) =>
        this.inScope(() => {
          vars.forEach((s, i) => (this.env.get(s)!.value = args[i]));
          const c = cond ? this.condition(cond) : arith.ConstantOp.bool(this.b, true, location);
          scf.ConditionOp.build(this.b, { condition: c, args: vars.map((s) => this.varValue(s)), location });
        }),
      (_b, location, args) =>
        this.inScope(() => {
          vars.forEach((s, i) => (this.env.get(s)!.value = args[i]));
          this.statement(body);
          if (update) this.at(update, () => this.expressionStatement(update));
          scf.YieldOp.build(this.b, { results: vars.map((s) => this.varValue(s)), location });
        }),
    );
    vars.forEach((s, i) => (this.env.get(s)!.value = whileOp.results[i]));
  }

  private doWhile(s: ts.DoStatement): void {
    const vars = this.carried([s.statement, s.expression]);
    const types = vars.map((v) => mlirType(this.env.get(v)!.kind));
    const whileOp = scf.WhileOp.create(
      this.b,
      { inits: vars.map((v) => this.varValue(v)), resultTypes: types, location: this.loc },
      (_b, location, args) =>
        this.inScope(() => {
          vars.forEach((v, i) => (this.env.get(v)!.value = args[i]));
          this.statement(s.statement);
          const c = this.condition(s.expression);
          scf.ConditionOp.build(this.b, { condition: c, args: vars.map((v) => this.varValue(v)), location });
        }),
      (_b, location, args) => scf.YieldOp.build(this.b, { results: [...args], location }),
    );
    vars.forEach((v, i) => (this.env.get(v)!.value = whileOp.results[i]));
  }

  private forOfParts(s: ts.ForOfStatement): { sym: ts.Symbol; iterable: ts.Expression } {
    if (s.awaitModifier) this.fail(s, 'for await loops are not supported');
    const init = s.initializer;
    if (!ts.isVariableDeclarationList(init) || init.declarations.length !== 1 || !ts.isIdentifier(init.declarations[0].name))
      this.fail(init, 'for...of needs one declared loop variable');
    return { sym: this.symbolOf(init.declarations[0].name)!, iterable: skipParens(s.expression) };
  }

  /** The elements of a for...of list, evaluated before the loop as JavaScript does. */
  private listValues(s: ts.ForOfStatement, list: ts.ArrayLiteralExpression): Var[] {
    const decl = (s.initializer as ts.VariableDeclarationList).declarations[0];
    const kind = this.kindOfType(this.checker.getTypeAtLocation(decl.name), decl.name, 'loop variable type');
    return list.elements.map((el) => {
      if (ts.isSpreadElement(el) || ts.isOmittedExpression(el)) this.fail(el, 'spread and holes in a for...of list are not supported');
      return { kind, value: this.at(el, () => this.coerce(this.expr(el), kind, el)) };
    });
  }

  private forOf(s: ts.ForOfStatement): void {
    const { sym, iterable } = this.forOfParts(s);
    // A constant list: the body once per element (unrolled).
    if (ts.isArrayLiteralExpression(iterable)) {
      for (const x of this.listValues(s, iterable))
        this.inScopeKeeping(() => {
          this.env.set(sym, { ...x });
          this.statement(s.statement);
        });
      return;
    }
    if (ts.isCallExpression(iterable) && ts.isIdentifier(iterable.expression) && this.isScfkitRange(iterable.expression)) return this.forOfRange(s, sym, iterable);
    const k = this.kindOf(iterable);
    if (!isArrayKind(k)) this.fail(s.expression, `for...of over ${TYPE_NAMES[k]} is not supported (typed arrays, range(...) and array literals are)`);
    const arr = this.expr(iterable);
    const n = memref.DimOp.build(this.b, { source: arr.v, index: this.indexConst(0), location: this.loc }).results[0];
    const vars = this.carried([s.statement]);
    const elemKind = TYPED_ARRAYS[k];
    this.buildFor(this.indexConst(0), n, this.indexConst(1), vars, (iv) => {
      const x = memref.LoadOp.build(this.b, { memref: arr.v, indices: [iv], location: this.loc }).results[0];
      this.env.set(sym, { kind: this.elementKind(elemKind), value: this.fromElement(x, elemKind) });
      this.statement(s.statement);
    });
  }

  /** Runs `f`; the outer variables keep what it assigns (unrolled loop bodies are straight-line code). */
  private inScopeKeeping(f: () => void): void {
    const before = new Set(this.env.keys());
    f();
    for (const s of [...this.env.keys()]) if (!before.has(s)) this.env.delete(s);
  }

  private isScfkitRange(id: ts.Identifier): boolean {
    const s = this.symbolOf(id);
    return s !== undefined && s.name === 'range' && s.declarations?.some((d) => d.getSourceFile().fileName === SCFKIT_MODULE_FILE) === true;
  }

  private forOfRange(s: ts.ForOfStatement, sym: ts.Symbol, call: ts.CallExpression): void {
    const { lb, ub, step } = this.rangeBounds(call);
    const vars = this.carried([s.statement]);
    this.buildFor(lb, ub, this.indexConst(step), vars, (iv) => {
      this.env.set(sym, { kind: 'num', value: this.indexToNum(iv) });
      this.statement(s.statement);
    });
  }

  /** The index bounds of range(...) (its start must be a known integer, its step a positive integer literal). */
  private rangeBounds(call: ts.CallExpression): { lb: Value; ub: Value; step: number } {
    const args = call.arguments;
    if (args.length < 1 || args.length > 3) this.fail(call, 'range takes 1 to 3 arguments');
    const stepArg = args[2];
    let step = 1;
    if (stepArg) {
      const e = skipParens(stepArg);
      const n = ts.isNumericLiteral(e) ? Number(e.text.replace(/_/g, '')) : NaN;
      if (!Number.isInteger(n) || n <= 0) this.fail(stepArg, "range's step must be a positive integer literal");
      step = n;
    }
    const lbT = args.length >= 2 ? this.expr(args[0]) : { v: this.numConst(0), k: 'num' as Kind };
    const lb = this.exactIndex(lbT.v);
    if (!lb) this.fail(args[0], "range's start must be an integer known at compile time or a loop index (a general number start is not supported)");
    const ubT = this.expr(args.length >= 2 ? args[1] : args[0]);
    if (ubT.k !== 'num') this.fail(args[1] ?? args[0], 'range bounds must be numbers');
    return { lb, ub: this.upperBoundIndex(ubT.v, lb, false), step };
  }

  // ---- conversions

  private indexConst(n: number): Value {
    return arith.ConstantOp.index(this.b, n, this.loc);
  }

  private numConst(x: number): Value {
    return arith.ConstantOp.create(this.b, FloatAttr.get(FloatType.f64, x), this.loc);
  }

  /** The f64 of an index value (exact below 2^53), remembered as its index. */
  private indexToNum(i: Value): Value {
    const b = this.b;
    const i64 = arith.IndexCastOp.build(b, { in: i, out: IntegerType.get(64), location: this.loc }).results[0];
    const f = arith.SIToFPOp.build(b, { in: i64, out: FloatType.f64, location: this.loc }).results[0];
    this.indexOf.set(f, i);
    return f;
  }

  /** The index equal to an f64 value, when the value is known to be an integer (constant or converted index). */
  private exactIndex(x: Value): Value | undefined {
    const known = this.indexOf.get(x);
    if (known) return known;
    const c = this.constantNumber(x);
    if (c !== undefined && Number.isSafeInteger(c) && !Object.is(c, -0)) return this.indexConst(c);
    return undefined;
  }

  private constantNumber(x: Value): number | undefined {
    const def = arith.ConstantOp.definingOp(x);
    if (!def) return undefined;
    const a = arith.ConstantOp.value(def);
    return a instanceof FloatAttr ? a.value : undefined;
  }

  /** An index from a number used as an array index or length (truncated; out-of-range values fail at run time). */
  private toIndex(x: TV, node: ts.Node): Value {
    if (x.k === 'index') return x.v;
    if (x.k === 'i32' || x.k === 'i64') return arith.IndexCastOp.build(this.b, { in: x.v, out: IndexType.get(), location: this.loc }).results[0];
    if (x.k !== 'num') this.fail(node, `an index must be a number, not ${TYPE_NAMES[x.k]}`);
    const known = this.exactIndex(x.v);
    if (known) return known;
    const i = arith.FPToSIOp.build(this.b, { in: x.v, out: IntegerType.get(64), location: this.loc }).results[0];
    return arith.IndexCastOp.build(this.b, { in: i, out: IndexType.get(), location: this.loc }).results[0];
  }

  /** JavaScript's ToInt32 of an f64: truncate, wrap modulo 2^32; NaN and ±Infinity give 0. */
  private toInt32(x: Value): Value {
    const b = this.b;
    const location = this.loc;
    const known = this.indexOf.get(x);
    if (known) return arith.IndexCastOp.build(b, { in: known, out: IntegerType.get(32), location }).results[0];
    const r = arith.RemFOp.build(b, { lhs: x, rhs: this.numConst(2 ** 32), location }).results[0];
    const ord = arith.CmpFOp.build(b, { predicate: arith.CmpFPredicate.case.ord, lhs: r, rhs: r, location }).results[0];
    const safe = arith.SelectOp.build(b, { condition: ord, true_value: r, false_value: this.numConst(0), location }).results[0];
    const i64 = arith.FPToSIOp.build(b, { in: safe, out: IntegerType.get(64), location }).results[0];
    return arith.TruncIOp.build(b, { in: i64, out: IntegerType.get(32), location }).results[0];
  }

  private i32ToNum(x: Value, unsigned = false): Value {
    const location = this.loc;
    if (unsigned) return arith.UIToFPOp.build(this.b, { in: x, out: FloatType.f64, location }).results[0];
    return arith.SIToFPOp.build(this.b, { in: x, out: FloatType.f64, location }).results[0];
  }

  private elementKind(e: ElemKind): Kind {
    return e === 'i64' ? 'big' : 'num';
  }

  /** A loaded element as the value JavaScript reads. */
  private fromElement(x: Value, e: ElemKind): Value {
    const location = this.loc;
    switch (e) {
      case 'f64':
      case 'i64':
        return x;
      case 'f32':
        return arith.ExtFOp.build(this.b, { in: x, out: FloatType.f64, location }).results[0];
      case 'i32':
        return this.i32ToNum(x);
      case 'u8':
        return arith.UIToFPOp.build(this.b, { in: x, out: FloatType.f64, location }).results[0];
    }
  }

  /** A value as the element a store writes (JavaScript's conversions). */
  private toElement(x: Value, e: ElemKind): Value {
    const location = this.loc;
    switch (e) {
      case 'f64':
      case 'i64':
        return x;
      case 'f32':
        return arith.TruncFOp.build(this.b, { in: x, out: FloatType.f32, location }).results[0];
      case 'i32':
        return this.toInt32(x);
      case 'u8':
        return arith.TruncIOp.build(this.b, { in: this.toInt32(x), out: IntegerType.get(8), location }).results[0];
    }
  }

  /** `x` as a value of kind `k` (the checker has matched the types; aliases convert). */
  private coerce(x: TV, k: Kind, node: ts.Node): Value {
    if (x.k === k) return x.v;
    const location = this.loc;
    const b = this.b;
    // Numbers into aliases and back.
    if (x.k === 'num') {
      if (k === 'f32') return arith.TruncFOp.build(b, { in: x.v, out: FloatType.f32, location }).results[0];
      if (k === 'i32') return this.toInt32(x.v);
      if (k === 'i64') return arith.FPToSIOp.build(b, { in: x.v, out: IntegerType.get(64), location }).results[0];
      if (k === 'index') return this.toIndex(x, node);
    }
    if (k === 'num') return this.toNum(x, node);
    return this.fail(node, `cannot convert ${TYPE_NAMES[x.k]} to ${TYPE_NAMES[k]}`);
  }

  /** A numeric value as an f64 number. */
  private toNum(x: TV, node: ts.Node): Value {
    const location = this.loc;
    switch (x.k) {
      case 'num':
        return x.v;
      case 'f32':
        return arith.ExtFOp.build(this.b, { in: x.v, out: FloatType.f64, location }).results[0];
      case 'i32':
      case 'i64':
        return arith.SIToFPOp.build(this.b, { in: x.v, out: FloatType.f64, location }).results[0];
      case 'index':
        return this.indexToNum(x.v);
      default:
        return this.fail(node, `expected a number, found ${TYPE_NAMES[x.k]}`);
    }
  }

  /** JavaScript's ToBoolean as an i1. */
  private truthy(x: TV, node: ts.Node): Value {
    const b = this.b;
    const location = this.loc;
    switch (x.k) {
      case 'bool':
        return x.v;
      case 'num':
      case 'f32':
        return arith.CmpFOp.build(b, { predicate: arith.CmpFPredicate.case.one, lhs: x.v, rhs: this.zeroOf(x.v.type), location }).results[0];
      case 'big':
      case 'i32':
      case 'i64':
      case 'index':
        return arith.CmpIOp.build(b, { predicate: arith.CmpIPredicate.case.ne, lhs: x.v, rhs: this.zeroOf(x.v.type), location }).results[0];
      default:
        return this.fail(node, `a ${TYPE_NAMES[x.k]} used as a condition is not supported`);
    }
  }

  private zeroOf(t: Type): Value {
    if (t instanceof FloatType) return arith.ConstantOp.create(this.b, FloatAttr.get(t, 0), this.loc);
    return arith.ConstantOp.int(this.b, 0, t, this.loc);
  }

  private condition(e: ts.Expression): Value {
    return this.at(e, () => this.truthy(this.expr(e), e));
  }

  // ---- expressions

  private expr(e: ts.Expression): TV {
    return this.at(e, () => this.exprAt(e));
  }

  private exprAt(e: ts.Expression): TV {
    const b = this.b;
    const location = this.loc;
    if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) return this.expr(e.expression);
    if (ts.isAsExpression(e) || ts.isTypeAssertionExpression(e) || ts.isSatisfiesExpression(e)) {
      const x = this.expr(e.expression);
      const k = this.kindOf(e);
      return { v: this.coerce(x, k, e), k };
    }
    if (ts.isNumericLiteral(e)) {
      const k = this.kindOf(e);
      const n = Number(e.text.replace(/_/g, ''));
      if (k === 'num') return { v: this.numConst(n), k };
      return { v: this.coerce({ v: this.numConst(n), k: 'num' }, k, e), k };
    }
    if (ts.isBigIntLiteral(e)) {
      const n = BigInt(e.text.replace(/_/g, '').slice(0, -1));
      if (n >= 2n ** 63n) this.fail(e, 'bigint literal does not fit in 64 bits');
      return { v: arith.ConstantOp.int(b, n, IntegerType.get(64), location), k: 'big' };
    }
    if (e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword) return { v: arith.ConstantOp.bool(b, e.kind === ts.SyntaxKind.TrueKeyword, location), k: 'bool' };
    if (ts.isIdentifier(e)) return this.identifier(e);
    if (ts.isPrefixUnaryExpression(e)) return this.prefixUnary(e);
    if (ts.isPostfixUnaryExpression(e)) return this.increment(e.operand, e.operator === ts.SyntaxKind.PlusPlusToken, true, e);
    if (ts.isBinaryExpression(e)) return this.binary(e);
    if (ts.isConditionalExpression(e)) {
      const k = this.kindOf(e);
      const cond = this.condition(e.condition);
      const [v] = this.buildIf(
        cond,
        [e.whenTrue, e.whenFalse],
        [k],
        () => [this.coerce(this.expr(e.whenTrue), k, e.whenTrue)],
        () => [this.coerce(this.expr(e.whenFalse), k, e.whenFalse)],
      );
      return { v, k };
    }
    if (ts.isCallExpression(e)) {
      const r = this.call(e, false);
      if (!r) this.fail(e, 'a call without a value used as a value');
      return r;
    }
    if (ts.isNewExpression(e)) return this.newExpression(e);
    if (ts.isElementAccessExpression(e)) {
      const { arr, idx, elem } = this.elementRef(e);
      const x = memref.LoadOp.build(b, { memref: arr, indices: [idx], location }).results[0];
      return { v: this.fromElement(x, elem), k: this.elementKind(elem) };
    }
    if (ts.isPropertyAccessExpression(e)) return this.propertyAccess(e);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e)) this.fail(e, 'strings are supported only as arguments of console.log');
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) this.fail(e, 'function expressions (closures) are not supported');
    if (ts.isObjectLiteralExpression(e)) this.fail(e, 'object literals are not supported');
    if (ts.isArrayLiteralExpression(e)) this.fail(e, 'array literals are supported only as the list of a for...of loop');
    if (e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === 'undefined')) this.fail(e, 'null and undefined are not supported');
    return this.fail(e, `${describe(e)}s are not supported`);
  }

  private identifier(e: ts.Identifier): TV {
    if (e.text === 'NaN' || e.text === 'Infinity') {
      const s = this.symbolOf(e);
      if (!s || !this.env.has(s)) return { v: this.numConst(e.text === 'NaN' ? NaN : Infinity), k: 'num' };
    }
    if (e.text === 'undefined') this.fail(e, 'undefined is not supported');
    const s = this.symbolOf(e);
    if (!s) this.fail(e, `unknown name '${e.text}'`);
    const v = this.env.get(s);
    if (v) {
      if (!v.value) this.fail(e, `'${e.text}' is read before it is assigned`);
      return { v: v.value, k: v.kind };
    }
    const g = this.globals.get(s);
    if (g) {
      const k = this.kindOf(e);
      return { v: this.coerce(this.expr(g), k, e), k };
    }
    if (this.functions.has(s)) this.fail(e, 'functions as values are not supported');
    return this.fail(e, `'${e.text}' cannot be used here (only local variables, parameters and top-level constants are supported)`);
  }

  private prefixUnary(e: ts.PrefixUnaryExpression): TV {
    const b = this.b;
    const location = this.loc;
    switch (e.operator) {
      case ts.SyntaxKind.PlusPlusToken:
      case ts.SyntaxKind.MinusMinusToken:
        return this.increment(e.operand, e.operator === ts.SyntaxKind.PlusPlusToken, false, e);
      case ts.SyntaxKind.ExclamationToken: {
        const c = this.truthy(this.expr(e.operand), e.operand);
        return { v: arith.XOrIOp.build(b, { lhs: c, rhs: arith.ConstantOp.bool(b, true, location), location }).results[0], k: 'bool' };
      }
      case ts.SyntaxKind.MinusToken: {
        const x = this.expr(e.operand);
        if (x.k === 'num' || x.k === 'f32') return { v: arith.NegFOp.build(b, { operand: x.v, location }).results[0], k: x.k };
        if (x.k === 'big' || x.k === 'i32' || x.k === 'i64' || x.k === 'index')
          return { v: arith.SubIOp.build(b, { lhs: this.zeroOf(x.v.type), rhs: x.v, location }).results[0], k: x.k };
        return this.fail(e, `unary minus on ${TYPE_NAMES[x.k]} is not supported`);
      }
      case ts.SyntaxKind.PlusToken: {
        const x = this.expr(e.operand);
        return { v: this.toNum(x, e.operand), k: 'num' };
      }
      case ts.SyntaxKind.TildeToken: {
        const x = this.expr(e.operand);
        if (x.k === 'big') return { v: arith.XOrIOp.build(b, { lhs: x.v, rhs: arith.ConstantOp.int(b, -1, x.v.type, location), location }).results[0], k: 'big' };
        const i = this.toInt32(this.toNum(x, e.operand));
        const r = arith.XOrIOp.build(b, { lhs: i, rhs: arith.ConstantOp.int(b, -1, IntegerType.get(32), location), location }).results[0];
        return { v: this.i32ToNum(r), k: 'num' };
      }
    }
    return this.fail(e, `the operator '${ts.tokenToString(e.operator)}' is not supported`);
  }

  /** `x++`, `--x`, `a[i]++`...: the new value, or the old one when `postfix`. */
  private increment(target: ts.Expression, up: boolean, postfix: boolean, node: ts.Node): TV {
    const b = this.b;
    const location = this.loc;
    const step = (x: TV): Value => {
      if (x.k === 'num' || x.k === 'f32') {
        const one = arith.ConstantOp.create(b, FloatAttr.get(x.v.type as FloatType, 1), location);
        return (up ? arith.AddFOp : arith.SubFOp).build(b, { lhs: x.v, rhs: one, location }).results[0];
      }
      if (x.k === 'big' || x.k === 'i32' || x.k === 'i64' || x.k === 'index') {
        const one = arith.ConstantOp.int(b, 1, x.v.type, location);
        return (up ? arith.AddIOp : arith.SubIOp).build(b, { lhs: x.v, rhs: one, location }).results[0];
      }
      return this.fail(node, `++/-- on ${TYPE_NAMES[x.k]} is not supported`);
    };
    const t = skipParens(target);
    if (ts.isIdentifier(t)) {
      const old = this.identifier(t);
      const nv = step(old);
      this.assignVar(t, { v: nv, k: old.k });
      return postfix ? old : { v: nv, k: old.k };
    }
    if (ts.isElementAccessExpression(t)) {
      const { arr, idx, elem } = this.elementRef(t);
      const raw = memref.LoadOp.build(b, { memref: arr, indices: [idx], location }).results[0];
      const old = { v: this.fromElement(raw, elem), k: this.elementKind(elem) };
      const nv = step(old);
      memref.StoreOp.build(b, { value: this.toElement(nv, elem), memref: arr, indices: [idx], location });
      return postfix ? old : { v: this.fromElement(this.toElement(nv, elem), elem), k: old.k };
    }
    return this.fail(target, '++/-- needs a variable or an array element');
  }

  private assignVar(id: ts.Identifier, x: TV): Value {
    const s = this.symbolOf(id);
    const v = s && this.env.get(s);
    if (!v) return this.fail(id, `'${id.text}' cannot be assigned here (only local variables and parameters can)`);
    v.value = this.coerce(x, v.kind, id);
    return v.value;
  }

  private elementRef(e: ts.ElementAccessExpression): { arr: Value; idx: Value; elem: ElemKind } {
    const a = this.expr(e.expression);
    if (!isArrayKind(a.k)) this.fail(e.expression, `indexing ${TYPE_NAMES[a.k]} is not supported`);
    const i = this.expr(e.argumentExpression);
    return { arr: a.v, idx: this.toIndex(i, e.argumentExpression), elem: TYPED_ARRAYS[a.k] };
  }

  private propertyAccess(e: ts.PropertyAccessExpression): TV {
    const obj = skipParens(e.expression);
    const name = e.name.text;
    if (ts.isIdentifier(obj) && obj.text === 'Math' && name in MATH_CONSTANTS && this.isGlobal(obj)) return { v: this.numConst(MATH_CONSTANTS[name]), k: 'num' };
    if (ts.isIdentifier(obj) && obj.text === 'Number' && name in NUMBER_CONSTANTS && this.isGlobal(obj)) return { v: this.numConst(NUMBER_CONSTANTS[name]), k: 'num' };
    if (name === 'length') {
      const a = this.expr(obj);
      if (isArrayKind(a.k)) {
        const n = memref.DimOp.build(this.b, { source: a.v, index: this.indexConst(0), location: this.loc }).results[0];
        return { v: this.indexToNum(n), k: 'num' };
      }
    }
    return this.fail(e, `the property '${name}' is not supported`);
  }

  private isGlobal(id: ts.Identifier): boolean {
    const s = this.symbolOf(id);
    return s !== undefined && s.declarations?.some((d) => d.getSourceFile().fileName === LIB_FILE) === true;
  }

  private binary(e: ts.BinaryExpression): TV {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.EqualsToken) {
      const t = skipParens(e.left);
      if (ts.isIdentifier(t)) {
        const x = this.expr(e.right);
        const v = this.assignVar(t, x);
        return { v, k: this.env.get(this.symbolOf(t)!)!.kind };
      }
      if (ts.isElementAccessExpression(t)) {
        const { arr, idx, elem } = this.elementRef(t);
        const x = this.expr(e.right);
        const k = this.elementKind(elem);
        const v = this.coerce(x, k, e.right);
        memref.StoreOp.build(this.b, { value: this.toElement(v, elem), memref: arr, indices: [idx], location: this.loc });
        return { v, k };
      }
      return this.fail(e.left, 'assignment needs a variable or an array element');
    }
    if (op >= ts.SyntaxKind.FirstCompoundAssignment && op <= ts.SyntaxKind.LastCompoundAssignment) {
      const bin = compoundOperator(op);
      if (bin === undefined) this.fail(e.operatorToken, `the operator '${ts.tokenToString(op)}' is not supported`);
      const t = skipParens(e.left);
      if (ts.isIdentifier(t)) {
        const old = this.identifier(t);
        const nv = this.arith(bin, old, this.expr(e.right), e);
        const v = this.assignVar(t, nv);
        return { v, k: old.k };
      }
      if (ts.isElementAccessExpression(t)) {
        const { arr, idx, elem } = this.elementRef(t);
        const raw = memref.LoadOp.build(this.b, { memref: arr, indices: [idx], location: this.loc }).results[0];
        const old = { v: this.fromElement(raw, elem), k: this.elementKind(elem) };
        const nv = this.arith(bin, old, this.expr(e.right), e);
        const v = this.coerce(nv, old.k, e);
        memref.StoreOp.build(this.b, { value: this.toElement(v, elem), memref: arr, indices: [idx], location: this.loc });
        return { v, k: old.k };
      }
      return this.fail(e.left, 'compound assignment needs a variable or an array element');
    }
    if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken) return this.logical(e, op === ts.SyntaxKind.AmpersandAmpersandToken);
    if (op === ts.SyntaxKind.QuestionQuestionToken) this.fail(e.operatorToken, "'??' is not supported (there are no null values)");
    if (op === ts.SyntaxKind.CommaToken) {
      this.expr(e.left);
      return this.expr(e.right);
    }
    if (op === ts.SyntaxKind.InKeyword || op === ts.SyntaxKind.InstanceOfKeyword) this.fail(e.operatorToken, `'${ts.tokenToString(op)}' is not supported`);
    const l = this.expr(e.left);
    const r = this.expr(e.right);
    return this.at(e.operatorToken, () => this.arith(op, l, r, e));
  }

  /** `a && b`, `a || b`: the right operand runs only when needed; the result is an operand's value. */
  private logical(e: ts.BinaryExpression, and: boolean): TV {
    const k = this.kindOf(e);
    const l = this.expr(e.left);
    const lk = this.coerce(l, k, e.left);
    const c = this.truthy(l, e.left);
    const right = (): Value[] => [this.coerce(this.expr(e.right), k, e.right)];
    const left = (): Value[] => [lk];
    const [v] = this.buildIf(c, [e.right], [k], and ? right : left, and ? left : right);
    return { v, k };
  }

  /** A binary arithmetic, bitwise or comparison operator on two values. */
  private arith(op: ts.SyntaxKind, l: TV, r: TV, node: ts.Node): TV {
    const b = this.b;
    const location = this.loc;
    const K = ts.SyntaxKind;
    const cmpOps: Partial<Record<ts.SyntaxKind, [number, number, number]>> = {
      [K.LessThanToken]: [arith.CmpFPredicate.case.olt, arith.CmpIPredicate.case.slt, arith.CmpIPredicate.case.ult],
      [K.LessThanEqualsToken]: [arith.CmpFPredicate.case.ole, arith.CmpIPredicate.case.sle, arith.CmpIPredicate.case.ule],
      [K.GreaterThanToken]: [arith.CmpFPredicate.case.ogt, arith.CmpIPredicate.case.sgt, arith.CmpIPredicate.case.ugt],
      [K.GreaterThanEqualsToken]: [arith.CmpFPredicate.case.oge, arith.CmpIPredicate.case.sge, arith.CmpIPredicate.case.uge],
      [K.EqualsEqualsEqualsToken]: [arith.CmpFPredicate.case.oeq, arith.CmpIPredicate.case.eq, arith.CmpIPredicate.case.eq],
      [K.EqualsEqualsToken]: [arith.CmpFPredicate.case.oeq, arith.CmpIPredicate.case.eq, arith.CmpIPredicate.case.eq],
      [K.ExclamationEqualsEqualsToken]: [arith.CmpFPredicate.case.une, arith.CmpIPredicate.case.ne, arith.CmpIPredicate.case.ne],
      [K.ExclamationEqualsToken]: [arith.CmpFPredicate.case.une, arith.CmpIPredicate.case.ne, arith.CmpIPredicate.case.ne],
    };
    const cmp = cmpOps[op];
    const isFloat = (k: Kind): boolean => k === 'num' || k === 'f32';
    const isInt = (k: Kind): boolean => k === 'big' || k === 'i32' || k === 'i64' || k === 'index';
    if (cmp) {
      if (l.k !== r.k) {
        // Numbers compare with aliases as numbers.
        if ((l.k === 'num' || r.k === 'num') && !isArrayKind(l.k) && !isArrayKind(r.k) && l.k !== 'bool' && r.k !== 'bool' && l.k !== 'big' && r.k !== 'big')
          return this.arith(op, { v: this.toNum(l, node), k: 'num' }, { v: this.toNum(r, node), k: 'num' }, node);
        this.fail(node, `comparing ${TYPE_NAMES[l.k]} with ${TYPE_NAMES[r.k]} is not supported`);
      }
      if (isFloat(l.k)) return { v: arith.CmpFOp.build(b, { predicate: cmp[0], lhs: l.v, rhs: r.v, location }).results[0], k: 'bool' };
      if (isInt(l.k)) return { v: arith.CmpIOp.build(b, { predicate: cmp[1], lhs: l.v, rhs: r.v, location }).results[0], k: 'bool' };
      if (l.k === 'bool') {
        if (cmp[1] === arith.CmpIPredicate.case.eq || cmp[1] === arith.CmpIPredicate.case.ne)
          return { v: arith.CmpIOp.build(b, { predicate: cmp[1], lhs: l.v, rhs: r.v, location }).results[0], k: 'bool' };
        // false < true as numbers.
        return { v: arith.CmpIOp.build(b, { predicate: cmp[2], lhs: l.v, rhs: r.v, location }).results[0], k: 'bool' };
      }
      return this.fail(node, `comparing ${TYPE_NAMES[l.k]} values is not supported`);
    }
    // Bigints: i64 arithmetic.
    if (l.k === 'big' || r.k === 'big') {
      if (l.k !== r.k) this.fail(node, 'mixing bigint and other types is not supported (JavaScript throws a TypeError)');
      const intOps: Partial<Record<ts.SyntaxKind, (lhs: Value, rhs: Value) => Value>> = {
        [K.PlusToken]: (lhs, rhs) => arith.AddIOp.build(b, { lhs, rhs, location }).results[0],
        [K.MinusToken]: (lhs, rhs) => arith.SubIOp.build(b, { lhs, rhs, location }).results[0],
        [K.AsteriskToken]: (lhs, rhs) => arith.MulIOp.build(b, { lhs, rhs, location }).results[0],
        [K.SlashToken]: (lhs, rhs) => arith.DivSIOp.build(b, { lhs, rhs, location }).results[0],
        [K.PercentToken]: (lhs, rhs) => arith.RemSIOp.build(b, { lhs, rhs, location }).results[0],
        [K.AmpersandToken]: (lhs, rhs) => arith.AndIOp.build(b, { lhs, rhs, location }).results[0],
        [K.BarToken]: (lhs, rhs) => arith.OrIOp.build(b, { lhs, rhs, location }).results[0],
        [K.CaretToken]: (lhs, rhs) => arith.XOrIOp.build(b, { lhs, rhs, location }).results[0],
      };
      const f = intOps[op];
      if (!f) this.fail(node, `the operator '${ts.tokenToString(op)}' on bigints is not supported`);
      return { v: f(l.v, r.v), k: 'big' };
    }
    // Aliases (MLIR types): their own arithmetic when both sides are the same alias.
    if (l.k === r.k && (l.k === 'i32' || l.k === 'i64' || l.k === 'index' || l.k === 'f32')) {
      const v = this.aliasArith(op, l, r);
      if (v) return { v, k: l.k };
    }
    const x = this.toNum(l, node);
    const y = this.toNum(r, node);
    const f64 = (v: Value): TV => ({ v, k: 'num' });
    switch (op) {
      case K.PlusToken:
        return f64(arith.AddFOp.build(b, { lhs: x, rhs: y, location }).results[0]);
      case K.MinusToken:
        return f64(arith.SubFOp.build(b, { lhs: x, rhs: y, location }).results[0]);
      case K.AsteriskToken:
        return f64(arith.MulFOp.build(b, { lhs: x, rhs: y, location }).results[0]);
      case K.SlashToken:
        return f64(arith.DivFOp.build(b, { lhs: x, rhs: y, location }).results[0]);
      case K.PercentToken:
        return f64(arith.RemFOp.build(b, { lhs: x, rhs: y, location }).results[0]);
      case K.AsteriskAsteriskToken:
        return f64(this.pow(x, y));
      case K.AmpersandToken:
      case K.BarToken:
      case K.CaretToken: {
        const h = op === K.AmpersandToken ? arith.AndIOp : op === K.BarToken ? arith.OrIOp : arith.XOrIOp;
        return f64(this.i32ToNum(h.build(b, { lhs: this.toInt32(x), rhs: this.toInt32(y), location }).results[0]));
      }
      case K.LessThanLessThanToken:
      case K.GreaterThanGreaterThanToken:
      case K.GreaterThanGreaterThanGreaterThanToken: {
        const i32 = IntegerType.get(32);
        const count = arith.AndIOp.build(b, { lhs: this.toInt32(y), rhs: arith.ConstantOp.int(b, 31, i32, location), location }).results[0];
        const h = op === K.LessThanLessThanToken ? arith.ShLIOp : op === K.GreaterThanGreaterThanToken ? arith.ShRSIOp : arith.ShRUIOp;
        const v = h.build(b, { lhs: this.toInt32(x), rhs: count, location }).results[0];
        return f64(this.i32ToNum(v, op === K.GreaterThanGreaterThanGreaterThanToken));
      }
    }
    return this.fail(node, `the operator '${ts.tokenToString(op)}' is not supported`);
  }

  private aliasArith(op: ts.SyntaxKind, l: TV, r: TV): Value | undefined {
    const b = this.b;
    const location = this.loc;
    const K = ts.SyntaxKind;
    const lhs = l.v;
    const rhs = r.v;
    if (l.k === 'f32') {
      const h = op === K.PlusToken ? arith.AddFOp : op === K.MinusToken ? arith.SubFOp : op === K.AsteriskToken ? arith.MulFOp : op === K.SlashToken ? arith.DivFOp : op === K.PercentToken ? arith.RemFOp : undefined;
      return h?.build(b, { lhs, rhs, location }).results[0];
    }
    switch (op) {
      case K.PlusToken:
        return arith.AddIOp.build(b, { lhs, rhs, location }).results[0];
      case K.MinusToken:
        return arith.SubIOp.build(b, { lhs, rhs, location }).results[0];
      case K.AsteriskToken:
        return arith.MulIOp.build(b, { lhs, rhs, location }).results[0];
      case K.PercentToken:
        return arith.RemSIOp.build(b, { lhs, rhs, location }).results[0];
      case K.AmpersandToken:
        return arith.AndIOp.build(b, { lhs, rhs, location }).results[0];
      case K.BarToken:
        return arith.OrIOp.build(b, { lhs, rhs, location }).results[0];
      case K.CaretToken:
        return arith.XOrIOp.build(b, { lhs, rhs, location }).results[0];
    }
    return undefined;
  }

  // ---- calls

  private isConsoleLog(callee: ts.Expression): boolean {
    const c = skipParens(callee);
    return ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && c.expression.text === 'console' && c.name.text === 'log' && this.isGlobal(c.expression);
  }

  private consoleLog(call: ts.CallExpression): void {
    const strings: string[] = [''];
    const values: Value[] = [];
    const args = call.arguments;
    args.forEach((a, i) => {
      const sep = i === 0 ? '' : ' ';
      const e = skipParens(a);
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
        // util.format would substitute %-directives of a first string followed by more arguments.
        if (i === 0 && args.length > 1 && /%[sdifjoOc%]/.test(e.text)) this.fail(e, "console.log format directives ('%') are not supported");
        strings[strings.length - 1] += sep + e.text;
        return;
      }
      const x = this.expr(a);
      strings[strings.length - 1] += sep;
      let v: Value;
      let suffix = '';
      switch (x.k) {
        case 'num':
        case 'bool':
        case 'i32':
        case 'i64':
        case 'index':
          v = x.v;
          break;
        case 'f32':
          v = this.toNum(x, a);
          break;
        case 'big':
          v = x.v;
          suffix = 'n';
          break;
        default:
          return this.fail(a, `console.log of ${TYPE_NAMES[x.k]} is not supported`);
      }
      values.push(v);
      strings.push(suffix);
    });
    strings[strings.length - 1] += '\n';
    this.at(call, () => js.PrintOp.build(this.b, { values, strings, location: this.loc }));
  }

  /** A call; undefined for a call without a result. */
  private call(e: ts.CallExpression, asStatement: boolean): TV | undefined {
    const callee = skipParens(e.expression);
    if (this.isConsoleLog(callee)) {
      if (!asStatement) this.fail(e, 'console.log has no value');
      this.consoleLog(e);
      return undefined;
    }
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && this.isGlobal(callee.expression)) {
      const obj = callee.expression.text;
      const name = callee.name.text;
      if (obj === 'Math') return this.mathCall(name, e);
      if (obj === 'Number' && name === 'isNaN') {
        const x = this.expr(e.arguments[0]);
        if (x.k !== 'num' && x.k !== 'f32') return { v: arith.ConstantOp.bool(this.b, false, this.loc), k: 'bool' };
        return { v: arith.CmpFOp.build(this.b, { predicate: arith.CmpFPredicate.case.uno, lhs: x.v, rhs: x.v, location: this.loc }).results[0], k: 'bool' };
      }
      if (obj === 'BigInt' && (name === 'asIntN' || name === 'asUintN')) {
        const bits = skipParens(e.arguments[0]);
        if (name !== 'asIntN' || !ts.isNumericLiteral(bits) || bits.text !== '64') this.fail(e, 'only BigInt.asIntN(64, x) is supported (bigints are i64)');
        return this.expr(e.arguments[1]);
      }
      this.fail(e, `${obj}.${name} is not supported`);
    }
    if (ts.isIdentifier(callee) && callee.text === 'BigInt' && this.isGlobal(callee)) {
      const x = this.expr(e.arguments[0]);
      if (x.k === 'big') return x;
      const n = this.toNum(x, e.arguments[0]);
      return { v: arith.FPToSIOp.build(this.b, { in: n, out: IntegerType.get(64), location: this.loc }).results[0], k: 'big' };
    }
    if (ts.isIdentifier(callee)) {
      const s = this.symbolOf(callee);
      const f = s && this.functions.get(s);
      if (!f) this.fail(callee, `'${callee.text}' is not a function declared in this file`);
      if (e.arguments.length !== f.params.length) this.fail(e, `'${f.name}' takes ${f.params.length} arguments`);
      const operands = e.arguments.map((a, i) => this.coerce(this.expr(a), f.params[i], a));
      const results = f.result ? [mlirType(f.result)] : [];
      const op = this.at(e, () => func.CallOp.build(this.b, { callee: f.name, operands, results, location: this.loc }));
      return f.result ? { v: op.results[0], k: f.result } : undefined;
    }
    return this.fail(e, 'only calls of functions declared in this file, Math.*, Number.isNaN, BigInt and console.log are supported');
  }

  private mathCall(name: string, e: ts.CallExpression): TV {
    const b = this.b;
    const location = this.loc;
    const args = e.arguments.map((a) => {
      if (ts.isSpreadElement(a)) this.fail(a, 'spread arguments are not supported');
      return this.toNum(this.expr(a), a);
    });
    const num = (v: Value): TV => ({ v, k: 'num' });
    const arity = (n: number): void => {
      if (args.length !== n) this.fail(e, `Math.${name} takes ${n} argument${n === 1 ? '' : 's'} here`);
    };
    const unary = MATH_UNARY[name];
    if (unary) {
      arity(1);
      return num(unary(b, args[0], location));
    }
    const cmpf = (p: number, lhs: Value, rhs: Value): Value => arith.CmpFOp.build(b, { predicate: p, lhs, rhs, location }).results[0];
    const select = (c: Value, t: Value, f: Value): Value => arith.SelectOp.build(b, { condition: c, true_value: t, false_value: f, location }).results[0];
    switch (name) {
      case 'pow':
        arity(2);
        return num(this.pow(args[0], args[1]));
      case 'min':
      case 'max': {
        // minimumf/maximumf: NaN if any operand is NaN, and -0 < +0, as JavaScript.
        if (args.length === 0) return num(this.numConst(name === 'min' ? Infinity : -Infinity));
        const h = name === 'min' ? arith.MinimumFOp : arith.MaximumFOp;
        return num(args.slice(1).reduce((acc, x) => h.build(b, { lhs: acc, rhs: x, location }).results[0], args[0]));
      }
      case 'round': {
        // The integer nearest x, ties toward +Infinity; the sign of x is kept (-0.4 → -0).
        arity(1);
        const x = args[0];
        const f = math.FloorOp.build(b, { operand: x, location }).results[0];
        const d = arith.SubFOp.build(b, { lhs: x, rhs: f, location }).results[0];
        const up = cmpf(arith.CmpFPredicate.case.oge, d, this.numConst(0.5));
        const f1 = arith.AddFOp.build(b, { lhs: f, rhs: this.numConst(1), location }).results[0];
        const r = select(up, f1, f);
        return num(math.CopySignOp.build(b, { lhs: r, rhs: x, location }).results[0]);
      }
      case 'sign': {
        arity(1);
        const x = args[0];
        const zero = this.numConst(0);
        const pos = select(cmpf(arith.CmpFPredicate.case.ogt, x, zero), this.numConst(1), x);
        return num(select(cmpf(arith.CmpFPredicate.case.olt, x, zero), this.numConst(-1), pos));
      }
      case 'fround': {
        arity(1);
        const t = arith.TruncFOp.build(b, { in: args[0], out: FloatType.f32, location }).results[0];
        return num(arith.ExtFOp.build(b, { in: t, out: FloatType.f64, location }).results[0]);
      }
      case 'imul': {
        arity(2);
        const p = arith.MulIOp.build(b, { lhs: this.toInt32(args[0]), rhs: this.toInt32(args[1]), location }).results[0];
        return num(this.i32ToNum(p));
      }
      case 'hypot':
        return num(this.hypot(args));
    }
    return this.fail(e, `Math.${name} is not supported`);
  }

  /**
   * x ** y: C's pow (math.powf) where JavaScript agrees; JavaScript's NaN where
   * it does not (a NaN exponent, and ±1 to an infinite power, are 1 in C).
   */
  private pow(x: Value, y: Value): Value {
    const b = this.b;
    const location = this.loc;
    const cmpf = (p: number, lhs: Value, rhs: Value): Value => arith.CmpFOp.build(b, { predicate: p, lhs, rhs, location }).results[0];
    const p = js.PowOp.build(b, { lhs: x, rhs: y, location }).results[0];
    // Math.pow's NaN cases made explicit, so the lowering to C's pow (1 there) keeps them.
    const yNaN = cmpf(arith.CmpFPredicate.case.uno, y, y);
    const absX = math.AbsFOp.build(b, { operand: x, location }).results[0];
    const absY = math.AbsFOp.build(b, { operand: y, location }).results[0];
    const one = cmpf(arith.CmpFPredicate.case.oeq, absX, this.numConst(1));
    const inf = cmpf(arith.CmpFPredicate.case.oeq, absY, this.numConst(Infinity));
    const oneInf = arith.AndIOp.build(b, { lhs: one, rhs: inf, location }).results[0];
    const nan = arith.OrIOp.build(b, { lhs: yNaN, rhs: oneInf, location }).results[0];
    return arith.SelectOp.build(b, { condition: nan, true_value: this.numConst(NaN), false_value: p, location }).results[0];
  }

  /** V8's Math.hypot: Infinity if any is infinite, else NaN if any is NaN, else max·sqrt(Σ(x/max)²) with Kahan summation. */
  private hypot(args: Value[]): Value {
    const b = this.b;
    const location = this.loc;
    if (args.length === 0) return this.numConst(0);
    const abs = args.map((x) => math.AbsFOp.build(b, { operand: x, location }).results[0]);
    const cmpf = (p: number, lhs: Value, rhs: Value): Value => arith.CmpFOp.build(b, { predicate: p, lhs, rhs, location }).results[0];
    const select = (c: Value, t: Value, f: Value): Value => arith.SelectOp.build(b, { condition: c, true_value: t, false_value: f, location }).results[0];
    // max over the non-NaN values (maxnumf ignores NaN).
    const max = abs.slice(1).reduce((acc, x) => arith.MaxNumFOp.build(b, { lhs: acc, rhs: x, location }).results[0], abs[0]);
    let anyNaN = cmpf(arith.CmpFPredicate.case.uno, abs[0], abs[0]);
    for (const x of abs.slice(1)) anyNaN = arith.OrIOp.build(b, { lhs: anyNaN, rhs: cmpf(arith.CmpFPredicate.case.uno, x, x), location }).results[0];
    let sum = this.numConst(0);
    let comp = this.numConst(0);
    // A zero max would divide 0/0: divide by 1 then (the result is max·sqrt(...) = 0 anyway).
    const isZero = cmpf(arith.CmpFPredicate.case.oeq, max, this.numConst(0));
    const divisor = select(isZero, this.numConst(1), max);
    for (const x of abs) {
      const n = arith.DivFOp.build(b, { lhs: x, rhs: divisor, location }).results[0];
      const sq = arith.MulFOp.build(b, { lhs: n, rhs: n, location }).results[0];
      const summand = arith.SubFOp.build(b, { lhs: sq, rhs: comp, location }).results[0];
      const prelim = arith.AddFOp.build(b, { lhs: sum, rhs: summand, location }).results[0];
      const t = arith.SubFOp.build(b, { lhs: prelim, rhs: sum, location }).results[0];
      comp = arith.SubFOp.build(b, { lhs: t, rhs: summand, location }).results[0];
      sum = prelim;
    }
    const root = math.SqrtOp.build(b, { operand: sum, location }).results[0];
    let r: Value = arith.MulFOp.build(b, { lhs: root, rhs: max, location }).results[0];
    r = select(isZero, this.numConst(0), r);
    r = select(anyNaN, this.numConst(NaN), r);
    const inf = cmpf(arith.CmpFPredicate.case.oeq, max, this.numConst(Infinity));
    return select(inf, this.numConst(Infinity), r);
  }

  private newExpression(e: ts.NewExpression): TV {
    const c = skipParens(e.expression);
    if (!ts.isIdentifier(c) || !(c.text in TYPED_ARRAYS) || !this.isGlobal(c)) return this.fail(e, `'new' is supported only for typed arrays (${Object.keys(TYPED_ARRAYS).join(', ')})`);
    const k = c.text as ArrayName;
    const args = e.arguments ?? [];
    if (args.length !== 1) this.fail(e, `new ${k}(length) takes one argument (a length)`);
    const n = this.toIndex(this.expr(args[0]), args[0]);
    const b = this.b;
    const location = this.loc;
    const m = memref.AllocOp.build(b, { dynamicSizes: [n], symbolOperands: [], memref: mlirType(k), location }).results[0];
    // Typed arrays start zeroed.
    const elem = elemType(TYPED_ARRAYS[k]);
    const zero = elem instanceof FloatType ? arith.ConstantOp.create(b, FloatAttr.get(elem, 0), location) : arith.ConstantOp.int(b, 0, elem, location);
    scf.ForOp.create(b, { lowerBound: this.indexConst(0), upperBound: n, step: this.indexConst(1), location }, (_b, loc, iv) => {
      memref.StoreOp.build(b, { value: zero, memref: m, indices: [iv], location: loc });
      scf.YieldOp.build(b, { location: loc });
    });
    return { v: m, k };
  }
}

function compoundOperator(op: ts.SyntaxKind): ts.SyntaxKind | undefined {
  const K = ts.SyntaxKind;
  const table: Partial<Record<ts.SyntaxKind, ts.SyntaxKind>> = {
    [K.PlusEqualsToken]: K.PlusToken,
    [K.MinusEqualsToken]: K.MinusToken,
    [K.AsteriskEqualsToken]: K.AsteriskToken,
    [K.SlashEqualsToken]: K.SlashToken,
    [K.PercentEqualsToken]: K.PercentToken,
    [K.AsteriskAsteriskEqualsToken]: K.AsteriskAsteriskToken,
    [K.AmpersandEqualsToken]: K.AmpersandToken,
    [K.BarEqualsToken]: K.BarToken,
    [K.CaretEqualsToken]: K.CaretToken,
    [K.LessThanLessThanEqualsToken]: K.LessThanLessThanToken,
    [K.GreaterThanGreaterThanEqualsToken]: K.GreaterThanGreaterThanToken,
    [K.GreaterThanGreaterThanGreaterThanEqualsToken]: K.GreaterThanGreaterThanGreaterThanToken,
  };
  return table[op];
}

