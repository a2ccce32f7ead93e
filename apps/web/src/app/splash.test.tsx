import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FullPageLoader, Splash } from './guards';

/**
 * spec 000 §2 "Visitor and volunteer layouts with a splash screen and spinner" (issue 25, audit 000
 * row 3.3: only a bare spinner existed). index.html shows the splash until React mounts; the
 * layouts' loaders show the same splash.
 */
const INDEX_HTML = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html');

describe('the splash screen', () => {
  it('is in index.html inside #root, so it shows before the app loads and goes when it mounts', () => {
    const doc = new DOMParser().parseFromString(fs.readFileSync(INDEX_HTML, 'utf8'), 'text/html');
    const splash = doc.querySelector('#root > .sv-splash');
    expect(splash).not.toBeNull();
    expect(splash?.getAttribute('role')).toBe('status');
    expect(splash?.textContent).toContain('SafeVisitor');
    expect(splash?.querySelector('.sv-splash-spinner')).not.toBeNull();
  });

  it("is what the layouts' loaders show: the product's name over a spinner", () => {
    renderWithProviders(<FullPageLoader />);
    const status = screen.getByTestId('splash');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent('SafeVisitor');
    expect(FullPageLoader).toBe(Splash);
  });
});
