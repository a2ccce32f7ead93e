import { UnstyledButton } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LazyAccountMenu } from './lazy-account-menu';

/**
 * issue 24 §6: the account menu's code is not in the front desk's initial JavaScript. The account
 * button shows at once; pressed before the menu's code has loaded, the menu still opens.
 */
describe('the lazily loaded account menu', () => {
  const trigger = <UnstyledButton aria-label="Account menu for Avery Attendant">Avery Attendant</UnstyledButton>;

  it('opens when its button is pressed before the menu has loaded', async () => {
    const onSignOut = vi.fn();
    const { user } = renderWithProviders(<LazyAccountMenu trigger={trigger} homepage="/" onSignOut={onSignOut} />, {
      session: session(),
    });
    // pressed in the same task as the first render: the menu module cannot have loaded yet
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Avery Attendant' }));
    const logOut = await screen.findByRole('menuitem', { name: 'Log out' });
    expect(screen.getByText(session().user.email)).toBeTruthy();
    await user.click(logOut);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('stays closed until pressed, then opens like a menu', async () => {
    const { user } = renderWithProviders(<LazyAccountMenu trigger={trigger} homepage="/" onSignOut={() => {}} />, {
      session: session(),
    });
    await vi.dynamicImportSettled();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('menuitem', { name: 'Log out' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Account menu for Avery Attendant' }));
    expect(await screen.findByRole('menuitem', { name: 'Homepage' })).toBeTruthy();
  });
});
