// A volunteer's rights over their data: a copy of everything kept about them (one zip: my-data.json
// and the photos they took), and erasure of their account. Also the facts the privacy notice shows.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { MyData, PrivacyNotice } from '#shared/contracts/privacy.ts';
import { AUDIT_LOG_DAYS, auditActionLabel } from '#shared/domain/audit-actions.ts';
import { routes } from '#shared/routes.ts';
import type { Clock } from '#server/clock.ts';
import type { PrivacySettings } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { pointOf, toIso, toIsoOrNull } from '#server/db/tables.ts';
import { hasReadableDate } from '#server/features/events/index.ts';
import { photoNames, type PhotoStorage } from '#server/features/photos/index.ts';
import { volunteersRepository } from '#server/features/volunteers/index.ts';
import { privacyRepository } from './privacy.repository.ts';

/** Sign-in links, codes and ended sessions are kept this long (then the daily job deletes them). */
export const SIGN_IN_RECORDS_HOURS = 24;

/** An event's date in the download: as ISO, or as it was stored when that cannot be read (nothing is held back). */
const eventDate = (row: { date: Date | string }) => (hasReadableDate(row) ? toIso(row.date) : String(row.date));

export interface PrivacyDeps {
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  settings: PrivacySettings;
  publicUrl: string;
  /** What other features undo before a volunteer goes (places at events pass to the waiting list). */
  beforeErase?: (volunteerId: number) => Promise<void>;
}

export function privacyService({ db, storage, clock, settings, publicUrl, beforeErase }: PrivacyDeps) {
  const repository = privacyRepository(db);

  return {
    notice(): PrivacyNotice {
      return {
        operatorName: settings.operatorName,
        operatorEmail: settings.operatorEmail,
        retention: {
          signInHours: SIGN_IN_RECORDS_HOURS,
          inactiveAccountDays: settings.inactiveAccountDays,
          erasureNoticeDays: settings.erasureNoticeDays,
          auditLogDays: AUDIT_LOG_DAYS,
        },
      };
    },

    /** The volunteer's data as a zip, streamed; photos are read one at a time as the zip is written. */
    async download(volunteerId: number) {
      const volunteer = await volunteersRepository(db).findById(volunteerId);
      if (!volunteer) return null;
      const rows = await repository.everythingAbout(volunteerId);
      const now = clock.now();
      const zip = new yazl.ZipFile();
      const added = new Set<string>();

      /** Adds the web-size photo under photos/ and answers its path in the zip, or null when it is gone. */
      async function photo(key: string): Promise<{ file: string | null }> {
        const name = photoNames(key).web;
        const file = `photos/${name}`;
        if (added.has(file)) return { file };
        if (!(await storage.exists(name))) return { file: null };
        added.add(file);
        zip.addReadStreamLazy(file, { compress: false, mtime: now }, (callback) => {
          storage.read(name).then(
            (bytes) => callback(null, Readable.from([bytes ?? Buffer.alloc(0)])),
            (error: unknown) => callback(error as Error, undefined as never),
          );
        });
        return { file };
      }

      const cleanups: MyData['cleanups'] = [];
      for (const row of rows.cleanups) {
        cleanups.push({
          id: row.id,
          reportId: row.report_id,
          what3words: row.what3words,
          completedAt: toIso(row.completed_at),
          minutesWorked: row.minutes_worked,
          notes: row.notes,
          beforePhoto: await photo(row.before_photo_key),
          afterPhoto: await photo(row.after_photo_key),
        });
      }
      const progressPhotos: MyData['progressPhotos'] = [];
      for (const row of rows.progressPhotos) {
        progressPhotos.push({
          id: row.id,
          reportId: row.report_id,
          description: row.description,
          addedAt: toIso(row.created_at),
          photo: await photo(row.photo_key),
        });
      }
      const choices = rows.alertChoices;
      const data: MyData = {
        exportedAt: now.toISOString(),
        service: {
          operatorName: settings.operatorName,
          operatorEmail: settings.operatorEmail,
          privacyNotice: `${publicUrl}${routes.privacy}`,
        },
        profile: {
          id: volunteer.id,
          email: volunteer.email,
          name: volunteer.name,
          joinedAt: toIsoOrNull(volunteer.joined_at),
          lastActiveAt: toIsoOrNull(volunteer.last_active_at),
          inactivityWarnedAt: toIsoOrNull(volunteer.inactivity_warned_at),
        },
        cleanups,
        progressPhotos,
        cleaningNow: rows.cleaningNow.map((row) => ({
          reportId: row.id,
          what3words: row.what3words,
          since: toIsoOrNull(row.cleaning_started_at),
        })),
        mucuAttendances: rows.attendances.map((row) => ({
          id: row.id,
          event: row.name,
          date: eventDate(row),
          location: row.location,
          notes: row.notes,
          recordedAt: toIso(row.created_at),
        })),
        achievements: rows.achievements.map((row) => ({ badgeType: row.badge_type, earnedAt: toIso(row.earned_at) })),
        alertChoices: choices
          ? {
              push: Boolean(choices.push),
              email: choices.email,
              radiusKm: choices.radius_km,
              centre: pointOf(choices.centre_latitude, choices.centre_longitude),
              dailySince: toIsoOrNull(choices.daily_since),
              updatedAt: toIso(choices.updated_at),
            }
          : null,
        alertsSent: rows.alertsSent.map((row) => ({
          reportId: row.report_id,
          channel: row.channel,
          at: toIso(row.created_at),
          sentAt: toIsoOrNull(row.batched_at),
        })),
        alertWindows: rows.alertWindows.map((row) => ({
          channel: row.channel,
          lastSentAt: toIsoOrNull(row.last_sent_at),
        })),
        devices: rows.devices.map((row) => ({ endpoint: row.endpoint, addedAt: toIso(row.created_at) })),
        sessions: rows.sessions.map((row) => ({
          kind: row.kind,
          startedAt: toIso(row.created_at),
          lastSeenAt: toIso(row.last_seen_at),
          expiresAt: toIso(row.expires_at),
        })),
        signInEmails: rows.signInEmails.map((row) => ({
          sentAt: toIso(row.created_at),
          usedAt: toIsoOrNull(row.used_at),
        })),
        eventAnswers: rows.eventAnswers.map((row) => ({
          event: row.name,
          date: eventDate(row),
          answer: row.status,
          answeredAt: toIso(row.created_at),
          remindedAt: toIsoOrNull(row.reminded_at),
        })),
        eventTimeAndBags: rows.eventLogs.map((row) => ({
          event: row.name,
          date: eventDate(row),
          status: row.status,
          loggedMinutes: row.logged_minutes,
          loggedBags: row.logged_bags,
          loggedAreaM2: row.logged_area_m2,
          minutes: row.minutes,
          bags: row.bags,
          areaM2: row.area_m2,
          loggedAt: toIso(row.created_at),
          approvedAt: toIsoOrNull(row.approved_at),
        })),
        safetyBriefing: rows.safetyBriefing.map((row) => ({
          year: row.briefing_year,
          acceptedAt: toIso(row.accepted_at),
          ageBand: row.age_band,
        })),
        certificates: rows.certificates.map((row) => ({
          from: row.period_from,
          to: row.period_to,
          minutes: row.minutes,
          sitesCleaned: row.sites_cleaned,
          eventsAttended: row.events_attended,
          code: row.code,
          issuedAt: toIso(row.issued_at),
          withdrawnAt: toIsoOrNull(row.withdrawn_at),
        })),
        eventEmails: rows.eventEmails
          ? { on: Boolean(rows.eventEmails.emails_on), updatedAt: toIso(rows.eventEmails.updated_at) }
          : null,
        administratorActions: rows.auditEntries.map((row) => ({
          at: toIso(row.at),
          action: auditActionLabel(row.action),
          yourPart: row.subject_volunteer_id === volunteerId ? 'about you' : 'by you',
        })),
      };
      zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'my-data.json', { mtime: now });
      zip.addBuffer(Buffer.from(readme(settings, `${publicUrl}${routes.privacy}`)), 'README.txt', { mtime: now });
      zip.end();
      return { fileName: `clean-up-edinburgh-my-data-${now.toISOString().slice(0, 10)}.zip`, stream: zip.outputStream };
    },

    /** Erases the volunteer (see the repository for what stays, unlinked). False when already gone. */
    async erase(volunteerId: number): Promise<boolean> {
      await beforeErase?.(volunteerId);
      return repository.erase(volunteerId, clock.now().toISOString());
    },
  };
}

function readme(settings: PrivacySettings, noticeUrl: string): string {
  return [
    `Your data from ${settings.operatorName}`,
    '',
    'my-data.json holds everything the service keeps about you: your profile, clean-ups, progress',
    'photos, MUCU attendance, achievements, alert choices, devices that get alerts, sign-ins, and',
    'administrator actions about you. The photos folder holds the photos you took.',
    '',
    `How we use your data: ${noticeUrl}`,
    `Questions, or to ask for anything else: ${settings.operatorEmail}`,
    '',
  ].join('\n');
}

export type PrivacyService = ReturnType<typeof privacyService>;
