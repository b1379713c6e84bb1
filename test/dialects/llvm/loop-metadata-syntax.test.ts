// Loop metadata attributes (#llvm.loop_annotation and the loop_* kinds its
// parameters hold), live against mlir-opt 22 with and without aliases: a
// parameter of its own kind prints as MLIR's printStrippedAttrOrType does,
// by its alias when it has one and otherwise without the `#llvm.loop_*`
// prefix (`unroll = <full = true>`), which --mlir-print-local-scope shows.
import { testOptCases, type OptCase } from '../../opt-cases.js';

const INPUT = `#followup = #llvm.loop_annotation<disableNonforced = true>
#unroll = #llvm.loop_unroll<disable = false, count = 4 : i32, followupUnrolled = #followup>
#vec = #llvm.loop_vectorize<disable = true, width = 8 : i32>
#ann = #llvm.loop_annotation<vectorize = #vec, unroll = #unroll, mustProgress = true>
func.func @f(%c: i1) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {llvm.loop_annotation = #ann, other = #llvm.loop_annotation<licm = <disable = true>, unroll = <full = true>>}
  return
}
`;

const FLAGS: string[][] = [[], ['--mlir-print-local-scope'], ['--mlir-print-op-generic'], ['--mlir-print-op-generic', '--mlir-print-local-scope']];

const CASES: OptCase[] = FLAGS.map((args) => ({ name: `loop metadata round trip [${args.join(' ')}]`, args, input: INPUT }));

testOptCases(CASES);
