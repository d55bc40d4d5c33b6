// Romanization of a kana reading for display: modified Hepburn without macrons (トヨタジドウシャ → Toyotajidosha).
import { toRomaji } from 'wanakana';

/**
 * The Hepburn spelling of a kana reading, long vowels folded the way Japanese companies write themselves
 * in Latin letters (ou, oo → o; uu → u; the long-vowel mark dropped), first letter capitalised.
 * Null when the reading is empty or holds something that is not kana, Latin letters or digits, because
 * a half-romanized alias would be worse than none.
 */
export function romanizeKana(kana: string): string | null {
  // NFKC folds half-width katakana; the chōonpu is dropped rather than doubled (コーポ → kopo, not koopo).
  const reading = kana.normalize('NFKC').replace(/[\s\u3000・ー－-]+/gu, '');
  if (reading === '') return null;
  const romaji = toRomaji(reading)
    .replace(/ou|oo/gu, 'o')
    .replace(/uu/gu, 'u');
  if (!/^[A-Za-z0-9'&.]+$/u.test(romaji)) return null;
  return romaji.charAt(0).toUpperCase() + romaji.slice(1);
}
