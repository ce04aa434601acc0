// The client's typed calls: `api.<feature>.<call>(input)` for every endpoint of the shared contracts,
// built on the spec's apiRequest. Paths, parameters, bodies and answers take their types from the
// endpoint definitions (types only: no schema code reaches the browser), so no answer is cast.
import type {
  Endpoint,
  BodyOf,
  FormFieldsOf,
  FormFileNamesOf,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '#shared/contracts/endpoint.ts';
import type { ApiEndpoints } from '#shared/contracts/api.ts';
import type { ApiRoutes } from '#shared/contracts/api-routes.ts';
import { urlOf, type PathParams, type Route } from '#shared/contracts/http.ts';
import { ApiError, apiRequest } from './api-client.ts';

/** A file for a form field: a Blob (sent as "photo.jpg"), or a Blob with its file name. */
type FileInput = Blob | { blob: Blob; name: string };

type IsEmpty<T> = [keyof T] extends [never] ? true : false;
type ParamsPart<E extends Endpoint> =
  IsEmpty<PathParams<E['path']>> extends true ? { params?: undefined } : { params: ParamsOf<E> };
type QueryPart<E extends Endpoint> = [QueryOf<E>] extends [never] ? { query?: undefined } : { query?: QueryOf<E> };
type BodyPart<E extends Endpoint> = [BodyOf<E>] extends [never]
  ? [FormFieldsOf<E>] extends [never]
    ? { body?: undefined }
    : {
        form:
          FormData | { fields: FormFieldsOf<E>; files: Partial<Record<FormFileNamesOf<E>, FileInput | FileInput[]>> };
      }
  : { body: BodyOf<E> };

export type CallInput<E extends Endpoint> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

interface Call<E extends Endpoint> {
  (
    ...input: Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
  ): Promise<ResponseOf<E>>;
  /** The URL this call fetches; also its query key, so lists refresh by the same name. */
  url(input?: Pick<CallInput<E>, 'params' | 'query'>): string;
}

type ApiClient = {
  [F in keyof ApiEndpoints]: {
    [N in keyof ApiEndpoints[F]]: ApiEndpoints[F][N] extends Endpoint ? Call<ApiEndpoints[F][N]> : never;
  };
};

function toFormData(form: FormData | { fields: Record<string, unknown>; files: Record<string, unknown> }): FormData {
  if (form instanceof FormData) return form;
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) {
    if (value !== undefined && value !== null) data.append(name, String(value));
  }
  for (const [name, entry] of Object.entries(form.files)) {
    for (const file of [entry].flat() as FileInput[]) {
      if (file instanceof Blob) data.append(name, file, 'photo.jpg');
      else data.append(name, file.blob, file.name);
    }
  }
  return data;
}

function makeCall(route: Route): Call<Endpoint> {
  type Input = { params?: Record<string, string | number>; query?: object; body?: unknown; form?: never };
  const url = (input?: Input) => urlOf(route.path, input?.params, input?.query as Record<string, unknown>);
  const call = (input?: Input & { form?: Parameters<typeof toFormData>[0] }) =>
    apiRequest(url(input), route.method, input?.form ? toFormData(input.form) : input?.body);
  return Object.assign(call, { url }) as unknown as Call<Endpoint>;
}

/** The typed calls of one feature's routes. Each feature's calls are a module of their own in `calls/`,
 * so a page's bundle carries the routes it calls and no others. */
export function callsFor<F extends keyof ApiEndpoints>(routes: ApiRoutes[F]): ApiClient[F] {
  return Object.fromEntries(
    Object.entries(routes as Record<string, Route>).map(([name, r]) => [name, makeCall(r)]),
  ) as unknown as ApiClient[F];
}

/** The answer of a call that needs a session, or null when the server says nobody is signed in (401). */
export async function signedOutAsNull<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
