// A small server-rendered page of its own for links opened from e-mails (unsubscribe): no script,
// since the CSP forbids inline script and none is needed, in the site's colours.
import type { FastifyReply } from 'fastify';
import { renderHtml, type Block } from './mail/mail-body.ts';

/** A small page of its own: its words (written as an e-mail's are), then any form. */
export function plainPage(reply: FastifyReply, status: number, title: string, body: Block[], form = '') {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Clean Up Edinburgh</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f3ee;color:#0f172a;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}
.card{background:#fff;border:1px solid #d6d3d1;border-radius:1rem;padding:1.5rem}
h1{font-size:1.75rem;margin:0 0 1rem;color:#1e3a5f}
button{min-height:44px;padding:.625rem 1.25rem;border:0;border-radius:.75rem;background:#1e3a5f;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #b45309;outline-offset:2px}
a{color:#1e3a5f;font-weight:600}
</style>
</head>
<body>
<main>
<div class="card">
<h1>${title}</h1>
${renderHtml(body)}${form}
</div>
<p><a href="/">Clean Up Edinburgh</a></p>
</main>
</body>
</html>`);
}
