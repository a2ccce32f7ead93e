import type { TBuildingLookupItem } from '@sv/contracts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './i18n.en';

/** The dashboard's building, for users who are not tied to one (spec 002 §2); remembered in the URL. */
export function BuildingFilter(props: {
  buildings: TBuildingLookupItem[];
  buildingId: number | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const { buildings } = props;
  return (
    <Select
      label={t('dashboard.building')}
      placeholder={t('dashboard.chooseBuilding')}
      data={buildings.map((b) => ({ value: String(b.id), label: b.name }))}
      value={props.buildingId ? String(props.buildingId) : null}
      onChange={props.onChange}
      allowDeselect={false}
      searchable={buildings.length > 8}
      w={260}
      data-testid="building-filter"
    />
  );
}
