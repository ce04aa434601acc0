// The administrators' hotspot map, the Reports tab's 'Map' view: every placed report in the view,
// filtered by status, priority and the days reported, gathered into clusters on the server, with a heat
// layer weighted by how many reports each cluster holds. Its list twin comes first and has every
// site and cluster the map shows; the map's code loads once the list is drawn. A site, on either,
// opens its report card on the Cards view.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AdminMapQuery, MapCluster, MapSite } from '#shared/contracts/report-map.ts';
import { REPORT_STATUS_LABELS } from '#shared/domain/report-status.ts';
import { formatCount, formatUkDate } from '#shared/domain/format.ts';
import {
  CITY_VIEW,
  boundsOf,
  dataZoom,
  metresBetween,
  type MapViewState,
} from '#client/features/reports/map/map-view.ts';
import { useBoxSize } from '#client/features/reports/map/use-box-size.ts';
import { useSiteMap } from '#client/features/reports/map/load-site-map.ts';
import { ApiError, describeError } from '#client/lib/api-client.ts';
import { useHotspotMap } from '../api/use-hotspot-map.ts';

type Filters = Required<Pick<AdminMapQuery, 'status' | 'priority'>> & { from: string; to: string };
type Sort = 'date' | 'distance';

/** The view and filters kept while the Cards view is shown, so coming back finds the map as it was left. */
let kept: { view: Pick<MapViewState, 'lat' | 'lng' | 'zoom'>; filters: Filters; heat: boolean; sort: Sort } = {
  view: { lat: CITY_VIEW.lat, lng: CITY_VIEW.lng, zoom: CITY_VIEW.zoom },
  filters: { status: 'all', priority: 'all', from: '', to: '' },
  heat: true,
  sort: 'date',
};

const fieldClass = 'min-h-11 rounded-xl border-2 border-stone-300 bg-white px-3 font-normal text-slate-900';
const labelClass = 'grid gap-1 text-sm font-semibold text-civic-900';

export function HotspotMap({ onOpenReport }: { onOpenReport(id: number): void }) {
  const [view, setView] = useState(kept.view);
  const [filters, setFilters] = useState<Filters>(kept.filters);
  const [heat, setHeat] = useState(kept.heat);
  const [sort, setSort] = useState<Sort>(kept.sort);
  useEffect(() => {
    kept = { view, filters, heat, sort };
  }, [view, filters, heat, sort]);
  const box = useRef<HTMLDivElement>(null);
  const size = useBoxSize(box);
  const query: AdminMapQuery | null = size
    ? {
        bbox: boundsOf(view, size.width, size.height).join(','),
        zoom: dataZoom(view.zoom),
        status: filters.status,
        priority: filters.priority,
        ...(filters.from ? { from: filters.from } : {}),
        ...(filters.to ? { to: filters.to } : {}),
      }
    : null;
  const data = useHotspotMap(query);
  const SiteMap = useSiteMap(data.isSuccess);
  const features = data.data?.features;

  const { sites, clusters } = useMemo(() => {
    const all = features ?? [];
    const centre = { lat: view.lat, lng: view.lng };
    const away = (site: MapSite) => metresBetween(centre, { lat: site.latitude, lng: site.longitude });
    const sites = all.filter((feature): feature is MapSite => feature.kind === 'site');
    sites.sort((a, b) =>
      sort === 'distance' ? away(a) - away(b) : Date.parse(b.reportedAt) - Date.parse(a.reportedAt),
    );
    const clusters = all.filter((feature): feature is MapCluster => feature.kind === 'cluster');
    clusters.sort((a, b) => b.count - a.count);
    return { sites, clusters };
  }, [features, view.lat, view.lng, sort]);
  const total = sites.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  const refused = data.error instanceof ApiError && data.error.status === 400 ? data.error.body?.message : undefined;

  const change = (next: Partial<Filters>) => setFilters((last) => ({ ...last, ...next }));

  return (
    <section aria-labelledby="hotspot-map-title" className="grid gap-4">
      <h2 id="hotspot-map-title" className="text-xl font-bold text-civic-900">
        Hotspot map
      </h2>
      <div role="group" aria-label="Filter the map" className="flex flex-wrap items-end gap-3">
        <label className={labelClass}>
          Status
          <select
            value={filters.status}
            onChange={(event) => change({ status: event.target.value as Filters['status'] })}
            className={fieldClass}
          >
            <option value="all">All</option>
            <option value="reported">Reported</option>
            <option value="cleaning">Cleaning</option>
            <option value="completed">Completed</option>
          </select>
        </label>
        <label className={labelClass}>
          Priority
          <select
            value={filters.priority}
            onChange={(event) => change({ priority: event.target.value as Filters['priority'] })}
            className={fieldClass}
          >
            <option value="all">All reports</option>
            <option value="priority">Priority only</option>
            <option value="other">Not priority</option>
          </select>
        </label>
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className={labelClass}>
            Reported {end}
            <input
              type="date"
              value={filters[end]}
              onChange={(event) => change({ [end]: event.target.value })}
              className={fieldClass}
            />
          </label>
        ))}
        <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-civic-900">
          <input
            type="checkbox"
            checked={heat}
            onChange={(event) => setHeat(event.target.checked)}
            className="h-5 w-5 accent-civic-800"
          />
          Heat layer
        </label>
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <section
          aria-labelledby="hotspot-list-title"
          aria-busy={!data.isSuccess && !data.isError}
          className="grid content-start gap-3"
        >
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h3 id="hotspot-list-title" className="text-lg font-bold text-civic-900">
              {data.isSuccess
                ? `${formatCount(total)} ${total === 1 ? 'report' : 'reports'} in this view`
                : 'Reports in this view'}
            </h3>
            <label className={labelClass}>
              Sort the list
              <select value={sort} onChange={(event) => setSort(event.target.value as Sort)} className={fieldClass}>
                <option value="date">Newest first</option>
                <option value="distance">Nearest the middle of the map</option>
              </select>
            </label>
          </div>
          {data.isError ? (
            <p role="alert" className="rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-950">
              {refused ?? `The map's reports could not be loaded. ${describeError(data.error).message}`}
            </p>
          ) : (
            <>
              {data.data?.truncated && (
                <p className="rounded-xl bg-stone-light p-3 text-slate-800">
                  This view holds more reports than can be shown at once. Zoom in to see them all.
                </p>
              )}
              <ul className="grid gap-2">
                {sites.map((site) => (
                  <li key={site.id}>
                    <button
                      type="button"
                      onClick={() => onOpenReport(site.id)}
                      className="grid w-full gap-1 rounded-xl border border-stone-300 bg-white p-3 text-left hover:border-civic-800 hover:bg-civic-50"
                    >
                      <span className="font-bold text-civic-900 [overflow-wrap:anywhere]">///{site.what3words}</span>
                      <span className="text-sm text-slate-800">
                        {REPORT_STATUS_LABELS[site.status]} · Reported {formatUkDate(site.reportedAt)}
                        {site.offensive && <strong className="text-red-900"> · Priority</strong>}
                      </span>
                      <span className="text-sm font-semibold text-civic-800 underline underline-offset-4">
                        Open its report card
                      </span>
                    </button>
                  </li>
                ))}
                {clusters.map((cluster) => (
                  <li key={`${cluster.longitude},${cluster.latitude}`}>
                    <button
                      type="button"
                      onClick={() =>
                        setView({ lat: cluster.latitude, lng: cluster.longitude, zoom: cluster.expansionZoom })
                      }
                      className="grid w-full gap-1 rounded-xl border border-dashed border-stone-400 bg-stone-light/60 p-3 text-left hover:border-civic-800"
                    >
                      <span className="font-bold text-civic-900">
                        {formatCount(cluster.count)} reports close together ({formatCount(cluster.open)} open)
                      </span>
                      <span className="text-sm text-slate-800">Zoom in to list them one by one</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        <div className="grid gap-2 lg:sticky lg:top-4">
          <div
            ref={box}
            className="relative h-[60vh] min-h-72 overflow-hidden rounded-2xl border border-stone-300 bg-[#eef0ea]"
          >
            {SiteMap.Component && features ? (
              <SiteMap.Component
                view={{ ...view, show: 'all', sort: 'date', site: null }}
                features={features}
                selected={null}
                heat={heat}
                onMove={setView}
                onSelect={onOpenReport}
              />
            ) : SiteMap.failed ? (
              <p className="p-4 text-slate-800">
                The map could not be loaded. The list has every report it would show.
              </p>
            ) : (
              <p className="p-4 text-slate-700">Loading the map...</p>
            )}
          </div>
          <p className="text-sm text-slate-700">
            Amber: open · green: cleaned · numbers: reports close together. Map data © OpenStreetMap contributors
          </p>
        </div>
      </div>
    </section>
  );
}
