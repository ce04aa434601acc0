// What the map reads of the reports: each placed report that is open, or was cleaned since a day, with
// what a passer-by may see of it. Read only; the reports repository is the one writer.
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';

export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  status: 'reported' | 'cleaning' | 'completed';
  offensive: boolean;
  what3words: string;
  reportedAt: string;
  completedAt: string | null;
  photoKey: string;
}

export function reportMapRepository(db: Db) {
  return {
    async points(cleanedSince: string): Promise<MapPoint[]> {
      const rows = await db
        .selectFrom('reports')
        .select([
          'id',
          'latitude',
          'longitude',
          'status',
          'priority',
          'what3words',
          'reported_at',
          'completed_at',
          'photo_key',
        ])
        .where('latitude', 'is not', null)
        .where('longitude', 'is not', null)
        .where((eb) => eb.or([eb('status', '!=', 'completed'), eb('completed_at', '>=', cleanedSince)]))
        .execute();
      return rows.map((row) => ({
        id: row.id,
        latitude: row.latitude!,
        longitude: row.longitude!,
        status: row.status,
        offensive: Boolean(row.priority),
        what3words: row.what3words,
        reportedAt: toIso(row.reported_at),
        completedAt: toIsoOrNull(row.completed_at),
        photoKey: row.photo_key,
      }));
    },
  };
}

export type ReportMapRepository = ReturnType<typeof reportMapRepository>;
