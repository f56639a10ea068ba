/** Fills `:name` segments of a route path. */
export function buildPath(path: string, params: Record<string, string | number | undefined> = {}): string {
  return path
    .replace(/\/:(\w+)\?/g, (_, name: string) =>
      params[name] === undefined ? '' : `/${encodeURIComponent(String(params[name]))}`,
    )
    .replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`missing path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
}
