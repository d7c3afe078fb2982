/** `env.PORT` → ['env', 'PORT']; `files[2]` → ['files', 2]; '' → []. Apart from jsonLocator, which only the editor needs. */
export function splitParameterPath(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]/g;
  for (const match of path.matchAll(pattern)) {
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[1] !== undefined) segments.push(match[1]);
  }
  return segments;
}
