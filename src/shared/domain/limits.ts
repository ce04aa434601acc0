// Business constants, in one place for client and server.

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Progress photos sent at once on one report. */
export const MAX_PROGRESS_PHOTOS = 5;
/** Decompression-bomb guard: images with more pixels than this are refused before decoding. */
export const MAX_PHOTO_PIXELS = 50_000_000;
/**
 * Scan-bomb guard: a JPEG sent in more scans than this is refused before decoding. A camera or a
 * browser writes one (baseline), libjpeg-turbo's progressive mode ten, mozjpeg's fewer; a decoder walks
 * every block of the picture once per scan, so the count bounds what drawing the photo can cost.
 */
export const MAX_JPEG_SCANS = 100;
/** Long edge of the stored web-size image and of the image the browser uploads. */
export const WEB_PHOTO_LONG_EDGE = 2048;
export const THUMBNAIL_LONG_EDGE = 480;
/**
 * The most a photo prepared on the phone weighs (a 2048 px JPEG within 450 kB goes up a 750 kbps
 * signal in under 5 seconds). An upright JPEG this light and no larger than the web size is encoded
 * again at its own quality rather than resized.
 */
export const PREPARED_PHOTO_MAX_BYTES = 450_000;

export const REPORTS_POLL_MS = 5_000;
export const STATUS_REFETCH_DELAY_MS = 200;
export const POST_SIGN_IN_RELOAD_MS = 100;

export const LOCATION_STALE_AFTER_MS = 5 * 60_000;
export const LOCATION_STALE_CHECK_MS = 60_000;
export const REPORT_FORM_GEOLOCATION_TIMEOUT_MS = 10_000;
export const FIND_GEOLOCATION_TIMEOUT_MS = 10_000;
export const FIND_GEOLOCATION_MAX_AGE_MS = 60_000;

export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 3_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const ADMIN_PASSCODE_LENGTH = 6;
export const CONFETTI_PARTICLES = 50;

/** Digits of the code in a volunteer's sign-in e-mail. */
export const SIGN_IN_CODE_DIGITS = 6;
/** Areas an administrator may blur on one photo at once. */
export const MAX_REDACTION_AREAS = 20;
