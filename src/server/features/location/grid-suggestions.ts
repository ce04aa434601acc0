// Suggestions for grid words that name no place: the real three-word locations in the region spelt like
// the ones typed, nearest first. Each position is corrected from the word list by edit distance; the
// combinations naming a square in the region are the candidates. Neighbouring squares have unrelated
// words, so a candidate spelt alike may lie anywhere in the city: among those a slip or two away, the
// nearest to the person is the likeliest meant, and it comes first.
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { normaliseThreeWords } from '#shared/domain/three-words.ts';
import { haversineMetres, type Point } from '#shared/domain/geo.ts';
import type { GridCode } from './grid-code.ts';

/** Candidate words tried per position: 48^3 combinations, a few milliseconds. */
const PER_POSITION = 48;

/** Letters wrong in all (typed, deleted, added or swapped) for a candidate to count as a slip of the keys. */
const SLIPS = 2;

/** Levenshtein distance (insertions, deletions and substitutions each cost one). */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function closestWords(typed: string): { word: string; distance: number }[] {
  return wordlist
    .map((word, index) => ({ word, index, distance: editDistance(typed, word) }))
    .sort((x, y) => x.distance - y.distance || x.index - y.index)
    .slice(0, PER_POSITION);
}

export interface GridSuggestion {
  words: string;
  /** The square's centre. */
  point: Point;
  /** Metres from the focus. */
  metres: number;
}

/**
 * Up to `limit` real locations of the grid spelt like `input` (three dot-separated words), nearest to
 * `focus` first: those at most two letters out; or, when fewer than `limit` are, the closest spelt.
 */
export function suggestGridWords(grid: GridCode, input: string, focus: Point, limit = 3): GridSuggestion[] {
  const parts = normaliseThreeWords(input).split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[a-z]+$/.test(part))) return [];
  const [first, second, third] = parts.map(closestWords) as [
    ReturnType<typeof closestWords>,
    ReturnType<typeof closestWords>,
    ReturnType<typeof closestWords>,
  ];
  const found: { words: string; distance: number; order: number }[] = [];
  let order = 0;
  for (const a of first) {
    for (const b of second) {
      for (const c of third) {
        const words = `${a.word}.${b.word}.${c.word}`;
        order++;
        if (words === parts.join('.')) continue;
        if (grid.squareOfWords(words)) found.push({ words, distance: a.distance + b.distance + c.distance, order });
      }
    }
  }
  found.sort((x, y) => x.distance - y.distance || x.order - y.order);
  const slips = found.filter((candidate) => candidate.distance <= SLIPS);
  return (slips.length >= limit ? slips : found.slice(0, limit))
    .map(({ words }) => {
      const centre = grid.centreOf(grid.squareOfWords(words)!);
      const point = { latitude: centre.lat, longitude: centre.lng };
      return { words, point, metres: haversineMetres(focus, point) };
    })
    .sort((x, y) => x.metres - y.metres)
    .slice(0, limit);
}
