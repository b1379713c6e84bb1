// Pass instrumentations: IR printing before/after passes (--mlir-print-ir-*)
// and the execution time report (--mlir-timing).

import { StringAttr } from '../ir/builtin-attributes.js';
import type { Context } from '../ir/context.js';
import type { Operation } from '../ir/operation.js';
import { Printer, type PrintOptions } from '../syntax/printer.js';
import type { Pass } from './pass.js';
import type { OpPassManager, PassInstrumentation } from './pass-manager.js';

export interface IRPrintConfig {
  /** Print before: 'all', a set of pass arguments, or nothing. */
  before: 'all' | ReadonlySet<string> | undefined;
  after: 'all' | ReadonlySet<string> | undefined;
  afterOnlyOnChange: boolean;
  afterOnlyOnFailure: boolean;
  moduleScope: boolean;
  print: PrintOptions;
}

export class IRPrinterInstrumentation implements PassInstrumentation {
  private readonly fingerprints = new Map<Pass, string[]>();
  constructor(
    private readonly ctx: Context,
    private readonly config: IRPrintConfig,
    private readonly write: (text: string) => void,
  ) {}

  private selected(filter: 'all' | ReadonlySet<string> | undefined, pass: Pass): boolean {
    if (filter === undefined) return false;
    return filter === 'all' || filter.has(pass.argument);
  }

  private fingerprint(op: Operation): string {
    return new Printer(this.ctx, { generic: true, debugInfo: true, localScope: true, assumeVerified: true }).printOperation(op);
  }

  private dump(title: string, pass: Pass, op: Operation, failed = false): void {
    let out = `// -----// IR Dump ${title} ${pass.name}${failed ? ' Failed' : ''} (${pass.argument})`;
    if (this.config.moduleScope) {
      out += ` ('${op.name.name}' operation`;
      const sym = op.getAttr('sym_name');
      if (sym instanceof StringAttr) out += `: @${sym.value}`;
      out += ')';
      out += ' //----- //\n';
      let top = op;
      while (top.parentOp) top = top.parentOp;
      out += new Printer(this.ctx, this.config.print).printOperation(top);
    } else {
      out += ' //----- //\n';
      const opts = op.parentBlock ? { ...this.config.print, localScope: true } : this.config.print;
      out += new Printer(this.ctx, opts).printOperation(op);
    }
    this.write(out + '\n\n');
  }

  runBeforePass(pass: Pass, op: Operation): void {
    if (this.config.afterOnlyOnChange) {
      const list = this.fingerprints.get(pass) ?? [];
      list.push(this.fingerprint(op));
      this.fingerprints.set(pass, list);
    }
    if (this.selected(this.config.before, pass)) this.dump('Before', pass, op);
  }

  runAfterPass(pass: Pass, op: Operation): void {
    if (this.config.afterOnlyOnFailure) return;
    if (this.config.afterOnlyOnChange) {
      const before = this.fingerprints.get(pass)?.pop();
      if (before === this.fingerprint(op)) return;
    }
    if (this.selected(this.config.after, pass)) this.dump('After', pass, op);
  }

  runAfterPassFailed(pass: Pass, op: Operation): void {
    if (this.config.afterOnlyOnChange) this.fingerprints.get(pass)?.pop();
    if (this.selected(this.config.after, pass)) this.dump('After', pass, op, true);
  }
}

// ---- timing

export class TimerNode {
  elapsed = 0;
  readonly children: TimerNode[] = [];
  constructor(readonly name: string) {}
  child(name: string): TimerNode {
    let c = this.children.find((x) => x.name === name);
    if (!c) this.children.push((c = new TimerNode(name)));
    return c;
  }
}

const now = (): number => performance.now() / 1000;

export class TimingInstrumentation implements PassInstrumentation {
  private readonly stack: { node: TimerNode; start: number }[];
  constructor(root: TimerNode) {
    this.stack = [{ node: root, start: 0 }];
  }
  private push(name: string): void {
    const node = this.stack[this.stack.length - 1].node.child(name);
    this.stack.push({ node, start: now() });
  }
  private pop(): void {
    const top = this.stack.pop()!;
    top.node.elapsed += now() - top.start;
  }
  runBeforePipeline(pm: OpPassManager, op: Operation): void {
    // The top-level pipeline is the root itself.
    if (op.parentOp) this.push(`'${pm.anchor === 'any' ? op.name.name : pm.anchor}' Pipeline`);
  }
  runAfterPipeline(_pm: OpPassManager, op: Operation): void {
    if (op.parentOp) this.pop();
  }
  runBeforePass(pass: Pass): void {
    this.push(pass.name);
  }
  runAfterPass(): void {
    this.pop();
  }
  runAfterPassFailed(): void {
    this.pop();
  }
}

/** MLIR's text execution time report (wall time only, as with threading disabled). */
export function formatTimingReport(root: TimerNode, total: number): string {
  const bar = '===' + '-'.repeat(73) + '===\n';
  let out = bar + '                         ... Execution time report ...\n' + bar;
  out += `  Total Execution Time: ${total.toFixed(4)} seconds\n\n`;
  out += '  ----Wall Time----  ----Name----\n';
  const line = (t: number, name: string, depth: number): string =>
    `  ${t.toFixed(4).padStart(8)} (${(total > 0 ? (t / total) * 100 : 0).toFixed(1).padStart(5)}%)  ${'  '.repeat(depth)}${name}\n`;
  const rec = (n: TimerNode, depth: number): void => {
    for (const c of n.children) {
      out += line(c.elapsed, c.name, depth);
      rec(c, depth + 1);
    }
  };
  rec(root, 0);
  out += line(total, 'Total', 0);
  return out;
}
