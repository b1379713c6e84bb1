// Source locations, which are attributes in MLIR (`loc(...)`).

import { Attribute, type AttrTypePrinter, uniqueAttribute } from './attributes.js';

export abstract class Location extends Attribute {
  /** Prints the location's body: what goes inside `loc(...)`. */
  abstract printBody(p: AttrTypePrinter): void;
  print(p: AttrTypePrinter): void {
    p.write('loc(');
    this.printBody(p);
    p.write(')');
  }
  /** The first file/line/column position inside this location, if any. */
  abstract fileLineCol(): FileLineColLoc | undefined;
}

export function escapeString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5c) out += '\\\\';
    else if (c >= 0x20 && c < 0x7f && c !== 0x22) out += s[i];
    else out += '\\' + (c < 16 ? '0' : '') + c.toString(16).toUpperCase();
  }
  return out + '"';
}

export class UnknownLoc extends Location {
  private static instance: UnknownLoc | undefined;
  static get(): UnknownLoc {
    return (UnknownLoc.instance ??= new UnknownLoc());
  }
  printBody(p: AttrTypePrinter): void {
    p.write('unknown');
  }
  fileLineCol(): undefined {
    return undefined;
  }
}

/** `"file":line:col`, optionally a range `"file":line:col to line:col`. */
export class FileLineColLoc extends Location {
  private constructor(
    readonly filename: string,
    readonly line: number,
    readonly column: number,
    readonly endLine?: number,
    readonly endColumn?: number,
  ) {
    super();
  }
  /**
   * The parser makes one location per op: plain locations are uniqued here,
   * keyed by numbers, rather than by printing a uniquing key (only this
   * factory creates FileLineColLocs, so this table is the only one for them).
   */
  private static readonly byFile = new Map<string, Map<number, FileLineColLoc>>();
  private static readonly byFileWide = new Map<string, Map<number, FileLineColLoc>>();
  /** The small-key table last used: one file is parsed at a time, so most lookups skip the by-file map. */
  private static lastFile: string | undefined = undefined;
  private static lastTable: Map<number, FileLineColLoc> | undefined = undefined;
  static get(filename: string, line: number, column: number, endLine?: number, endColumn?: number): FileLineColLoc {
    // line * 2^32 + column is exact while line < 2^21; keys below 2^30 are
    // small integers (no heap number per entry).
    if (endColumn !== undefined || endLine !== undefined || line >= 0x200000 || column >= 0x100000000 || line < 0 || column < 0)
      return uniqueAttribute(new FileLineColLoc(filename, line, column, endLine, endColumn));
    const small = line < 0x100000 && column < 0x400;
    let forFile: Map<number, FileLineColLoc>;
    if (small && filename === FileLineColLoc.lastFile && FileLineColLoc.lastTable !== undefined) forFile = FileLineColLoc.lastTable;
    else {
      const tables = small ? FileLineColLoc.byFile : FileLineColLoc.byFileWide;
      const table = tables.get(filename);
      forFile = table ?? new Map<number, FileLineColLoc>();
      if (table === undefined) tables.set(filename, forFile);
      if (small) {
        FileLineColLoc.lastFile = filename;
        FileLineColLoc.lastTable = forFile;
      }
    }
    const k = small ? line * 0x400 + column : line * 0x100000000 + column;
    let loc = forFile.get(k);
    if (!loc) forFile.set(k, (loc = new FileLineColLoc(filename, line, column)));
    return loc;
  }
  printBody(p: AttrTypePrinter): void {
    p.write(`${escapeString(this.filename)}:${this.line}:${this.column}`);
    if (this.endColumn !== undefined) {
      p.write(' to ');
      if (this.endLine !== undefined && this.endLine !== this.line) p.write(String(this.endLine));
      p.write(`:${this.endColumn}`);
    }
  }
  fileLineCol(): FileLineColLoc {
    return this;
  }
}

export class NameLoc extends Location {
  private constructor(readonly name: string, readonly child: Location) {
    super();
  }
  static get(name: string, child: Location = UnknownLoc.get()): NameLoc {
    return uniqueAttribute(new NameLoc(name, child));
  }
  printBody(p: AttrTypePrinter): void {
    p.write(escapeString(this.name));
    if (!(this.child instanceof UnknownLoc)) {
      p.write('(');
      printNestedLocation(p, this.child);
      p.write(')');
    }
  }
  override walkImmediateSubElements(visit: (e: Attribute) => void): void {
    visit(this.child);
  }
  fileLineCol(): FileLineColLoc | undefined {
    return this.child.fileLineCol();
  }
}

export class CallSiteLoc extends Location {
  private constructor(readonly callee: Location, readonly caller: Location) {
    super();
  }
  static get(callee: Location, caller: Location): CallSiteLoc {
    return uniqueAttribute(new CallSiteLoc(callee, caller));
  }
  printBody(p: AttrTypePrinter): void {
    p.write('callsite(');
    printNestedLocation(p, this.callee);
    p.write(' at ');
    printNestedLocation(p, this.caller);
    p.write(')');
  }
  override walkImmediateSubElements(visit: (e: Attribute) => void): void {
    visit(this.callee);
    visit(this.caller);
  }
  fileLineCol(): FileLineColLoc | undefined {
    return this.callee.fileLineCol() ?? this.caller.fileLineCol();
  }
}

export class FusedLoc extends Location {
  private constructor(readonly locations: readonly Location[], readonly metadata: Attribute | undefined) {
    super();
  }
  static get(locations: readonly Location[], metadata?: Attribute): FusedLoc {
    return uniqueAttribute(new FusedLoc(locations, metadata));
  }
  printBody(p: AttrTypePrinter): void {
    p.write('fused');
    if (this.metadata) {
      p.write('<');
      p.printAttribute(this.metadata);
      p.write('>');
    }
    p.write('[');
    this.locations.forEach((l, i) => {
      if (i) p.write(', ');
      printNestedLocation(p, l);
    });
    p.write(']');
  }
  override walkImmediateSubElements(visit: (e: Attribute) => void): void {
    if (this.metadata) visit(this.metadata);
    for (const l of this.locations) visit(l);
  }
  fileLineCol(): FileLineColLoc | undefined {
    for (const l of this.locations) {
      const f = l.fileLineCol();
      if (f) return f;
    }
    return undefined;
  }
}

/**
 * The location MLIR's `FusedLoc::get` gives for `locs`: unknown parts dropped,
 * a part seen before kept once, fusions with the same metadata opened into
 * their parts; one part left (and no metadata) is that part, none is unknown.
 */
export function fuseLocations(locs: readonly Location[], metadata?: Attribute): Location {
  const parts: Location[] = [];
  const keep = (l: Location): void => {
    if (!parts.includes(l)) parts.push(l);
  };
  for (const l of locs) {
    if (l instanceof FusedLoc && l.metadata === metadata) l.locations.forEach(keep);
    else if (!(l instanceof UnknownLoc)) keep(l);
  }
  if (parts.length === 0) return metadata ? FusedLoc.get([UnknownLoc.get()], metadata) : UnknownLoc.get();
  return parts.length === 1 && !metadata ? parts[0] : FusedLoc.get(parts, metadata);
}

/**
 * A location nested in another is printed without `loc(...)` unless it has an
 * alias; printers that support aliases implement this hook.
 */
export interface LocationAliasPrinter extends AttrTypePrinter {
  printNestedLocation?(loc: Location): void;
}

function printNestedLocation(p: LocationAliasPrinter, loc: Location): void {
  if (p.printNestedLocation) p.printNestedLocation(loc);
  else loc.printBody(p);
}
