// Route '/volunteer-dashboard' for administrators (volunteers get their personal dashboard there): the
// report management dashboard on a page of its own.
import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { routes } from '#shared/routes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { ManagementDashboard } from '#client/features/reports/management/components/management-dashboard.tsx';
import {
  ManualReportHost,
  openManualForm,
} from '#client/features/reports/management/components/manual-report-dialog.tsx';
import { AdminGuard } from './admin-guard.tsx';
import { AdminPageHeader } from './admin-page-header.tsx';

const TITLE = 'Report Management';

export default function ManagementPage() {
  useDocumentTitle(`${TITLE} | Clean Up Edinburgh`);
  return (
    <AdminGuard>
      <div className="mx-auto grid max-w-5xl gap-4 px-5 py-5 sm:gap-6 sm:py-8">
        <AdminPageHeader title={TITLE}>
          <Link
            href={routes.adminDashboard}
            className="inline-flex min-h-11 items-center px-2 font-semibold text-civic-800 underline underline-offset-4"
          >
            Administrator Dashboard
          </Link>
          {/* On a phone the plus alone, as on the Administrator Dashboard; its name is the same. */}
          <Button onClick={openManualForm} className="max-sm:w-11 max-sm:px-0">
            <Plus aria-hidden="true" className="h-5 w-5" />
            <span className="max-sm:sr-only">Add Manual Report</span>
          </Button>
        </AdminPageHeader>
        <ManagementDashboard />
        <ManualReportHost />
      </div>
    </AdminGuard>
  );
}
