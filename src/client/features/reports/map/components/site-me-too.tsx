// 'Me too' in the map's site details, for a site still waiting to be cleaned. Its code loads only
// once a site is opened, so the map's first view carries none of it.
import { lazy, Suspense } from 'react';
import type { MapSite } from '#shared/contracts/report-map.ts';

const MeTooSection = lazy(() =>
  import('#client/features/reports/follow-up/components/me-too.tsx').then((module) => ({
    default: module.MeTooSection,
  })),
);

export function SiteMeToo({ site }: { site: MapSite }) {
  if (site.status === 'completed') return null;
  return (
    <Suspense fallback={null}>
      <MeTooSection reportId={site.id} level={3} className="grid gap-2 border-t border-stone-300 pt-3" />
    </Suspense>
  );
}
