import {
  ZStudentReasonUpsert,
  type TStudentReason,
  type TStudentReasonKind,
  type TStudentReasonListQuery,
  type TStudentReasonUpsert,
} from '@sv/contracts';
import { ActionIcon, Button, Group, Modal, NumberInput, Switch, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { ListAddButton, ListPage, useListState } from '../../components/list-page';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { ClientPicker, useChosenClient } from './client-picker';
import { useSaveStudentReason, useStudentReasons } from './settings-api';
import './i18n.en';
import { notify } from '../../lib/notify';

const SORTS = ['sortOrder', 'name', 'id'] as const;
type Editing = { kind: TStudentReasonKind; row: TStudentReason | null } | null;

/**
 * Student reasons (spec 002 §3): the pickup and drop-off reasons of a client, offered by the
 * student pickup, drop-off and kiosk screens. Drop-off reasons say whether the tardy is excused.
 */
export default function StudentReasonsPage() {
  const { t } = useTranslation();
  const { clientId, isAdmin, ready } = useChosenClient();
  const { table, paging, sorting } = useListState({
    sort: 'sortOrder',
    sorts: SORTS,
    filters: { kind: 'pickup', activeOnly: 'true' },
  });
  const kind: TStudentReasonKind = table.filters.kind === 'dropoff' ? 'dropoff' : 'pickup';
  const query: TStudentReasonListQuery = {
    kind,
    clientId: isAdmin ? clientId : undefined,
    activeOnly: table.filters.activeOnly === 'true' ? 'true' : 'false',
    ...paging,
  };
  const list = useStudentReasons(query, ready);
  const [editing, setEditing] = useState<Editing>(null);

  const columns: Column<TStudentReason>[] = [
    {
      key: 'sortOrder',
      header: t('settings.reasons.col.order'),
      render: (r) => r.sortOrder,
      sortKey: 'sortOrder',
      width: 90,
    },
    {
      key: 'name',
      header: t('settings.reasons.col.name'),
      sortKey: 'name',
      render: (r) => (
        <Text size="sm" fw={500}>
          {r.name}
        </Text>
      ),
    },
    {
      key: 'excused',
      header: t('settings.reasons.col.excused'),
      hidden: kind !== 'dropoff',
      width: 120,
      render: (r) => (
        <Text size="sm" fw={r.isExcused ? 600 : 400}>
          {r.isExcused ? t('settings.reasons.excused') : t('settings.reasons.unexcused')}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('settings.reasons.col.status'),
      width: 110,
      render: (r) => (
        <Text size="sm" c={r.active ? undefined : 'dimmed'}>
          {r.active ? t('common.active') : t('common.inactive')}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 90,
      render: (r) => (
        <Tooltip label={t('settings.reasons.editReason', { name: r.name })}>
          <ActionIcon
            variant="subtle"
            aria-label={t('settings.reasons.editReason', { name: r.name })}
            onClick={() => setEditing({ kind, row: r })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <ListPage
      maw={1100}
      title={t('titles.studentReasons')}
      intro={t('settings.reasons.intro')}
      actions={
        <ListAddButton
          label={kind === 'pickup' ? t('settings.reasons.addPickup') : t('settings.reasons.addDropoff')}
          disabled={!ready}
          onClick={() => setEditing({ kind, row: null })}
        />
      }
      notice={isAdmin ? <ClientPicker clientId={clientId} /> : null}
      placeholder={ready ? undefined : <Text c="dimmed">{t('settings.chooseClientFirst')}</Text>}
      filters={
        <>
          <Tabs value={kind} onChange={(v) => table.setFilter('kind', v === 'dropoff' ? 'dropoff' : 'pickup')}>
            <Tabs.List>
              <Tabs.Tab value="pickup">{t('settings.reasons.pickup')}</Tabs.Tab>
              <Tabs.Tab value="dropoff">{t('settings.reasons.dropoff')}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Text size="sm" c="dimmed">
            {kind === 'pickup' ? t('settings.reasons.pickupHint') : t('settings.reasons.dropoffHint')}
          </Text>
          <Switch
            label={t('settings.reasons.activeOnly')}
            checked={table.filters.activeOnly === 'true'}
            onChange={(e) => table.setFilter('activeOnly', e.currentTarget.checked ? 'true' : 'false')}
          />
        </>
      }
      table={{
        ...sorting,
        caption: kind === 'pickup' ? t('settings.reasons.pickup') : t('settings.reasons.dropoff'),
        columns,
        list,
        rowKey: (r) => r.id,
        empty: t('settings.reasons.empty'),
      }}
    >
      {editing ? (
        <ReasonModal editing={editing} clientId={isAdmin ? clientId : undefined} onClose={() => setEditing(null)} />
      ) : null}
    </ListPage>
  );
}

function ReasonModal({
  editing,
  clientId,
  onClose,
}: {
  editing: NonNullable<Editing>;
  clientId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveStudentReason();
  const [error, setError] = useState<string | null>(null);
  const { kind, row } = editing;
  const initialValues: Required<Omit<TStudentReasonUpsert, 'clientId'>> & { clientId?: number } = {
    clientId,
    kind,
    name: row?.name ?? '',
    nameEs: row?.nameEs ?? '',
    isExcused: row?.isExcused ?? false,
    active: row?.active ?? true,
    sortOrder: row?.sortOrder ?? 0,
  };
  const form = useContractForm(ZStudentReasonUpsert, { initialValues });
  const title = row
    ? t('settings.reasons.editTitle')
    : kind === 'pickup'
      ? t('settings.reasons.addPickup')
      : t('settings.reasons.addDropoff');

  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <FormShell
        aria-label={title}
        saving={save.isPending}
        error={error}
        onSubmit={form.onSubmit((values) => {
          setError(null);
          save.mutate(
            { id: row?.id ?? null, body: withVersion(values, row) },
            {
              onSuccess: (saved) => {
                notify.success(t('settings.reasons.saved', { name: saved.name }));
                onClose();
              },
              onError: (err) => setError(applyServerErrors(form, err)),
            },
          );
        })}
      >
        <TextInput
          label={t('settings.reasons.name')}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('settings.reasons.nameEs')}
          description={t('settings.reasons.nameEsHint')}
          maxLength={100}
          lang="es"
          {...form.getInputProps('nameEs')}
        />
        {kind === 'dropoff' ? (
          <Switch
            label={t('settings.reasons.isExcused')}
            description={t('settings.reasons.isExcusedHint')}
            {...form.getInputProps('isExcused', { type: 'checkbox' })}
          />
        ) : null}
        <NumberInput
          label={t('settings.reasons.sortOrder')}
          description={t('settings.reasons.sortOrderHint')}
          min={0}
          max={9999}
          allowDecimal={false}
          allowNegative={false}
          w={200}
          {...form.getInputProps('sortOrder')}
          onChange={(n) => form.setFieldValue('sortOrder', typeof n === 'number' ? n : Number(n) || 0)}
        />
        <Switch
          label={t('settings.reasons.active')}
          description={t('settings.reasons.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </FormShell>
    </Modal>
  );
}
