// The two e-mails about a followed report: the confirm link (nothing else is sent until it is opened,
// so nobody can sign someone else up), and the one telling them it has been cleaned, with the after
// photo and the status link. Both carry the one-click unsubscribe link in the body and in the
// List-Unsubscribe headers (RFC 2369, RFC 8058).
import { apiRoutes } from '#shared/contracts/api-routes.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { formatUkDate } from '#shared/domain/format.ts';
import { reportStatusPath } from '#shared/routes.ts';
import { escapeHtml } from '#server/mail/escape-html.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { link, strong, type Block } from '#server/mail/mail-body.ts';
import { unsubscribableMail } from '#server/mail/unsubscribable-mail.ts';
import { FOLLOWER_RETENTION_DAYS } from '#shared/domain/report-follow-up.ts';
import { siteMessages } from '#shared/domain/site-messages.ts';

export interface FollowedReport {
  id: number;
  what3words: string;
  /** The status link the follower came with; null for an address kept before links were per reporter. */
  statusToken: string | null;
  reportedAt: string;
  completedAt: string | null;
  /** Absolute URL of the after photo, when a volunteer's clean-up has one. */
  afterPhotoUrl: string | null;
}

export interface FollowerMailContext {
  publicUrl: string;
  to: string;
  confirmToken: string;
  unsubscribeToken: string;
}

const routes = apiRoutes.reportFollowUp;

function wrap(ctx: FollowerMailContext, subject: string, body: Block[], why: string): MailMessage {
  const unsubscribeUrl = `${ctx.publicUrl}${urlOf(routes.unsubscribe.path, {}, { token: ctx.unsubscribeToken })}`;
  return unsubscribableMail({ to: ctx.to, subject, body, why, unsubscribeUrl, stop: 'Stop e-mails about this report' });
}

export function confirmFollowMail(report: FollowedReport, ctx: FollowerMailContext): MailMessage {
  const confirm = `${ctx.publicUrl}${urlOf(routes.confirmPage.path, {}, { token: ctx.confirmToken })}`;
  return wrap(
    ctx,
    `Confirm: tell me when report #${report.id} is cleaned`,
    [
      ['Hello,'],
      [
        `Someone asked us to tell this address when graffiti report #${report.id} (${report.what3words}) is cleaned.`,
        `If it was you, confirm with the link below. If not, ignore this e-mail: we will not write again, and the address is deleted within ${FOLLOWER_RETENTION_DAYS} days.`,
      ],
      [link(confirm, 'Yes, tell me when it is cleaned', { lead: 'Confirm' })],
    ],
    'You get this e-mail because this address was given on the Clean Up Edinburgh report form.',
  );
}

export function reportCleanedMail(report: FollowedReport, ctx: FollowerMailContext): MailMessage {
  const statusUrl = report.statusToken ? `${ctx.publicUrl}${reportStatusPath(report.statusToken)}` : null;
  const when = report.completedAt ? ` on ${formatUkDate(report.completedAt)}` : '';
  const photo = report.afterPhotoUrl;
  return wrap(
    ctx,
    `Cleaned: your graffiti report #${report.id}`,
    [
      ['Hello,'],
      [
        `Good news: the graffiti you reported at ${report.what3words} (report #${report.id}, reported on ${formatUkDate(report.reportedAt)}) was cleaned${when}. Thank you for helping to make Edinburgh cleaner!`,
      ],
      [
        photo
          ? {
              text: `After photo: ${photo}`,
              html: `<img src="${escapeHtml(photo)}" alt="The wall after cleaning" width="480" style="max-width:100%;height:auto;border-radius:8px">`,
            }
          : '',
        statusUrl ? link(statusUrl, 'See your report') : '',
      ],
      // The reporter is asked; the status link is the proof it is them. 'No' opens 'It's back' there.
      statusUrl
        ? [
            strong(siteMessages.isItCleanNow),
            link(`${statusUrl}?clean=yes`, siteMessages.yesClean),
            link(`${statusUrl}?clean=no`, siteMessages.noNotClean),
          ]
        : [],
      ['This is the only e-mail we send about it; your address is now deleted.'],
    ],
    'You get this e-mail because you asked to be told when this report was cleaned.',
  );
}
