// What an alert says: one push notification or one e-mail for a group of new reports (one report,
// or the reports of a 10-minute window, or a day's digest). E-mails carry a one-click unsubscribe
// link in the body and in the List-Unsubscribe headers (RFC 2369, RFC 8058).
import { escapeHtml } from '#server/mail/escape-html.ts';
import type { AlertPushPayload } from '#shared/contracts/alerts.ts';
import { apiRoutes } from '#shared/contracts/api-routes.ts';
import { urlOf } from '#shared/contracts/http.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { htmlOnly, link, strong, textOnly, type Block } from '#server/mail/mail-body.ts';
import { unsubscribableMail } from '#server/mail/unsubscribable-mail.ts';
import { photoUrls } from '#server/features/photos/index.ts';
import { toIso } from '#server/db/tables.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import type { AlertReport } from './alerts.repository.ts';
import { LISTED_IN_EMAIL, LISTED_IN_PUSH, REPORTS_IN_PUSH } from './alert-limits.ts';

/** Offensive graffiti (the priority mark) is named urgent wherever it is listed. */
const place = (report: AlertReport) => `${report.priority ? 'Urgent: ' : ''}///${report.what3words}`;
const anyUrgent = (reports: AlertReport[]) => reports.some((report) => Boolean(report.priority));

function headline(count: number): string {
  return count === 1 ? 'New graffiti report in Edinburgh' : `${count} new graffiti reports in Edinburgh`;
}

function listed(reports: AlertReport[], limit: number): { shown: AlertReport[]; more: number } {
  // Newest first: the freshest site is the one most worth a walk.
  const newest = [...reports].reverse();
  return { shown: newest.slice(0, limit), more: Math.max(0, newest.length - limit) };
}

export function pushPayload(reports: AlertReport[], publicUrl: string): AlertPushPayload {
  const { shown, more } = listed(reports, LISTED_IN_PUSH);
  const thumbnail = `${publicUrl}${photoUrls(shown[0]!.photo_key).thumbnailUrl}`;
  const names = shown.map(place).join(', ');
  const body =
    reports.length === 1
      ? [place(shown[0]!), shown[0]!.description].filter(Boolean).join(': ')
      : `${names}${more > 0 ? ` and ${more} more` : ''}`;
  return {
    title: `${anyUrgent(reports) ? 'Urgent: ' : ''}${headline(reports.length)}`,
    body,
    icon: thumbnail,
    image: thumbnail,
    url: '/volunteers',
    tag: 'new-reports',
    reports: reports.slice(-REPORTS_IN_PUSH).map((report) => ({ id: report.id, what3words: report.what3words })),
  };
}

export interface EmailContext {
  publicUrl: string;
  to: string;
  name: string | null;
  unsubscribeToken: string;
  kind: 'instant' | 'daily';
}

export function alertEmail(reports: AlertReport[], ctx: EmailContext): MailMessage {
  const { shown, more } = listed(reports, LISTED_IN_EMAIL);
  const findUrl = `${ctx.publicUrl}/volunteers`;
  const dashboardUrl = `${ctx.publicUrl}/volunteers/dashboard`;
  const unsubscribePath = urlOf(apiRoutes.alerts.unsubscribe.path, {}, { token: ctx.unsubscribeToken });
  const subject =
    (anyUrgent(reports) ? 'Urgent: ' : '') +
    (ctx.kind === 'daily'
      ? `Today's graffiti reports in Edinburgh: ${reports.length} new`
      : reports.length === 1
        ? `${headline(1)}: ///${reports[0]!.what3words}`
        : headline(reports.length));
  const intro =
    ctx.kind === 'daily'
      ? `${reports.length === 1 ? 'One new report is' : `${reports.length} new reports are`} waiting for a volunteer in Edinburgh:`
      : `${reports.length === 1 ? 'A new graffiti report is' : `${reports.length} new graffiti reports are`} waiting for a volunteer in Edinburgh:`;
  const why =
    ctx.kind === 'daily'
      ? 'You get this daily digest because you chose it on your volunteer dashboard.'
      : 'You get this e-mail because you asked for an e-mail about each new report on your volunteer dashboard.';

  const items = shown.map((report): Block => {
    const urls = photoUrls(report.photo_key);
    const photo = `${ctx.publicUrl}${urls.photoUrl}`;
    const image = `<a href="${escapeHtml(photo)}"><img src="${escapeHtml(`${ctx.publicUrl}${urls.thumbnailUrl}`)}" alt="Graffiti at ${escapeHtml(place(report))}" width="160" style="border-radius:8px;display:block"></a>`;
    return [
      [htmlOnly(image), strong(place(report)), report.description ? ` - ${report.description}` : ''],
      [
        textOnly('  '),
        `Reported ${formatDateTime(new Date(toIso(report.reported_at)))}`,
        textOnly(`. Photo: ${photo}`),
      ],
    ];
  });
  return unsubscribableMail({
    to: ctx.to,
    subject,
    body: [
      [`Hello ${ctx.name ?? 'volunteer'},`],
      [intro],
      ...items,
      [more > 0 ? `...and ${more} more.` : ''],
      [link(findUrl, 'Find the nearest site')],
    ],
    why,
    unsubscribeUrl: `${ctx.publicUrl}${unsubscribePath}`,
    stop: 'Unsubscribe from alert e-mails',
    also: [link(dashboardUrl, 'Change your alerts', { bold: false }), { text: '\n', html: ' · ' }],
  });
}
