import {
  API_KEY_GRANTABLE,
  API_KEY_READ_PERMISSIONS,
  type TApiKey,
  type TApiKeyCreated,
  type TPermission,
  ZApiKeyCreate,
} from '@sv/contracts';
import {
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm';
import { SecretShownOnce } from '../../components/secret-shown-once';
import type { Column } from '../../components/data-table/data-table';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { ListAddButton, ListPage, useListState } from '../../components/list-page';
import { notify } from '../../lib/notify';
import { formatDateTime } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { buildingsLookupQuery } from '../buildings/buildings-api';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys-api';
import './i18n.en';

const SORTS = ['createdAt', 'name', 'lastUsedAt'] as const;

/**
 * API keys of the district (issue 28 §5, ADR 0051): the list with where each key acts, what it
 * may do and when it was last used; create (the key shown once, with copy) and revoke.
 */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const { paging, sorting } = useListState({ sort: 'createdAt', sorts: SORTS, dir: 'desc', filters: {} });
  const list = useApiKeys(paging);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const revoke = useRevokeApiKey();

  const columns: Column<TApiKey>[] = [
    {
      key: 'name',
      header: t('apiKeys.col.name'),
      sortKey: 'name',
      render: (k) => (
        <Text size="sm" fw={500}>
          {k.name}
        </Text>
      ),
    },
    {
      key: 'prefix',
      header: t('apiKeys.col.key'),
      width: 130,
      render: (k) => <Code style={{ whiteSpace: 'nowrap' }}>{`${k.prefix}…`}</Code>,
    },
    { key: 'scope', header: t('apiKeys.col.scope'), render: (k) => k.buildingName ?? t('apiKeys.wholeDistrict') },
    {
      key: 'access',
      header: t('apiKeys.col.access'),
      render: (k) => (k.readOnly ? t('apiKeys.readOnly') : t('apiKeys.permissions', { count: k.permissions.length })),
    },
    {
      key: 'lastUsedAt',
      header: t('apiKeys.col.lastUsed'),
      sortKey: 'lastUsedAt',
      render: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt, zone) : t('apiKeys.never')),
    },
    {
      key: 'createdAt',
      header: t('apiKeys.col.created'),
      sortKey: 'createdAt',
      render: (k) => formatDateTime(k.createdAt, zone),
    },
    {
      // the key's state: Revoke while it works, when it was revoked after (one column, so the
      // table fits a 1024 px screen)
      key: 'actions',
      header: t('apiKeys.col.status'),
      render: (k) =>
        k.revokedAt ? (
          <Text size="sm" c="dimmed">
            {t('apiKeys.revoked', { when: formatDateTime(k.revokedAt, zone) })}
          </Text>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={t('apiKeys.revokeLabel', { name: k.name })}
            onClick={() => setRevoking(k)}
          >
            {t('apiKeys.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <ListPage
      maw={1200}
      title={t('apiKeys.title')}
      intro={t('apiKeys.intro')}
      actions={<ListAddButton label={t('apiKeys.add')} onClick={() => setCreating(true)} />}
      table={{
        ...sorting,
        caption: t('apiKeys.caption'),
        columns,
        list,
        rowKey: (k) => k.id,
        empty: t('apiKeys.empty'),
      }}
    >
      {creating ? (
        <CreateKeyModal
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
          }}
        />
      ) : null}
      {created ? <KeyShownOnce created={created} onClose={() => setCreated(null)} /> : null}
      <ConfirmDialog
        opened={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        message={t('apiKeys.revokeBody', { name: revoking?.name ?? '' })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('apiKeys.revoke')}
        confirmColor="red"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.id);
            notify.success(t('apiKeys.revokedNotice', { name: revoking.name }));
          } catch (err) {
            notify.error(err instanceof Error ? err.message : String(err));
          }
          setRevoking(null);
        }}
      />
    </ListPage>
  );
}

function CreateKeyModal(props: { onClose: () => void; onCreated: (c: TApiKeyCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const buildings = useQuery(buildingsLookupQuery({ activeOnly: true }));
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ZApiKeyCreate, {
    initialValues: { name: '', buildingId: null as number | null, readOnly: true, permissions: [] as TPermission[] },
  });
  const readOnly = form.values.readOnly;
  return (
    <Modal
      opened
      size="lg"
      onClose={props.onClose}
      title={<Text fw={700}>{t('apiKeys.form.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <FormShell
        aria-label={t('apiKeys.form.title')}
        saving={create.isPending}
        error={error}
        onSubmit={form.onSubmit(async (values) => {
          setError(null);
          try {
            props.onCreated(await create.mutateAsync(values));
          } catch (err) {
            setError(applyServerErrors(form, err));
          }
        })}
      >
        <TextInput
          label={t('apiKeys.form.name')}
          description={t('apiKeys.form.nameHint')}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Select
          label={t('apiKeys.form.building')}
          description={t('apiKeys.form.buildingHint')}
          data={[
            { value: '', label: t('apiKeys.wholeDistrict') },
            ...(buildings.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
          ]}
          value={form.values.buildingId === null ? '' : String(form.values.buildingId)}
          onChange={(v) => form.setFieldValue('buildingId', v ? Number(v) : null)}
          allowDeselect={false}
        />
        <Radio.Group
          label={t('apiKeys.form.access')}
          value={readOnly ? 'read' : 'chosen'}
          onChange={(v) => form.setFieldValue('readOnly', v === 'read')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="read" label={t('apiKeys.form.readOnly')} description={t('apiKeys.form.readOnlyHint')} />
            <Radio value="chosen" label={t('apiKeys.form.chosen')} />
          </Stack>
        </Radio.Group>
        {readOnly ? null : (
          <Checkbox.Group
            label={t('apiKeys.form.permissions')}
            description={t('apiKeys.form.permissionsHint')}
            {...form.getInputProps('permissions')}
          >
            <ScrollArea.Autosize mah={260} mt={6} type="auto">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
                {API_KEY_GRANTABLE.map((p) => (
                  <Checkbox
                    key={p}
                    value={p}
                    label={<Code>{p}</Code>}
                    aria-label={p}
                    styles={{ label: { fontWeight: API_KEY_READ_PERMISSIONS.includes(p) ? 400 : 600 } }}
                  />
                ))}
              </SimpleGrid>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('apiKeys.form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('apiKeys.form.create')}
          </Button>
        </Group>
      </FormShell>
    </Modal>
  );
}

/** The key, this once (issue 28 §5: "shown once"), with a copy button. */
function KeyShownOnce({ created, onClose }: { created: TApiKeyCreated; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretShownOnce
      title={t('apiKeys.shown.title')}
      warning={t('apiKeys.shown.once')}
      subject={created.key.name}
      secret={created.secret}
      secretTestId="api-key-secret"
      usage={t('apiKeys.shown.usage')}
      copyLabel={t('apiKeys.shown.copy')}
      copiedLabel={t('apiKeys.shown.copied')}
      doneLabel={t('apiKeys.shown.done')}
      onClose={onClose}
    />
  );
}
