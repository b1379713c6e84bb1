// The base classes of types and attributes. Both are immutable values that are
// uniqued: every factory returns the one object for a given structure, so
// identity (`===`) is equality, as in MLIR.

/** What a type or attribute needs from a printer to print itself. */
export interface AttrTypePrinter {
  write(text: string): void;
  /** Prints a type, using its alias when it has one. */
  printType(type: Type): void;
  /** Prints an attribute (with its `: type` suffix where MLIR prints one), using its alias when it has one. */
  printAttribute(attr: Attribute): void;
  /** Prints an attribute without the `: type` suffix of typed attributes. */
  printAttributeWithoutType(attr: Attribute): void;
  /**
   * The number `distinct[N]` prints for a distinct attribute: numbers are
   * given in print order, per printed buffer (0 when the printer keeps none).
   */
  distinctId?(attr: Attribute): number;
  /** Prints the alias of `element` and returns true if it has one (MLIR's AsmPrinter::printAlias). */
  tryPrintAlias?(element: Attribute | Type): boolean;
  /** `--mlir-elide-elementsattrs-if-larger`: non-splat elements attributes with more elements print as `dense_resource<__elided__>`. */
  readonly elideElementsAttrsIfLarger?: number;
}

/** MLIR's OpPrintingFlags::shouldElideElementsAttr: more elements than the printer's limit, and not a splat. */
export function shouldElideElements(p: AttrTypePrinter, numElements: number, isSplat: boolean): boolean {
  const limit = p.elideElementsAttrsIfLarger;
  return limit !== undefined && limit < numElements && !isSplat;
}

/** What an elided elements attribute prints instead of its body (MLIR's printElidedElementsAttr). */
export const ELIDED_ELEMENTS = 'dense_resource<__elided__>';

/** Hands out distinct-attribute numbers in first-use order (MLIR's DistinctState). */
export class DistinctIds {
  private readonly ids = new Map<Attribute, number>();
  get(attr: Attribute): number {
    let id = this.ids.get(attr);
    if (id === undefined) this.ids.set(attr, (id = this.ids.size));
    return id;
  }
}

/** Prints straight to a string, never using aliases. Used for uniquing keys and messages. */
export class PlainAttrTypePrinter implements AttrTypePrinter {
  out = '';
  private distinct: DistinctIds | undefined;
  distinctId(attr: Attribute): number {
    return (this.distinct ??= new DistinctIds()).get(attr);
  }
  write(text: string): void {
    this.out += text;
  }
  printType(type: Type): void {
    type.print(this);
  }
  printAttribute(attr: Attribute): void {
    attr.print(this);
  }
  printAttributeWithoutType(attr: Attribute): void {
    attr.printWithoutType(this);
  }
}

type SubElementVisitor = (element: Attribute | Type) => void;

// Numbers for hash tables keyed by structure (cse): uniqued objects, so one
// number per object is one per value, with no key string to print.
let lastUid = 0;

/**
 * What types and attributes share: both are uniqued, printed to a canonical
 * text that identifies them, and numbered.
 */
abstract class UniquedElement {
  // Assigned in the constructor, not class fields: a field is defined by the
  // base constructor on every subclass's instances, and V8's define-field
  // site, seeing dozens of maps, takes its runtime miss path each time (~3x a
  // megamorphic assignment).
  private declare cachedKey: string | undefined;
  /** A number unique to this element (elements are uniqued: equal elements, equal numbers). */
  declare readonly uid: number;
  /** Scratch of the printer's alias scan: the number of the last scan that saw this element. */
  declare printerScanMark: number;
  constructor() {
    this.cachedKey = undefined;
    this.uid = ++lastUid;
    this.printerScanMark = 0;
  }
  /** Prints the element's full text (not its alias). */
  abstract print(p: AttrTypePrinter): void;
  /** Visits the types and attributes nested directly in this one. */
  walkImmediateSubElements(_visit: SubElementVisitor): void {}
  /** The canonical text of the element, which identifies it. */
  get key(): string {
    if (this.cachedKey === undefined) {
      const p = new PlainAttrTypePrinter();
      this.print(p);
      this.cachedKey = p.out;
    }
    return this.cachedKey;
  }
  toString(): string {
    return this.key;
  }
  /** The dialect that owns the element ("builtin" for builtin ones). */
  get dialect(): string {
    return 'builtin';
  }
}

export abstract class Type extends UniquedElement {
  // A member of its own (declared only, no field) keeps Type nominal: without
  // one, every Attribute would type-check as a Type.
  private declare readonly typeBrand: undefined;
}

export abstract class Attribute extends UniquedElement {
  /** Prints the attribute without a trailing `: type`; the same as print() for untyped attributes. */
  printWithoutType(p: AttrTypePrinter): void {
    this.print(p);
  }
  /** The type of typed attributes (integers, floats, elements). */
  get type(): Type | undefined {
    return undefined;
  }
}

/**
 * How many elements of the kinds the builtin dialect gives printer aliases to
 * (affine maps, integer sets, large tuples) were ever created. While none
 * exist, no printer can print one, so the printer may skip collecting aliases
 * after checking the IR holds no locations inside attributes.
 */
let aliasableElements = 0;
export function noteAliasableElement(): void {
  aliasableElements++;
}
export function aliasableElementsCreated(): number {
  return aliasableElements;
}

const uniqueTypes = new Map<string, Type>();
const uniqueAttributes = new Map<string, Attribute>();

/** Identity numbers of interned elements, used to key their parents. */
const elementIds = new WeakMap<object, number>();
let nextElementId = 0;
function elementId(e: object): number {
  let id = elementIds.get(e);
  if (id === undefined) elementIds.set(e, (id = nextElementId++));
  return id;
}

/**
 * Prints one layer of an element: nested types and attributes appear as their
 * identity numbers. Since nested elements are already unique, this identifies
 * the element in time linear in its own size, however deeply it nests.
 */
class UniquingKeyPrinter implements AttrTypePrinter {
  out = '';
  write(text: string): void {
    this.out += text;
  }
  printType(type: Type): void {
    this.out += '\u0001T' + elementId(type);
  }
  printAttribute(attr: Attribute): void {
    this.out += '\u0001A' + elementId(attr);
  }
  printAttributeWithoutType(attr: Attribute): void {
    this.out += '\u0001a' + elementId(attr);
  }
  printNestedLocation(loc: Attribute): void {
    this.out += '\u0001L' + elementId(loc);
  }
}

function uniquingKey(e: Type | Attribute): string {
  const p = new UniquingKeyPrinter();
  e.print(p);
  return e.constructor.name + '\u0000' + p.out;
}

/** Returns the canonical instance structurally equal to `type`. */
export function uniqueType<T extends Type>(type: T): T {
  const key = uniquingKey(type);
  const found = uniqueTypes.get(key);
  if (found) return found as T;
  uniqueTypes.set(key, type);
  return type;
}

/** Returns the canonical instance structurally equal to `attr`. */
export function uniqueAttribute<T extends Attribute>(attr: T): T {
  const key = uniquingKey(attr);
  const found = uniqueAttributes.get(key);
  if (found) return found as T;
  uniqueAttributes.set(key, attr);
  return attr;
}

/** Where a trie node keeps the element found at the end of a key. */
const LEAF = Symbol('leaf');
type TrieNode = Map<unknown, unknown>;
/** A position in a `UniquingCache`'s trie (opaque). */
export type UniquingNode = object;

/**
 * A cache in front of the uniquing tables, keyed by an element's parts
 * (uniqued children, numbers, strings) compared by identity, so that the common
 * case finds an element without constructing it or printing a key. A miss goes
 * through the uniquing table, which stays the one source of canonical objects.
 * Keys must encode their own structure (e.g. list lengths) so that different
 * part sequences never mean the same element's parts differently.
 */
export class UniquingCache<T extends object> {
  private readonly rootNode: TrieNode = new Map();
  /** The cached element for `parts`, or the result of `make` (already uniqued), which is cached. */
  get(parts: readonly unknown[], make: () => T): T {
    let node = this.rootNode;
    for (let i = 0; i < parts.length; i++) {
      let child = node.get(parts[i]) as TrieNode | undefined;
      if (!child) node.set(parts[i], (child = new Map()));
      node = child;
    }
    let found = node.get(LEAF) as T | undefined;
    if (!found) node.set(LEAF, (found = make()));
    return found;
  }
  /**
   * The same lookup walked part by part, with no key list or closure per
   * lookup: `cache.found(UniquingCache.step(UniquingCache.step(cache.root, a), b))`,
   * then `cache.store(node, made)` on a miss.
   */
  get root(): UniquingNode {
    return this.rootNode;
  }
  static step(node: UniquingNode, part: unknown): UniquingNode {
    const n = node as TrieNode;
    let child = n.get(part) as TrieNode | undefined;
    if (child === undefined) n.set(part, (child = new Map()));
    return child;
  }
  found(node: UniquingNode): T | undefined {
    return (node as TrieNode).get(LEAF) as T | undefined;
  }
  store(node: UniquingNode, made: T): T {
    (node as TrieNode).set(LEAF, made);
    return made;
  }
}

export function typeToString(type: Type): string {
  return type.key;
}

export function attrToString(attr: Attribute): string {
  return attr.key;
}
