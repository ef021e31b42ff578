/**
 * Nouns of address, which open appositions (`candidates/openAppositions.ts`). The vocative guard that read them here
 * was removed after it kept out no false alarm on dev text (docs/journal/benchmarks.md, "The guards measured one by
 * one").
 */
/** Nouns of address: kinship, rank and endearment terms used to call someone rather than to name a thing. */
export const ADDRESS_NOUNS: ReadonlySet<string> = new Set([
  'sir', 'sirs', 'madam', "ma'am", 'maam', 'miss', 'mister', 'dear', 'darling', 'honey', 'sweetheart', 'mate', 'buddy',
  'pal', 'friend', 'friends', 'folks', 'guys', 'man', 'boy', 'boys', 'girl', 'girls', 'kid', 'kids', 'son', 'child',
  'children', 'everyone', 'everybody', 'ladies', 'gentlemen', 'doctor', 'officer', 'father', 'mother', 'mom', 'mum',
  'dad', 'master', 'lord', 'captain', 'brother', 'sister', 'comrade', 'comrades', 'lads', 'love',
]);
