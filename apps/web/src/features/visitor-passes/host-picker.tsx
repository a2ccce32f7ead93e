import type { AutocompleteProps } from '@mantine/core';
import { HostPicker, type HostPick } from '../../components/host-picker/host-picker';
import { useCan } from '../../lib/can';
import { useTranslation } from 'react-i18next';
import { hostOptionsQuery } from './visitor-passes-api';
import './i18n.en';

/**
 * The desk's "Person visiting" (issue 28 §1): the shared host picker over the district's hosts
 * (`POST /api/hosts/search`, the building's and district-wide ones), asked only by a user who may
 * read hosts (`hosts.read`); for anyone else it is a plain name field. Used by the invitation, the
 * check-in and the quick check-in.
 */
export function DeskHostPicker(
  props: {
    value: string;
    hostId: number | null;
    onChange: (value: HostPick) => void;
    buildingId: number | null;
    /** the district whose hosts are offered (the visitor's), when known */
    clientId?: number | null;
  } & Pick<AutocompleteProps, 'label' | 'description' | 'error' | 'maxLength'>,
) {
  const { t } = useTranslation();
  const mayReadHosts = useCan('hosts.read');
  const { buildingId, clientId = null, ...rest } = props;
  return (
    <HostPicker
      {...rest}
      hosts={(q) => hostOptionsQuery(q, buildingId, clientId)}
      enabled={mayReadHosts}
      noMatch={t('hosts.picker.noMatch')}
    />
  );
}
