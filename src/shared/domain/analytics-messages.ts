// Wording of the administrators' Volunteer Analytics tab, copied exactly where the spec gives it. Kept
// apart from the management dashboard's words: the tab's code loads when the tab is first chosen.

export const analyticsMessages = {
  errorTitle: 'Error Loading Analytics',
  noDataTitle: 'No Data Available',
  dailyProgressError: 'Failed to load daily progress data',
  noProgress: 'No progress data available',
  noVolunteers: 'No volunteers found',
  last30Days: 'Showing last 30 days. Export CSV for complete data.',
  never: 'Never',
  /** Under 'Total Sites Cleaned', which counts every completed report. */
  sitesCleanedDetail: (cleanups: number) =>
    `Completed reports; ${cleanups === 1 ? '1 clean-up' : `${cleanups} clean-ups`} recorded with photos`,
  volunteerCleanupsColumn: 'Clean-ups With Photos',
} as const;
