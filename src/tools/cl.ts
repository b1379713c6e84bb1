// Command-line parsing with LLVM's cl conventions, so scf-opt and scf-run take
// the same spellings as mlir-opt and mlir-runner: `-flag` and `--flag` alike,
// `-opt=value` or `-opt value`, boolean `-flag=false`, one positional input.

export type OptionKind = 'bool' | 'value' | 'optional-value' | 'list';

export interface OptionSpec {
  name: string;
  kind: OptionKind;
  help: string;
  /** Shown in --help after the name, e.g. `<filename>`. */
  valueName?: string;
  aliases?: readonly string[];
  /** Accepted for compatibility and otherwise ignored. */
  ignored?: boolean;
  /**
   * Acts where the parser reaches it, as LLVM's --help and --version
   * printers do: the rest of the command line is not read, and bad arguments
   * before it are reported without stopping it. Takes no value (a bool).
   */
  immediate?: boolean;
}

export interface ParsedArgs {
  values: Map<string, string | boolean | string[]>;
  positionals: string[];
  /**
   * With an immediate option: LLVM's messages for the bad arguments before it
   * (to print on stderr before it acts), '' if none. Otherwise always ''
   * (bad arguments throw).
   */
  errors: string;
}

export class CommandLineError extends Error {}

/** Every tool's last two options, as LLVM's tools have them: each acts where it stands (`immediate`). */
export const HELP_AND_VERSION_OPTIONS: readonly OptionSpec[] = [
  { name: 'help', kind: 'bool', help: 'Display available options', aliases: ['h'], immediate: true },
  { name: 'version', kind: 'bool', help: 'Display the version of this program', immediate: true },
];

function editDistance(a: string, b: string): number {
  const d: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length];
}

/** An option as LLVM prints it in messages: one dash for a one-letter name, two otherwise (however it was written). */
const dashed = (name: string): string => (name.length === 1 ? '-' : '--') + name;

/** Where the parse goes on after an option: the index of the last argument it took, and whether an immediate option ended the parse. */
interface Step {
  last: number;
  stop: boolean;
}

/** One parse's arguments and what it has found so far. */
interface Run {
  readonly argv: readonly string[];
  readonly values: Map<string, string | boolean | string[]>;
  readonly errors: string[];
}

export class CommandLine {
  private readonly byName = new Map<string, OptionSpec>();
  /** `otherNames`: flags handled elsewhere (scf-opt's pass flags), also offered for a misspelt one; asked only then. */
  constructor(
    readonly tool: string,
    readonly options: readonly OptionSpec[],
    readonly maxPositionals = 1,
    private readonly otherNames: () => Iterable<string> = () => [],
  ) {
    for (const o of options) {
      this.byName.set(o.name, o);
      for (const a of o.aliases ?? []) this.byName.set(a, o);
    }
  }

  /**
   * Parses `argv` as LLVM's ParseCommandLineOptions does: every bad argument
   * is reported, not only the first; one-letter options group (`-hW`); an
   * immediate option ends the parse where it stands. Throws
   * CommandLineError with all the messages when there were bad arguments and
   * no immediate option.
   */
  parse(argv: readonly string[]): ParsedArgs {
    const run: Run = { argv, values: new Map(), errors: [] };
    const { values, errors } = run;
    const positionals: string[] = [];
    let onlyPositionals = false;
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i];
      if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
        positionals.push(arg);
        continue;
      }
      if (arg === '--') {
        onlyPositionals = true;
        continue;
      }
      const body = arg.replace(/^--?/, '');
      const eq = body.indexOf('=');
      const name = eq < 0 ? body : body.slice(0, eq);
      const spec = this.byName.get(name);
      const step = spec
        ? this.provide(run, i, spec, name, eq < 0 ? undefined : body.slice(eq + 1))
        : this.grouped(run, i, arg, body);
      if (step.stop) return { values, positionals, errors: errors.join('\n') };
      i = step.last;
    }
    if (positionals.length > this.maxPositionals)
      errors.push(
        `${this.tool}: Too many positional arguments specified!\nCan specify at most ${this.maxPositionals} positional arguments: See: ${this.tool} --help`,
      );
    if (errors.length) throw new CommandLineError(errors.join('\n'));
    return { values, positionals, errors: '' };
  }

  /** Gives option `spec`, written as `name` in argument `i`, its value (`inline` after `=`, or the next argument); LLVM's ProvideOption. */
  private provide({ argv, values, errors }: Run, i: number, spec: OptionSpec, name: string, inline: string | undefined): Step {
    const fail = (message: string): Step => {
      errors.push(`${this.tool}: for the ${dashed(name)} option: ${message}`);
      return { last: i, stop: false };
    };
    if (spec.immediate) {
      if (inline !== undefined) return fail(`does not allow a value! '${inline}' specified.`);
      values.set(spec.name, true);
      return { last: i, stop: true };
    }
    switch (spec.kind) {
      case 'bool':
        if (inline === undefined || /^(true|1|TRUE|True)$/.test(inline)) values.set(spec.name, true);
        else if (/^(false|0|FALSE|False)$/.test(inline)) values.set(spec.name, false);
        else return fail(`'${inline}' is invalid value for boolean argument! Try 0 or 1`);
        return { last: i, stop: false };
      case 'optional-value':
        values.set(spec.name, inline ?? true);
        return { last: i, stop: false };
      case 'value':
      case 'list': {
        let v = inline;
        if (v === undefined) {
          if (i + 1 >= argv.length) return fail('requires a value!');
          v = argv[++i];
        }
        if (spec.kind === 'list') {
          const list = (values.get(spec.name) as string[] | undefined) ?? [];
          list.push(...v.split(','));
          values.set(spec.name, list);
        } else values.set(spec.name, v);
        return { last: i, stop: false };
      }
    }
  }

  /** A one-letter option name: every one in LLVM may be grouped. */
  private letter(text: string): OptionSpec | undefined {
    return text.length > 0 ? this.byName.get(text[0]) : undefined;
  }

  /**
   * An argument that names no option, read as LLVM's
   * HandlePrefixedOrGroupedOption reads it: one-letter options run
   * together (`-hW`), the last of which may take a value after `=` or from
   * the next argument; one that requires a value cannot be followed by more
   * letters. Reports the argument as unknown when the letters run out
   * first, with the suggestion for what was left of it, as LLVM does.
   */
  private grouped(run: Run, i: number, arg: string, body: string): Step {
    let rest = body;
    for (let spec = this.letter(rest); spec; spec = this.letter(rest)) {
      const name = rest[0];
      const after = rest.slice(1);
      if (after === '') return this.provide(run, i, spec, name, undefined);
      if (after[0] === '=') return this.provide(run, i, spec, name, after.slice(1));
      if (spec.kind === 'value' || spec.kind === 'list') {
        run.errors.push(`${this.tool}: for the ${dashed(name)} option: may not occur within a group!`);
        rest = name;
        break;
      }
      const step = this.provide(run, i, spec, name, undefined);
      if (step.stop) return step;
      rest = after;
    }
    const eq = rest.indexOf('=');
    run.errors.push(this.unknown(arg, eq < 0 ? rest : rest.slice(0, eq), eq < 0 ? undefined : rest.slice(eq + 1)));
    return { last: i, stop: false };
  }

  /**
   * LLVM's message for an unknown flag, with its suggestion: the nearest
   * known name by edit distance, however far (as LookupNearestOption), with
   * the value given, if any, after it. An option that takes no value is
   * measured against the whole text, value included, and suggested bare.
   */
  private unknown(arg: string, name: string, value: string | undefined): string {
    let msg = `${this.tool}: Unknown command line argument '${arg}'.  Try: '${this.tool} --help'`;
    const whole = value === undefined ? name : `${name}=${value}`;
    let best: string | undefined;
    let bestDist = Infinity;
    const consider = (key: string, permitsValue: boolean): void => {
      const dist = editDistance(permitsValue ? name : whole, key);
      if (dist < bestDist) {
        bestDist = dist;
        best = permitsValue && value ? `${key}=${value}` : key;
      }
    };
    for (const [key, spec] of this.byName) consider(key, !spec.immediate);
    for (const key of this.otherNames()) consider(key, true);
    if (best !== undefined) msg += `\n${this.tool}: Did you mean '${dashed(best)}'?`;
    return msg;
  }

  help(overview: string): string {
    const lines = [`OVERVIEW: ${overview}`, '', `USAGE: ${this.tool} [options] <input file>`, '', 'OPTIONS:', ''];
    for (const o of this.options) {
      if (o.ignored) continue;
      const flag = dashed(o.name) + (o.valueName ? (o.kind === 'optional-value' ? `[=${o.valueName}]` : `=${o.valueName}`) : '');
      lines.push(`  ${flag.padEnd(44)} - ${o.help}`);
    }
    return lines.join('\n') + '\n';
  }
}
