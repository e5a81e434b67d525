/**
 * Writes a bill's plain text as its parser walks the document, and tells
 * where things landed: a mark set before a part is written learns the offset
 * of the part's first character, and the writer's length after it is the
 * offset just past its last (breaks and spaces are written lazily, before
 * the next character, so a text never ends in whitespace and a break asked
 * for twice is written once).
 */

/** Where a part of the text begins: -1 until its first character is written. */
export interface Mark {
  start: number;
}

const BREAKS = ['', ' ', '\n', '\n\n'] as const;
type Pending = 0 | 1 | 2 | 3;

export class TextWriter {
  private readonly chunks: string[] = [];
  private size = 0;
  private pending: Pending = 0;
  private waiting: Mark[] = [];
  private lastChar = '';

  /** Inline text: runs of whitespace read as one space; leading and trailing whitespace becomes a pending space. */
  text(raw: string): void {
    const s = raw.replace(/\s+/g, ' ');
    const body = s.trim();
    if (!body) {
      if (s) this.space();
      return;
    }
    if (s.startsWith(' ')) this.space();
    if (this.size > 0 && this.pending) this.emit(BREAKS[this.pending]);
    this.pending = 0;
    for (const mark of this.waiting) mark.start = this.size;
    this.waiting = [];
    this.emit(body);
    if (s.endsWith(' ')) this.pending = 1;
  }

  /** A space before the next text (unless a break is asked for). */
  space(): void {
    this.ask(1);
  }

  /** A line break before the next text. */
  line(): void {
    this.ask(2);
  }

  /** A blank line before the next text. */
  paragraph(): void {
    this.ask(3);
  }

  /** Drops a pending space: the next text joins the last ("In general.—Not later than…"). */
  join(): void {
    if (this.pending === 1) this.pending = 0;
  }

  /** A mark that learns the offset of the next character written. */
  mark(): Mark {
    const mark = { start: -1 };
    this.waiting.push(mark);
    return mark;
  }

  /** The offset just past the last character written. */
  get length(): number {
    return this.size;
  }

  /** The last character written ('' before any). */
  get last(): string {
    return this.lastChar;
  }

  toString(): string {
    return this.chunks.join('');
  }

  private ask(level: Pending): void {
    if (level > this.pending) this.pending = level;
  }

  private emit(s: string): void {
    this.chunks.push(s);
    this.size += s.length;
    this.lastChar = s.at(-1) ?? this.lastChar;
  }
}
