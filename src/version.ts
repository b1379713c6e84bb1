/** The scfkit version, shown by `--version`. */
export const VERSION = '0.1.0';
