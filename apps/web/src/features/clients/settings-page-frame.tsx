import { Group, Loader } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../lib/can';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import './i18n.en';

/** The client id of a settings route (/client/…/{id}); null when it is not a positive number. */
export function useClientIdParam(): number | null {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * Loading and load-failure states shared by the settings screens. A district that cannot be loaded
 * (unknown id, another district's, or the request failed) returns to the client list, or home for a
 * district administrator, and says so (spec 000 §4 "Client load failure returns to the client list";
 * issue 25, audit 000 row 8.11: /client/settings/9999 stayed on an error page).
 */
export function LoadState({ error, children }: { error: Error | null; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = useCan('clients.manage');
  useEffect(() => {
    if (!error) return;
    notify.error(t('clients.loadFailed'));
    navigate(isAdmin ? paths.clients : paths.home, { replace: true });
  }, [error, isAdmin, navigate, t]);
  return (
    <Group justify="center" p="xl">
      <Loader aria-label={t('common.loading')} />
      {children}
    </Group>
  );
}
