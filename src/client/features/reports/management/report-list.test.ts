import { describe, expect, it } from 'vitest';
import { nextSort } from './report-list.ts';

describe('the management dashboard list', () => {
  it('pressing the active sort clears it', () => {
    expect(nextSort(null, 'cleaned-newest')).toBe('cleaned-newest');
    expect(nextSort('cleaned-newest', 'cleaned-oldest')).toBe('cleaned-oldest');
    expect(nextSort('cleaned-oldest', 'cleaned-oldest')).toBeNull();
  });
});
