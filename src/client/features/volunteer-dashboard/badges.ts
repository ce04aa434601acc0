// Friendly names for the badges the server awards.
const BADGE_NAMES: Record<string, { title: string; detail: string }> = {
  first_cleanup: { title: 'First clean-up', detail: 'Cleaned your first site' },
  cleanups_5: { title: '5 clean-ups', detail: 'Cleaned 5 sites' },
  cleanups_10: { title: '10 clean-ups', detail: 'Cleaned 10 sites' },
  cleanups_25: { title: '25 clean-ups', detail: 'Cleaned 25 sites' },
  cleanups_50: { title: '50 clean-ups', detail: 'Cleaned 50 sites' },
  first_mucu: { title: 'First MUCU', detail: 'Came to your first Meet Up Clean Up' },
  mucus_5: { title: '5 MUCUs', detail: 'Came to 5 Meet Up Clean Ups' },
  hours_10: { title: '10 hours', detail: 'Worked 10 hours on clean-ups' },
};

export function badgeName(badgeType: string): { title: string; detail: string } {
  return BADGE_NAMES[badgeType] ?? { title: badgeType.replace(/_/g, ' '), detail: '' };
}
