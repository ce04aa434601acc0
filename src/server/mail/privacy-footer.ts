// Every e-mail the service sends says where to read how it uses personal data: one wrapper around the
// mailer adds the privacy notice's link to the text and the HTML of each message.
import { escapeHtml } from './escape-html.ts';
import type { Mailer } from './mailer.ts';

const privacyLine = (noticeUrl: string) => `How we use your personal data: ${noticeUrl}`;

export function withPrivacyNotice(mailer: Mailer, noticeUrl: string): Mailer {
  const htmlLine = `<p style="color:#475569;font-size:13px">How we use your personal data: <a href="${escapeHtml(noticeUrl)}">Privacy notice</a></p>`;
  return {
    send(message) {
      const text = `${message.text.replace(/\n+$/, '')}\n\n${privacyLine(noticeUrl)}\n`;
      const html =
        message.html === undefined
          ? undefined
          : message.html.includes('</body>')
            ? message.html.replace('</body>', `${htmlLine}\n</body>`)
            : `${message.html}\n${htmlLine}`;
      return mailer.send({ ...message, text, ...(html === undefined ? {} : { html }) });
    },
  };
}
