// The C library's wording of file-system errors (strerror), which MLIR's
// tools print after "cannot open input file '...': ".

const STRERROR: Record<string, string> = {
  ENOENT: 'No such file or directory',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EROFS: 'Read-only file system',
  ENOSPC: 'No space left on device',
  ENAMETOOLONG: 'File name too long',
  ELOOP: 'Too many levels of symbolic links',
  EMFILE: 'Too many open files',
  EEXIST: 'File exists',
};

/** strerror's text for a Node file-system error, or the error's own message. */
export function systemErrorMessage(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return (code !== undefined && STRERROR[code]) || (e instanceof Error ? e.message : String(e));
}
