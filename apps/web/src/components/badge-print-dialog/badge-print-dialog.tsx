import { Button, Divider, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { IconPrinter, IconWindow } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The strings of a badge print dialog. Each feature keeps its own wording under one key of its
 * catalogue (`registrations.print`, `safeVendor.print`) and names that key in `textKey`; a
 * catalogue declares them `satisfies BadgePrintWording` so none is missing.
 */
export interface BadgePrintWording {
  /** the dialog's title; {{name}}: the person whose badge it is */
  title: string;
  /** above both ways: what each one does */
  windowHint: string;
  /** the button that opens the printable badge window */
  window: string;
  /** between the two ways */
  or: string;
  /** the building select's label and description */
  building: string;
  buildingHint: string;
  /** the building select's placeholder */
  chooseBuilding: string;
  /** the button that sends the badge to the chosen building's printer */
  send: string;
  cancel: string;
}

export interface BadgePrintDialogProps {
  opened: boolean;
  onClose: () => void;
  /** the i18n key of the feature's BadgePrintWording, e.g. 'safeVendor.print' */
  textKey: string;
  /** whose badge it is (the title's {{name}}) */
  name: string;
  /** the buildings whose network printer may print the badge */
  buildings: readonly { id: number; name: string }[];
  buildingsLoading?: boolean;
  /** opens the badge window; call window.open before any await (popup blockers allow it in the click's turn) */
  onOpenWindow: () => Promise<void> | void;
  onSendToPrinter: (buildingId: number) => Promise<void>;
  openingWindow?: boolean;
  sending?: boolean;
}

/**
 * Print a badge (spec 001 §2 print modal; issues 11 and 15 "Printing"): open the printable badge
 * in the browser's print window, or choose a building and send the badge to its network (label)
 * printer. Both ways are in view with their own button, so the desk picks one with a single
 * click and each button says what it does. Presentational: the feature does the requests,
 * the alerts and the closing in its callbacks.
 */
export function BadgePrintDialog(props: BadgePrintDialogProps) {
  const { t } = useTranslation();
  const k = props.textKey;
  const [buildingId, setBuildingId] = useState<string | null>(null);
  useEffect(() => {
    if (!props.opened) setBuildingId(null);
  }, [props.opened]);
  const busy = Boolean(props.openingWindow || props.sending);

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(`${k}.title`, { name: props.name })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t(`${k}.windowHint`)}</Text>
        <Button
          leftSection={<IconWindow size={16} aria-hidden />}
          onClick={() => void props.onOpenWindow()}
          loading={props.openingWindow}
          disabled={busy && !props.openingWindow}
        >
          {t(`${k}.window`)}
        </Button>
        <Divider label={t(`${k}.or`)} labelPosition="center" />
        <Select
          label={t(`${k}.building`)}
          description={t(`${k}.buildingHint`)}
          placeholder={t(`${k}.chooseBuilding`)}
          data={props.buildings.map((b) => ({ value: String(b.id), label: b.name }))}
          value={buildingId}
          onChange={setBuildingId}
          searchable
          allowDeselect={false}
          rightSection={props.buildingsLoading ? <Loader size="xs" /> : undefined}
        />
        <Button
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => {
            if (buildingId) void props.onSendToPrinter(Number(buildingId));
          }}
          loading={props.sending}
          disabled={!buildingId || (busy && !props.sending)}
        >
          {t(`${k}.send`)}
        </Button>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={props.onClose}>
            {t(`${k}.cancel`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
