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
}

export interface ParsedArgs {
  values: Map<string, string | boolean | string[]>;
  positionals: string[];
}

export class CommandLineError extends Error {}

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

  /** Parses `argv`; throws CommandLineError with LLVM's wording on bad input. */
  parse(argv: readonly string[]): ParsedArgs {
    const values = new Map<string, string | boolean | string[]>();
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
      const inline = eq < 0 ? undefined : body.slice(eq + 1);
      const spec = this.byName.get(name);
      if (!spec) throw new CommandLineError(this.unknown(arg, name, inline));
      switch (spec.kind) {
        case 'bool': {
          if (inline === undefined) values.set(spec.name, true);
          else if (/^(true|1|TRUE|True)$/.test(inline)) values.set(spec.name, true);
          else if (/^(false|0|FALSE|False)$/.test(inline)) values.set(spec.name, false);
          else
            throw new CommandLineError(
              `${this.tool}: for the ${arg.startsWith('--') ? '--' : '-'}${name} option: '${inline}' is invalid value for boolean argument! Try 0 or 1`,
            );
          break;
        }
        case 'optional-value':
          values.set(spec.name, inline ?? true);
          break;
        case 'value':
        case 'list': {
          let v = inline;
          if (v === undefined) {
            if (i + 1 >= argv.length)
              throw new CommandLineError(`${this.tool}: for the ${arg.startsWith('--') ? '--' : '-'}${name} option: requires a value!`);
            v = argv[++i];
          }
          if (spec.kind === 'list') {
            const list = (values.get(spec.name) as string[] | undefined) ?? [];
            list.push(...v.split(','));
            values.set(spec.name, list);
          } else values.set(spec.name, v);
          break;
        }
      }
    }
    if (positionals.length > this.maxPositionals)
      throw new CommandLineError(
        `${this.tool}: Too many positional arguments specified!\nCan specify at most ${this.maxPositionals} positional arguments: See: ${this.tool} --help`,
      );
    return { values, positionals };
  }

  /**
   * LLVM's message for an unknown flag, with its suggestion: the nearest
   * known name by edit distance, however far (as LookupNearestOption), with
   * the value given, if any, after it.
   */
  private unknown(arg: string, name: string, value: string | undefined): string {
    let msg = `${this.tool}: Unknown command line argument '${arg}'.  Try: '${this.tool} --help'`;
    let best: string | undefined;
    let bestDist = Infinity;
    const consider = (key: string): void => {
      const dist = editDistance(name, key);
      if (dist < bestDist) {
        bestDist = dist;
        best = key;
      }
    };
    for (const key of this.byName.keys()) consider(key);
    for (const key of this.otherNames()) consider(key);
    if (best !== undefined) {
      const nearest = value ? `${best}=${value}` : best;
      msg += `\n${this.tool}: Did you mean '${nearest.length === 1 ? '-' : '--'}${nearest}'?`;
    }
    return msg;
  }

  help(overview: string): string {
    const lines = [`OVERVIEW: ${overview}`, '', `USAGE: ${this.tool} [options] <input file>`, '', 'OPTIONS:', ''];
    for (const o of this.options) {
      if (o.ignored) continue;
      const flag = (o.name.length === 1 ? '-' : '--') + o.name + (o.valueName ? (o.kind === 'optional-value' ? `[=${o.valueName}]` : `=${o.valueName}`) : '');
      lines.push(`  ${flag.padEnd(44)} - ${o.help}`);
    }
    return lines.join('\n') + '\n';
  }
}
