import type { TNavLink } from '@sv/contracts';
import { NavLink } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

export type NavAction = (action: string) => void;

function isActive(url: string, pathname: string) {
  if (url.startsWith('action:') || /^https?:/.test(url)) return false;
  const a = url.toLowerCase();
  const p = pathname.toLowerCase();
  return a === '/' ? p === '/' : p === a || p.startsWith(`${a}/`);
}

/** A group of links: a real button that says whether it is expanded (keyboard and screen readers). */
function ParentLink({
  label,
  defaultOpened,
  offset,
  children,
}: {
  label: string;
  defaultOpened: boolean;
  offset: 'sm' | 'md';
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={offset}
    >
      {children}
    </NavLink>
  );
}

/**
 * Navigation menu built from the current user's links (spec 000 §2 Shell): parent links with
 * child links; a link may be an app route, a full URL or an action (opens a modal).
 */
export function NavMenu({
  links,
  onAction,
  onNavigate,
}: {
  links: TNavLink[];
  onAction: NavAction;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const render = (link: TNavLink, child = false) => {
    const label = t(link.label);
    if (link.childLinks?.length) {
      const hasActiveChild = link.childLinks.some((c) => isActive(c.url, pathname));
      return (
        <ParentLink key={link.key} label={label} defaultOpened={hasActiveChild} offset={child ? 'md' : 'sm'}>
          {link.childLinks.map((c) => render(c, true))}
        </ParentLink>
      );
    }
    if (link.url.startsWith('action:')) {
      const action = link.url.slice('action:'.length);
      return <NavLink key={link.key} label={label} component="button" onClick={() => onAction(action)} />;
    }
    if (/^https?:\/\//.test(link.url) || link.url.startsWith('/api/')) {
      return (
        <NavLink key={link.key} label={label} href={link.url} component="a" target="_blank" rel="noopener noreferrer" />
      );
    }
    return (
      <NavLink
        key={link.key}
        label={label}
        component={Link}
        to={link.url}
        active={isActive(link.url, pathname)}
        onClick={onNavigate}
      />
    );
  };
  return <nav aria-label={t('nav.menu')}>{links.map((l) => render(l))}</nav>;
}
