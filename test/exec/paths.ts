// Paths used by the execution tests (compiled to dist/test/exec, sources in test/exec).

import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (this file runs from dist/test/exec). */
export const ROOT = join(here, '..', '..', '..');
export const PROGRAMS = join(ROOT, 'test', 'exec', 'programs');
export const SCF_RUN = join(ROOT, 'bin', 'scf-run');
export const CORPUS = process.env.SCFKIT_SHARED ? join(process.env.SCFKIT_SHARED, 'mlir-tests') : join(ROOT, '..', 'shared', 'mlir-tests');
