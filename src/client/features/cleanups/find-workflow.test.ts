import { describe, expect, it } from 'vitest';
import type { Report } from '#shared/contracts/reports.ts';
import { findReducer, initialFindState, type ChosenPhoto, type Site } from './find-workflow.ts';

const EMAIL = 'ada@example.org';
const reduce = findReducer(EMAIL);
const report = { id: 7, what3words: 'index.home.raft', status: 'reported' } as Report;
const site: Site = { report, distance: 120, locationLink: 'https://example.org/map' };
const photo = { file: new File([], 'a.jpg'), prepared: Promise.resolve() } as unknown as ChosenPhoto;

function atEmailStep() {
  let state = initialFindState(EMAIL, null);
  state = reduce(state, { type: 'found', site });
  state = reduce(state, { type: 'claimed' });
  state = reduce(state, { type: 'photo-chosen', which: 'before', photo });
  state = reduce(state, { type: 'photo-chosen', which: 'after', photo });
  state = reduce(state, { type: 'moved', step: 'email' });
  return reduce(state, { type: 'email-changed', email: 'other@example.org' });
}

describe('the find workflow', () => {
  it('a site already claimed opens at the photos step', () => {
    expect(initialFindState(EMAIL, site)).toMatchObject({ site, step: 'photos' });
  });

  it('completing a clean-up resets it (no site, location step, photos and e-mail cleared) and shows the success banner', () => {
    const done = reduce(atEmailStep(), { type: 'completed' });
    expect(done).toMatchObject({
      site: null,
      step: 'location',
      before: null,
      after: null,
      email: EMAIL,
      success: true,
    });
  });

  it('a failed search, or one with no result, clears the site and the workflow and says why', () => {
    const failed = reduce(atEmailStep(), { type: 'failed', message: 'No graffiti reports available in this area.' });
    expect(failed).toMatchObject({ site: null, step: 'location', before: null, after: null, email: EMAIL });
    expect(failed.error).toBe('No graffiti reports available in this area.');
  });

  it('a new search hides the success banner; finding another site keeps it', () => {
    const done = reduce(atEmailStep(), { type: 'completed' });
    expect(reduce(done, { type: 'search-started', fresh: false }).success).toBe(true);
    expect(reduce(done, { type: 'search-started', fresh: true }).success).toBe(false);
  });

  it('sites passed over are remembered until the next search from a new position', () => {
    let state = reduce(initialFindState(EMAIL, null), {
      type: 'located',
      origin: { latitude: 55.95, longitude: -3.19 },
    });
    state = reduce(state, { type: 'skipped', reportId: 7 });
    state = reduce(state, { type: 'skipped', reportId: 9 });
    expect(state.skipped).toEqual([7, 9]);
    expect(reduce(state, { type: 'located', origin: { latitude: 55.96, longitude: -3.2 } }).skipped).toEqual([]);
  });
});
