// The signed-out unsubscribe link of a kind of e-mail: GET shows one button (mail scanners open links),
// POST unsubscribes (the button, and mail apps' own one-click POST of RFC 8058, which sends a form).
// Each page is a small page of its own, never kept by a cache.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { urlOf } from '#shared/contracts/http.ts';
import type { Endpoint } from '#shared/contracts/endpoint.ts';
import { serve } from '#server/http/serve.ts';
import { plainPage } from '#server/plain-page.ts';
import { escapeHtml } from './escape-html.ts';

export interface OneClickUnsubscribe {
  /** Whether the link's e-mails are on; null for a link that is not (or no longer) valid. */
  isOn(token: string): Promise<boolean | null>;
  /** Stops them; false for a link that is not valid. */
  unsubscribe(token: string): Promise<boolean>;
  /** The page's words: its question and what stopping means, the answer once done, and for a bad link. */
  question: string;
  consequence: string;
  done: string;
  invalid: string;
  /** Whether the volunteer dashboard can turn these e-mails back on (the page then says so). */
  dashboard?: boolean;
}

export function serveOneClickUnsubscribe(
  app: FastifyInstance,
  endpoints: { unsubscribePage: Endpoint; unsubscribe: Endpoint },
  link: OneClickUnsubscribe,
): void {
  // Only the routes of the plugin that calls this read a form.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  const turnBackOn = { text: '', html: '<a href="/volunteers/dashboard">volunteer dashboard</a>' };
  const done = [[link.done], ...(link.dashboard ? [[['You can turn them back on from your ', turnBackOn, '.']]] : [])];
  const unsubscribed = (reply: FastifyReply) => plainPage(reply, 200, 'You are unsubscribed', done);
  const notWorking = (reply: FastifyReply) => plainPage(reply, 404, 'This link does not work', [[link.invalid]]);
  const tokenOf = (query: unknown) => (query as { token: string }).token;
  serve(app, endpoints.unsubscribePage, { access: 'public' }, async (request, reply) => {
    const token = tokenOf(request.query);
    const on = await link.isOn(token);
    if (on === null) return notWorking(reply);
    if (!on) return unsubscribed(reply);
    return plainPage(
      reply,
      200,
      link.question,
      [[link.consequence]],
      `
<form method="post" action="${escapeHtml(urlOf(endpoints.unsubscribe.path, {}, { token }))}">
<button type="submit">Unsubscribe</button>
</form>`,
    );
  });
  serve(app, endpoints.unsubscribe, { access: 'public' }, async (request, reply) =>
    (await link.unsubscribe(tokenOf(request.query))) ? unsubscribed(reply) : notWorking(reply),
  );
}
