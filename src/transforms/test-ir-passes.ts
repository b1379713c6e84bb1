// MLIR's IR test passes that write to the standard output
// (mlir/test/lib/IR): test-print-nesting and test-print-invalid, under
// mlir-opt 22's names and with its exact text.

import { Builder } from '../ir/builder.js';
import { FunctionType } from '../ir/builtin-types.js';
import { StringAttr } from '../ir/builtin-attributes.js';
import { Block, type Operation, type Region } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { attrTypeText, MAX_OUTPUT_CHARS, OutputTooLargeError, Printer } from '../syntax/printer.js';
import { FuncOp, ReturnOp } from '../dialects/func/index.js';
import { ModuleOp } from '../dialects/builtin/index.js';

// ---- test-print-nesting

export const TestPrintNestingInfo: PassInfo = {
  argument: 'test-print-nesting',
  name: 'TestPrintNestingPass',
  description: 'Test various printing.',
  create: () => new TestPrintNesting(),
};

/** The number of operations in a block (a walk of its list, as MLIR's size()). */
function opCount(block: Block): number {
  let n = 0;
  for (let op = block.first; op; op = op.next) n++;
  return n;
}

/**
 * Prints operation → region → block → operation nesting with two spaces per
 * level. An explicit work stack keeps deep IR from overflowing the JS stack.
 */
export function printNesting(root: Operation): string {
  type Item = { op: Operation; indent: number } | { region: Region; indent: number } | { block: Block; indent: number };
  const lines: string[] = [];
  const stack: Item[] = [{ op: root, indent: 0 }];
  let size = 0;
  while (stack.length) {
    // Deep nesting makes the indentation quadratic: refuse past the printer's output limit.
    if ((size += 48 + 2 * stack[stack.length - 1].indent) > MAX_OUTPUT_CHARS) throw new OutputTooLargeError();
    const item = stack.pop()!;
    const pad = '  '.repeat(item.indent);
    if ('op' in item) {
      const op = item.op;
      lines.push(`${pad}visiting op: '${op.name.name}' with ${op.numOperands} operands and ${op.numResults} results`);
      // mlir-opt 22 lists the whole attribute dictionary: inherent and discardable, sorted by name.
      const attrs = [...op.propertiesView, ...op.attributesView].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      if (attrs.length) {
        lines.push(`${pad}${attrs.length} attributes:`);
        for (const [name, value] of attrs) lines.push(`${pad} - '${name}' : '${attrTypeText(value)}'`);
      }
      lines.push(`${pad} ${op.regions.length} nested regions:`);
      for (let i = op.regions.length - 1; i >= 0; i--) stack.push({ region: op.regions[i], indent: item.indent + 1 });
    } else if ('region' in item) {
      const blocks = item.region.blocks;
      lines.push(`${pad}Region with ${blocks.length} blocks:`);
      for (let i = blocks.length - 1; i >= 0; i--) stack.push({ block: blocks[i], indent: item.indent + 1 });
    } else {
      const block = item.block;
      const successors = block.last?.numSuccessors ?? 0;
      lines.push(`${pad}Block with ${block.args.length} arguments, ${successors} successors, and ${opCount(block)} operations`);
      const ops: Operation[] = [];
      for (let op = block.first; op; op = op.next) ops.push(op);
      for (let i = ops.length - 1; i >= 0; i--) stack.push({ op: ops[i], indent: item.indent + 1 });
    }
  }
  return lines.join('\n') + '\n';
}

class TestPrintNesting extends Pass {
  constructor() {
    super(TestPrintNestingInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    run.ctx.stdout += printNesting(op);
  }
}

// ---- test-print-invalid

export const TestPrintInvalidInfo: PassInfo = {
  argument: 'test-print-invalid',
  name: 'TestPrintInvalidPass',
  description: 'Test printing invalid ops.',
  opName: ModuleOp.opName,
  create: () => new TestPrintInvalid(),
};

class TestPrintInvalid extends Pass {
  constructor() {
    super(TestPrintInvalidInfo);
  }
  runOnOperation(module: Operation, run: PassRun): void {
    const location = module.location;
    const b = new Builder(run.ctx);
    b.setInsertionPointToStart(ModuleOp.body(ModuleOp.cast(module)));
    const func = FuncOp.build(b, { sym_name: StringAttr.get('test'), function_type: FunctionType.get([], []), location });
    const body = new Block();
    FuncOp.body(func).pushBlock(body);
    // Printing verifies first: without a terminator the function prints in the generic form.
    run.ctx.stdout += `Invalid operation:\n${new Printer(run.ctx).printOperation(func)}\n`;
    b.setInsertionPointToEnd(body);
    ReturnOp.build(b, { location });
    run.ctx.stdout += `Valid operation:\n${new Printer(run.ctx).printOperation(func)}\n`;
    func.erase();
  }
}
