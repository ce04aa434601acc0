// Wording for locating a report (the report form's location detection and
// "Geolocation messages"), copied exactly, plus our guidance for typing the words by hand.

/** The report form's location detection: the titles, copied exactly. */
export const locationErrorTitles = {
  authentication: 'Location Service Authentication Issue',
  quota: 'Service temporarily unavailable',
  service: 'Location Service Error',
} as const;

export const locationMessages = {
  authentication:
    'The location service could not be used right now. Please enter the three-word location manually (three words separated by dots).',
  quota: 'The location service has reached its usage limit for now. Please enter the three-word location manually.',
  service: 'The location service could not answer. Please try again, or enter the three-word location manually.',
  timeout: 'The location service took too long to answer. Please try again, or enter the three-word location manually.',
  unknownWords: 'That three-word location does not exist. Please check the words for a typo.',
  outsideCity: 'That three-word location is outside Edinburgh. Please enter the location of graffiti in Edinburgh.',
} as const;

/** Titles of a typed location refused when the report is made. */
export const locationRefusalTitles = {
  notFound: 'Location not found',
  outsideCity: 'Outside Edinburgh',
} as const;

/** Leads the suggestions under a refused location. */
export const suggestionsLead = 'Did you mean:';

/** A real location of the built-in grid (Waverley station), used as the example on the form. */
export const GRID_EXAMPLE_WORDS = 'pilot.ginger.gaze';

/** Titles of the report form's location errors. */
export const locationDetectionTitles = {
  permissionDenied: 'Location Permission Denied',
  unavailable: 'Location Unavailable',
  timeout: 'Location Timeout',
  failed: 'Location Detection Failed',
} as const;

/** The browser geolocation messages. */
export const geolocationMessages = {
  unsupported: 'Geolocation is not supported by this browser.',
  denied: 'Location access denied. Please enable location services.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  unknown: 'An unknown error occurred.',
} as const;

/** The location button's labels. */
export const locationButtonLabels = {
  idle: 'Use My Current Location',
  detecting: 'Detecting...',
  fresh: 'Location Detected - Click to Refresh',
  stale: 'Location May Be Stale - Click to Refresh',
} as const;

/**
 * Shown with the manual-entry advice when what3words cannot be used: the format only, because no fixed
 * example is a real what3words address in Edinburgh.
 */
export const manualEntryExample = 'Type the three words separated by dots, as the what3words app shows them.';

/** On an administrator's report card: where the report's position came from, and when it has none. */
export const placementLabels = {
  source: { device: 'Position from the device', photo: 'Position from the photo', words: 'Position from the words' },
  'to-check': 'Location to check',
  'not-found': 'Location not found',
} as const;
