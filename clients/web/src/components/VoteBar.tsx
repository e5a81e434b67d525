// Yea and nay (and the rest) as one bar, with the counts written out for everyone, not only for sighted readers.
export function VoteBar({ yea, nay, present, notVoting }: { yea: number; nay: number; present: number; notVoting: number }) {
  const total = yea + nay + present + notVoting || 1;
  const pct = (n: number) => `${((n / total) * 100).toFixed(1)}%`;
  return (
    <div>
      <div className="bw-bar" aria-hidden="true">
        <span className="bw-bar__yea" style={{ width: pct(yea) }} />
        <span className="bw-bar__nay" style={{ width: pct(nay) }} />
        <span className="bw-bar__other" style={{ width: pct(present + notVoting) }} />
      </div>
      <p className="font-sans-xs margin-top-1">
        <strong>{yea}</strong> yea, <strong>{nay}</strong> nay, {present} present, {notVoting} not voting
      </p>
    </div>
  );
}
