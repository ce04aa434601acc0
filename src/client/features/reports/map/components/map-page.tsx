// Route '/map', open to everyone: the sites waiting to be cleaned and those cleaned in the last 90
// days. The list comes first and is the page's content (a screen reader, a keyboard or a slow phone
// has everything from it); the map beside it is the list's twin, its code loaded only once the list
// is drawn and the browser is idle. Both show the same answer for the same view, kept in the address
// so a shared link opens it again. A site opens its details: photo (never for offensive graffiti),
// dates and three words.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { LocateFixed, MapPin, X } from 'lucide-react';
import type { MapCluster, MapShow, MapSite } from '#shared/contracts/report-map.ts';
import { MAP_CLEANED_WITHIN_DAYS } from '#shared/domain/report-map-limits.ts';
import { REPORT_STATUS_LABELS } from '#shared/domain/report-status.ts';
import { distanceText, formatCount, formatUkDate } from '#shared/domain/format.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { geolocationMessage, readPosition } from '#client/lib/geolocation.ts';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { useMapView, useSiteCleanup } from '../api/use-map-data.ts';
import {
  boundsOf,
  dataZoom,
  metresBetween,
  searchOfView,
  viewFromSearch,
  type MapSort,
  type MapViewState,
} from '../map-view.ts';
import { useSiteMap } from '../load-site-map.ts';
import { ItsBack } from '#client/features/reports/follow-up/components/its-back.tsx';
import { useBoxSize } from '../use-box-size.ts';

// 'Me too' for a site still waiting to be cleaned: its code loads only once such a site is opened.
const MeTooSection = lazy(() =>
  import('#client/features/reports/follow-up/components/me-too.tsx').then((module) => ({
    default: module.MeTooSection,
  })),
);

const SHOW_CHOICES: { value: MapShow; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Waiting to be cleaned' },
  { value: 'cleaned', label: `Cleaned in the last ${MAP_CLEANED_WITHIN_DAYS} days` },
];

const buttonClass =
  'inline-flex min-h-11 items-center gap-2 rounded-xl border-2 border-civic-800 bg-white px-4 py-2 font-semibold text-civic-800 hover:bg-civic-50';

const siteWords = (site: MapSite) => `///${site.what3words}`;

function siteSummary(site: MapSite): string {
  return site.status === 'completed' && site.completedAt
    ? `Cleaned ${formatUkDate(site.completedAt)}`
    : `Reported ${formatUkDate(site.reportedAt)}`;
}

function SiteDetails({ site, onClose }: { site: MapSite; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [site.id]);
  const cleanup = useSiteCleanup(site.id, site.status === 'completed' && !site.offensive);
  return (
    <section
      aria-labelledby="site-details-title"
      className="grid gap-3 rounded-2xl border-2 border-civic-800 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id="site-details-title"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-civic-900 [overflow-wrap:anywhere]"
        >
          {siteWords(site)}
        </h2>
        <button type="button" onClick={onClose} className={`${buttonClass} shrink-0 px-3`}>
          <X aria-hidden="true" className="h-5 w-5" />
          Close
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-semibold">Status</dt>
        <dd>{REPORT_STATUS_LABELS[site.status]}</dd>
        <dt className="font-semibold">Reported</dt>
        <dd>
          <time dateTime={site.reportedAt}>{formatUkDate(site.reportedAt)}</time>
        </dd>
        {site.completedAt && (
          <>
            <dt className="font-semibold">Cleaned</dt>
            <dd>
              <time dateTime={site.completedAt}>{formatUkDate(site.completedAt)}</time>
            </dd>
          </>
        )}
        <dt className="font-semibold">Three words</dt>
        <dd className="[overflow-wrap:anywhere]">{siteWords(site)}</dd>
      </dl>
      {site.offensive ? (
        <p className="rounded-xl bg-stone-light p-3 text-slate-800">
          This graffiti was reported as offensive, so its photo is not shown.
        </p>
      ) : cleanup.data ? (
        <div className="grid grid-cols-2 gap-2">
          {(['before', 'after'] as const).map((which) => (
            <figure key={which} className="grid gap-1">
              <a href={cleanup.data[which].photoUrl} target="_blank" rel="noopener noreferrer">
                <img
                  src={cleanup.data[which].thumbnailUrl}
                  alt={`${which === 'before' ? 'Before' : 'After'} the clean-up at ${siteWords(site)}`}
                  className="aspect-square w-full rounded-xl bg-stone-light object-cover"
                />
                <span className="sr-only"> (opens the full photo in a new tab)</span>
              </a>
              <figcaption className="text-sm font-semibold text-slate-800">
                {which === 'before' ? 'Before' : 'After'}
              </figcaption>
            </figure>
          ))}
        </div>
      ) : site.photoUrl ? (
        <a href={site.photoUrl} target="_blank" rel="noopener noreferrer" className="block">
          <img
            src={site.thumbnailUrl ?? site.photoUrl}
            alt={`The graffiti reported at ${siteWords(site)}`}
            className="max-h-72 w-full rounded-xl bg-stone-light object-contain"
          />
          <span className="sr-only"> (opens the full photo in a new tab)</span>
        </a>
      ) : null}
      {site.status === 'completed' ? (
        <ItsBack reportId={site.id} what3words={site.what3words} />
      ) : (
        <Suspense fallback={null}>
          <MeTooSection reportId={site.id} level={3} className="grid gap-2 border-t border-stone-300 pt-3" />
        </Suspense>
      )}
    </section>
  );
}

function SiteItem({ site, metres, onOpen }: { site: MapSite; metres: number | null; onOpen: () => void }) {
  const open = site.status !== 'completed';
  return (
    <li>
      <button
        type="button"
        id={`map-site-${site.id}`}
        onClick={onOpen}
        className="grid w-full gap-1 rounded-xl border border-stone-300 bg-white p-3 text-left hover:border-civic-800 hover:bg-civic-50"
      >
        <span className="flex items-center gap-2 font-bold text-civic-900 [overflow-wrap:anywhere]">
          <span
            aria-hidden="true"
            className={`h-3 w-3 shrink-0 rounded-full ${open ? 'bg-accent-600' : 'bg-emerald-600'}`}
          />
          {siteWords(site)}
        </span>
        <span className="text-slate-800">
          {REPORT_STATUS_LABELS[site.status]} · {siteSummary(site)}
          {metres !== null && ` · ${distanceText(metres)} from the middle of the map`}
        </span>
      </button>
    </li>
  );
}

function ClusterItem({ cluster, onZoom }: { cluster: MapCluster; onZoom: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onZoom}
        className="grid w-full gap-1 rounded-xl border border-dashed border-stone-400 bg-stone-light/60 p-3 text-left hover:border-civic-800"
      >
        <span className="font-bold text-civic-900">
          {formatCount(cluster.count)} sites close together ({formatCount(cluster.open)} waiting)
        </span>
        <span className="text-slate-800">Zoom in to list them one by one</span>
      </button>
    </li>
  );
}

export default function MapPage() {
  useDocumentTitle('Graffiti map | Clean Up Edinburgh');
  const [view, setView] = useState<MapViewState>(() => viewFromSearch(window.location.search));
  const box = useRef<HTMLDivElement>(null);
  const size = useBoxSize(box);
  const bbox = size ? boundsOf(view, size.width, size.height) : null;
  const data = useMapView(bbox, dataZoom(view.zoom), view.show);
  const [locating, setLocating] = useState<string | null>(null);

  // The address keeps the view: a shared or bookmarked link opens the same place, filter and site.
  useEffect(() => {
    const search = searchOfView(view);
    if (search !== window.location.search) window.history.replaceState(window.history.state, '', search);
  }, [view]);

  // The map's code is asked for only once the list is drawn and the browser has nothing better to do.
  const SiteMap = useSiteMap(data.isSuccess);

  const features = data.data?.features;
  const { sites, clusters } = useMemo(() => {
    const all = features ?? [];
    const sites = all.filter((feature): feature is MapSite => feature.kind === 'site');
    const clusters = all.filter((feature): feature is MapCluster => feature.kind === 'cluster');
    const centre = { lat: view.lat, lng: view.lng };
    const away = (site: MapSite) => metresBetween(centre, { lat: site.latitude, lng: site.longitude });
    const newest = (site: MapSite) => Date.parse(site.completedAt ?? site.reportedAt);
    sites.sort((a, b) => (view.sort === 'distance' ? away(a) - away(b) : newest(b) - newest(a)));
    clusters.sort((a, b) => b.count - a.count);
    return { sites: sites.map((site) => ({ site, metres: away(site) })), clusters };
  }, [features, view.lat, view.lng, view.sort]);
  const selected = sites.find(({ site }) => site.id === view.site)?.site;

  const update = (change: Partial<MapViewState>) => setView((last) => ({ ...last, ...change }));
  const openSite = (id: number) => update({ site: id });
  const closeSite = () => {
    const id = view.site;
    update({ site: null });
    requestAnimationFrame(() => document.getElementById(`map-site-${id}`)?.focus());
  };

  async function centreOnMe() {
    setLocating('Finding your location...');
    try {
      const { latitude, longitude } = await readPosition({ timeoutMs: 15_000, maximumAgeMs: 60_000 });
      update({ lat: latitude, lng: longitude, zoom: Math.max(view.zoom, 15), sort: 'distance' });
      setLocating(null);
    } catch (error) {
      setLocating(geolocationMessage(error as { code?: number }));
    }
  }

  const total = sites.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-5 py-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-civic-900 sm:text-4xl">Graffiti map</h1>
        <p className="max-w-3xl text-slate-800">
          Graffiti waiting to be cleaned, and the sites volunteers cleaned in the last {MAP_CLEANED_WITHIN_DAYS} days.
          The list shows what the map shows; move or zoom the map, or use the list, to see another part of the city.
        </p>
        <p>
          <a href="#site-map" className="font-semibold text-civic-800 underline underline-offset-4">
            Go to the map
          </a>
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <div className="grid content-start gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-semibold text-civic-900">Show</legend>
            <div className="flex flex-wrap gap-2">
              {SHOW_CHOICES.map((choice) => (
                <label
                  key={choice.value}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border-2 border-stone-300 bg-white px-3 py-2 has-[:checked]:border-civic-800 has-[:checked]:bg-civic-50"
                >
                  <input
                    type="radio"
                    name="map-show"
                    value={choice.value}
                    checked={view.show === choice.value}
                    onChange={() => update({ show: choice.value, site: null })}
                    className="h-4 w-4 accent-civic-800"
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 font-semibold text-civic-900">
              Sort the list
              <select
                value={view.sort}
                onChange={(event) => update({ sort: event.target.value as MapSort })}
                className="min-h-11 rounded-xl border-2 border-stone-300 bg-white px-3 font-normal text-slate-900"
              >
                <option value="date">Newest first</option>
                <option value="distance">Nearest the middle of the map</option>
              </select>
            </label>
            <button type="button" onClick={() => void centreOnMe()} className={buttonClass}>
              <LocateFixed aria-hidden="true" className="h-5 w-5" />
              Centre on my location
            </button>
          </div>
          <p role="status" className="text-slate-800 empty:hidden">
            {locating}
          </p>

          {selected && <SiteDetails site={selected} onClose={closeSite} />}

          <section aria-labelledby="map-list-title" aria-busy={!data.isSuccess && !data.isError} className="grid gap-3">
            <h2 id="map-list-title" className="text-xl font-bold text-civic-900">
              {data.isSuccess
                ? total === 0
                  ? 'No sites in this part of the city'
                  : `${formatCount(total)} ${total === 1 ? 'site' : 'sites'} in this part of the city`
                : 'Sites in this part of the city'}
            </h2>
            {data.isError ? (
              <LoadFailed
                message="The sites could not be loaded. Check your connection, then try again."
                onRetry={() => void data.refetch()}
              />
            ) : (
              <ul className="grid gap-2">
                {sites.map(({ site, metres }) => (
                  <SiteItem
                    key={site.id}
                    site={site}
                    metres={view.sort === 'distance' ? metres : null}
                    onOpen={() => openSite(site.id)}
                  />
                ))}
                {clusters.map((cluster) => (
                  <ClusterItem
                    key={`${cluster.longitude},${cluster.latitude}`}
                    cluster={cluster}
                    onZoom={() =>
                      update({ lat: cluster.latitude, lng: cluster.longitude, zoom: cluster.expansionZoom })
                    }
                  />
                ))}
              </ul>
            )}
          </section>
        </div>

        <section aria-labelledby="site-map-title" className="grid gap-2 lg:sticky lg:top-4">
          <h2 id="site-map-title" className="flex items-center gap-2 text-xl font-bold text-civic-900">
            <MapPin aria-hidden="true" className="h-5 w-5" />
            The sites on the map
          </h2>
          <div
            id="site-map"
            ref={box}
            tabIndex={-1}
            className="relative h-[60vh] min-h-72 overflow-hidden rounded-2xl border border-stone-300 bg-[#eef0ea] lg:h-[70vh]"
          >
            {SiteMap.Component && features ? (
              <SiteMap.Component
                view={view}
                features={features}
                selected={view.site}
                onMove={(moved) => update(moved)}
                onSelect={openSite}
              />
            ) : SiteMap.failed ? (
              <p className="p-4 text-slate-800">The map could not be loaded. The list has every site it would show.</p>
            ) : (
              <p className="p-4 text-slate-700">Loading the map...</p>
            )}
          </div>
          <p className="text-sm text-slate-700">Map data © OpenStreetMap contributors</p>
        </section>
      </div>
    </div>
  );
}
