// A walk of the index nearest first vouches for a search step's sites without asking the database again
// only when no site it did not fetch could change the step's answer. A step that weighs only the sites
// within its circle is answered once the walk reached past that circle, even though the square box
// around it holds unfetched sites in its corners; never before.
import { describe, expect, it } from 'vitest';
import { boundingBox, METRES_PER_DEGREE, type Point } from '#shared/domain/geo.ts';
import { rankExactly, type OpenSite } from './open-sites.repository.ts';

const FROM: Point = { latitude: 55.9486, longitude: -3.1999 };
const squash = Math.cos((FROM.latitude * Math.PI) / 180);
/** A site `north` and `east` metres from the volunteer. */
const site = (id: number, north: number, east: number): OpenSite => ({
  id,
  latitude: FROM.latitude + north / METRES_PER_DEGREE,
  longitude: FROM.longitude + east / (METRES_PER_DEGREE * squash),
});

describe('a walk of the index vouching for a search step', () => {
  const radius = 250;
  const box = boundingBox(FROM, radius);
  // Two sites inside the circle, one in the box's corner beyond it, and the walk's last at 300 m: a
  // site the walk did not fetch may lie anywhere past 300 m, such as the box's far corner (354 m).
  const walked = [site(1, 100, 0), site(2, 0, -180), site(3, 200, 200), site(4, -300, 0)];

  it('answers a step that weighs only its circle once the walk went past the circle', () => {
    const answer = rankExactly(walked, box, FROM, 16, walked.length, radius);
    expect(answer?.map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('does not answer for the whole box, whose corners hold sites it did not fetch', () => {
    expect(rankExactly(walked, box, FROM, 16, walked.length)).toBeNull();
  });

  it('does not answer while the walk ended inside the circle', () => {
    const short = [site(1, 100, 0), site(2, 0, -180), site(5, 0, 240)];
    expect(rankExactly(short, box, FROM, 16, short.length, radius)).toBeNull();
  });

  it('answers from every site when the walk fetched fewer than it asked for', () => {
    expect(rankExactly(walked, box, FROM, 16, walked.length + 1)?.map((s) => s.id)).toEqual([1, 2, 3]);
  });
});
