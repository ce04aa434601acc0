// Who is asking, and may they? Every /api route declares `config.access` ('public' | 'volunteer' |
// 'admin'); a route without one stops the app from starting, so no route is ever open by accident.
// The sessions behind the two cookies are resolved before the body is read, and the rule is
// enforced here, in one place. Administrators may do everything volunteers may. No answer of a route
// for volunteers or administrators, nor of a public one that is about the caller (`personal`), is ever
// kept by a cache: the browser's own included, on a shared computer at a library or a council desk.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accessMessages, type Access, ACCESS_LEVELS } from '#shared/domain/permissions.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { Db } from '../db/client.ts';

export type SessionKind = 'volunteer' | 'admin';

/** Who a live session belongs to. */
export interface ResolvedSession {
  kind: SessionKind;
  volunteer: { id: number; email: string; name: string | null } | null;
}

/** What a sign-in writes in the transaction of its new session, knowing that session's token. */
export type SessionStartWrite = (trx: Db, token: string) => Promise<void>;

/** What this plugin asks of the sessions feature. */
export interface SessionStore {
  start(
    kind: SessionKind,
    volunteerId: number | null,
    alsoInTransaction?: SessionStartWrite,
  ): Promise<{ token: string; expiresAt: Date }>;
  resolve(token: string, kind: SessionKind): Promise<ResolvedSession | null>;
  end(token: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A public route whose answer is about the caller or carries a private token (sent `no-store`). */
    personal?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth;
  }
  interface FastifyReply {
    /**
     * Starts a session of this kind and sets its cookie (renewing any earlier one); `alsoInTransaction`
     * is written with the new session (a sign-in's audit entry), or neither is kept.
     */
    startSession(kind: SessionKind, volunteerId: number | null, alsoInTransaction?: SessionStartWrite): Promise<void>;
    /** Ends the session of this kind on the server and clears its cookie. */
    endSession(kind: SessionKind): Promise<void>;
  }
}

export interface RequestAuth {
  volunteer: NonNullable<ResolvedSession['volunteer']> | null;
  /** Holds a live administrator session (and, with ADMIN_EMAILS, is signed in as one of them). */
  admin: boolean;
}

export const SESSION_COOKIES: Record<SessionKind, string> = { volunteer: 'cue_session', admin: 'cue_admin' };

export interface AuthOptions {
  sessions: SessionStore;
  publicUrl: string;
  adminEmails: string[];
}

export function registerAuth(app: FastifyInstance, { sessions, publicUrl, adminEmails }: AuthOptions): void {
  // A session cookie is cleared with the attributes it was set with.
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax', secure: publicUrl.startsWith('https://') } as const;

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(`The route ${String(route.method)} ${route.url} declares no access rule (config.access).`);
    }
  });

  // Every answer, refusals included: a 401 to one person is no answer to keep for the next.
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    if (config?.access && (config.access !== 'public' || config.personal))
      void reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.decorateRequest('auth', null as unknown as RequestAuth);

  app.addHook('onRequest', async (request) => {
    request.auth = { volunteer: null, admin: false };
    if (!request.url.startsWith('/api/')) return;
    const cookies = request.cookies;
    const [volunteerSession, adminSession] = await Promise.all([
      cookies[SESSION_COOKIES.volunteer] ? sessions.resolve(cookies[SESSION_COOKIES.volunteer]!, 'volunteer') : null,
      cookies[SESSION_COOKIES.admin] ? sessions.resolve(cookies[SESSION_COOKIES.admin]!, 'admin') : null,
    ]);
    const volunteer = volunteerSession?.volunteer ?? null;
    const admin =
      adminSession !== null &&
      (adminEmails.length === 0 || (volunteer !== null && adminEmails.includes(volunteer.email)));
    request.auth = { volunteer, admin };
    enforce(request);
  });

  app.decorateReply(
    'startSession',
    async function (
      this: FastifyReply,
      kind: SessionKind,
      volunteerId: number | null,
      alsoInTransaction?: SessionStartWrite,
    ) {
      const { token, expiresAt } = await sessions.start(kind, volunteerId, alsoInTransaction);
      // The earlier session ends only once the new one is there.
      const previous = this.request.cookies[SESSION_COOKIES[kind]];
      if (previous) await sessions.end(previous);
      void this.setCookie(SESSION_COOKIES[kind], token, { ...cookie, expires: expiresAt });
    },
  );

  app.decorateReply('endSession', async function (this: FastifyReply, kind: SessionKind) {
    const token = this.request.cookies[SESSION_COOKIES[kind]];
    if (token) await sessions.end(token);
    void this.clearCookie(SESSION_COOKIES[kind], cookie);
  });
}

/** What a call about the signed-in volunteer found, or 401 (an administrator by code alone, an erased account). */
export function signedIn<T>(found: T | null | undefined): T {
  if (found === null || found === undefined) throw new UnauthorizedError(accessMessages.signInRequired);
  return found;
}
export const signedInVolunteerId = (request: FastifyRequest): number => signedIn(request.auth.volunteer).id;

function enforce(request: FastifyRequest): void {
  const access = request.routeOptions.config?.access;
  const { volunteer, admin } = request.auth;
  if (access === 'volunteer' && !volunteer && !admin) throw new UnauthorizedError(accessMessages.signInRequired);
  if (access === 'admin' && !admin) {
    if (volunteer) throw new ForbiddenError(accessMessages.adminOnly);
    throw new UnauthorizedError(accessMessages.adminRequired);
  }
}
