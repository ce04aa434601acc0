// Route '/privacy': the privacy notice, in plain English. Who runs the service and how to reach them
// and how long things are kept come from the server, so the page says what this deployment does.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { FOLLOWER_RETENTION_DAYS } from '#shared/domain/report-follow-up.ts';
import { routes } from '#shared/routes.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { usePrivacyNotice } from '../api/use-privacy.ts';

const linkClass = 'font-semibold text-civic-800 underline underline-offset-4 hover:text-civic-900';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-2xl font-bold text-civic-900">
        {title}
      </h2>
      <div className="grid gap-3 text-lg leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

const years = (days: number) => (days % 365 === 0 ? (days === 365 ? 'a year' : `${days / 365} years`) : `${days} days`);

export default function PrivacyPage() {
  useDocumentTitle('Privacy notice | Clean Up Edinburgh');
  const notice = usePrivacyNotice();

  if (notice.isPending) return <PageSpinner label="Loading the privacy notice..." />;
  if (notice.isError || !notice.data) {
    return (
      <div className="mx-auto grid max-w-3xl gap-4 px-5 py-10">
        <h1 className="text-4xl font-bold text-civic-900">Privacy notice</h1>
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-950">
          The privacy notice could not be loaded. Check your connection, then reload the page.
        </p>
      </div>
    );
  }
  const { operatorName, operatorEmail, retention } = notice.data;
  const mail = (
    <a href={`mailto:${operatorEmail}`} className={linkClass}>
      {operatorEmail}
    </a>
  );

  return (
    <article className="mx-auto grid max-w-3xl gap-10 px-5 py-10" aria-labelledby="privacy-title">
      <header className="grid gap-3">
        <h1 id="privacy-title" className="text-4xl font-bold text-civic-900">
          Privacy notice
        </h1>
        <p className="text-xl text-slate-700">
          How Clean Up Edinburgh uses your information, how long we keep it, and how to see it or have it deleted.
        </p>
      </header>

      <Section id="who" title="Who we are">
        <p>
          Clean Up Edinburgh is run by <strong>{operatorName}</strong>. We decide how your information is used, so under
          UK data protection law (the UK GDPR and the Data Protection Act 2018) we are responsible for it.
        </p>
        <p>Contact us about your information at {mail}.</p>
      </Section>

      <Section id="what" title="What we keep and why">
        <h3 className="text-xl font-bold text-civic-900">If you report graffiti</h3>
        <ul className="grid list-disc gap-2 pl-6">
          <li>
            The photo, the three-word location, its map position and any description you give. We use them so that
            volunteers can find and clean the graffiti, and to count how much has been cleaned.
          </li>
          <li>
            We remove the hidden details a phone stores in a photo (such as where it was taken and the phone model)
            before anyone sees it.
          </li>
          <li>We do not ask for your name, and we do not store your IP address with a report.</li>
          <li>
            If you ask us to tell you when it is cleaned, we keep your e-mail address for that alone: we send one e-mail
            to confirm it was you, then one when the graffiti is cleaned, and nothing else.
          </li>
        </ul>
        <h3 className="text-xl font-bold text-civic-900">If you volunteer</h3>
        <ul className="grid list-disc gap-2 pl-6">
          <li>Your e-mail address, and your name if you give one, so you can sign in and we can recognise you.</li>
          <li>
            The clean-ups you do, with your before and after photos and how long they took, the Meet Up Clean Up events
            you attend, and the achievements you earn. These make up your dashboard.
          </li>
          <li>The alerts you ask for and the devices that receive them, so we can tell you about new reports.</li>
          <li>When you joined and last signed in, so we can delete accounts nobody uses any more.</li>
        </ul>
        <h3 className="text-xl font-bold text-civic-900">To keep the service safe</h3>
        <ul className="grid list-disc gap-2 pl-6">
          <li>
            Sign-in links and codes (stored scrambled, so even we cannot read them) and a record of who is signed in.
          </li>
          <li>
            Internet (IP) addresses in our server logs and in short-lived limits on how often something can be tried, to
            stop abuse.
          </li>
          <li>A record of what our administrators change, so that mistakes and misuse can be traced.</li>
        </ul>
        <p>
          We use this information because running the service is in the public interest and in our legitimate interest,
          and because you asked us to when you signed up. We never sell it or use it for advertising.
        </p>
      </Section>

      <Section id="how-long" title="How long we keep it">
        <ul className="grid list-disc gap-2 pl-6">
          <li>Sign-in links and codes: deleted {retention.signInHours} hours after they are sent.</li>
          <li>
            Records of who is signed in: deleted when you sign out, or {retention.signInHours} hours after they time
            out.
          </li>
          <li>Limits on repeated tries: deleted once the time they cover has passed (15 minutes to an hour).</li>
          <li>The record of administrators' actions: {years(retention.auditLogDays)}.</li>
          <li>
            An e-mail address given to hear when a report is cleaned: deleted once we have told you, when you
            unsubscribe, or after {FOLLOWER_RETENTION_DAYS} days at the most.
          </li>
          <li>
            Volunteer accounts: while you use them. If you have not signed in for {years(retention.inactiveAccountDays)}
            , we e-mail you, and {retention.erasureNoticeDays} days later we delete your account unless you sign in.
          </li>
          <li>
            Reports and clean-ups: as long as the service runs, as a record of the city's graffiti. When a volunteer
            account is deleted, its clean-ups stay in the totals with nothing linking them to a person.
          </li>
        </ul>
      </Section>

      <Section id="who-sees" title="Who sees it">
        <ul className="grid list-disc gap-2 pl-6">
          <li>Anyone can see reports: the photo, the three-word location, the description and the dates.</li>
          <li>
            Our administrators see volunteers' names and e-mail addresses, their clean-ups and attendance. Other
            volunteers do not.
          </li>
          <li>
            Companies that host the service and send our e-mails handle information for us, only on our instructions.
          </li>
        </ul>
        <p>
          Photos of public places can show people or number plates. Our administrators blur them, and the report then
          says 'Photo edited to protect privacy'. If a photo shows you, e-mail {mail} and we will blur it.
        </p>
      </Section>

      <Section id="rights" title="Your rights">
        <p>You have the right to:</p>
        <ul className="grid list-disc gap-2 pl-6">
          <li>
            get a copy of your information: sign in and choose 'Download my data' on your{' '}
            <Link href={routes.volunteerDashboard[0]} className={linkClass}>
              volunteer dashboard
            </Link>
          </li>
          <li>have your account deleted: choose 'Delete my account' on the same page</li>
          <li>have anything wrong corrected, or object to how we use your information: e-mail {mail}</li>
        </ul>
        <p>We answer within one month.</p>
        <p>
          If you are unhappy with how we have used your information, you can complain to the Information Commissioner's
          Office (ICO) at{' '}
          <a href="https://ico.org.uk/make-a-complaint/" className={linkClass}>
            ico.org.uk/make-a-complaint
          </a>{' '}
          or on 0303 123 1113.
        </p>
      </Section>
    </article>
  );
}
