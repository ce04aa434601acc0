// The find workflow's state in one place: the site on offer, the step (location -> photos -> email),
// the chosen photos, and what the page says (an error, the success banner, 'Finding...'). Each thing
// a volunteer does is one action, so a step can never be half-changed.
import type { Report } from '#shared/contracts/reports.ts';
import type { Position } from '#client/lib/geolocation.ts';
import type { PreparedPhoto } from '#client/features/reports/photo/load-prepare-photo.ts';

export type Step = 'location' | 'photos' | 'email';

export interface Site {
  report: Report;
  /** Metres from where the volunteer stood; null for a site restored after a reload. */
  distance: number | null;
  locationLink: string | null;
}

export interface ChosenPhoto {
  file: File;
  prepared: Promise<PreparedPhoto>;
}

export type Point = Pick<Position, 'latitude' | 'longitude'>;

interface FindState {
  site: Site | null;
  step: Step;
  before: ChosenPhoto | null;
  after: ChosenPhoto | null;
  email: string;
  error: string | null;
  success: boolean;
  searching: boolean;
  /** Where the volunteer stood at the last 'Find Nearest Graffiti'; 'Find another site' searches from here. */
  origin: Point | null;
  /** Sites offered and passed over since that search. */
  skipped: number[];
}

type FindAction =
  | { type: 'search-started'; fresh: boolean }
  | { type: 'located'; origin: Point }
  | { type: 'skipped'; reportId: number }
  | { type: 'found'; site: Site }
  | { type: 'failed'; message: string }
  | { type: 'search-ended' }
  | { type: 'claimed' }
  | { type: 'released' }
  | { type: 'moved'; step: Step }
  | { type: 'photo-chosen'; which: 'before' | 'after'; photo: ChosenPhoto }
  | { type: 'email-changed'; email: string }
  | { type: 'completed' };

/** The workflow's start: a site the volunteer already claimed opens at the photos step. */
export function initialFindState(email: string, claimed: Site | null): FindState {
  return {
    site: claimed,
    step: claimed ? 'photos' : 'location',
    before: null,
    after: null,
    email,
    error: null,
    success: false,
    searching: false,
    origin: null,
    skipped: [],
  };
}

/** No site, back at the location step, photos and e-mail cleared (the e-mail back to the volunteer's own). */
function cleared(state: FindState, email: string): FindState {
  return { ...state, site: null, step: 'location', before: null, after: null, email };
}

export function findReducer(defaultEmail: string) {
  return (state: FindState, action: FindAction): FindState => {
    switch (action.type) {
      case 'search-started':
        return { ...state, searching: true, error: null, success: action.fresh ? false : state.success };
      case 'located':
        return { ...state, origin: action.origin, skipped: [] };
      case 'skipped':
        return { ...state, skipped: [...state.skipped, action.reportId] };
      case 'found':
        return { ...state, site: action.site, step: 'location' };
      case 'failed':
        return { ...cleared(state, defaultEmail), error: action.message };
      case 'search-ended':
        return { ...state, searching: false };
      case 'claimed':
        return { ...state, error: null, step: 'photos' };
      case 'released':
        return cleared(state, defaultEmail);
      case 'moved':
        return { ...state, step: action.step };
      case 'photo-chosen':
        return { ...state, [action.which]: action.photo };
      case 'email-changed':
        return { ...state, email: action.email };
      case 'completed':
        return { ...cleared(state, defaultEmail), skipped: [], success: true };
    }
  };
}
