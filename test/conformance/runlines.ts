// RUN-line parsing, close enough to lit's internal shell to pull the mlir-opt
// invocations (and their flags) out of the corpus. Pure functions only: this
// module is also executed as a "test file" by `node --test dist/test/`.

/**
 * Collects RUN: commands the way lit does: the text after the first `RUN:` on a
 * line (lit matches it anywhere, even inside a word), a trailing `\` joining the
 * next RUN line.
 */
export function parseRunLines(source: string): string[] {
  const commands: string[] = [];
  let pending: string | null = null;
  for (const line of source.split('\n')) {
    const m = /RUN:(.*)$/.exec(line);
    if (!m) continue;
    let text = m[1].replace(/\r$/, '').trim();
    const continues = text.endsWith('\\');
    if (continues) text = text.slice(0, -1);
    pending = pending === null ? text : `${pending} ${text}`;
    if (!continues) {
      commands.push(pending.trim());
      pending = null;
    }
  }
  if (pending !== null && pending.trim() !== '') commands.push(pending.trim());
  return commands;
}

export type ShToken = { kind: 'word'; value: string } | { kind: 'op'; value: string };

/** Splits a command line into words and operators (`|`, `||`, `&&`, `;`, `&`, redirections). */
export function lexShell(line: string): ShToken[] {
  const tokens: ShToken[] = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line[i];
    if (c === ' ' || c === '\t') { i++; continue; }
    // Redirections, possibly with a file-descriptor number: 2>&1, 2>, >>, >&, <.
    const redir = /^(\d*)(>>|>&|>|<)(\d*)/.exec(line.slice(i));
    if (redir && (redir[1] !== '' || /[<>]/.test(c))) {
      let op = redir[1] + redir[2];
      let len = op.length;
      if (redir[2] === '>&' && redir[3] !== '') { op += redir[3]; len += redir[3].length; }
      tokens.push({ kind: 'op', value: op });
      i += len;
      continue;
    }
    if (c === '|' || c === '&' || c === ';') {
      const two = line.slice(i, i + 2);
      const op = two === '||' || two === '&&' ? two : c;
      tokens.push({ kind: 'op', value: op });
      i += op.length;
      continue;
    }
    // A word: unquoted runs, '...' and "..." pieces glued together.
    let word = '';
    while (i < n && !/[\s|&;<>]/.test(line[i])) {
      const ch = line[i];
      if (ch === "'") {
        const end = line.indexOf("'", i + 1);
        if (end < 0) throw new Error(`unterminated ' in: ${line}`);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (ch === '"') {
        i++;
        while (i < n && line[i] !== '"') {
          if (line[i] === '\\' && i + 1 < n && /["\\$`]/.test(line[i + 1])) i++;
          word += line[i++];
        }
        if (i >= n) throw new Error(`unterminated " in: ${line}`);
        i++;
      } else if (ch === '\\' && i + 1 < n) {
        word += line[i + 1];
        i += 2;
      } else {
        word += ch;
        i++;
      }
    }
    tokens.push({ kind: 'word', value: word });
  }
  return tokens;
}

/** One `mlir-opt ...` command found in a RUN line. */
export interface OptInvocation {
  /** Flags in their original spelling and order (inputs, `-o X` and redirections removed). */
  flags: string[];
  /** Input operands as written (`%s`, `%t/x.mlir`), empty when reading stdin. */
  inputs: string[];
  /** True when the command is fed by a pipe. */
  piped: boolean;
  /** True when the command is fed by a pipe from the invocation before it (`mlir-opt ... | mlir-opt ...`). */
  fedByOpt: boolean;
}

/** Redirection operators that take the next word as their file operand. */
const REDIRECT_WITH_OPERAND = new Set(['>', '>>', '<', '1>', '2>', '1>>', '2>>', '&>']);

/** Finds every mlir-opt invocation (after `not`, `not --crash`, `env A=B`) in one RUN command. */
export function findOptInvocations(command: string, toolName = 'mlir-opt'): OptInvocation[] {
  const tokens = lexShell(command);
  const out: OptInvocation[] = [];
  // Split into pipeline stages; remember whether a stage reads a pipe.
  let stage: ShToken[] = [];
  let piped = false;
  let previousWasOpt = false;
  const flush = (nextPiped: boolean): void => {
    const inv = stageToInvocation(stage, piped, toolName);
    if (inv) {
      inv.fedByOpt = piped && previousWasOpt;
      out.push(inv);
    }
    previousWasOpt = inv !== null;
    stage = [];
    piped = nextPiped;
  };
  for (const t of tokens) {
    if (t.kind === 'op' && (t.value === '|' || t.value === '||' || t.value === '&&' || t.value === ';' || t.value === '&')) {
      flush(t.value === '|');
    } else {
      stage.push(t);
    }
  }
  flush(false);
  return out;
}

function stageToInvocation(stage: ShToken[], piped: boolean, toolName: string): OptInvocation | null {
  let i = 0;
  const word = (k: number): string | undefined => (stage[k]?.kind === 'word' ? stage[k].value : undefined);
  // Skip wrappers that do not change the tool's arguments.
  for (;;) {
    const w = word(i);
    if (w === 'not') { i++; if (word(i) === '--crash') i++; continue; }
    if (w === 'env') { i++; while (word(i) !== undefined && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word(i) ?? '')) i++; continue; }
    if (w !== undefined && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) { i++; continue; }
    break;
  }
  if (word(i) !== toolName) return null;
  i++;
  const flags: string[] = [];
  const inputs: string[] = [];
  for (; i < stage.length; i++) {
    const t = stage[i];
    if (t.kind === 'op') {
      if (REDIRECT_WITH_OPERAND.has(t.value)) {
        const operand = word(i + 1);
        if (t.value === '<' && operand !== undefined) inputs.push(operand);
        i++;
      }
      continue;
    }
    const w = t.value;
    if (w === '-o' || w === '--o') { i++; continue; }
    if (/^--?o=/.test(w)) continue;
    if (w === '-' || !w.startsWith('-')) { if (w !== '-') inputs.push(w); continue; }
    flags.push(w);
  }
  return { flags, inputs, piped, fedByOpt: false };
}

/** LLVM cl accepts `-x` and `--x` alike; keys use `--x`. */
export function normalizeFlag(flag: string): string {
  return flag.startsWith('--') ? flag : `-${flag}`;
}

/** Quotes a flag for a key or a log line when it holds spaces or quotes. */
export function quoteFlag(flag: string): string {
  return /^[A-Za-z0-9_@%+=:,./{}()\[\]-]+$/.test(flag) ? flag : `'${flag.replace(/'/g, `'\\''`)}'`;
}

/** The stable, human-readable form of a flag set, used in case keys. */
export function flagKey(flags: readonly string[]): string {
  return flags.map((f) => quoteFlag(normalizeFlag(f))).join(' ');
}

/** The split marker when a flag set splits its input, else null. */
export function splitMarkerOf(flags: readonly string[]): string | null {
  let marker: string | null = null;
  for (const f of flags) {
    const m = /^--?split-input-file(?:=(.*))?$/.exec(f);
    if (m) marker = m[1] !== undefined && m[1] !== '' ? m[1] : '// -----';
  }
  return marker;
}

export function hasVerifyDiagnostics(flags: readonly string[]): boolean {
  return flags.some((f) => /^--?verify-diagnostics(=|$)/.test(f));
}
