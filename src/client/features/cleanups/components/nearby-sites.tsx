// Beside the find workflow: the open sites near the volunteer, as a list (nearest or newest first, with
// distances) and as its twin on a map, loaded once the list is drawn. Any of them may be chosen instead
// of the one offered; choosing one puts it in the workflow's location step, so taking it on is the
// same 'I want to clean it up' under the same rules.
import { useMemo, useRef, useState } from 'react';
import { Footprints } from 'lucide-react';
import type { NearbySitesResponse } from '#shared/contracts/cleanups.ts';
import type { MapSite } from '#shared/contracts/report-map.ts';
import { distanceText, formatCount, formatUkDate } from '#shared/domain/format.ts';
import { boundsOf, type MapViewState } from '#client/features/reports/map/map-view.ts';
import { useBoxSize } from '#client/features/reports/map/use-box-size.ts';
import { useSiteMap } from '#client/features/reports/map/load-site-map.ts';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { useNearbySites } from '../api/nearby-sites-calls.ts';
import type { Point, Site } from '../find-workflow.ts';
import { Loading } from '#client/components/ui/loading.tsx';

type Nearby = NearbySitesResponse['sites'][number];
type Sort = 'distance' | 'date';

/** How many sites the list shows before 'Show all'. */
const FIRST_SHOWN = 8;

interface NearbySitesProps {
  origin: Point;
  radiusMetres: number | undefined;
  /** The site in the workflow now, marked on the list and the map. */
  offeredId: number | null;
  onChoose(site: Site): void;
}

/** The closest zoom (up to a street's) at which a box of this size holds every site around `centre`. */
function zoomToFit(centre: { lat: number; lng: number }, sites: Nearby[], size: { width: number; height: number }) {
  for (let zoom = 16; zoom > 9; zoom--) {
    const [west, south, east, north] = boundsOf({ ...centre, zoom }, size.width - 40, size.height - 40);
    const inside = sites.every(({ report }) => {
      const { latitude: lat, longitude: lng } = report;
      return lat !== null && lng !== null && lat >= south && lat <= north && lng >= west && lng <= east;
    });
    if (inside) return zoom;
  }
  return 10;
}

function toMapSite({ report }: Nearby): MapSite {
  return {
    kind: 'site',
    id: report.id,
    latitude: report.latitude!,
    longitude: report.longitude!,
    status: report.status,
    offensive: report.priority,
    what3words: report.what3words,
    reportedAt: report.reportedAt,
    completedAt: report.completedAt,
    thumbnailUrl: report.thumbnailUrl,
    photoUrl: report.photoUrl,
  };
}

export function NearbySites({ origin, radiusMetres, offeredId, onChoose }: NearbySitesProps) {
  const nearby = useNearbySites(origin, radiusMetres);
  const [sort, setSort] = useState<Sort>('distance');
  const [all, setAll] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const size = useBoxSize(box);
  const SiteMap = useSiteMap(nearby.isSuccess);
  const centre = { lat: origin.latitude, lng: origin.longitude };
  const [moved, setMoved] = useState<Pick<MapViewState, 'lat' | 'lng' | 'zoom'> | null>(null);

  const sites = useMemo(() => {
    const list = [...(nearby.data?.sites ?? [])];
    if (sort === 'date') list.sort((a, b) => Date.parse(b.report.reportedAt) - Date.parse(a.report.reportedAt));
    return list;
  }, [nearby.data, sort]);
  const features = useMemo(() => (nearby.data?.sites ?? []).map(toMapSite), [nearby.data]);
  const fitted = size && nearby.data ? zoomToFit(centre, nearby.data.sites, size) : 15;
  const view: MapViewState = { ...centre, zoom: fitted, ...moved, show: 'open', sort: 'distance', site: offeredId };
  const shown = all ? sites : sites.slice(0, FIRST_SHOWN);
  const byId = (id: number) => nearby.data?.sites.find((site) => site.report.id === id);

  return (
    <section aria-labelledby="nearby-sites-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="nearby-sites-title" className="text-2xl font-bold text-civic-900">
          Open sites near you
        </h2>
        <p className="text-slate-700">
          You can choose any of these instead of the one offered. Choosing one shows it above, where you can take it on.
        </p>
      </div>
      {nearby.isError ? (
        <LoadFailed
          message="The sites near you could not be loaded. Check your connection, then try again."
          onRetry={() => void nearby.refetch()}
        />
      ) : !nearby.data ? (
        <Loading busy>Loading the sites near you...</Loading>
      ) : nearby.data.sites.length === 0 ? (
        <p className="text-slate-800">No open sites within {distanceText(nearby.data.radiusMetres)} of you.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <p className="text-slate-800">
              {nearby.data.more
                ? `The nearest ${formatCount(sites.length)} open sites within ${distanceText(nearby.data.radiusMetres)}`
                : `${formatCount(sites.length)} open ${sites.length === 1 ? 'site' : 'sites'} within ${distanceText(nearby.data.radiusMetres)}`}
            </p>
            <label className="grid gap-1 font-semibold text-civic-900">
              Sort the list
              <select
                value={sort}
                onChange={(event) => setSort(event.target.value as Sort)}
                className="min-h-11 rounded-xl border-2 border-stone-300 bg-white px-3 font-normal text-slate-900"
              >
                <option value="distance">Nearest first</option>
                <option value="date">Newest first</option>
              </select>
            </label>
          </div>
          <ul aria-label="Open sites near you" className="grid gap-2">
            {shown.map((site) => (
              <li key={site.report.id}>
                <button
                  type="button"
                  aria-pressed={site.report.id === offeredId}
                  onClick={() => onChoose(site)}
                  className="grid w-full gap-1 rounded-xl border border-stone-300 bg-white p-3 text-left hover:border-civic-800 hover:bg-civic-50 aria-pressed:border-2 aria-pressed:border-civic-800 aria-pressed:bg-civic-50"
                >
                  <span className="flex items-center gap-2 font-bold text-civic-900 [overflow-wrap:anywhere]">
                    <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full bg-accent-600" />
                    {/* Apart from the offered site's own wording ('///words', '450 metres away'). */}
                    {site.report.what3words || `Report #${site.report.id}`}
                  </span>
                  <span className="flex flex-wrap items-center gap-x-2 text-slate-800">
                    <span className="inline-flex items-center gap-1 font-semibold">
                      <Footprints aria-hidden="true" className="h-4 w-4" />
                      {distanceText(site.distance)} from you
                    </span>
                    <span>· Reported {formatUkDate(site.report.reportedAt)}</span>
                    {site.report.priority && <span className="font-semibold text-red-900">· Offensive: priority</span>}
                    {site.report.id === offeredId && <span className="font-semibold">· Shown above</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {!all && sites.length > FIRST_SHOWN && (
            <button
              type="button"
              onClick={() => setAll(true)}
              className="inline-flex min-h-11 items-center justify-self-start rounded-xl border-2 border-civic-800 bg-white px-4 font-semibold text-civic-800 hover:bg-civic-50"
            >
              Show all {formatCount(sites.length)} sites
            </button>
          )}
        </>
      )}
      <div className="grid gap-2">
        <h3 className="text-lg font-bold text-civic-900">The same sites on a map</h3>
        <div
          ref={box}
          className="relative h-80 overflow-hidden rounded-2xl border border-stone-300 bg-[#eef0ea] sm:h-96"
        >
          {SiteMap.Component && nearby.data ? (
            <SiteMap.Component
              view={view}
              features={features}
              selected={offeredId}
              here={centre}
              onMove={setMoved}
              onSelect={(id) => {
                const site = byId(id);
                if (site) onChoose(site);
              }}
            />
          ) : SiteMap.failed ? (
            <p className="p-4 text-slate-800">The map could not be loaded. The list has every site it would show.</p>
          ) : (
            <p className="p-4 text-slate-700">{nearby.isSuccess ? 'Loading the map...' : ''}</p>
          )}
        </div>
        <p className="text-sm text-slate-700">The blue dot is where you are. Map data © OpenStreetMap contributors</p>
      </div>
    </section>
  );
}
