// GET /api/openapi.json: the API described as OpenAPI 3.1, made from the same zod schemas every route
// validates with. @fastify/swagger collects the routes as they are registered (so this is registered
// before any of them); the document is built on its first request, after every route is known, and
// then kept: the same bytes, revalidated by their ETag and compressed once, for everyone.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { keptText, matchesEtag, sendKept, type KeptText } from '#server/http/conditional-get.ts';
import { SESSION_COOKIES } from './auth.ts';

const DOCUMENT_PATH = '/api/openapi.json';

/** How many times a minute one client may ask for the document (tools fetch it once and keep it). */
const DOCUMENTS_PER_CLIENT_PER_MINUTE = 30;

const security = {
  public: undefined,
  volunteer: [{ volunteerSession: [] }, { adminSession: [] }],
  admin: [{ adminSession: [] }],
} as const;

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Clean Up Edinburgh API', version: packageJson.version },
      components: {
        securitySchemes: {
          volunteerSession: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIES.volunteer,
            description: 'The session a volunteer gets by signing in with the link or code sent by e-mail.',
          },
          adminSession: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIES.admin,
            description:
              'The session the administrator access code starts (where administrator e-mail addresses are set, only alongside a volunteer session for one of them).',
          },
        },
      },
    },
    // Only the API is described, each operation with who may call it.
    transform(input) {
      if (!input.url.startsWith('/api/') || input.url === DOCUMENT_PATH)
        return { schema: { hide: true }, url: input.url };
      const { schema, url } = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      return { schema: { ...schema, ...(access && security[access] ? { security: security[access] } : {}) }, url };
    },
  });

  let built: { etag: string; text: KeptText } | undefined;
  app.get(
    DOCUMENT_PATH,
    { config: { access: 'public', rateLimit: { max: DOCUMENTS_PER_CLIENT_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      if (!built) {
        const body = JSON.stringify(app.swagger());
        built = { etag: `"${createHash('sha256').update(body).digest('base64url')}"`, text: keptText(body) };
      }
      void reply.header('ETag', built.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
      if (matchesEtag(request.headers['if-none-match'], built.etag)) return reply.status(304).send();
      return sendKept(request, reply.type('application/json; charset=utf-8'), built.text);
    },
  );
}
