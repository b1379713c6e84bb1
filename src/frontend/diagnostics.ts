// Front-end diagnostics: `file.ts:line:col: error: message`, the source line
// and a caret under the column, as scf-opt renders MLIR's.

import ts from 'typescript';

export interface TsDiagnostic {
  fileName: string;
  /** 1-based line and column (UTF-16 code units, as TypeScript counts). */
  line: number;
  column: number;
  message: string;
  /** The diagnostic as printed: location, message, source line, caret. */
  text: string;
  /** Set when the input nested deeper than the JavaScript stack allowed (a larger stack may compile it). */
  stackExhausted?: boolean;
}

/** Aborts compilation at `node` with `message` (caught by compileTS). */
export class FrontendError extends Error {
  constructor(
    readonly node: ts.Node,
    message: string,
  ) {
    super(message);
  }
}

/** The diagnostic at `pos` of `sf`, shown as `fileName`. */
export function makeDiagnostic(sf: ts.SourceFile, fileName: string, pos: number, message: string): TsDiagnostic {
  const { line, character } = sf.getLineAndCharacterOfPosition(pos);
  const starts = sf.getLineStarts();
  const end = line + 1 < starts.length ? starts[line + 1] : sf.text.length;
  const lineText = sf.text.slice(starts[line], end).replace(/\r?\n$/, '');
  // Tabs before the column are kept so that the caret lines up in a terminal.
  const pad = lineText.slice(0, character).replace(/[^\t]/g, ' ');
  const text = `${fileName}:${line + 1}:${character + 1}: error: ${message}\n${lineText}\n${pad}^\n`;
  return { fileName, line: line + 1, column: character + 1, message, text };
}

/** The text of a TypeScript diagnostic chain, on one line. */
export function tsMessage(d: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(d.messageText, ' ');
}
