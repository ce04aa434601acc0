// One definition per endpoint: a route (method and path, from api-routes.ts) with the zod schemas of
// its parameters, query, body and answer. The server registers its route from this definition and
// validates with its schemas; the client takes the types of its calls from it (types only, so the
// schemas stay off the browser's pages). A renamed field or path is a compile error on both sides.
import type { ZodType, input, output } from 'zod';
import type { HttpMethod, PathParams, Route } from './http.ts';

/** A multipart form: its text fields (one zod object) and the file fields it accepts, with how many each. */
export interface FormSchema {
  fields: ZodType;
  files: Readonly<Record<string, { readonly max: number }>>;
}

export interface EndpointSchemas {
  params?: ZodType;
  query?: ZodType;
  /** A JSON body. */
  body?: ZodType;
  /** A multipart body (photo uploads). */
  form?: FormSchema;
  /** The answer's JSON shape; `null` when the answer has no JSON body (204, a file, a redirect). */
  response: ZodType | null;
  /** The status of a successful answer: 200 unless given. */
  status?: 200 | 201 | 204;
  /**
   * Another status the same answer shape may carry: an upload sent again (200 instead of 201), or a
   * readiness probe that is not ready (503, still naming its checks).
   */
  alsoStatus?: 200 | 201 | 503;
}

export type Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> = Route<M, P> & EndpointSchemas;

export function endpoint<const M extends HttpMethod, const P extends string, const S extends EndpointSchemas>(
  route: Route<M, P>,
  schemas: S,
): Route<M, P> & S {
  return { ...route, ...schemas };
}

type Input<S> = S extends ZodType ? input<S> : never;

/** What a caller sends: the path parameters, the query, and the JSON body or the form. */
export type ParamsOf<E extends Endpoint> = E extends { params: ZodType } ? Input<E['params']> : PathParams<E['path']>;
export type QueryOf<E extends Endpoint> = E extends { query: ZodType } ? Input<E['query']> : never;
export type BodyOf<E extends Endpoint> = E extends { body: ZodType } ? Input<E['body']> : never;
export type FormFieldsOf<E extends Endpoint> = E extends { form: FormSchema } ? Input<E['form']['fields']> : never;
export type FormFileNamesOf<E extends Endpoint> = E extends { form: FormSchema } ? keyof E['form']['files'] : never;

/** What the answer carries, after the server's schema has shaped it. */
export type ResponseOf<E extends Endpoint> = E['response'] extends ZodType ? output<E['response']> : undefined;

/** What the server's handler receives, after its schemas have parsed the request. */
export type ParsedParamsOf<E extends Endpoint> = E extends { params: ZodType }
  ? output<E['params']>
  : Record<string, string>;
export type ParsedQueryOf<E extends Endpoint> = E extends { query: ZodType } ? output<E['query']> : unknown;
export type ParsedBodyOf<E extends Endpoint> = E extends { body: ZodType } ? output<E['body']> : unknown;
export type ParsedFormFieldsOf<E extends Endpoint> = E extends { form: FormSchema }
  ? output<E['form']['fields']>
  : never;
