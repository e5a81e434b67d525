/**
 * Splits a bill's plain text into its sections, so that citations name a
 * section, long texts can be chunked by section, and two versions can be
 * diffed section by section. Headings recognised: "SECTION 1.", "SEC. 2.",
 * "Sec. 101." and "TITLE I"; text before the first heading is the preamble.
 * Pure: no I/O.
 */

export interface BillSection {
  /** Stable reference as printed, normalised: "Sec. 3", "Title II", "Preamble". */
  ref: string;
  /** The heading line as printed (may be empty for the preamble). */
  heading: string;
  /** The section's text, heading included. */
  text: string;
}

const SECTION_HEADING = /^\s*(?:SECTION|SEC\.?)\s+(\d+[A-Za-z]?(?:-\d+)?)\.?(.*)$/i;
const TITLE_HEADING = /^\s*TITLE\s+([IVXLC]+|\d+)\b(.*)$/;
/** Texts without headings are cut into numbered paragraphs of about this many characters. */
const PARAGRAPH_BLOCK_CHARS = 1500;

/** The normalised citation ref of a heading line, or null when the line is not a heading. */
export function headingRef(line: string): string | null {
  const sec = SECTION_HEADING.exec(line);
  if (sec?.[1]) return `Sec. ${sec[1].toUpperCase()}`;
  const title = TITLE_HEADING.exec(line);
  if (title?.[1]) return `Title ${title[1]}`;
  return null;
}

function paragraphBlocks(text: string): BillSection[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const blocks: BillSection[] = [];
  let current = '';
  for (const p of paragraphs) {
    if (current && current.length + p.length > PARAGRAPH_BLOCK_CHARS) {
      blocks.push({ ref: `Part ${blocks.length + 1}`, heading: '', text: current });
      current = '';
    }
    current = current ? `${current}\n\n${p}` : p;
  }
  if (current) blocks.push({ ref: `Part ${blocks.length + 1}`, heading: '', text: current });
  return blocks;
}

/**
 * Parses plain bill text into sections in document order. Repeated refs (the
 * same section number under two titles) get a suffix so each ref is unique.
 */
export function parseSections(text: string): BillSection[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sections: BillSection[] = [];
  let current: { ref: string; heading: string; lines: string[] } = { ref: 'Preamble', heading: '', lines: [] };
  let title: string | null = null;
  const seen = new Map<string, number>();
  const flush = () => {
    const body = current.lines.join('\n').trim();
    if (!body) return;
    const count = (seen.get(current.ref) ?? 0) + 1;
    seen.set(current.ref, count);
    const ref = count === 1 ? current.ref : `${current.ref} (${title ?? count})`;
    sections.push({ ref, heading: current.heading, text: body });
  };
  for (const line of lines) {
    const ref = headingRef(line);
    if (ref) {
      flush();
      if (ref.startsWith('Title')) title = ref;
      current = { ref, heading: line.trim(), lines: [line] };
    } else {
      current.lines.push(line);
    }
  }
  flush();
  const headed = sections.filter((s) => s.ref !== 'Preamble');
  if (headed.length === 0) return paragraphBlocks(text);
  return sections;
}

/** Splits a section's text into sentences (for the extractive briefer and diffs). */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.;:])\s+(?=[A-Z(“"])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
