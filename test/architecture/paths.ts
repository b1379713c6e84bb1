// Where the sources are, from the compiled test (dist/test/architecture/).
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const srcDir = resolve(repoRoot, 'src');
