// The Reports tab's two views: the report cards, and the hotspot map, whose code (and the map
// library's) loads only when it is first shown. A site on the map opens its report card: the cards
// show that report alone, found by its number, with the focus on it.
import { lazy, Suspense, useState } from 'react';
import { ManagementDashboard } from '#client/features/reports/management/components/management-dashboard.tsx';

const HotspotMap = lazy(() => import('./hotspot-map.tsx').then((m) => ({ default: m.HotspotMap })));

const choice =
  'min-h-11 px-3 text-sm font-semibold text-civic-800 first:rounded-l-[10px] last:rounded-r-[10px] aria-pressed:bg-civic-800 aria-pressed:text-white';

/** Cards or map: shown in the tab row, beside the tabs, so the first card keeps its place on a phone. */
export function ReportsViewChoice({ map, onChange }: { map: boolean; onChange(map: boolean): void }) {
  return (
    <div
      role="group"
      aria-label="Show the reports as"
      className="mb-1 flex shrink-0 self-center rounded-xl border-2 border-civic-800"
    >
      <button type="button" aria-pressed={!map} onClick={() => onChange(false)} className={choice}>
        Cards
      </button>
      <button type="button" aria-pressed={map} onClick={() => onChange(true)} className={choice}>
        Map
      </button>
    </div>
  );
}

export function ReportsViews({ map, onChange }: { map: boolean; onChange(map: boolean): void }) {
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <div className="grid gap-3">
      {map && (
        <Suspense fallback={<p aria-busy="true">Loading the map...</p>}>
          <HotspotMap
            onOpenReport={(id) => {
              setOpened(id);
              onChange(false);
            }}
          />
        </Suspense>
      )}
      <div hidden={map}>
        <ManagementDashboard key={opened ?? 0} initialSearch={opened ? `#${opened}` : undefined} />
      </div>
    </div>
  );
}
