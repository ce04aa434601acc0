// An e-mail's words, written once and sent twice: as plain text and as HTML. A body is paragraphs of
// lines; a line is pieces run together. Words are escaped in the HTML; a link, a strong word or an
// image is one piece that each form shows in its own way (a text mail shows a link's address).
import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

/** Words, or a piece the two forms show differently ('' leaves it out of that form). */
export type Piece = string | { text: string; html: string };
export type Line = Piece | Piece[];
/** A paragraph's lines; a list's items. */
export type Block = Line[] | { list: Line[] };

const textOf = (piece: Piece) => (typeof piece === 'string' ? piece : piece.text);
const htmlOf = (piece: Piece) => (typeof piece === 'string' ? escapeHtml(piece) : piece.html);
const pieces = (line: Line) => (Array.isArray(line) ? line : [line]);

export const strong = (words: string): Piece => ({ text: words, html: `<strong>${escapeHtml(words)}</strong>` });
export const htmlOnly = (html: string): Piece => ({ text: '', html });
export const textOnly = (text: string): Piece => ({ text, html: '' });

/** A link: its label in the HTML; in the text, `lead: address` (or the address alone when lead is ''). */
export function link(href: string, label: string, { lead = label, bold = true } = {}): Piece {
  const style = bold ? ' style="font-weight:bold"' : '';
  return {
    text: lead ? `${lead}: ${href}` : href,
    html: `<a href="${escapeHtml(href)}"${style}>${escapeHtml(label)}</a>`,
  };
}

export function renderText(blocks: Block[]): string {
  return blocks
    .map((block) =>
      (Array.isArray(block) ? block : block.list)
        .map((line) => pieces(line).map(textOf).join(''))
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

export function renderHtml(blocks: Block[], paragraph = ''): string {
  const lineHtml = (line: Line) => pieces(line).map(htmlOf).join('');
  return blocks
    .map((block) => {
      if (!Array.isArray(block)) return `<ul>${block.list.map((item) => `<li>${lineHtml(item)}</li>`).join('')}</ul>`;
      const lines = block.map(lineHtml).filter(Boolean);
      return lines.length > 0 ? `<p${paragraph}>${lines.join('<br>\n')}</p>` : '';
    })
    .filter(Boolean)
    .join('\n');
}

export interface MailBody {
  to: string;
  subject: string;
  body: Block[];
  /** Why they get it and how to stop it: after '--' in the text, under a rule in the HTML. */
  footer?: Line[];
  headers?: Record<string, string>;
}

/** The message in both forms from the one body. */
export function mailOf({ to, subject, body, footer, headers }: MailBody): MailMessage {
  const text = renderText(footer ? [...body, ['--', ...footer]] : body);
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${renderHtml(body)}${footer ? `\n<hr>\n${renderHtml([footer], ' style="color:#475569;font-size:14px"')}` : ''}
</body></html>`;
  return { to, subject, text, html, ...(headers ? { headers } : {}) };
}
