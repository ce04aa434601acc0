// One parse of the environment. Every variable is optional; a bad value
// stops the start with one line naming the variable and what is wrong with it.
import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { defaultServiceLevels } from '#shared/domain/service-levels.ts';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** A value matching `pattern`, or unset. */
const optionalMatching = (pattern: RegExp, message: string) =>
  optionalString.pipe(z.string().regex(pattern, message).optional());

/** A whole number of `unit` of at most `digits` digits, at least `min`, or unset. */
const wholeNumber = (digits: number, unit: string, min: number) =>
  optionalString.pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{1,${digits}}$`), `must be a whole number of ${unit}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`))
      .optional(),
  );

const optionalHttpUrl = optionalString.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
);

/** One trusted proxy: an IPv4/IPv6 address, a CIDR range of them, or loopback/linklocal/uniquelocal. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * A body responsible for some walls, as the operator names it in REFERRAL_BODIES: reached through its
 * Open311 GeoReport v2 endpoint (with our key there, and its service code for each of ours), or by e-mail.
 */
const responsibleBodyConfigSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'id must be 1 to 64 lower-case letters, digits or -'),
    name: z.string().trim().min(1).max(120),
    open311: z
      .object({
        url: z.url({ protocol: /^https?$/, error: 'open311.url must be an http(s) URL' }),
        apiKey: z.string().min(1).max(500),
        serviceCodes: z.object({ graffiti: z.string().min(1), 'graffiti-offensive': z.string().min(1) }),
        /**
         * The body offers FixMyStreet's servicerequestupdates.xml: its changes are read from there, all
         * requests in one call, instead of asking requests/{id}.xml for each.
         */
        serviceRequestUpdates: z.boolean().optional(),
      })
      .optional(),
    email: z.email({ error: 'email must be an e-mail address' }).optional(),
  })
  .refine((body) => Boolean(body.open311) !== Boolean(body.email), {
    message: 'each body is reached by open311 or by email, one of the two',
  });
export type ResponsibleBodyConfig = z.infer<typeof responsibleBodyConfigSchema>;

/** The map's basemap unless the operator names another: a keyless provider whose terms allow a city's service. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalMatching(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  PUBLIC_URL: optionalHttpUrl,
  ADMIN_PASSCODE: optionalMatching(/^\d{6}$/, 'must be exactly 6 digits'),
  SMTP_URL: optionalMatching(/^smtps?:\/\//, 'must start with smtp:// or smtps://'),
  MAIL_FROM: z.string().default('Clean Up Edinburgh <no-reply@cleanupedinburgh.org>'),
  W3W_API_KEY: optionalString,
  W3W_API_URL: z.url({ error: 'must be a URL' }).default('https://api.what3words.com/v3'),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalMatching(/^(mailto:|https:\/\/)/, 'must be a mailto: address or an https:// URL'),
  ALERT_DIGEST_HOUR: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,2}$/, 'must be an hour from 0 to 23')
      .transform(Number)
      .pipe(z.number().max(23, 'must be an hour from 0 to 23'))
      .optional(),
  ),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalHttpUrl,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  ADMIN_EMAILS: optionalString.transform((value) =>
    value
      ? value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean)
      : [],
  ),
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .refine(
        (value) => /^\d{1,2}$/.test(value) || value.split(',').every((entry) => isProxyAddress(entry.trim())),
        'must be the number of proxies in front (0 to 99) or a comma-separated list of their addresses or CIDR ranges',
      )
      .transform((value) =>
        /^\d+$/.test(value)
          ? Number(value)
          : value
              .split(',')
              .map((entry) => entry.trim())
              .filter(Boolean),
      )
      .optional(),
  ),
  OPERATOR_NAME: optionalString.pipe(z.string().max(200, 'must be at most 200 characters').optional()),
  SAFETY_BRIEFING: optionalString.pipe(z.string().max(5000, 'must be at most 5000 characters').optional()),
  OPERATOR_EMAIL: optionalString.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  OPEN_DATA_LICENCE_NAME: optionalString.pipe(z.string().max(200, 'must be at most 200 characters').optional()),
  OPEN_DATA_LICENCE_URL: optionalHttpUrl,
  REFERRAL_BODIES: optionalString.pipe(
    z
      .string()
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'must be a JSON list of responsible bodies' });
          return z.NEVER;
        }
      })
      .pipe(z.array(responsibleBodyConfigSchema).max(50, 'may name at most 50 bodies'))
      .optional(),
  ),
  INACTIVE_ACCOUNT_DAYS: wholeNumber(6, 'days', 30),
  SERVICE_LEVEL_OFFENSIVE_HOURS: wholeNumber(4, 'hours', 1),
  SERVICE_LEVEL_WORKING_DAYS: wholeNumber(3, 'working days', 1),
  ERASURE_NOTICE_DAYS: wholeNumber(6, 'days', 1),
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters (a long random secret)')
      .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
      .optional(),
  ),
  /** The map's basemap: a MapLibre style from a keyless provider (OpenFreeMap unless set). */
  MAP_STYLE_URL: optionalHttpUrl,
  /** Or the app's own PMTiles extract: a file name in DATA_DIR, served with HTTP ranges. */
  MAP_PMTILES: optionalMatching(/^[\w.-]+\.pmtiles$/, 'must be the name of a .pmtiles file in DATA_DIR'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The settings the process runs with, as loadConfig reads them. */
export type Config = ReturnType<typeof loadConfig>;

export interface S3Config {
  bucket: string;
  /** An S3-compatible service's address; addressed path-style (`<endpoint>/<bucket>/<name>`). */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface PrivacySettings {
  operatorName: string;
  operatorEmail: string;
  /** A volunteer not seen for this many days is warned, then erased `erasureNoticeDays` later. */
  inactiveAccountDays: number;
  erasureNoticeDays: number;
}

export const defaultPrivacySettings: PrivacySettings = {
  operatorName: 'Clean Up Edinburgh',
  operatorEmail: 'hello@cleanupedinburgh.org',
  inactiveAccountDays: 3 * 365,
  erasureNoticeDays: 30,
};

export interface OpenDataSettings {
  licenceName: string;
  licenceUrl: string;
}

export const defaultOpenDataSettings: OpenDataSettings = {
  licenceName: 'Open Government Licence v3.0',
  licenceUrl: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_REGION || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Configuration error: S3_BUCKET must be set to store photos in a bucket (the other S3_ settings are set without it)',
    );
  }
  const pairs = [
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ['OPEN_DATA_LICENCE_NAME', 'OPEN_DATA_LICENCE_URL'],
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
  ] as const;
  for (const [one, other] of pairs) {
    if (Boolean(e[one]) !== Boolean(e[other])) {
      throw new ConfigError(`Configuration error: ${one} and ${other} must be set together`);
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminPasscode: e.ADMIN_PASSCODE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    w3wApiKey: e.W3W_API_KEY,
    w3wApiUrl: e.W3W_API_URL.replace(/\/$/, ''),
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    /** Local hour (Europe/London) of the volunteers' daily alert digest. */
    alertDigestHour: e.ALERT_DIGEST_HOUR ?? 18,
    /** Photos in an S3-compatible bucket; unset, they are files in DATA_DIR/photos. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    adminEmails: e.ADMIN_EMAILS,
    /** The proxies in front: how many hops to trust, or their addresses and CIDR ranges. */
    trustProxy: e.TRUST_PROXY,
    /** Who runs the service and how long an unused account is kept (the privacy notice shows both). */
    privacy: {
      operatorName: e.OPERATOR_NAME ?? defaultPrivacySettings.operatorName,
      operatorEmail: e.OPERATOR_EMAIL ?? defaultPrivacySettings.operatorEmail,
      inactiveAccountDays: e.INACTIVE_ACCOUNT_DAYS ?? defaultPrivacySettings.inactiveAccountDays,
      erasureNoticeDays: e.ERASURE_NOTICE_DAYS ?? defaultPrivacySettings.erasureNoticeDays,
    },
    /** The operator's safety briefing, shown before a volunteer's first claim each year; the default when unset. */
    safetyBriefing: e.SAFETY_BRIEFING,
    /** The licence the open data downloads are published under. */
    openData:
      e.OPEN_DATA_LICENCE_NAME && e.OPEN_DATA_LICENCE_URL
        ? { licenceName: e.OPEN_DATA_LICENCE_NAME, licenceUrl: e.OPEN_DATA_LICENCE_URL }
        : defaultOpenDataSettings,
    /** How soon each kind of report is due to be cleaned. */
    serviceLevels: {
      offensiveHours: e.SERVICE_LEVEL_OFFENSIVE_HOURS ?? defaultServiceLevels.offensiveHours,
      otherWorkingDays: e.SERVICE_LEVEL_WORKING_DAYS ?? defaultServiceLevels.otherWorkingDays,
    },
    logLevel: e.LOG_LEVEL,
    /** The map's basemap: a provider's style, or the full path of the app's own extract. */
    map: {
      styleUrl: e.MAP_STYLE_URL ?? DEFAULT_MAP_STYLE_URL,
      ...(e.MAP_PMTILES ? { pmtilesPath: path.join(path.resolve(e.DATA_DIR), e.MAP_PMTILES) } : {}),
    },
    /** The Bearer token /metrics asks for; without one, /metrics is not served at all. */
    metricsToken: e.METRICS_TOKEN,
    /** The bodies a report may be referred to (the council, a utility...), and how each is reached. */
    referralBodies: e.REFERRAL_BODIES ?? [],
  };
}
