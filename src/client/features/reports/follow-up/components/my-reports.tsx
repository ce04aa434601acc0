// 'My reports' on the home page: the reports sent from this device (their links are kept on the phone
// with the offline queue), each with its current status. Shows nothing until this device has sent one,
// and loads the list's code (the status of each report) only then.
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';

export const MY_REPORTS_KEY = ['my-reports'] as const;

const MyReportsList = lazy(() => import('./my-reports-list.tsx'));

export function MyReports() {
  const reports =
    useQuery({
      queryKey: MY_REPORTS_KEY,
      queryFn: async () => (await import('#client/features/reports/offline/report-queue.ts')).myReports(),
      networkMode: 'always',
    }).data ?? [];
  if (reports.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <MyReportsList reports={reports} />
    </Suspense>
  );
}
