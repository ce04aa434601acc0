// The map's answer for a view: the sites in a bounding box at a zoom, those near each other gathered
// into clusters (supercluster), so a view of the whole city is a few dozen features however many
// reports there are. Two indexes, open sites and sites cleaned lately, made from the reports once per
// version of the list (and each new day, as cleaned sites age off the map), shared by every view until
// the list changes. Making them reads every report on the map: a view waits a moment for them, then is
// answered from the last ones made, so no view waits long on a change and the map catches up within
// that time. Offensive graffiti keeps its place and loses its photo.
import { setTimeout as sleep } from 'node:timers/promises';
import Supercluster from 'supercluster';
import { MAP_CLEANED_WITHIN_DAYS, MAP_MAX_ZOOM, type MapShow, type MapView } from '#shared/contracts/report-map.ts';
import { cityDayStart } from '#shared/domain/city-clock.ts';
import type { Clock } from '#server/clock.ts';
import { photoUrls } from '#server/features/photos/index.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import type { PublicReportRow, PublicReportsRepository } from '../public-reports.repository.ts';

/** A site on the map as the indexes hold it. */
interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  status: PublicReportRow['status'];
  offensive: boolean;
  what3words: string;
  reportedAt: string;
  completedAt: string | null;
  photoKey: string;
}

export const pointOf = (row: PublicReportRow): MapPoint => ({
  id: row.id,
  latitude: row.latitude!,
  longitude: row.longitude!,
  status: row.status,
  offensive: Boolean(row.priority),
  what3words: row.what3words,
  reportedAt: toIso(row.reported_at),
  completedAt: toIsoOrNull(row.completed_at),
  photoKey: row.photo_key,
});

/** How long a view waits for new indexes being made before it is answered from the last ones. */
const WAIT_FOR_NEW_INDEXES_MS = 100;

/** How near sites must be, in screen pixels of a 512 px tile, to be shown as one cluster. */
const CLUSTER_RADIUS_PX = 60;

interface SiteProperties {
  point: MapPoint;
}
interface ClusterProperties {
  open: number;
}
export type Index = Supercluster<SiteProperties, ClusterProperties>;
/** Indexes made for one key (the list's version and the day). */
interface Made {
  key: string;
  /** The list's version they were made from. */
  version: string;
  open: Index;
  cleaned: Index;
}

export function reportMapService({
  repository,
  clock,
  waitForNewMs = WAIT_FOR_NEW_INDEXES_MS,
}: {
  repository: Pick<PublicReportsRepository, 'onTheMap'>;
  clock: Clock;
  /** How long a view waits for new indexes before the last ones answer it. */
  waitForNewMs?: number;
}) {
  let ready: Made | undefined;
  let making: { key: string; done: Promise<Made> } | undefined;

  const cleanedSince = () => cityDayStart(clock.now(), -MAP_CLEANED_WITHIN_DAYS);
  /** The key of the indexes a view is answered from: the list's version and the day. */
  const keyOf = (version: string) => `${version}.${cleanedSince().toISOString().slice(0, 10)}`;

  /** Makes the indexes for the list's version `version` (once at a time); they replace the last ones if still wanted. */
  function make(version: string): Promise<Made> {
    const key = keyOf(version);
    const done = repository.onTheMap(cleanedSince().toISOString()).then((rows) => {
      const points = rows.map(pointOf);
      return {
        key,
        version,
        open: indexOf(points.filter((point) => point.status !== 'completed')),
        cleaned: indexOf(points.filter((point) => point.status === 'completed')),
      };
    });
    making = { key, done };
    // A failed read is not kept: the next view reads again. Indexes overtaken by a newer key are dropped.
    done.then(
      (made) => {
        if (making?.key === key) {
          ready = made;
          making = undefined;
        }
      },
      () => {
        if (making?.key === key) making = undefined;
      },
    );
    return done;
  }

  async function indexesFor(version: string): Promise<Made> {
    const key = keyOf(version);
    if (ready?.key === key) return ready;
    const done = making?.key === key ? making.done : make(version);
    const last = ready;
    if (!last) return done;
    return Promise.race([done.catch(() => last), sleep(waitForNewMs, last, { ref: false })]);
  }

  return {
    keyOf,
    /**
     * The sites one view shows, from the indexes for the list's version `version`, or the last ones made
     * while those are made; `key` names the indexes it came from (the answer's ETag names it).
     */
    async view(
      { bbox, zoom, show }: { bbox: [number, number, number, number]; zoom: number; show: MapShow },
      version: string,
    ): Promise<{ key: string; view: MapView }> {
      const made = await indexesFor(version);
      const shown = show === 'all' ? [made.open, made.cleaned] : [made[show]];
      const features = shown.flatMap((index) => featuresOf(index, bbox, zoom));
      return { key: made.key, view: { features, version: made.version } };
    },
  };
}

export function indexOf(points: MapPoint[]): Index {
  const index: Index = new Supercluster<SiteProperties, ClusterProperties>({
    radius: CLUSTER_RADIUS_PX,
    extent: 512,
    maxZoom: MAP_MAX_ZOOM - 1,
    map: ({ point }) => ({ open: point.status === 'completed' ? 0 : 1 }),
    reduce: (total, next) => {
      total.open += next.open;
    },
  });
  return index.load(
    points.map((point) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
      properties: { point },
    })),
  );
}

export function featuresOf(index: Index, bbox: [number, number, number, number], zoom: number): MapView['features'] {
  return index.getClusters(bbox, zoom).map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties;
    if ('cluster' in properties && properties.cluster) {
      return {
        kind: 'cluster',
        latitude,
        longitude,
        count: properties.point_count,
        open: properties.open,
        expansionZoom: Math.min(index.getClusterExpansionZoom(properties.cluster_id), MAP_MAX_ZOOM),
      };
    }
    const { point } = properties as SiteProperties;
    const photos = point.offensive ? { photoUrl: null, thumbnailUrl: null } : photoUrls(point.photoKey);
    return {
      kind: 'site',
      id: point.id,
      latitude: point.latitude,
      longitude: point.longitude,
      status: point.status,
      offensive: point.offensive,
      what3words: point.what3words,
      reportedAt: point.reportedAt,
      completedAt: point.completedAt,
      ...photos,
    };
  });
}

export type ReportMapService = ReturnType<typeof reportMapService>;
