import { ActionIcon, Badge, Button, Group, Modal, Select, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import {
  type TVendorCompanyListQuery,
  type TVendorCompanyRow,
  type TVendorCompanyValues,
  ZVendorCompanyUpsert,
} from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { ListFilters } from '../../components/list-filters';
import { ListAddButton, ListPage, useListState } from '../../components/list-page';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { clientsLookupQuery } from '../clients/clients-api';
import { useSaveVendorCompany, useVendorCompaniesList } from './safevendor-api';
import './i18n.en';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/can';

const SORTS = ['name', 'code', 'ddUsername', 'client'] as const;

/**
 * 'SafeVendor Companies' (spec 001 §2: Name, URL Code, Username; 100 rows a page; active-only
 * toggle; edit opens a modal; add), mirroring the registration types list. Administrators see
 * every district's companies, so a District column is added for them.
 */
export default function VendorCompaniesPage() {
  const { t } = useTranslation();
  const isAdmin = useCan('clients.crossDistrict');
  const { table, search, paging, sorting } = useListState({
    sort: 'name',
    sorts: SORTS,
    filters: { activeOnly: 'true' },
  });
  const query: TVendorCompanyListQuery = {
    ...paging,
    activeOnly: table.filters.activeOnly === 'true' ? 'true' : 'false',
    q: search.q,
  };
  const list = useVendorCompaniesList(query);
  const [editing, setEditing] = useState<TVendorCompanyRow | 'new' | null>(null);

  const columns: Column<TVendorCompanyRow>[] = [
    {
      key: 'edit',
      header: t('safeVendor.companies.col.edit'),
      width: 70,
      render: (r) => (
        <Tooltip label={t('safeVendor.companies.edit', { name: r.name })}>
          <ActionIcon
            variant="subtle"
            onClick={() => setEditing(r)}
            aria-label={t('safeVendor.companies.edit', { name: r.name })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
    {
      key: 'name',
      header: t('safeVendor.companies.col.name'),
      sortKey: 'name',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={500} size="sm">
            {r.name}
          </Text>
          {r.isActive ? null : (
            <Text size="xs" c="dimmed">
              ({t('safeVendor.companies.inactive')})
            </Text>
          )}
        </Group>
      ),
    },
    {
      key: 'code',
      header: t('safeVendor.companies.col.code'),
      sortKey: 'code',
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.code}
        </Text>
      ),
    },
    {
      key: 'username',
      header: t('safeVendor.companies.col.username'),
      sortKey: 'ddUsername',
      render: (r) => r.ddUsername,
    },
    {
      key: 'watch',
      header: t('safeVendor.companies.col.watch'),
      width: 130,
      render: (r) =>
        r.inArrestWatch ? (
          <Badge variant="filled" color="blue.9">
            {t('safeVendor.companies.watchOn')}
          </Badge>
        ) : null,
    },
    {
      key: 'district',
      header: t('safeVendor.companies.col.district'),
      sortKey: 'client',
      hidden: !isAdmin,
      render: (r) => r.clientName,
    },
  ];

  return (
    <ListPage
      title={t('safeVendor.companies.title')}
      intro={t('safeVendor.companies.intro')}
      actions={<ListAddButton label={t('safeVendor.companies.add')} onClick={() => setEditing('new')} />}
      filters={
        <ListFilters
          search={search}
          searchHint={t('lists.searchHint.companies')}
          table={table}
          districts={null}
          activeLabel={t('safeVendor.companies.activeOnly')}
        />
      }
      table={{
        ...sorting,
        caption: t('safeVendor.companies.tableCaption'),
        columns,
        list,
        rowKey: (r) => r.id,
        empty: t('safeVendor.companies.empty'),
      }}
    >
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('safeVendor.companies.addTitle') : t('safeVendor.companies.editTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== null ? (
          <CompanyForm
            key={editing === 'new' ? 'new' : editing.id}
            row={editing === 'new' ? null : editing}
            isAdmin={isAdmin}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </ListPage>
  );
}

function CompanyForm(props: { row: TVendorCompanyRow | null; isAdmin: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { row, isAdmin } = props;
  const save = useSaveVendorCompany();
  const clients = useQuery({ ...clientsLookupQuery, enabled: isAdmin && row === null });
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ZVendorCompanyUpsert, {
    initialValues: {
      clientId: row?.clientId ?? null,
      name: row?.name ?? '',
      code: row?.code ?? '',
      ddUsername: row?.ddUsername ?? '',
      isActive: row?.isActive ?? true,
      inArrestWatch: row?.inArrestWatch ?? false,
    } satisfies TVendorCompanyValues,
  });
  const field = (k: string) => t(`safeVendor.companies.field.${k}`);
  return (
    <FormShell
      aria-label={row ? t('safeVendor.companies.editTitle') : t('safeVendor.companies.addTitle')}
      saving={save.isPending}
      error={error}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        if (isAdmin && row === null && values.clientId === null) {
          form.setFieldError('clientId', t('safeVendor.companies.chooseDistrict'));
          return;
        }
        save.mutate(
          { id: row?.id ?? null, body: withVersion(values, row) },
          {
            onSuccess: () => {
              notify.success(t('safeVendor.companies.saved'));
              props.onDone();
            },
            onError: (err) => setError(applyServerErrors(form, err)),
          },
        );
      })}
    >
      {isAdmin && row === null ? (
        <Select
          label={field('clientId')}
          required
          searchable
          data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={form.values.clientId === null ? null : String(form.values.clientId)}
          onChange={(v) => form.setFieldValue('clientId', v ? Number(v) : null)}
          error={form.errors.clientId}
        />
      ) : null}
      {isAdmin && row !== null ? (
        <Text size="sm" c="dimmed">
          {field('clientId')}: {row.clientName}
        </Text>
      ) : null}
      <TextInput label={field('name')} required data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label={field('code')}
        description={field('codeHint')}
        required
        autoComplete="off"
        {...form.getInputProps('code')}
      />
      <TextInput label={field('ddUsername')} autoComplete="off" {...form.getInputProps('ddUsername')} />
      <Switch label={field('isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
      <Switch label={field('inArrestWatch')} {...form.getInputProps('inArrestWatch', { type: 'checkbox' })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDone}>
          {t('safeVendor.companies.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('safeVendor.companies.save')}
        </Button>
      </Group>
    </FormShell>
  );
}
