import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes.ts';
import { urlOf } from './http.ts';

describe('the URL of a call', () => {
  it('fills each path parameter, encoded, and leaves out empty query values', () => {
    expect(urlOf(apiRoutes.reports.deletePhoto.path, { id: 12, photoId: 'a/b' })).toBe('/api/reports/12/photos/a%2Fb');
    expect(urlOf(apiRoutes.reports.list.path, {}, { status: 'reported', search: '', cursor: undefined })).toBe(
      '/api/reports?status=reported',
    );
  });

  it('refuses to build a path with a missing parameter rather than calling a wrong URL', () => {
    expect(() => urlOf(apiRoutes.reports.photos.path, {})).toThrow('needs the parameter id');
  });

  it('lists every route once: no two names share a method and path', () => {
    const all = Object.values(apiRoutes).flatMap((routes) => Object.values(routes));
    const keys = all.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
