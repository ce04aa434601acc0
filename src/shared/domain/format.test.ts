import { describe, expect, it } from 'vitest';
import { distanceText } from './format.ts';

describe('a distance as a person reads it', () => {
  it('says "1 metre", not "1 metres", and whole metres below a kilometre', () => {
    expect(distanceText(1)).toBe('1 metre');
    expect(distanceText(1.4)).toBe('1 metre');
    expect(distanceText(0)).toBe('0 metres');
    expect(distanceText(156)).toBe('156 metres');
    expect(distanceText(999)).toBe('999 metres');
  });

  it('says kilometres to one decimal from 1,000 m: "1.2 km", "16.2 km", "5 km"', () => {
    expect(distanceText(999.6)).toBe('1 km');
    expect(distanceText(1000)).toBe('1 km');
    expect(distanceText(1234)).toBe('1.2 km');
    expect(distanceText(2224)).toBe('2.2 km');
    expect(distanceText(5000)).toBe('5 km');
    expect(distanceText(16_204)).toBe('16.2 km');
    expect(distanceText(100_000)).toBe('100 km');
    expect(distanceText(1_234_567)).toBe('1,234.6 km');
  });
});
