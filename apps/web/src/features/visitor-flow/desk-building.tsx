import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/session';
import { picksBuilding } from './flow';
import { buildingLookupQuery } from './visitor-flow-api';
import './i18n.en';

/**
 * The building the desk works at: the attendant's own building, or for admins and client admins
 * a building chosen in a small select (remembered in component state, handed to the next screen
 * in navigation state). `clientId` narrows the choice to the visitor's district.
 */
export function useDeskBuilding(opts: { initial?: number | null; clientId?: number | null }) {
  const user = useUser();
  const picker = picksBuilding(user);
  const lookup = useQuery({ ...buildingLookupQuery, enabled: picker });
  const [chosen, setChosen] = useState<number | null>(opts.initial ?? null);
  const options = (lookup.data ?? []).filter((b) => !opts.clientId || b.clientId === opts.clientId);
  let buildingId: number | null;
  if (!picker) buildingId = user.buildingId;
  else if (chosen && (!lookup.data || options.some((b) => b.id === chosen))) buildingId = chosen;
  else if (user.buildingId && options.some((b) => b.id === user.buildingId)) buildingId = user.buildingId;
  else buildingId = options.length === 1 ? options[0].id : null;
  return { buildingId, setBuildingId: setChosen, picker, options, loading: picker && lookup.isPending };
}

export function DeskBuildingSelect(props: {
  desk: ReturnType<typeof useDeskBuilding>;
  disabled?: boolean;
  w?: SelectProps['w'];
}) {
  const { t } = useTranslation();
  const { desk } = props;
  if (!desk.picker) return null;
  return (
    <Select
      label={t('visitorFlow.building')}
      placeholder={t('visitorFlow.buildingPick')}
      data={desk.options.map((b) => ({ value: String(b.id), label: b.name }))}
      value={desk.buildingId ? String(desk.buildingId) : null}
      onChange={(v) => desk.setBuildingId(v ? Number(v) : null)}
      allowDeselect={false}
      searchable
      disabled={props.disabled}
      w={props.w ?? { base: '100%', xs: 280 }}
      size="sm"
    />
  );
}
