// What a registered dialect's type/attribute parse hook receives.

import type { Parser } from './parser.js';

/**
 * The body of `!dialect.mnemonic<...>` / `#dialect<...>` handed to a dialect.
 * `parser` is a nested parser over exactly the symbol text (for the pretty form
 * `#arith.fastmath<fast>` that is `fastmath<fast>`, positioned at `fastmath`;
 * for the verbose form `#foo<"x">` it is `"x"`); diagnostics it emits point
 * into the original file. Text the hook leaves unparsed is ignored, as MLIR
 * does.
 */
export interface DialectAsmParser {
  readonly parser: Parser;
  readonly dialect: string;
  /** The leading identifier of the symbol text (`fastmath`), or '' if it has none. */
  readonly mnemonic: string;
  /** The symbol text and its offsets in the source. */
  readonly body: string;
  readonly bodyStart: number;
  readonly bodyEnd: number;
  /** Offset of the `!`/`#` token, for "invalid type/attribute" style errors. */
  readonly nameLoc: number;
}
