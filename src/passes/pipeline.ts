// MLIR's textual pass pipelines: `builtin.module(func.func(canonicalize{opt=1},cse))`.
// Errors carry MLIR's exact wording, including the SourceMgr-style excerpt
// with a caret for structural errors.

import { OpPassManager } from './pass-manager.js';
import { PassOptionError } from './options.js';
import { lookupPass } from './registry.js';
import type { PassInfo } from './pass.js';

/** A failure to build a pipeline: `message` is what goes after `error: `; `direct` goes straight to stderr first. */
export class PipelineError extends Error {
  constructor(
    message: string,
    readonly direct = '',
  ) {
    super(message);
  }
}

interface Element {
  name: string;
  /** Offset of the name in the text. */
  offset: number;
  options: string;
  inner: Element[];
  info?: PassInfo;
}

const BUFFER = 'MLIR Textual PassPipeline Parser';

function sourceError(text: string, offset: number, message: string): PipelineError {
  let lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd < 0) lineEnd = text.length;
  const line = text.slice(0, offset).split('\n').length;
  const col = offset - lineStart + 1;
  const excerpt = text.slice(lineStart, lineEnd);
  void lineStart;
  lineStart = 0;
  return new PipelineError(`${BUFFER}:${line}:${col}: error: ${message}\n${excerpt}\n${' '.repeat(col - 1)}^\n`);
}

function parseStructure(text: string): Element[] {
  const top: Element[] = [];
  const stack: Element[][] = [top];
  let pos = 0;
  const isSep = (c: string): boolean => c === ',' || c === '(' || c === ')' || c === '{';
  for (;;) {
    const pipeline = stack[stack.length - 1];
    let end = pos;
    while (end < text.length && !isSep(text[end])) end++;
    const raw = text.slice(pos, end);
    const lead = raw.length - raw.trimStart().length;
    const el: Element = { name: raw.trim(), offset: pos + lead, options: '', inner: [] };
    pipeline.push(el);
    if (end >= text.length) break;
    pos = end;
    const sep = text[pos];
    if (sep === '{') {
      pos++;
      let close = -1;
      for (let i = pos, depth = 1; i < text.length; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) {
          close = i;
          break;
        }
      }
      if (close < 0) throw sourceError(text, pos - 1, "missing closing '}' while processing pass options");
      el.options = text.slice(pos, close);
      pos = close + 1;
      while (pos < text.length && /\s/.test(text[pos])) pos++;
    } else if (sep === '(') {
      pos++;
      stack.push(el.inner);
      continue;
    }
    while (text[pos] === ')') {
      pos++;
      if (stack.length === 1) throw sourceError(text, pos - 1, "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline");
      stack.pop();
      while (pos < text.length && /\s/.test(text[pos])) pos++;
    }
    if (pos >= text.length) break;
    if (text[pos] !== ',') throw sourceError(text, pos, "expected ',' after parsing pipeline");
    pos++;
  }
  if (stack.length > 1) throw sourceError(text, pos, 'encountered unbalanced parentheses while parsing pipeline');
  return top;
}

function resolve(text: string, elements: Element[]): void {
  for (const el of elements) {
    if (el.inner.length) {
      resolve(text, el.inner);
      continue;
    }
    el.info = lookupPass(el.name);
    if (!el.info) throw sourceError(text, el.offset, `'${el.name}' does not refer to a registered pass or pass pipeline`);
  }
}

/** Creates a pass with `options` applied, checked against `pm` (explicit nesting). */
export function addPassToPipeline(tool: string, pm: OpPassManager, info: PassInfo, options: string): void {
  const pass = info.create();
  let optError: PassOptionError | undefined;
  try {
    pass.options.parse(tool, options);
  } catch (e) {
    if (!(e instanceof PassOptionError)) throw e;
    optError = e;
  }
  if (pm.nesting === 'explicit' && !pm.isOpAgnostic && pass.opName && pass.opName !== pm.anchor)
    throw new PipelineError(
      `Can't add pass '${pass.name}' restricted to '${pass.opName}' on a PassManager intended to run on '${pm.anchor}', did you intend to nest?`,
    );
  pm.addPass(pass);
  if (optError) throw new PipelineError(optError.message, optError.direct);
}

function addElements(tool: string, elements: Element[], pm: OpPassManager): void {
  for (const el of elements) {
    try {
      if (el.info) {
        try {
          addPassToPipeline(tool, pm, el.info, el.options);
        } catch (e) {
          // The registry's error handler ends the pass's own message with a newline.
          if (e instanceof PipelineError) throw new PipelineError(e.message + '\n', e.direct);
          throw e;
        }
      } else addElements(tool, el.inner, pm.nest(el.name));
    } catch (e) {
      if (!(e instanceof PipelineError)) throw e;
      const suffix = el.info ? `failed to add \`${el.name}\` with options \`${el.options}\`\n` : `failed to add \`${el.name}\` with options \`${el.options}\` to inner pipeline\n`;
      throw new PipelineError(e.message + suffix, e.direct);
    }
  }
}

/** Parses the text inside an anchor's parentheses into `pm`. */
export function parsePipelineInto(tool: string, text: string, pm: OpPassManager): void {
  if (!text.length) return;
  const elements = parseStructure(text);
  resolve(text, elements);
  addElements(tool, elements, pm);
}

/** Parses `anchor(pipeline)` (the `--pass-pipeline` value). */
export function parsePassPipeline(tool: string, pipeline: string): OpPassManager {
  const text = pipeline.trim();
  const open = text.indexOf('(');
  if (open <= 0 || !text.endsWith(')'))
    throw new PipelineError("expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'");
  const pm = new OpPassManager(text.slice(0, open).trimEnd(), 'explicit');
  parsePipelineInto(tool, text.slice(open + 1, -1), pm);
  return pm;
}
