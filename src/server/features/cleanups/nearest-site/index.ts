// The nearest-site engine: findNearby offers a volunteer the nearest open site (offensive graffiti
// first within its radius), and nearbySites lists the open sites near them; both read open sites
// through the one repository they are given.
export { findNearby } from './find-nearby.ts';
export { nearbySites } from './nearby-sites.ts';
export { openSitesRepository } from './open-sites.repository.ts';
