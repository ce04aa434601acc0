// Method and path of an API route, free of zod so that the pages that only call the API do not ship
// the schema library. Every route of the API is listed once in `api-routes.ts`; the feature contracts
// attach their schemas to these routes with `endpoint()`.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  /** Fastify's syntax: `/api/reports/:id/photos`. */
  readonly path: P;
}

export function route<const M extends HttpMethod, const P extends string>(method: M, path: P): Route<M, P> {
  return { method, path };
}

/** The `:name` parameters of a path, as an object type: `/a/:id/b/:photoId` gives `{ id, photoId }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The path with its parameters filled in (each one URI-encoded), plus a query string when given. */
export function urlOf(
  path: string,
  params: Record<string, string | number> = {},
  query?: Record<string, unknown>,
): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  if (!query) return filled;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
