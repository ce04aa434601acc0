// Every e-mail the service sends says where to read how it uses personal data: one wrapper around the
// mailer adds the privacy notice's link to the text and the HTML of each message.
import { escapeHtml } from './escape-html.ts';
import { renderHtml, renderText, type Block } from './mail-body.ts';
import type { Mailer } from './mailer.ts';

export function withPrivacyNotice(mailer: Mailer, noticeUrl: string): Mailer {
  const notice = { text: noticeUrl, html: `<a href="${escapeHtml(noticeUrl)}">Privacy notice</a>` };
  const footer: Block[] = [[['How we use your personal data: ', notice]]];
  const htmlLine = renderHtml(footer, ' style="color:#475569;font-size:13px"');
  return {
    send(message) {
      const text = `${message.text.replace(/\n+$/, '')}\n\n${renderText(footer)}\n`;
      if (message.html === undefined) return mailer.send({ ...message, text });
      const html = message.html.includes('</body>')
        ? message.html.replace('</body>', `${htmlLine}\n</body>`)
        : `${message.html}\n${htmlLine}`;
      return mailer.send({ ...message, text, html });
    },
  };
}
