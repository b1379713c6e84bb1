// What the conversions to the llvm dialect share (MLIR's LLVMTypeConverter,
// the conversion driver's materializations and LLVM::lookupOrCreateFn /
// createPrintStrCall): index converts to an integer of the index bitwidth,
// memrefs to their descriptor structs, vectors to 1-D vectors (in arrays),
// complex numbers to structs, and types LLVM has no counterpart for (tensors,
// tuples, tf32, ...) to nothing, so that the op using them is not converted;
// a converted block argument keeps its uses through a source cast
// (`unrealized_conversion_cast %new : i64 to index`) at the block start, and
// an operand of an unconverted type reaches a converted op through one target
// cast per value, placed right after its definition (as MLIR's driver does).

import type { Attribute, Type } from '../ir/attributes.js';
import { DenseIntOrFPElementsAttr, IntegerAttr } from '../ir/builtin-attributes.js';
import { ComplexType, FloatType, FunctionType, IndexType, IntegerType, MemRefType, RankedTensorType, UnrankedMemRefType, VectorType } from '../ir/builtin-types.js';
import type { Context } from '../ir/context.js';
import { UnknownLoc, type Location } from '../ir/location.js';
import type { Block, BlockArgument, OpOperand, Operation, Value } from '../ir/operation.js';
import { PatternRewriter } from '../ir/pattern.js';
import type { OpOf } from '../ods/index.js';
import { lookupSymbolIn } from '../ir/symbol-table.js';
import { ModuleOp, UnrealizedConversionCastOp } from '../dialects/builtin/index.js';
import {
  AddressOfOp,
  CallOp,
  GEPOp,
  GlobalOp,
  LLVMArrayType,
  LLVMFuncOp,
  LLVMFunctionType,
  LLVMPointerType,
  LLVMStructType,
  LLVMType,
  LLVMVoidType,
  Linkage,
} from '../dialects/llvm/index.js';
import { isStrided } from '../dialects/memref/layout.js';

type ModuleOpT = OpOf<typeof ModuleOp>;

/** The float types LLVM has as such (the others convert to integers, or not at all). */
const LLVM_FLOATS = new Set(['f16', 'bf16', 'f32', 'f64', 'f80', 'f128']);

export class LLVMLowering {
  readonly rewriter: PatternRewriter;
  readonly indexType: IntegerType;
  /** Target casts made so far: value of an illegal type -> its converted value. */
  private readonly targetCasts = new Map<Value, Value>();
  /** Source casts made for converted block arguments (their input is the converted value). */
  private readonly sourceCasts = new Set<Operation>();
  private readonly convertedBlocks = new Set<Block>();
  /** Unchanged arguments of converted blocks, with the uses they had then (see `finish`). */
  private readonly keptArgs: { arg: BlockArgument; old: Set<OpOperand> }[] = [];

  constructor(
    readonly ctx: Context,
    indexBitwidth: number,
  ) {
    this.rewriter = new PatternRewriter(ctx);
    this.indexType = IntegerType.get(indexBitwidth);
  }

  /** Conversions made so far (null: `t` has none). */
  private readonly converted = new Map<Type, Type | null>();

  /** The type standing for `t` in the llvm dialect, or undefined where there is none. */
  convertType(t: Type): Type | undefined {
    let c = this.converted.get(t);
    // A failure is remembered too: its diagnostic (if any) is given once.
    if (c === undefined) this.converted.set(t, (c = this.computeConversion(t) ?? null));
    return c ?? undefined;
  }

  /** Whether every type in `types` has a conversion. */
  canConvertAll(types: readonly Type[]): boolean {
    return types.every((t) => this.convertType(t) !== undefined);
  }

  isLegal(t: Type): boolean {
    return this.convertType(t) === t;
  }

  private computeConversion(t: Type): Type | undefined {
    if (t instanceof IndexType) return this.indexType;
    if (t instanceof IntegerType) return t.signedness === 'signless' ? t : IntegerType.get(t.width);
    if (t instanceof FloatType) {
      if (LLVM_FLOATS.has(t.name)) return t;
      // The 4-, 6- and 8-bit float formats travel as integers of their width.
      return t.width <= 8 ? IntegerType.get(t.width) : undefined;
    }
    if (t instanceof VectorType) return this.convertVector(t);
    if (t instanceof ComplexType) {
      const e = this.convertType(t.elementType);
      return e === undefined ? undefined : LLVMStructType.getLiteral([e, e]);
    }
    if (t instanceof MemRefType) {
      const fields = this.memRefDescriptorFields(t);
      return fields === undefined ? undefined : LLVMStructType.getLiteral(fields);
    }
    // The rank, and a pointer to a ranked descriptor held in the default address space.
    if (t instanceof UnrankedMemRefType)
      return this.convertType(t.elementType) === undefined ? undefined : LLVMStructType.getLiteral([this.indexType, LLVMPointerType.get()]);
    // A function value is a pointer, whatever its signature.
    if (t instanceof FunctionType) return LLVMPointerType.get();
    if (t instanceof LLVMType) return t;
    return undefined;
  }

  /** A 0-D vector becomes a 1-element vector, an n-D one nested arrays of its innermost 1-D vectors. */
  private convertVector(t: VectorType): Type | undefined {
    const e = this.convertType(t.elementType);
    if (e === undefined) return undefined;
    const dims = t.shape;
    if (dims.length === 0) return VectorType.get([1], e);
    const last = dims.length - 1;
    let v: Type = VectorType.get([dims[last]], e, [t.scalableDims[last] ?? false]);
    for (let i = last - 1; i >= 0; i--) {
      // Only the innermost dimension may be scalable in LLVM.
      if (t.scalableDims[i]) return undefined;
      v = LLVMArrayType.get(dims[i], v);
    }
    return v;
  }

  /** A ranked memref's descriptor: allocated and aligned pointers, offset, sizes and strides. */
  private memRefDescriptorFields(t: MemRefType): Type[] | undefined {
    if (!isStrided(t)) {
      this.ctx.diagnostics.emit(
        'error',
        UnknownLoc.get(),
        'conversion to strided form failed either due to non-strided layout maps (which should have been normalized away) or other reasons',
      );
      return undefined;
    }
    if (this.convertType(t.elementType) === undefined) return undefined;
    const space = this.addressSpace(t.memorySpace);
    if (space === undefined) return undefined;
    const ptr = LLVMPointerType.get(space);
    const fields: Type[] = [ptr, ptr, this.indexType];
    const rank = t.shape.length;
    if (rank !== 0) fields.push(LLVMArrayType.get(rank, this.indexType), LLVMArrayType.get(rank, this.indexType));
    return fields;
  }

  /** The integer address space of a memory space (none: 0), or undefined after reporting one it cannot read. */
  private addressSpace(space: Attribute | undefined): number | undefined {
    if (space === undefined) return 0;
    if (space instanceof IntegerAttr) return Number(space.value);
    this.ctx.diagnostics.emit(
      'error',
      UnknownLoc.get(),
      `conversion of memref memory space ${space.key} to integer address space failed. Consider adding memory space conversions.`,
    );
    return undefined;
  }

  /** The conversion of a type the caller checked with `canConvertAll`. */
  private convertedType(t: Type): Type {
    const c = this.convertType(t);
    if (c === undefined) throw new Error(`LLVMLowering: no conversion for ${t.key} (the caller must check canConvertAll first)`);
    return c;
  }

  /**
   * The converted value standing for `v` (MLIR's remapped operand; its type
   * must have a conversion). A new target cast is at `location`, the op being
   * converted, as MLIR's remapValues; later uses reuse it.
   */
  remap(v: Value, location: Location): Value {
    if (this.isLegal(v.type)) return v;
    const def = v.definingOp;
    if (def && this.sourceCasts.has(def)) return UnrealizedConversionCastOp.inputs(UnrealizedConversionCastOp.cast(def))[0];
    const known = this.targetCasts.get(v);
    if (known) return known;
    const r = this.rewriter;
    const saved = r.insertionPoint;
    if (def) r.setInsertionPointAfter(def);
    else r.setInsertionPointToStart(v.parentBlock!);
    const cast = UnrealizedConversionCastOp.build(r, { inputs: [v], outputs: [this.convertedType(v.type)], location });
    r.insertionPoint = saved;
    const out = UnrealizedConversionCastOp.outputs(cast)[0];
    this.targetCasts.set(v, out);
    return out;
  }

  remapAll(vs: readonly Value[], location: Location): Value[] {
    return vs.map((v) => this.remap(v, location));
  }

  /**
   * Drops the source casts nothing uses any more (MLIR erases unused
   * unresolved materializations), and orders the uses of the unchanged
   * arguments of converted blocks as MLIR 22's replaceAllUsesWith at commit
   * does (--mlir-print-value-users): the uses the argument had, last first,
   * then those the lowered ops made (new branches forwarding it).
   */
  finish(): void {
    for (const { arg, old } of this.keptArgs) {
      const uses = [...arg.uses()];
      const order = [...uses.filter((u) => old.has(u)).reverse(), ...uses.filter((u) => !old.has(u))];
      // Each set() links at the front: last first.
      for (let i = order.length - 1; i >= 0; i--) order[i].set(arg);
    }
    this.keptArgs.length = 0;
    // MLIR 22 replaces each target materialization with the cast it builds
    // when the conversion commits: replaceAllUsesWith reverses the uses.
    for (const out of this.targetCasts.values()) {
      const uses = [...out.uses()];
      for (const u of uses) u.set(out);
    }
    for (const cast of this.sourceCasts) {
      if (!cast.results[0].hasUses) this.rewriter.eraseOp(cast);
      else {
        // Rebuilt when MLIR 22 commits: its use of the new argument comes first.
        const arg = UnrealizedConversionCastOp.inputs(UnrealizedConversionCastOp.cast(cast))[0];
        for (const u of [...arg.uses()]) if (u.owner === cast) u.set(arg);
      }
    }
    this.sourceCasts.clear();
  }

  /** Converts a branch target's argument types (once); used arguments keep their uses through a source cast. */
  convertBlockSignature(block: Block): void {
    if (this.convertedBlocks.has(block)) return;
    this.convertedBlocks.add(block);
    const r = this.rewriter;
    const saved = r.insertionPoint;
    // MLIR 22 moves the ops of a block whose signature changes to a new block
    // and, when the conversion commits, replaces each unchanged argument with
    // its new one; here the argument stays, and `finish` orders its uses as
    // that replacement leaves them.
    if (!block.args.every((a) => this.isLegal(a.type)))
      for (const arg of block.args) if (this.isLegal(arg.type) && arg.hasUses) this.keptArgs.push({ arg, old: new Set(arg.uses()) });
    for (const arg of block.args) {
      const oldType = arg.type;
      if (this.isLegal(oldType)) continue;
      arg.type = this.convertedType(oldType);
      if (!arg.hasUses) continue;
      const uses = [...arg.uses()];
      r.setInsertionPointToStart(block);
      // At the argument's location, as MLIR's source materialization for a converted block signature.
      const cast = UnrealizedConversionCastOp.build(r, { inputs: [arg], outputs: [oldType], location: arg.location });
      this.sourceCasts.add(cast);
      const out = UnrealizedConversionCastOp.outputs(cast)[0];
      // Last use first: each set() links at the front, so the uses keep their
      // order, as mlir-opt 22 shows them (--mlir-print-value-users).
      for (let i = uses.length - 1; i >= 0; i--) uses[i].set(out);
    }
    r.insertionPoint = saved;
  }
}

/** The module an op lives in (where runtime declarations and globals go). */
export function parentModule(op: Operation): ModuleOpT {
  for (let o: Operation | null = op.parentOp; o; o = o.parentOp) if (ModuleOp.isa(o)) return o;
  throw new Error('op is not inside a builtin.module');
}

/**
 * LLVM::lookupOrCreateFn: finds `name` in the module, or declares it at the
 * module's start, at the module's location unless `location` is given.
 */
export function lookupOrCreateFn(
  r: PatternRewriter,
  module: ModuleOpT,
  name: string,
  params: readonly Type[],
  result: Type = LLVMVoidType.get(),
  location: Location = module.location,
): void {
  if (lookupSymbolIn(module, name)) return;
  const saved = r.insertionPoint;
  r.setInsertionPointToStart(ModuleOp.body(module));
  LLVMFuncOp.build(r, {
    sym_name: name,
    function_type: LLVMFunctionType.get(result, params),
    location,
  });
  r.insertionPoint = saved;
}

/**
 * ensureSymbolNameIsUnique: `base`, else `base_N` with N from one counter
 * that only grows (MLIR's is a function-local static, so it spans every pass
 * of one mlir-opt run; here it lives as long as the context).
 */
const uniquingCounters = new WeakMap<Context, { n: number }>();
function uniqueSymbolName(ctx: Context, module: ModuleOpT, base: string): string {
  let counter = uniquingCounters.get(ctx);
  if (!counter) uniquingCounters.set(ctx, (counter = { n: 0 }));
  let name = base;
  while (lookupSymbolIn(module, name)) name = `${base}_${counter.n++}`;
  return name;
}

/**
 * LLVM::createPrintStrCall: the string (NUL-terminated) as a private constant
 * global at the module's start, the print function declared, and at the
 * insertion point its address passed to the function.
 */
export function createPrintStrCall(r: PatternRewriter, loc: Location, module: ModuleOpT, symbolName: string, str: string, printFn: string): void {
  const bytes = [...new TextEncoder().encode(str), 0].map((b) => BigInt(b));
  const i8 = IntegerType.get(8);
  const arrayType = LLVMArrayType.get(bytes.length, i8);
  const saved = r.insertionPoint;
  r.setInsertionPointToStart(ModuleOp.body(module));
  const name = uniqueSymbolName(r.ctx, module, symbolName);
  GlobalOp.build(r, {
    global_type: arrayType,
    constant: true,
    sym_name: name,
    linkage: Linkage.attr(Linkage.case.private),
    value: DenseIntOrFPElementsAttr.get(RankedTensorType.get([bytes.length], i8), bytes),
    location: loc,
  });
  r.insertionPoint = saved;
  const ptr = LLVMPointerType.get();
  lookupOrCreateFn(r, module, printFn, [ptr]);
  const addr = AddressOfOp.build(r, { global_name: name, res: ptr, location: loc });
  const gep = GEPOp.build(r, { base: AddressOfOp.res(addr), rawConstantIndices: [0n], elem_type: arrayType, res: ptr, location: loc });
  CallOp.build(r, { callee_operands: [GEPOp.res(gep)], callee: printFn, op_bundle_sizes: [], location: loc });
}

