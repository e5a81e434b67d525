/**
 * A member's official photo in a box of fixed size. When the photo cannot load (offline, or the source has none)
 * the box stays, showing the member's initials, so the profile beside and below it does not move once it has shown.
 */
import { useState } from 'react';

const WIDTH = 120;
const HEIGHT = 146;

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .map((w) => w[0]!.toUpperCase())
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('');

export function MemberPhoto({ url, name }: { url: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!url) return null;
  if (failed)
    return (
      <div className="bw-photo bw-photo--missing" aria-hidden="true">
        {initialsOf(name)}
      </div>
    );
  return <img className="bw-photo" src={url} alt="" width={WIDTH} height={HEIGHT} onError={() => setFailed(true)} />;
}
