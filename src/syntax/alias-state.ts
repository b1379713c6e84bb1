// Alias generation for the printer, after MLIR's AliasInitializer: which
// attributes and types get `#name = ...` / `!name = ...` definitions, their
// names (`#map`, `#map1`, ...), their order, and which are deferred to the end
// of the file (locations).

import { Attribute, type AttrTypePrinter, DistinctIds, Type } from '../ir/attributes.js';
import type { Context } from '../ir/context.js';
import {
  AffineMapAttr,
  ArrayAttr,
  DenseArrayAttr,
  DictionaryAttr,
  DistinctAttr,
  FloatAttr,
  IntegerAttr,
  IntegerSetAttr,
  TypeAttr,
  UnitAttr,
} from '../ir/builtin-attributes.js';
import { MemRefType, NoneType, TupleType } from '../ir/builtin-types.js';
import { CallSiteLoc, FusedLoc, Location, NameLoc, UnknownLoc } from '../ir/location.js';
import { realLocation } from './attribute-parser.js';

type Element = Attribute | Type;

/** The builtin dialect's OpAsmDialectInterface::getAlias. */
export function builtinGetAlias(element: Element): string | undefined {
  if (element instanceof Attribute) {
    if (element instanceof AffineMapAttr) return 'map';
    if (element instanceof IntegerSetAttr) return 'set';
    if (element instanceof Location) return 'loc';
    // A distinct unit attribute prints as `distinct[N]<>` in place.
    if (element instanceof DistinctAttr) return element.referencedAttr instanceof UnitAttr ? undefined : 'distinct';
    return undefined;
  }
  if (element instanceof TupleType && element.size > 16) return 'tuple';
  return undefined;
}

interface Info {
  readonly element: Element;
  readonly index: number;
  alias: string | undefined;
  depth: number;
  readonly isType: boolean;
  canBeDeferred: boolean;
  children: number[];
}

interface FinalAlias {
  readonly element: Element;
  readonly name: string;
  readonly isType: boolean;
  readonly canBeDeferred: boolean;
  printed: boolean;
}

function sanitize(name: string): string {
  const valid = (c: string): boolean => /[A-Za-z0-9$_-]/.test(c);
  const copy = (): string => {
    let out = '';
    for (const c of name) {
      if (valid(c)) out += c;
      else if (c === ' ') out += '_';
      else out += c.charCodeAt(0).toString(16).toUpperCase();
    }
    return out;
  };
  if (/[0-9]/.test(name[0]) || (!valid(name[0]) && name[0] !== ' ')) return '_' + copy();
  for (const c of name) if (!valid(c)) return copy();
  return name;
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

export interface AliasOptions {
  printDebugInfo: boolean;
}

export class AliasState {
  private readonly infos = new Map<Element, Info>();
  private readonly list: Info[] = [];
  private final = new Map<Element, FinalAlias>();
  private ordered: FinalAlias[] = [];
  private readonly aliasHooks: ((e: Element) => string | undefined)[] = [];
  /** The `distinct[N]` numbers of the buffer being printed. */
  readonly distinctIds = new DistinctIds();

  constructor(
    readonly ctx: Context,
    readonly options: AliasOptions,
  ) {
    // The builtin dialect's aliases are overridable: other dialects' hooks go first.
    for (const name of ctx.dialectNames) {
      const d = ctx.getDialect(name);
      if (name !== 'builtin' && d?.getAlias) this.aliasHooks.push(d.getAlias.bind(d));
    }
    this.aliasHooks.push(builtinGetAlias);
  }

  visitType(t: Type, canBeDeferred = false): void {
    this.visit(t, canBeDeferred, false);
  }

  /** Visits an attribute; `canBeDeferred` for op locations, `elideType` for attributes printed without their type. */
  visitAttribute(a: Attribute, canBeDeferred = false, elideType = false): void {
    this.visit(a, canBeDeferred, elideType);
  }

  private generateAlias(e: Element): string | undefined {
    let name: string | undefined;
    for (const hook of this.aliasHooks) {
      const n = hook(e);
      if (n) {
        name = n;
        break;
      }
    }
    return name ? sanitize(name) : undefined;
  }

  /** Returns [depth, index]. */
  private visit(e: Element, canBeDeferred: boolean, elideType: boolean): [number, number] {
    if (e instanceof Location) e = realLocation(e);
    const existing = this.infos.get(e);
    if (existing) {
      if (!canBeDeferred) this.markNonDeferrable(existing.index);
      return [existing.depth, existing.index];
    }
    const alias = this.generateAlias(e);
    const info: Info = {
      element: e,
      index: this.list.length,
      alias,
      depth: alias ? 1 : 0,
      isType: e instanceof Type,
      canBeDeferred,
      children: [],
    };
    this.infos.set(e, info);
    this.list.push(info);
    let maxDepth = 0;
    const child = (c: Element, elide = false): void => {
      const [d, i] = this.visit(c, canBeDeferred, elide);
      info.children.push(i);
      if (d > maxDepth) maxDepth = d;
    };
    if (e instanceof Type) this.visitTypeChildren(e, child);
    else this.visitAttributeChildren(e, elideType, child);
    if (maxDepth) info.depth = maxDepth + 1;
    return [info.depth, info.index];
  }

  private visitTypeChildren(t: Type, child: (c: Element) => void): void {
    if (t instanceof MemRefType) {
      child(t.elementType);
      if (t.layoutAttr) child(t.layoutAttr);
      if (t.memorySpace) child(t.memorySpace);
      return;
    }
    t.walkImmediateSubElements(child);
  }

  private visitAttributeChildren(a: Attribute, elideType: boolean, child: (c: Element, elide?: boolean) => void): void {
    if (a.dialect !== 'builtin') {
      a.walkImmediateSubElements(child);
      return;
    }
    if (
      a instanceof AffineMapAttr ||
      a instanceof DenseArrayAttr ||
      a instanceof FloatAttr ||
      a instanceof IntegerAttr ||
      a instanceof IntegerSetAttr ||
      a instanceof UnitAttr
    )
      return;
    if (a instanceof DictionaryAttr) {
      for (const [, v] of a.entries) child(v);
    } else if (a instanceof ArrayAttr) {
      for (const v of a.elements) child(v);
    } else if (a instanceof TypeAttr) {
      child(a.value);
    } else if (a instanceof NameLoc) {
      if (!(a.child instanceof UnknownLoc)) child(realLocation(a.child));
    } else if (a instanceof CallSiteLoc) {
      child(realLocation(a.callee));
      child(realLocation(a.caller));
    } else if (a instanceof FusedLoc) {
      if (a.metadata) child(a.metadata);
      for (const l of a.locations) child(realLocation(l));
    } else if (a instanceof DistinctAttr) {
      a.walkImmediateSubElements(child);
    }
    if (!elideType) {
      const t = a.type;
      if (t && !(t instanceof NoneType)) child(t);
    }
  }

  private markNonDeferrable(index: number): void {
    const info = this.list[index];
    if (!info.canBeDeferred) return;
    info.canBeDeferred = false;
    for (const c of info.children) this.markNonDeferrable(c);
  }

  /** Assigns names and order; call once after the collection pass. */
  finalize(): void {
    const aliased = this.list.filter((i) => i.alias !== undefined);
    aliased.sort((a, b) => {
      if (a.depth !== b.depth) return a.depth - b.depth;
      if (a.isType !== b.isType) return a.isType ? -1 : 1;
      return a.alias! < b.alias! ? -1 : a.alias! > b.alias! ? 1 : 0;
    });
    const used = new Set<string>();
    const counts = new Map<string, number>();
    this.final = new Map();
    this.ordered = [];
    for (const info of aliased) {
      const alias = info.alias!;
      let name: string;
      if (!used.has(alias)) {
        used.add(alias);
        name = alias;
      } else {
        const probe = isDigit(alias[alias.length - 1]) ? alias + '_' : alias;
        if (!counts.get(probe)) counts.set(probe, 1);
        for (;;) {
          const idx = counts.get(probe)!;
          counts.set(probe, idx + 1);
          const cand = probe + idx;
          if (!used.has(cand)) {
            used.add(cand);
            name = cand;
            break;
          }
        }
      }
      const f: FinalAlias = {
        element: info.element,
        name: (info.isType ? '!' : '#') + name,
        isType: info.isType,
        canBeDeferred: info.canBeDeferred,
        printed: false,
      };
      this.final.set(info.element, f);
      this.ordered.push(f);
    }
  }

  /** The alias to print for `e` (`#map1`, `!tuple`), if any. Type aliases are usable once defined. */
  aliasOf(e: Type | Attribute): string | undefined {
    if (e instanceof Location) e = realLocation(e);
    const f = this.final.get(e);
    if (!f) return undefined;
    if (f.isType && !f.printed) return undefined;
    return f.name;
  }

  /**
   * The definition lines (`#map = affine_map<...>\n`) of the non-deferred
   * aliases (top of the file) or of the deferred ones (end of the file).
   * The text is built by an internal alias-aware printer; `_p` is unused.
   */
  printDefinitions(_p: AttrTypePrinter | undefined, deferred: boolean): string {
    let out = '';
    for (const f of this.ordered) {
      if (f.canBeDeferred !== deferred) continue;
      const pr = new AliasPrinter(this);
      if (f.isType) {
        (f.element as Type).print(pr);
        f.printed = true;
      } else {
        (f.element as Attribute).print(pr);
      }
      out += f.name + ' = ' + pr.out + '\n';
    }
    return out;
  }
}

/** Prints to a string, using the aliases of an AliasState for nested elements. */
export class AliasPrinter implements AttrTypePrinter {
  out = '';
  constructor(private readonly aliases: AliasState) {}
  write(text: string): void {
    this.out += text;
  }
  distinctId(attr: Attribute): number {
    return this.aliases.distinctIds.get(attr);
  }
  tryPrintAlias(element: Attribute | Type): boolean {
    const a = this.aliases.aliasOf(element);
    if (a) this.out += a;
    return a !== undefined;
  }
  printType(type: Type): void {
    const a = this.aliases.aliasOf(type);
    if (a) this.out += a;
    else type.print(this);
  }
  printAttribute(attr: Attribute): void {
    const a = this.aliases.aliasOf(attr);
    if (a) this.out += a;
    else attr.print(this);
  }
  printAttributeWithoutType(attr: Attribute): void {
    const a = this.aliases.aliasOf(attr);
    if (a) this.out += a;
    else attr.printWithoutType(this);
  }
  printNestedLocation(loc: Location): void {
    const a = this.aliases.aliasOf(loc);
    if (a) this.out += a;
    else realLocation(loc).printBody(this);
  }
}
