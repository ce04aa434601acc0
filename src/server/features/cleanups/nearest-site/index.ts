// The nearest-site engine: findNearby offers a volunteer the nearest open site (offensive graffiti
// first within its radius), reading open sites through the one repository it is given.
export { findNearby } from './find-nearby.ts';
export { openSitesRepository } from './open-sites.repository.ts';
