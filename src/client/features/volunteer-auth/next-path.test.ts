import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPathFor } from './next-path.ts';

describe('where a volunteer goes after signing in', () => {
  it('a path on this site is kept, with its query', () => {
    expect(safeNextPath('/volunteers', '/x')).toBe('/volunteers');
    expect(safeNextPath('/volunteers/dashboard?tab=1', '/x')).toBe('/volunteers/dashboard?tab=1');
  });

  it('anything that could leave the site falls back', () => {
    for (const raw of [null, '', 'volunteers', '//evil.example/', '/\\evil.example', 'https://evil.example/', '/a b']) {
      expect(safeNextPath(raw, '/volunteers/dashboard')).toBe('/volunteers/dashboard');
    }
  });

  it('the sign-in address carries the way back', () => {
    expect(signInPathFor('/volunteer-signin', '/volunteers?x=1')).toBe('/volunteer-signin?next=%2Fvolunteers%3Fx%3D1');
  });
});
