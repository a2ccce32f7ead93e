import { type ComponentType, cloneElement, type ReactElement, useEffect, useState } from 'react';
import type { AccountMenuProps } from './account-menu';

let loadedAccountMenu: ComponentType<AccountMenuProps> | undefined;
const loadAccountMenu = () => import('./account-menu').then((m) => m.AccountMenu);

/**
 * The account menu, loaded once the shell has rendered (issue 24 §6: Mantine's Menu and
 * floating-ui are a tenth of the front desk's initial JavaScript). Until then the same account
 * button shows; pressed meanwhile, the menu opens as soon as its code is there.
 */
export function LazyAccountMenu(props: Omit<AccountMenuProps, 'defaultOpened'>) {
  const [Loaded, setLoaded] = useState(() => loadedAccountMenu);
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    void loadAccountMenu().then((component) => {
      loadedAccountMenu = component;
      if (live) setLoaded(() => component);
    });
    return () => {
      live = false;
    };
  }, [Loaded]);
  if (Loaded) return <Loaded {...props} defaultOpened={pressed} />;
  const button = props.trigger as ReactElement<{ onClick?: () => void; 'aria-haspopup'?: 'menu' }>;
  return cloneElement(button, { onClick: () => setPressed(true), 'aria-haspopup': 'menu' });
}
