import { Button, Select, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../components/import-dialog/import-dialog';
import { useCan } from '../../lib/can';
import { useUser } from '../../lib/session';
import { buildingsLookupQuery } from '../buildings/buildings-api';
import { passKeys } from './visitor-passes-api';
import './i18n.en';

/**
 * Invite a group from a file (issue 28 §2: a field trip's chaperones, a conference's speakers)
 * through the one import dialog: each row gets its pass as the invite form sends it. Whoever may
 * choose a building picks the one the group visits; an attendant's file is for their building.
 */
export function GroupImport() {
  const { t } = useTranslation();
  const user = useUser();
  const qc = useQueryClient();
  const chooseBuilding = useCan('desk.chooseBuilding');
  const [opened, setOpened] = useState(false);
  const [buildingId, setBuildingId] = useState<string | null>(null);
  const buildings = useQuery({ ...buildingsLookupQuery({ activeOnly: true }), enabled: chooseBuilding && opened });
  const chosen = chooseBuilding ? buildingId : user.buildingId ? String(user.buildingId) : null;
  return (
    <>
      <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('passes.groupImport')}
      </Button>
      <ImportDialog
        kind="visitor-passes"
        title={t('passes.groupImportTitle')}
        opened={opened}
        onClose={(success) => {
          setOpened(false);
          if (success) {
            void qc.invalidateQueries({ queryKey: passKeys.all });
            void qc.invalidateQueries({ queryKey: ['preregistrations'] });
          }
        }}
        options={{ buildingId: chosen }}
        canUpload={Boolean(chosen)}
      >
        <Text size="sm">{t('passes.groupImportHelp')}</Text>
        {chooseBuilding ? (
          <Select
            label={t('passes.field.building')}
            required
            searchable
            data={(buildings.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={buildingId}
            onChange={setBuildingId}
          />
        ) : null}
      </ImportDialog>
    </>
  );
}
