/**
 * Puts stored briefs through today's citation check in place: each point's
 * quote is located in the stored text of its version by the quote locator,
 * labelled by the text's structure, and a point whose quote is not there is
 * withheld (shared/domain/briefs/citation-check.ts). For briefs stored before
 * points carried labels (labelled here: a point with a citation is a fact)
 * and before quotes carried offsets (which readers withhold until this runs).
 * Run by migration 0017 at deploy and by the backfill_labels job; both walk
 * every brief item (an admin Scan), and re-running changes nothing.
 */
import { scanBriefItems, updateBriefPoints } from '#shared/adapters/db/briefs.repository.ts';
import type { Item } from '#shared/adapters/db/dynamo.ts';
import { incrementStats } from '#shared/adapters/db/stats.repository.ts';
import { getStoredText, getTextVersion } from '#shared/adapters/db/texts.repository.ts';
import { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { checkCitations, type DraftPoint } from '#shared/domain/briefs/citation-check.ts';
import { isUnlabeled } from '#shared/domain/briefs/point-labels.ts';
import { outlineOf } from '#shared/domain/briefs/section-parser.ts';

export type LocatedBriefs = {
  briefs_changed: number;
  /** Points whose label the check changed (a legacy point labelled, or a stored fact withheld). */
  points_relabelled: number;
  points_withheld: number;
  /** Briefs whose text version is no longer stored: left as they are. */
  without_text: number;
};

/** A stored point as the check reads it: its label (a legacy point without one is a fact when it quotes), its quote. */
function draftOf(raw: Record<string, unknown>, i: number): DraftPoint {
  const c = raw.citation as { section?: unknown; quote?: unknown } | null | undefined;
  const citation = c && typeof c.quote === 'string' ? { section: String(c.section ?? ''), quote: c.quote } : null;
  const label = raw.label === 'cited_fact' || raw.label === 'inference' ? raw.label : citation ? 'cited_fact' : 'inference';
  return { id: String(raw.id ?? `p${i + 1}`), text: String(raw.text ?? ''), label, citation };
}

/** A point's fields in a fixed order: the table does not keep the order of a map's keys. */
const fieldsOf = (p: Record<string, unknown>) => {
  const c = (p.citation ?? null) as Record<string, unknown> | null;
  return [p.id, p.text, p.label, c && [c.section, c.quote, c.start, c.end]];
};
const same = (a: readonly object[], b: readonly object[]) =>
  JSON.stringify(a.map((p) => fieldsOf(p as Record<string, unknown>))) === JSON.stringify(b.map((p) => fieldsOf(p as Record<string, unknown>)));

/** Checks one stored brief item; null when its text is not stored. */
async function locateOne(item: Item) {
  const version = await getTextVersion(String(item.bill_id), String(item.text_version_code));
  const stored = version ? await getStoredText(version) : null;
  if (!stored) return null;
  const rawPoints = Array.isArray(item.points) ? (item.points as Array<Record<string, unknown>>) : [];
  const drafts = rawPoints.map(draftOf);
  const checked = checkCitations(drafts, { text: stored.text, outline: outlineOf(stored) });
  const unlabeled = isUnlabeled(item);
  const kept = new Set(checked.points.map((p) => p.id));
  const relabelled = drafts.filter((d, i) => d.label !== rawPoints[i]?.label || !kept.has(d.id)).length;
  const withheld = Number(item.withheld_points ?? 0) + checked.withheld;
  // A point withheld by an earlier check is no longer stored, but the brief still counts as uncited for it.
  const uncited = checked.uncited || withheld > 0;
  const changed = unlabeled || !same(checked.points, rawPoints) || uncited !== Boolean(item.uncited) || withheld !== Number(item.withheld_points ?? 0);
  if (!changed) return { changed: false, relabelled: 0, withheld: 0 };
  await updateBriefPoints(Brief().parse({ ...item, points: checked.points, uncited, withheld_points: withheld }));
  await incrementStats({
    unlabeled_briefs: unlabeled ? -1 : 0,
    uncited_briefs: (uncited ? 1 : 0) - (item.uncited ? 1 : 0),
    withheld_points: checked.withheld,
  });
  return { changed: true, relabelled, withheld: checked.withheld };
}

/** Checks every stored brief (see the header). */
export async function locateStoredCitations(): Promise<LocatedBriefs> {
  const out: LocatedBriefs = { briefs_changed: 0, points_relabelled: 0, points_withheld: 0, without_text: 0 };
  for (const item of await scanBriefItems()) {
    const result = await locateOne(item);
    if (!result) {
      out.without_text += 1;
      continue;
    }
    if (!result.changed) continue;
    out.briefs_changed += 1;
    out.points_relabelled += result.relabelled;
    out.points_withheld += result.withheld;
  }
  return out;
}
