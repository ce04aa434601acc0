// Suggestions for grid words that name no place: the real three-word locations in the region whose words
// are spelt most like the ones typed. Each position is corrected from the word list by edit distance;
// the combinations are tried closest first, and only those naming a square in the region are offered.
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { normaliseThreeWords } from '#shared/domain/three-words.ts';
import type { GridCode } from './grid-code.ts';

/** Candidate words tried per position: 48^3 combinations, a few milliseconds. */
const PER_POSITION = 48;

/** Levenshtein distance (insertions, deletions and substitutions each cost one). */
export function editDistance(a: string, b: string): number {
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

/** Up to `limit` real locations of the grid spelt closest to `input` (three dot-separated words). */
export function suggestGridWords(grid: GridCode, input: string, limit = 3): string[] {
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
  return found
    .sort((x, y) => x.distance - y.distance || x.order - y.order)
    .slice(0, limit)
    .map((s) => s.words);
}
