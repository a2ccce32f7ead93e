import { Alert, Button, Group, Modal, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { notify } from './notify';
import { can, EXCLUSION_TYPE_OPTIONS, type TVisitor, ZExclusionSave } from '@sv/contracts';
import { DEFAULT_EXCLUSION_DOB } from '@sv/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { useUser } from '../../lib/session';
import { exclusionFormOptionsQuery, useSaveExclusion } from '../exclusions/exclusions-api';
import { alertTitleText, fullName, showDate } from './flow';
import '../exclusions/i18n.en';
import './i18n.en';

type Values = z.output<typeof ZExclusionSave>;
const FORM_SCHEMA = ZExclusionSave as unknown as z.ZodType<unknown, Values>;

/**
 * 'Deny & Add Exclusion' (spec 002 §2, §4 DENY; 000 §4 new-exclusion defaults): the Add Exclusion
 * form prefilled with the denied visitor and linked to them (visitorId), so the next screening
 * shows a direct exclusion. The Manage Exclusions modal cannot be prefilled from outside yet,
 * so this one saves through the exclusions feature's own mutation.
 */
export function AddExclusionModal(props: {
  opened: boolean;
  visitor: TVisitor;
  buildingId: number | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={() => props.onClose(false)}
      title={t('exclusions.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
      centered
    >
      {props.opened ? <AddExclusionForm {...props} /> : null}
    </Modal>
  );
}

function AddExclusionForm(props: { visitor: TVisitor; buildingId: number | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const me = useUser();
  const canSetGlobal = can(me, 'exclusions.setGlobal');
  const options = useQuery(exclusionFormOptionsQuery);
  const save = useSaveExclusion();
  const [error, setError] = useState<string | null>(null);
  const v0 = props.visitor;
  const form = useContractForm<Values>(FORM_SCHEMA, {
    initialValues: {
      clientId: v0.clientId,
      // spec 000 §4: global by default; those who may not set it get their building
      isGlobal: canSetGlobal,
      buildingId: canSetGlobal ? null : props.buildingId,
      active: true,
      firstname: v0.firstname,
      lastname: v0.lastname,
      dob: v0.dob,
      exclusionType: '',
      reason: '',
      photoFileId: v0.photoFileId,
      visitorId: v0.id,
    },
  });
  const v = form.values;
  const buildingData = (options.data?.buildings ?? [])
    .filter((b) => b.clientId === v0.clientId)
    .map((b) => ({ value: String(b.id), label: b.name }));

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({
        id: null,
        body: {
          ...values,
          clientId: v0.clientId,
          buildingId: values.isGlobal ? null : values.buildingId,
          dob: values.dob ?? DEFAULT_EXCLUSION_DOB,
          visitorId: v0.id,
        },
      });
      notify({ color: 'green', message: t('visitorFlow.exclusion.saved') });
      props.onClose(true);
    } catch (err) {
      setError(applyServerErrors(form, err));
    }
  });

  return (
    <FormShell onSubmit={submit} saving={save.isPending} error={error} aria-label={t('exclusions.addTitle')}>
      <Alert variant="light" color="blue" title={t('visitorFlow.exclusion.linked')} styles={alertTitleText}>
        {fullName(v0)}
        {v0.dob ? ` · ${showDate(v0.dob)}` : ''}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('exclusions.field.firstname')} required {...form.getInputProps('firstname')} />
        <TextInput label={t('exclusions.field.lastname')} required {...form.getInputProps('lastname')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('exclusions.field.dob')} value={showDate(v.dob) ?? ''} readOnly variant="filled" />
        <Select
          label={t('exclusions.field.type')}
          required
          data={EXCLUSION_TYPE_OPTIONS.map((type) => ({ value: type, label: t(`exclusions.types.${type}`) }))}
          value={v.exclusionType || null}
          onChange={(type) => form.setFieldValue('exclusionType', type ?? '')}
          error={form.errors.exclusionType}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Textarea
        label={t('exclusions.field.reason')}
        required={v.exclusionType === 'Other'}
        autosize
        minRows={2}
        maxRows={5}
        {...form.getInputProps('reason')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="xs">
        <Switch
          label={t('visitorFlow.exclusion.global')}
          disabled={!canSetGlobal}
          {...form.getInputProps('isGlobal', { type: 'checkbox' })}
        />
        {!v.isGlobal ? (
          <Select
            label={t('exclusions.field.building')}
            required
            data={buildingData}
            value={v.buildingId ? String(v.buildingId) : null}
            onChange={(b) => form.setFieldValue('buildingId', b ? Number(b) : null)}
            error={form.errors.buildingId}
          />
        ) : null}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => props.onClose(false)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" color="red.9" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </FormShell>
  );
}
