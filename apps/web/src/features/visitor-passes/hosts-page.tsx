import { Button, Card, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { type THostListQuery, type THostRow, ZHostCreate } from '@sv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Column } from '../../components/data-table/data-table';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { ListImport } from '../../components/import-dialog';
import { ListFilters } from '../../components/list-filters';
import { ListAddButton, ListPage, useListState } from '../../components/list-page';
import { useCan } from '../../lib/can';
import { notify } from '../../lib/notify';
import { clientsLookupQuery } from '../buildings/buildings-api';
import { formatMobile } from '../buildings/buildings-page';
import { hostKeys, useCreateHost, useHostsList, useSaveWebhooks, useSyncHosts } from './visitor-passes-api';
import './i18n.en';

const SORTS = ['name', 'id'] as const;
type Values = z.output<typeof ZHostCreate>;
const FORM_SCHEMA = ZHostCreate as unknown as z.ZodType<unknown, Values>;

/** Hosts (issue 28 §1): the people who receive visitors and how each is told of an arrival (§4). */
export default function HostsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const isAdmin = useCan('clients.crossDistrict');
  const { table, search, paging, sorting } = useListState({ sort: 'name', sorts: SORTS, filters: { clientId: '' } });
  const clientId = isAdmin && table.filters.clientId ? Number(table.filters.clientId) : undefined;
  const query: THostListQuery = { ...paging, q: search.q, ...(clientId ? { clientId } : {}) };
  const list = useHostsList(query);
  const clients = useQuery({ ...clientsLookupQuery, enabled: isAdmin });
  const districts = isAdmin ? (clients.data ?? []) : null;
  const sync = useSyncHosts();
  const [adding, setAdding] = useState(false);
  const district = isAdmin ? (clientId ?? null) : null;

  const columns: Column<THostRow>[] = [
    {
      key: 'name',
      header: t('hosts.col.name'),
      sortKey: 'name',
      render: (h) => (
        <Text size="sm" fw={500}>
          {h.name}
        </Text>
      ),
    },
    { key: 'building', header: t('hosts.col.building'), render: (h) => h.buildingName ?? t('hosts.districtWide') },
    { key: 'email', header: t('hosts.col.email'), render: (h) => h.email },
    {
      key: 'mobile',
      header: t('hosts.col.mobile'),
      render: (h) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMobile(h.mobile)}
        </Text>
      ),
    },
    { key: 'channel', header: t('hosts.col.channel'), render: (h) => t(`hosts.channel.${h.channel}`) },
    { key: 'source', header: t('hosts.col.source'), render: (h) => t(`hosts.source.${h.source}`) },
  ];

  return (
    <ListPage
      title={t('hosts.title')}
      intro={t('hosts.intro')}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconUsers size={16} aria-hidden />}
            loading={sync.isPending}
            disabled={isAdmin && !district}
            onClick={async () => {
              try {
                const r = await sync.mutateAsync(district);
                notify.success(t('hosts.synced', r));
              } catch (err) {
                notify.error(err instanceof Error ? err.message : String(err));
              }
            }}
          >
            {t('hosts.syncUsers')}
          </Button>
          <ListImport
            kind="hosts"
            label={t('common.import', { defaultValue: 'Import' })}
            title={t('hosts.title')}
            districts={districts}
            districtId={clientId}
            onImported={() => void qc.invalidateQueries({ queryKey: hostKeys.all })}
          />
          <ListAddButton label={t('hosts.add')} onClick={() => setAdding(true)} />
        </>
      }
      filters={
        <ListFilters
          search={search}
          searchHint={t('hosts.searchHint')}
          table={table}
          districts={districts}
          activeToggle={false}
        />
      }
      extra={<WebhooksCard clientId={district} disabled={isAdmin && !district} />}
      table={{
        ...sorting,
        caption: t('hosts.tableCaption'),
        columns,
        list,
        rowKey: (h) => h.id,
        empty: t('hosts.empty'),
      }}
    >
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('hosts.addTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {adding ? <HostForm clientId={district} onDone={() => setAdding(false)} /> : null}
      </Modal>
    </ListPage>
  );
}

function HostForm(props: { clientId: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateHost();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(FORM_SCHEMA, {
    initialValues: { name: '', email: '', mobile: '', channel: 'email', buildingId: null, clientId: props.clientId },
  });
  const field = (k: string) => t(`hosts.field.${k}`);
  return (
    <FormShell
      aria-label={t('hosts.addTitle')}
      saving={create.isPending}
      error={error}
      onSubmit={form.onSubmit(async (values) => {
        setError(null);
        try {
          await create.mutateAsync(values);
          notify.success(t('hosts.saved'));
          props.onDone();
        } catch (err) {
          setError(applyServerErrors(form, err));
        }
      })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={field('name')} required {...form.getInputProps('name')} />
        <Select
          label={field('channel')}
          data={(['email', 'sms', 'teams', 'slack'] as const).map((c) => ({
            value: c,
            label: t(`hosts.channel.${c}`),
          }))}
          value={form.values.channel}
          onChange={(v) => form.setFieldValue('channel', (v ?? 'email') as Values['channel'])}
          allowDeselect={false}
        />
        <TextInput label={field('email')} type="email" {...form.getInputProps('email')} />
        <TextInput label={field('mobile')} type="tel" inputMode="tel" {...form.getInputProps('mobile')} />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </FormShell>
  );
}

/** The district's Teams / Slack incoming-webhook URLs (write-only: the server never sends them back). */
function WebhooksCard(props: { clientId: number | null; disabled: boolean }) {
  const { t } = useTranslation();
  const save = useSaveWebhooks();
  const [teamsUrl, setTeams] = useState('');
  const [slackUrl, setSlack] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('hosts.webhooks.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('hosts.webhooks.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <TextInput
            label={t('hosts.webhooks.teams')}
            value={teamsUrl}
            onChange={(e) => setTeams(e.currentTarget.value)}
          />
          <TextInput
            label={t('hosts.webhooks.slack')}
            value={slackUrl}
            onChange={(e) => setSlack(e.currentTarget.value)}
          />
        </SimpleGrid>
        {error ? (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={props.disabled || (!teamsUrl && !slackUrl)}
            loading={save.isPending}
            onClick={async () => {
              setError(null);
              try {
                await save.mutateAsync({
                  clientId: props.clientId,
                  ...(teamsUrl ? { teamsUrl } : {}),
                  ...(slackUrl ? { slackUrl } : {}),
                });
                setTeams('');
                setSlack('');
                notify.success(t('hosts.webhooks.saved'));
              } catch (err) {
                setError(err instanceof Error ? err.message : String(err));
              }
            }}
          >
            {t('hosts.webhooks.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
