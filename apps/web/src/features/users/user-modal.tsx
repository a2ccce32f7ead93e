import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { ROLE, type TRoleId, type TUser, ZUserSave, ROLE_SCOPE } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { useUser } from '../../lib/session';
import { userFormOptionsQuery, userQuery, useSaveUser } from './users-api';
import './i18n.en';
import { notify } from '../../lib/notify';
import { useCan, can } from '../../lib/can';
import { SHOWS_ERROR } from '../../lib/query-client';

type Values = z.output<typeof ZUserSave>;
const FORM_SCHEMA = ZUserSave as unknown as z.ZodType<unknown, Values>;

export interface UserModalProps {
  /** null = closed; 'new' = add; a number = edit */
  target: number | 'new' | null;
  onClose: () => void;
  /** role preselected for a new user (the list on screen) */
  defaultRoleId: TRoleId;
  /** client preselected for a new user (the admin's client filter) */
  defaultClientId: number | null;
}

const valuesOf = (u: TUser): Values => ({
  name: u.name,
  email: u.email,
  roleId: u.roleId,
  clientId: u.clientId,
  buildingId: u.buildingId,
  homepage: u.homepage,
  active: u.active,
  elevatedReports: u.elevatedReports,
  scanWithCamera: u.scanWithCamera,
});

/** Add / edit a user (spec 000 §2 Users screen edit modal; §5 only admins add administrators). */
export function UserModal(props: UserModalProps) {
  const { t } = useTranslation();
  const editingId = typeof props.target === 'number' ? props.target : null;
  const existing = useQuery({ meta: SHOWS_ERROR, ...userQuery(editingId ?? 0), enabled: editingId !== null });
  const { onClose } = props;

  useEffect(() => {
    if (editingId !== null && existing.isError) {
      notify.error(t('users.loadFailed'));
      onClose();
    }
  }, [editingId, existing.isError, onClose, t]);

  const title = editingId === null ? t('users.addTitle') : t('users.editTitle');
  return (
    <Modal
      opened={props.target !== null}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
      centered
    >
      {props.target === null ? null : editingId !== null && !existing.data ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <UserForm
          key={editingId ?? 'new'}
          id={editingId}
          loaded={existing.data ?? null}
          initial={
            existing.data
              ? valuesOf(existing.data)
              : {
                  name: '',
                  email: '',
                  roleId: props.defaultRoleId,
                  clientId: props.defaultClientId,
                  buildingId: null,
                  homepage: '/',
                  active: true,
                  elevatedReports: false,
                  scanWithCamera: false,
                }
          }
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function UserForm({
  id,
  initial,
  loaded,
  onDone,
}: {
  id: number | null;
  initial: Values;
  /** the user being edited, whose version the save names (issue 23 §4) */
  loaded: { version: number } | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const me = useUser();
  const isAdmin = useCan('clients.crossDistrict');
  const managesAdministrators = useCan('users.manageAdministrators');
  const options = useQuery(userFormOptionsQuery);
  const save = useSaveUser();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm<Values>(FORM_SCHEMA, { initialValues: initial });
  const roleId = form.values.roleId;
  const needsBuilding = ROLE_SCOPE[roleId] === 'building';
  const needsClient = ROLE_SCOPE[roleId] !== 'platform';
  // a district's administrator, whom only the platform administrator may change (spec 000 §5)
  const editsAdministrator = ROLE_SCOPE[initial.roleId] === 'district';
  const clientId = isAdmin ? form.values.clientId : me.clientId;

  // Only admins may add administrators (spec 000 §5): the options a client admin sees.
  const roleIds: TRoleId[] = managesAdministrators
    ? [ROLE.Admin, ROLE.ClientAdmin, ROLE.Attendant, ROLE.Kiosk]
    : editsAdministrator
      ? [ROLE.ClientAdmin]
      : [ROLE.Attendant, ROLE.Kiosk];
  const roleData = roleIds.map((r) => ({ value: String(r), label: t(`users.roles.${r}`) }));
  const clientData = (options.data?.clients ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const buildingData = (options.data?.buildings ?? [])
    .filter((b) => b.clientId === clientId && (b.active || b.id === initial.buildingId))
    .map((b) => ({ value: String(b.id), label: b.name }));

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const body: Values = {
      ...values,
      clientId: needsClient ? (isAdmin ? values.clientId : me.clientId) : null,
      buildingId: needsBuilding ? values.buildingId : null,
    };
    try {
      await save.mutateAsync({ id, body: withVersion(body, loaded) });
      notify.success(t('users.saved'));
      onDone();
    } catch (err) {
      setError(applyServerErrors(form, err));
    }
  });

  return (
    <FormShell onSubmit={submit} saving={save.isPending} error={error} aria-label={t('users.editTitle')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('users.field.name')} required {...form.getInputProps('name')} />
        <TextInput label={t('users.field.email')} type="email" required {...form.getInputProps('email')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('users.field.role')}
          required
          data={roleData}
          allowDeselect={false}
          value={String(roleId)}
          onChange={(v) => v && form.setFieldValue('roleId', Number(v) as TRoleId)}
          error={form.errors.roleId}
          disabled={!managesAdministrators && editsAdministrator}
        />
        {isAdmin && needsClient ? (
          <Select
            label={t('users.field.client')}
            required
            searchable
            data={clientData}
            value={form.values.clientId ? String(form.values.clientId) : null}
            onChange={(v) => {
              form.setFieldValue('clientId', v ? Number(v) : null);
              form.setFieldValue('buildingId', null);
            }}
            error={form.errors.clientId}
          />
        ) : null}
      </SimpleGrid>
      {needsBuilding ? (
        <Select
          label={t('users.field.building')}
          description={t('users.buildingForRole')}
          required
          searchable
          data={buildingData}
          value={form.values.buildingId ? String(form.values.buildingId) : null}
          onChange={(v) => form.setFieldValue('buildingId', v ? Number(v) : null)}
          error={form.errors.buildingId}
        />
      ) : null}
      {/* a kiosk account opens the kiosk, never a home page */}
      {!can({ roleId }, 'kiosk.use') ? (
        <TextInput
          label={t('users.field.homepage')}
          description={t('users.field.homepageHint')}
          {...form.getInputProps('homepage')}
        />
      ) : null}
      <Stack gap="xs">
        <Switch label={t('users.field.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Switch
          label={t('users.field.elevatedReports')}
          description={t('users.field.elevatedReportsHint')}
          {...form.getInputProps('elevatedReports', { type: 'checkbox' })}
        />
        <Switch
          label={t('users.field.scanWithCamera')}
          {...form.getInputProps('scanWithCamera', { type: 'checkbox' })}
        />
      </Stack>
      {id === null ? (
        <Text size="sm" c="dimmed">
          {t('users.activationNote')}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </FormShell>
  );
}
