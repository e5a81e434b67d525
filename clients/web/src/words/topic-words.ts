/** Tags whose name is not the tag read as a sentence: proper nouns, and the policy areas named as lists. */
const NAMES: Record<string, string> = {
  'arts-culture-religion': 'Arts, culture, religion',
  'science-technology-communications': 'Science, technology, communications',
  'medicare-and-medicaid': 'Medicare and Medicaid',
  'native-americans': 'Native Americans',
};

/** A topic tag by its name: "armed-forces-and-national-security" reads "Armed forces and national security". */
export function topicWords(tag: string): string {
  const key = tag.trim().toLowerCase();
  const named = NAMES[key];
  if (named) return named;
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
