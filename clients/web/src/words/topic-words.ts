/** A topic tag in plain words: "armed-forces-and-national-security" reads "Armed forces and national security". */
export function topicWords(tag: string): string {
  const words = tag.replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
