// The LLVM engine's memory: one flat, byte-addressed heap. Pointers are plain
// numbers (addresses, BASE upward; null is 0). A shadow byte per heap byte
// records its state, so that every access can be checked with two array reads:
// bit 1 = readable, bit 2 = writable; freed heap memory and dead stack memory
// carry their own markers for the error message. Allocations are separated
// by red zones (never readable), which catches small overruns.
//
// Layout: [BASE, BASE + STACK_BYTES) is the stack (alloca; reset on return and
// by stackrestore); the heap (malloc, globals) follows it.

export const BASE = 0x10000000;
export const STACK_BYTES = 8 << 20;
const HEAP_START = BASE + STACK_BYTES;
const MAX_BYTES = 2 ** 31;
const RED_ZONE = 16;
const ALIGN = 16;
/** Bytes of freed blocks kept unusable (so use-after-free is caught) before they are reused. */
const QUARANTINE_BYTES = 4 << 20;

export const enum Tag {
  None = 0,
  Read = 1,
  RW = 3,
  Freed = 4,
  DeadStack = 8,
}

/** A memory fault: the engine turns it into an error at the accessing op. */
export class MemoryFault extends Error {}

interface Block {
  addr: number;
  size: number;
  live: boolean;
  what: 'heap' | 'global';
}

export class Memory {
  buf: ArrayBuffer;
  u8: Uint8Array;
  dv: DataView;
  tag: Uint8Array;
  /** Stack pointer (next free stack address). */
  sp = BASE;
  /** The highest stack address ever allocated: stack bytes (and tags) above it are still zero. */
  private spHigh = BASE;
  private top = HEAP_START;
  private readonly blocks = new Map<number, Block>();
  private sorted: number[] = [];
  private sortedDirty = false;
  private readonly quarantine: Block[] = [];
  private quarantined = 0;
  private readonly reusable = new Map<number, number[]>();
  /** Called after the buffer was replaced by a bigger one (generated code caches views). */
  onGrow: (() => void) | undefined;
  /**
   * Replaces how the buffers grow (the WebAssembly engine keeps data and tags
   * in its linear memory): makes `buf`/`u8`/`dv`/`tag` views of `bytes` bytes
   * each, contents kept.
   */
  growHook: ((bytes: number) => void) | undefined;
  /** Bytes in use from BASE (the stack, then the heap up to its top). */
  get used(): number {
    return this.top - BASE;
  }
  /** Bytes from BASE that the stack ever used (the rest of its 8 MB are zero, data and tags). */
  get stackUsed(): number {
    return this.spHigh - BASE;
  }

  // The stack and 1 MB of heap: a bigger start (it was 32 MB) cost every run ~25 ms of
  // a tiny program's start-up (the WebAssembly engine's linear memory is twice this).
  constructor(initialBytes = 9 << 20) {
    this.buf = new ArrayBuffer(initialBytes);
    this.u8 = new Uint8Array(this.buf);
    this.dv = new DataView(this.buf);
    this.tag = new Uint8Array(initialBytes);
  }

  private ensure(endAddr: number): void {
    const need = endAddr - BASE;
    // The capacity is the tags' length (the WebAssembly engine's buffer also holds the tags).
    if (need <= this.tag.length) return;
    if (need > MAX_BYTES) throw new MemoryFault(`out of memory: the program needs more than ${MAX_BYTES} bytes`);
    let n = this.tag.length;
    while (n < need) n *= 2;
    n = Math.min(n, MAX_BYTES);
    if (this.growHook) {
      this.growHook(n);
      this.onGrow?.();
      return;
    }
    const nb = new ArrayBuffer(n);
    new Uint8Array(nb).set(this.u8);
    const nt = new Uint8Array(n);
    nt.set(this.tag);
    this.buf = nb;
    this.u8 = new Uint8Array(nb);
    this.dv = new DataView(nb);
    this.tag = nt;
    this.onGrow?.();
  }

  // ---- heap

  /** Allocates `size` bytes (16-aligned, zeroed when fresh); `ro` makes them read-only (constant globals). */
  malloc(size: number, what: 'heap' | 'global' = 'heap'): number {
    if (!(size >= 0) || size > MAX_BYTES) return 0;
    const rounded = Math.max(ALIGN, Math.ceil(size / ALIGN) * ALIGN);
    let addr = 0;
    const free = this.reusable.get(rounded);
    if (free && free.length) addr = free.pop()!;
    else {
      addr = this.top;
      this.ensure(addr + rounded + RED_ZONE);
      this.top = addr + rounded + RED_ZONE;
      this.u8.fill(0, addr - BASE, addr - BASE + rounded);
    }
    this.tag.fill(Tag.None, addr - BASE, addr - BASE + rounded);
    this.tag.fill(Tag.RW, addr - BASE, addr - BASE + size);
    this.blocks.set(addr, { addr, size: rounded, live: true, what });
    this.sortedDirty = true;
    (this.blocks.get(addr) as Block & { req?: number }).req = size;
    return addr;
  }

  /** Frees a malloc'ed block; returns an error message for invalid frees. */
  free(addr: number): string | undefined {
    if (addr === 0) return undefined;
    const b = this.blocks.get(addr);
    if (!b) {
      const inside = this.find(addr);
      if (inside) return `frees a pointer into the middle of an allocation (0x${addr.toString(16)} is ${addr - inside.addr} bytes into the block at 0x${inside.addr.toString(16)})`;
      if (addr >= BASE && addr < HEAP_START) return `frees stack memory (0x${addr.toString(16)})`;
      return `frees a pointer that was not returned by malloc (0x${addr.toString(16)})`;
    }
    if (!b.live) return `double free of the block at 0x${addr.toString(16)}`;
    if (b.what === 'global') return `frees a global (0x${addr.toString(16)})`;
    b.live = false;
    this.tag.fill(Tag.Freed, addr - BASE, addr - BASE + b.size);
    this.quarantine.push(b);
    this.quarantined += b.size;
    while (this.quarantined > QUARANTINE_BYTES) {
      const old = this.quarantine.shift()!;
      this.quarantined -= old.size;
      this.blocks.delete(old.addr);
      this.sortedDirty = true;
      let list = this.reusable.get(old.size);
      if (!list) this.reusable.set(old.size, (list = []));
      list.push(old.addr);
    }
    return undefined;
  }

  /** Marks a global's bytes read-only. */
  protect(addr: number, size: number): void {
    this.tag.fill(Tag.Read, addr - BASE, addr - BASE + size);
  }

  private find(addr: number): Block | undefined {
    if (this.sortedDirty) {
      this.sorted = [...this.blocks.keys()].sort((a, b) => a - b);
      this.sortedDirty = false;
    }
    let lo = 0;
    let hi = this.sorted.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] <= addr) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (best < 0) return undefined;
    const b = this.blocks.get(this.sorted[best])!;
    return addr < b.addr + b.size + RED_ZONE ? b : undefined;
  }

  // ---- stack

  alloca(size: number, align: number): number {
    if (!(size >= 0)) throw new MemoryFault(`invalid allocation size ${size}`);
    const a = Math.max(align, 8);
    const addr = Math.ceil((this.sp + RED_ZONE) / a) * a;
    const end = addr + size;
    if (end > BASE + STACK_BYTES) throw new MemoryFault('stack overflow: allocas exceed the 8 MB stack');
    this.ensure(end);
    this.tag.fill(Tag.RW, addr - BASE, end - BASE);
    this.u8.fill(0, addr - BASE, end - BASE);
    this.sp = end;
    if (end > this.spHigh) this.spHigh = end;
    return addr;
  }

  /** Pops the stack back to `sp` (function return, stackrestore): the popped bytes become dead. */
  restore(sp: number): void {
    if (sp < this.sp) this.tag.fill(Tag.DeadStack, sp - BASE, this.sp - BASE);
    this.sp = sp;
  }

  // ---- diagnostics

  /** Why an access of `n` bytes at `addr` failed (`write` for stores). */
  explain(addr: number, n: number, write: boolean): string {
    const at = `0x${addr.toString(16)}`;
    if (addr === 0) return `${write ? 'writes' : 'reads'} through a null pointer`;
    if (!Number.isFinite(addr)) return `accesses an invalid address ${String(addr)}`;
    const o = addr - BASE;
    for (let i = 0; i < n; i++) {
      const t = this.tag[o + i];
      if (t === Tag.Freed) return `${write ? 'writes' : 'reads'} freed memory at ${at} (use after free)`;
      if (t === Tag.DeadStack) return `${write ? 'writes' : 'reads'} stack memory at ${at} after its allocation scope ended (use after return or stackrestore)`;
      if (t === Tag.Read && write) return `writes to constant global memory at ${at}`;
    }
    const b = this.find(addr) ?? this.find(addr + n - 1);
    if (b) {
      const req = (b as Block & { req?: number }).req ?? b.size;
      const rel = addr - b.addr;
      return `out-of-bounds ${write ? 'write' : 'read'} of ${n} bytes at ${at}: ${rel < 0 ? `${-rel} bytes before` : `offset ${rel} in`} an allocation of ${req} bytes at 0x${b.addr.toString(16)}`;
    }
    if (addr >= BASE && addr < HEAP_START) return `out-of-bounds ${write ? 'write' : 'read'} of ${n} bytes at ${at}: stack memory outside of any alloca`;
    return `${write ? 'writes' : 'reads'} ${n} bytes at ${at}, which is not allocated memory`;
  }

  /** Throws unless [addr, addr+n) is entirely accessible. */
  checkRange(addr: number, n: number, write: boolean): void {
    if (n === 0) return;
    const o = addr - BASE;
    const bit = write ? 2 : 1;
    const tag = this.tag;
    if (!(o >= 0 && o + n <= tag.length)) throw new MemoryFault(this.explain(addr, n, write));
    if (n > 64 && (tag[o] & bit) !== 0) {
      // Large ranges inside one live heap block need no byte-by-byte scan.
      const b = this.find(addr);
      const req = b ? ((b as Block & { req?: number }).req ?? b.size) : 0;
      if (b && b.live && addr + n <= b.addr + req) return;
    }
    for (let i = o, e = o + n; i < e; i++) if ((tag[i] & bit) === 0) throw new MemoryFault(this.explain(addr, n, write));
  }
}
