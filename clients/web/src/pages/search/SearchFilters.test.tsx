import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render.tsx';
import { SearchFilters } from './SearchFilters.tsx';

function Filters() {
  const [params, setParams] = useSearchParams();
  return <SearchFilters params={params} setParams={setParams} />;
}

/** A screen of the given width as matchMedia answers for the app's one query (min-width: 40em = 640 px). */
function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /min-width: 40em/.test(query) && px >= 640,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the search filters', () => {
  it('on a phone, wait behind a closed disclosure so the results come first, and open on request', async () => {
    screenWidth(390);
    const user = userEvent.setup();
    renderInApp(<Filters />, () => undefined);
    const chamber = screen.getByRole('combobox', { name: 'Chamber' });
    expect(chamber).not.toBeVisible();
    await user.click(screen.getByText('Filters and sort'));
    expect(chamber).toBeVisible();
  });

  it('on a wide screen, are shown at once', () => {
    screenWidth(1280);
    renderInApp(<Filters />, () => undefined);
    expect(screen.getByRole('combobox', { name: 'Chamber' })).toBeVisible();
  });
});
