// Where things live. Computed from this module's compiled location
// (dist/test/conformance/paths.js), so it works from any cwd.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the folder holding package.json). */
export const repoRoot: string = fileURLToPath(new URL('../../../', import.meta.url));

/** MLIR 22 install used as the reference. */
export const llvmBin: string = process.env.SCFKIT_LLVM_BIN ?? '/usr/lib/llvm-22/bin';
export const referenceOpt: string = process.env.SCFKIT_MLIR_OPT ?? resolve(llvmBin, 'mlir-opt');
export const litCommand: string = resolve(llvmBin, 'lit');

/** The project's own tools. */
export const scfOpt: string = resolve(repoRoot, 'bin/scf-opt');
export const scfRun: string = resolve(repoRoot, 'bin/scf-run');

/** Compiled in-process driver: dist/src/tools/opt-driver.js. */
export const optDriverUrl: URL = new URL('../../src/tools/opt-driver.js', import.meta.url);

/**
 * The shared corpus: `$SCFKIT_SHARED/mlir-tests`, else `<repo>/../shared/mlir-tests`
 * (CI clones the repo with shared/ beside it). Throws when it is missing, since
 * every conformance result depends on it.
 */
export function corpusRoot(): string {
  const shared = process.env.SCFKIT_SHARED ?? resolve(repoRoot, '..', 'shared');
  const root = resolve(shared, 'mlir-tests');
  if (!existsSync(resolve(root, 'lit.cfg.py'))) {
    throw new Error(`conformance corpus not found at ${root} (set SCFKIT_SHARED to the folder holding mlir-tests/)`);
  }
  return root;
}

export const goldenListPath: string = resolve(repoRoot, 'test/conformance/golden-passing.txt');
export const litListPath: string = resolve(repoRoot, 'test/conformance/lit-passing.txt');
