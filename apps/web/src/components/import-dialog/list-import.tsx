import { Button, Select } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { District } from '../list-filters';
import { ImportDialog } from './import-dialog';

/**
 * Import for an administration list (spec 000 §2 bulk import dialogs: exclusions, buildings,
 * users): the Import button and its dialog. Admins choose the district to import into (the
 * list's district filter preselects it); everyone else imports into their own.
 */
export function ListImport(props: {
  /** import kind registered on the server */
  kind: string;
  label: string;
  title: string;
  /** the districts an admin imports into; null for everyone else */
  districts: District[] | null;
  /** the list's district filter, preselected */
  districtId: number | undefined;
  /** after a close with results */
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [districtId, setDistrictId] = useState<string | null>(null);
  const chooses = props.districts !== null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={() => {
          setDistrictId(props.districtId ? String(props.districtId) : null);
          setOpened(true);
        }}
      >
        {props.label}
      </Button>
      <ImportDialog
        kind={props.kind}
        title={props.title}
        opened={opened}
        onClose={(success) => {
          setOpened(false);
          if (success) props.onImported();
        }}
        options={{ clientId: chooses ? districtId : undefined }}
        canUpload={!chooses || Boolean(districtId)}
      >
        {props.districts ? (
          <Select
            label={t('lists.importDistrict')}
            required
            searchable
            data={props.districts.map((d) => ({ value: String(d.id), label: d.name }))}
            value={districtId}
            onChange={setDistrictId}
          />
        ) : null}
      </ImportDialog>
    </>
  );
}
