// Route '/volunteer-portal': the Administrator Dashboard with two tabs, Reports Management (the management
// dashboard) and Volunteer Analytics. The plus button on the Reports tab opens the manual-report form
// through the window event 'openManualForm'; the form lives with the page, not the tab, so the event also
// works on the Volunteer Analytics tab.
import { lazy, Suspense, useState } from 'react';
import * as Tabs from '#client/components/ui/tabs.tsx';
import { BarChart3, ClipboardList, Plus } from 'lucide-react';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import {
  ManualReportHost,
  openManualForm,
} from '#client/features/reports/management/components/manual-report-dialog.tsx';
import { AdminGuard } from './admin-guard.tsx';
import { AdminPageHeader } from './admin-page-header.tsx';
import { ReportsViewChoice, ReportsViews } from './reports-views.tsx';

// The analytics tab's code loads when the tab is first chosen.
const AnalyticsTab = lazy(() => import('./analytics-tab.tsx').then((m) => ({ default: m.AnalyticsTab })));

const TITLE = 'Administrator Dashboard';

// On a phone the two tabs share the width, each label on two lines if it must.
const tabClass =
  'inline-flex min-h-11 items-center justify-center gap-2 border-b-4 border-transparent px-2 text-sm leading-tight font-semibold text-slate-700 hover:text-civic-900 data-[state=active]:border-civic-800 data-[state=active]:text-civic-900 sm:min-h-12 sm:px-4 sm:text-base';
const tabIconClass = 'hidden h-5 w-5 sm:block';

export default function AdminDashboardPage() {
  useDocumentTitle(`${TITLE} | Clean Up Edinburgh`);
  return (
    <AdminGuard>
      <Dashboard />
    </AdminGuard>
  );
}

function Dashboard() {
  const [tab, setTab] = useState<'reports' | 'analytics'>('reports');
  const [map, setMap] = useState(false);
  return (
    <div className="mx-auto grid max-w-5xl gap-4 px-5 py-5 sm:gap-6 sm:py-8">
      <AdminPageHeader title={TITLE}>
        {tab === 'reports' && (
          <button
            type="button"
            aria-label="Add Manual Report"
            title="Add Manual Report"
            onClick={openManualForm}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-accent-600 text-white shadow-md hover:bg-accent-700 sm:h-12 sm:w-12"
          >
            <Plus aria-hidden="true" className="h-6 w-6" />
          </button>
        )}
      </AdminPageHeader>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as typeof tab)} className="grid gap-4 sm:gap-6">
        <div className="flex items-end gap-2 border-b-2 border-stone-300">
          <Tabs.List
            aria-label="Administrator dashboard"
            className="grid min-w-0 flex-1 grid-cols-2 gap-1 sm:flex sm:gap-2 sm:overflow-x-auto"
          >
            <Tabs.Trigger value="reports" className={tabClass}>
              <ClipboardList aria-hidden="true" className={tabIconClass} />
              Reports Management
            </Tabs.Trigger>
            <Tabs.Trigger value="analytics" className={tabClass}>
              <BarChart3 aria-hidden="true" className={tabIconClass} />
              Volunteer Analytics
            </Tabs.Trigger>
          </Tabs.List>
          {tab === 'reports' && <ReportsViewChoice map={map} onChange={setMap} />}
        </div>
        <Tabs.Content value="reports" className="outline-none">
          <ReportsViews map={map} onChange={setMap} />
        </Tabs.Content>
        <Tabs.Content value="analytics" className="outline-none">
          <Suspense fallback={<div aria-busy="true" className="min-h-[60vh]" />}>
            <AnalyticsTab />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
      <ManualReportHost />
    </div>
  );
}
