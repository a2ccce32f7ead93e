import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '../../lib/session';
import { clientsLookupQuery } from '../clients/clients-api';
import './i18n.en';
import { useCan } from '../../lib/can';

/**
 * The client a settings screen works on: admins choose one (kept in the URL as ?clientId=, an id
 * and no personal data); everyone else works on their own client.
 */
export function useChosenClient(): { clientId: number | undefined; isAdmin: boolean; ready: boolean } {
  const user = useUser();
  const [params] = useSearchParams();
  const isAdmin = useCan('clients.crossDistrict');
  if (!isAdmin) return { clientId: user.clientId ?? undefined, isAdmin, ready: user.clientId !== null };
  const chosen = Number(params.get('clientId'));
  const clientId = Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  return { clientId, isAdmin, ready: clientId !== undefined };
}

export function ClientPicker({ clientId }: { clientId: number | undefined }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const clients = useQuery(clientsLookupQuery);
  return (
    <Select
      label={t('settings.client')}
      placeholder={t('settings.chooseClient')}
      data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={clientId ? String(clientId) : null}
      onChange={(v) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (v) next.set('clientId', v);
            else next.delete('clientId');
            next.delete('page');
            return next;
          },
          { replace: true },
        )
      }
      searchable
      w={{ base: '100%', sm: 340 }}
      allowDeselect={false}
    />
  );
}
