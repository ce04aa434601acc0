// Route '/about', the three ways to help: Report; Support (MUCU events, the newsletter); Spread our Work
// (the map of sites waiting and cleaned, and sharing).
// Then the donation link and the contact e-mail, and where to download the reports as open data.
import type { ReactNode } from 'react';
import { CalendarHeart, Camera, HandHeart, Mail, Megaphone } from 'lucide-react';
import { Link } from 'wouter';
import { routes } from '#shared/routes.ts';
import { openDataRoutes } from '#shared/contracts/routes/open-data.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { siteSettings } from '../site-settings.ts';
import { ShareRow } from './share-row.tsx';

const linkClass = 'font-semibold text-civic-800 underline underline-offset-4 hover:text-civic-900';
const actionClass = 'inline-flex min-h-11 items-center gap-2 rounded-xl px-5 py-2.5 font-semibold transition-colors';

function Step({
  number,
  title,
  icon,
  children,
}: {
  number: number;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="grid content-start gap-3 rounded-2xl border border-stone-warm bg-white p-5 shadow-sm sm:p-6">
      <h2 className="flex items-center gap-3 text-2xl font-bold text-civic-900">
        <span
          aria-hidden="true"
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-civic-800 text-white"
        >
          {icon}
        </span>
        <span>
          <span className="sr-only">Step {number}: </span>
          {title}
        </span>
      </h2>
      <div className="grid gap-3 text-slate-700">{children}</div>
    </li>
  );
}

function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return [address.slice(0, at), address.slice(at + 1)];
}

export default function AboutPage() {
  useDocumentTitle('About | Clean Up Edinburgh');
  const [mailbox, domain] = splitAddress(siteSettings.contactEmail);

  return (
    <>
      <section className="bg-civic-800 text-white" aria-labelledby="about-title">
        <div className="mx-auto grid max-w-5xl gap-4 px-5 py-12 sm:py-16">
          <h1 id="about-title" className="text-4xl font-bold leading-tight sm:text-5xl">
            About Clean Up Edinburgh
          </h1>
          <p className="max-w-2xl text-lg text-civic-100 sm:text-xl">
            We are neighbours and volunteers restoring the historic beauty of our city, one wall at a time. Here is how
            you can help, in three steps.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-5xl gap-10 px-5 py-10">
        <ol className="grid gap-5 lg:grid-cols-3">
          <Step number={1} title="Report" icon={<Camera className="h-5 w-5" />}>
            <p>
              Spotted graffiti? Take a photo and add its three-word location. It takes a minute and needs no account;
              our volunteers are alerted straight away.
            </p>
            <p>
              <Link href={routes.home} className={linkClass}>
                Report graffiti
              </Link>
            </p>
          </Step>

          <Step number={2} title="Support" icon={<CalendarHeart className="h-5 w-5" />}>
            <p>
              Come to a MUCU (Meet Up Clean Up) event: we meet at a site, clean it together, and get to know the people
              who care for our streets.
            </p>
            <p>
              <Link href={routes.events} className={linkClass}>
                Attend MUCU events
              </Link>
            </p>
            <p>Sign up to our newsletter to hear about the next MUCU events and what volunteers have cleaned.</p>
            <p>
              <a href={siteSettings.newsletterUrl} className={linkClass}>
                Sign up to the newsletter
              </a>
            </p>
          </Step>

          <Step number={3} title="Spread our Work" icon={<Megaphone className="h-5 w-5" />}>
            <p>Tell friends and neighbours. Every share brings more eyes on the street and more hands to clean.</p>
            <p>
              <Link href={routes.map} className={linkClass}>
                See the sites on the map
              </Link>
              : what is waiting to be cleaned, and what volunteers cleaned in the last 90 days.
            </p>
            <ShareRow />
          </Step>
        </ol>

        <section aria-labelledby="contact-title" className="grid gap-4 rounded-2xl bg-stone-warm/60 p-5 sm:p-6">
          <h2 id="contact-title" className="text-2xl font-bold text-civic-900">
            Donate or get in touch
          </h2>
          <p className="max-w-2xl text-slate-700">
            Donations help pay for cleaning materials and volunteers' kit. Questions, ideas or a wall that needs
            attention? Write to us.
          </p>
          <div className="flex flex-wrap gap-3">
            <a
              href={siteSettings.donationUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${actionClass} bg-accent-600 text-white hover:bg-accent-700`}
            >
              <HandHeart aria-hidden="true" className="h-5 w-5" />
              Donate<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a
              href={`mailto:${siteSettings.contactEmail}`}
              className={`${actionClass} max-w-full border-2 border-civic-800 bg-white text-civic-800 hover:bg-civic-50`}
            >
              <Mail aria-hidden="true" className="h-5 w-5 shrink-0" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="sr-only">E-mail us at </span>
                {/* On a narrow screen the address wraps after the @, not in the middle of a word. */}
                {mailbox}@<wbr />
                {domain}
              </span>
            </a>
          </div>
        </section>

        <section aria-labelledby="open-data-title" className="grid gap-2">
          <h2 id="open-data-title" className="text-xl font-bold text-civic-900">
            Open data
          </h2>
          <p className="max-w-2xl text-slate-700">
            Every report's place, dates and status are open data, free to reuse under the licence each file names.
            Nothing in them says who reported or cleaned. Download the reports as{' '}
            <a href={openDataRoutes.reportsGeoJson.path} className={linkClass}>
              GeoJSON
            </a>{' '}
            or{' '}
            <a href={openDataRoutes.reportsCsv.path} className={linkClass}>
              CSV
            </a>
            . See{' '}
            <Link href={routes.performance} className={linkClass}>
              how we are doing
            </Link>
            : how many reports are cleaned, how fast, and how many within their target.
          </p>
        </section>
      </div>
    </>
  );
}
