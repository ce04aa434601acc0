// The three report statuses and the words the screens use for them.

export const REPORT_STATUSES = ['reported', 'cleaning', 'completed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  reported: 'Awaiting cleanup',
  cleaning: 'Currently being cleaned',
  completed: 'Completed',
};
