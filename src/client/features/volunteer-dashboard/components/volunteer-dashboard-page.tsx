// The personal dashboard: Sites Completed, Profile, Sites Cleaned, MUCU Attendance Log and Achievements,
// with Logout, and the volunteer's alert choices. Two columns on desktop widths. Signed-out visitors go to
// /volunteers/signin. Volunteers create MUCU events from the MUCU Attendance Log card.
import { useDeferredValue, useState, type ReactNode } from 'react';
import {
  Award,
  CalendarCheck,
  CalendarPlus,
  ExternalLink,
  LocateFixed,
  LogOut,
  MapPin,
  Sparkles,
  UserRound,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { pagePaths, routes } from '#shared/routes.ts';
import type { Volunteer } from '#shared/contracts/volunteer-auth.ts';
import type { VolunteerDashboard } from '#shared/contracts/volunteer-dashboard.ts';
import { formatDate, formatMinutes } from '#shared/domain/format.ts';
import { dashboardMessages as m, signInMessages } from '#shared/domain/volunteer-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { toastProblem } from '#client/lib/use-toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useLogout } from '#client/features/volunteer-auth/api/volunteer-session.ts';
import { RequireVolunteer } from '#client/features/volunteer-auth/components/require-volunteer.tsx';
import { useVolunteerDashboard } from '../api/use-volunteer-dashboard.ts';
import { badgeName } from '../badges.ts';
import { CleanupCard } from './cleanup-card.tsx';
import { MyEventsCard } from '#client/features/events/components/my-events-card.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { AddEventDialog } from '#client/features/events/components/event-dialogs.ts';
import { lazyCard } from '#client/components/ui/lazy-card.tsx';

// The cards below the first view (the record, alerts, your data, time and bags): their code follows the
// screen's.
const RecordCard = lazyCard(() => import('./record-card.tsx').then((m) => m.RecordCard));
const AlertsCard = lazyCard(() =>
  import('#client/features/alerts/components/alerts-card.tsx').then((m) => m.AlertsCard),
);
const YourDataCard = lazyCard(() =>
  import('#client/features/privacy/components/your-data-card.tsx').then((m) => m.YourDataCard),
);
const MyEventLogsCard = lazyCard(() =>
  import('#client/features/events/components/my-event-logs-card.tsx').then((m) => m.MyEventLogsCard),
);

export default function VolunteerDashboardPage() {
  useDocumentTitle(`${m.title} | Clean Up Edinburgh`);
  return (
    <RequireVolunteer signInPage={pagePaths.volunteerSignIn}>
      {(volunteer) => <Dashboard volunteer={volunteer} />}
    </RequireVolunteer>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="rounded-xl bg-stone-light p-4 text-slate-700">{children}</p>
);

function Dashboard({ volunteer }: { volunteer: Volunteer }) {
  const dashboard = useVolunteerDashboard();
  // The cards are drawn at a lower priority once their data arrives: React renders them in slices,
  // yielding to the browser between them, rather than in one long task that blocks a tap.
  const cards = useDeferredValue(dashboard.data);
  const logout = useLogout();
  const [, navigate] = useLocation();

  async function onLogout() {
    try {
      await logout.mutateAsync();
    } catch {
      toastProblem(signInMessages.logoutFailedTitle, signInMessages.logoutFailed);
      return;
    }
    navigate('/');
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-5 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold text-civic-900">{m.title}</h1>
          <p className="break-all text-lg text-slate-700">Welcome back, {volunteer.name ?? volunteer.email}!</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link
            href={routes.find[0]}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700"
          >
            <LocateFixed aria-hidden="true" className="h-5 w-5" />
            Find Graffiti Near Me
          </Link>
          <Button variant="outline" onClick={() => void onLogout()} disabled={logout.isPending}>
            <LogOut aria-hidden="true" className="h-5 w-5" />
            {logout.isPending ? m.loggingOut : m.logout}
          </Button>
        </div>
      </div>
      {dashboard.isError ? (
        <LoadFailed
          message="Your dashboard could not be loaded. Check your connection, then try again."
          onRetry={() => void dashboard.refetch()}
        />
      ) : cards ? (
        <DashboardCards data={cards} />
      ) : (
        <PageSpinner label="Loading your dashboard..." />
      )}
    </div>
  );
}

function DashboardCards({ data }: { data: VolunteerDashboard }) {
  const { volunteer, cleanupRecords, mucuAttendances, achievements } = data;
  const [addEventOpen, setAddEventOpen] = useState(false);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="grid gap-6">
        <Card
          id="sites-completed"
          title="Sites Completed"
          icon={<Sparkles aria-hidden="true" className="h-5 w-5 text-accent-700" />}
        >
          <p className="text-5xl font-bold text-civic-900">{volunteer.sitesCompleted}</p>
          <p className="text-slate-700">
            Time worked: <strong className="text-slate-900">{formatMinutes(volunteer.totalHours)}</strong>
          </p>
        </Card>
        <Card id="profile" title="Profile" icon={<UserRound aria-hidden="true" className="h-5 w-5 text-civic-700" />}>
          <dl className="grid gap-2">
            {[
              ['Name', volunteer.name ?? m.anonymous],
              ['E-mail', volunteer.email],
              ['Joined', formatDate(volunteer.joinedAt) ?? m.recently],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className={`font-semibold text-slate-900 ${label === 'E-mail' ? 'break-all' : ''}`}>{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card
          id="achievements"
          title="Achievements"
          icon={<Award aria-hidden="true" className="h-5 w-5 text-accent-700" />}
        >
          {achievements.length === 0 ? (
            <Empty>{m.noAchievements}</Empty>
          ) : (
            <ul className="grid gap-2">
              {achievements.map((achievement) => {
                const badge = badgeName(achievement.badgeType);
                return (
                  <li
                    key={achievement.id}
                    data-badge-type={achievement.badgeType}
                    className="flex items-center gap-3 rounded-xl bg-stone-light p-3"
                  >
                    <Award aria-hidden="true" className="h-8 w-8 shrink-0 text-accent-700" />
                    <div className="grid">
                      <span className="font-semibold text-slate-900">{badge.title}</span>
                      <span className="text-sm text-slate-700">
                        {badge.detail ? `${badge.detail}. ` : ''}Earned {formatDate(achievement.earnedAt)}
                      </span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
        {/* Below the achievements, out of the first view: their code follows the screen's. */}
        <RecordCard />
        <AlertsCard />
        <YourDataCard email={volunteer.email} />
      </div>
      <div className="grid gap-6">
        <MyEventsCard />
        <MyEventLogsCard volunteer={volunteer} />
        <Card
          id="sites-cleaned"
          title="Sites Cleaned"
          icon={<MapPin aria-hidden="true" className="h-5 w-5 text-civic-700" />}
        >
          {cleanupRecords.length === 0 ? (
            <Empty>{m.noCleanups}</Empty>
          ) : (
            <ul className="grid gap-4">
              {cleanupRecords.map((cleanup) => (
                <CleanupCard key={cleanup.id} cleanup={cleanup} />
              ))}
            </ul>
          )}
        </Card>
        <Card
          id="mucu-log"
          title="MUCU Attendance Log"
          icon={<CalendarCheck aria-hidden="true" className="h-5 w-5 text-civic-700" />}
        >
          {mucuAttendances.length === 0 ? (
            <Empty>{m.noMucus}</Empty>
          ) : (
            <ul className="grid gap-3">
              {mucuAttendances.map((attendance) => (
                <li key={attendance.id} className="grid gap-1 rounded-xl border border-stone-300 p-4">
                  <h3 className="font-bold text-civic-900">{attendance.mucu.name}</h3>
                  <p className="text-slate-700">{formatDate(attendance.mucu.date)}</p>
                  <p className="text-slate-800">
                    {attendance.mucu.mapsLink ? (
                      <a
                        href={attendance.mucu.mapsLink}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 font-semibold text-civic-800 underline underline-offset-4"
                      >
                        {attendance.mucu.location}
                        <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                        <span className="sr-only">(map, opens in a new tab)</span>
                      </a>
                    ) : (
                      attendance.mucu.location
                    )}
                  </p>
                  {attendance.mucu.description && <p className="text-slate-800">{attendance.mucu.description}</p>}
                  {attendance.notes && (
                    <p className="text-slate-800">
                      <span className="font-semibold">Your notes:</span> {attendance.notes}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Button variant="outline" className="justify-self-start" onClick={() => setAddEventOpen(true)}>
            <CalendarPlus aria-hidden="true" className="h-5 w-5" />
            Add MUCU Event
          </Button>
          <AddEventDialog open={addEventOpen} onOpenChange={setAddEventOpen} />
        </Card>
      </div>
    </div>
  );
}
