/** The last segment of a workspace path (the path itself when it has none). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || path;
}

/** An ISO date in the reader's locale; text that is not a date stays as written. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
