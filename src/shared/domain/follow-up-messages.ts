// The words of following a report: its reference and private status link after reporting, the status
// page, 'Tell me when it is cleaned', 'Already reported here', and the offensive-graffiti question.
import { FOLLOW_MAIL_WINDOW_MINUTES } from './report-follow-up.ts';

export const followUpMessages = {
  reference: (id: number) => `Your report's reference is #${id}.`,
  statusLinkLabel: 'Follow your report',
  statusLinkHelp: 'Keep this link: it shows what happens to your report. Anyone with the link can see it.',
  myReportsTitle: 'My reports',
  myReportsHelp: 'Reports sent from this device.',
  statusPageTitle: (id: number) => `Report #${id}`,
  notFoundTitle: 'Report not found',
  notFound: 'This link does not match a report. Copy the whole link, or report the graffiti again.',
  reported: (date: string) => `Reported on ${date}`,
  completedOn: (date: string) => `Completed on ${date}`,
  before: 'Before',
  after: 'After',
  followButton: 'Tell me when it is cleaned',
  followSent: 'Check your e-mail: open the link we sent to confirm, and we will tell you when it is cleaned.',
  followTooManyForAddress: (max: number, wait: string) =>
    `We have already sent ${max} e-mails to this address in the last ${FOLLOW_MAIL_WINDOW_MINUTES} minutes. Please try again in ${wait}.`,
  followTooManyForReport: (max: number, wait: string) =>
    `This report already has ${max} addresses waiting to be confirmed. Please try again in ${wait}.`,
  followTooManyEverywhere: (wait: string) =>
    `We are sending too many confirmation e-mails just now. Please try again in ${wait}.`,
  alreadyReported: (date: string) => `Already reported here on ${date}`,
  alreadyReportedHelp: 'If this is the same graffiti, add your photo to that report instead.',
  addMyPhoto: 'Add my photo to it',
  reportNotOpen: 'This report is no longer open. Please make a new report.',
} as const;
