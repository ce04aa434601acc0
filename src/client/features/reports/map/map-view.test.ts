// A map view survives its shared link, and its bounding box is the one the map shows.
import { describe, expect, it } from 'vitest';
import { boundsOf, CITY_VIEW, metresBetween, searchOfView, viewFromSearch } from './map-view.ts';

describe('a map view in the address', () => {
  it('comes back as it was shared', () => {
    const view = { lat: 55.94861, lng: -3.19991, zoom: 15.5, show: 'cleaned', sort: 'distance', site: 42 } as const;
    expect(viewFromSearch(searchOfView(view))).toEqual(view);
  });

  it('falls back to the city for anything that is not a view', () => {
    expect(viewFromSearch('?lat=north&zoom=99&show=everything&site=-3')).toEqual({ ...CITY_VIEW, zoom: 20 });
    expect(viewFromSearch('')).toEqual(CITY_VIEW);
  });
});

describe('the bounding box of a view', () => {
  it('is centred on the view and as wide as the box at that zoom', () => {
    const [west, south, east, north] = boundsOf({ lat: 55.9533, lng: -3.1883, zoom: 14 }, 1024, 512);
    // 1024 px at zoom 14 with 512 px tiles is two tiles' width: 360 / 2^14 degrees each.
    expect(east - west).toBeCloseTo((360 / 2 ** 14) * 2, 3);
    expect((west + east) / 2).toBeCloseTo(-3.1883, 3);
    expect((south + north) / 2).toBeCloseTo(55.9533, 2);
    // Half as tall as it is wide on screen, and so on the ground.
    const tall = metresBetween({ lat: south, lng: west }, { lat: north, lng: west });
    const wide = metresBetween({ lat: south, lng: west }, { lat: south, lng: east });
    expect(wide / tall).toBeCloseTo(2, 1);
  });
});
