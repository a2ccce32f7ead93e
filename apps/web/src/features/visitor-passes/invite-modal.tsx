import { Button, Group, Modal, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { ZVisitorPassCreate } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { useCan } from '../../lib/can';
import { LANGUAGE_NAMES, VISITOR_LANGUAGES, type VisitorLanguage } from '../../lib/i18n/languages';
import { notify } from '../../lib/notify';
import { useUser } from '../../lib/session';
import { DobInput, type DobProblem } from '../../lib/time/dob-input';
import { pickedDate, US_DATE_PLACEHOLDER } from '../../lib/time/fields';
import { DATE_FORMAT, parseUsDate, todayIso } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { buildingsLookupQuery } from '../buildings/buildings-api';
import { DeskHostPicker } from './host-picker';
import { useInvite } from './visitor-passes-api';
import './i18n.en';

type Values = z.output<typeof ZVisitorPassCreate>;
/** The form holds complete values (every default applied); the contract validates them. */
const FORM_SCHEMA = ZVisitorPassCreate as unknown as z.ZodType<unknown, Values>;

/** Invite a visitor (issue 28 §2): one visitor, a window at a building, the pass by e-mail / SMS. */
export function InviteModal(props: { opened: boolean; onClose: () => void; buildingId: number | null }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('passes.inviteTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {props.opened ? <InviteForm onDone={props.onClose} buildingId={props.buildingId} /> : null}
    </Modal>
  );
}

function InviteForm(props: { onDone: () => void; buildingId: number | null }) {
  const { t } = useTranslation();
  const user = useUser();
  const zone = useDisplayTimeZone();
  const chooseBuilding = useCan('desk.chooseBuilding');
  const invite = useInvite();
  const [error, setError] = useState<string | null>(null);
  const [dobProblem, setDobProblem] = useState<DobProblem>(null);
  const buildings = useQuery({ ...buildingsLookupQuery({ activeOnly: true }), enabled: chooseBuilding });
  const form = useContractForm(FORM_SCHEMA, {
    initialValues: {
      buildingId: (props.buildingId ?? user.buildingId ?? 0) as number,
      firstname: '',
      lastname: '',
      dob: null,
      email: '',
      mobile: '',
      visitDate: todayIso(zone),
      startTime: '09:00',
      endTime: '10:00',
      hostId: null,
      visiting: '',
      reason: '',
      visitorType: 'visitor',
      instructions: '',
      language: 'en',
    },
  });
  const field = (k: string) => t(`passes.field.${k}`);
  return (
    <FormShell
      aria-label={t('passes.inviteTitle')}
      saving={invite.isPending}
      error={error}
      onSubmit={form.onSubmit(async (values) => {
        if (dobProblem) return;
        setError(null);
        try {
          // mutateAsync: the modal closes on success, and a per-call callback would not run then
          await invite.mutateAsync(values);
          notify.success(t('passes.invited', { name: `${values.firstname} ${values.lastname}` }));
          props.onDone();
        } catch (err) {
          setError(applyServerErrors(form, err));
        }
      })}
    >
      {chooseBuilding ? (
        <Select
          label={field('building')}
          required
          searchable
          data={(buildings.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          value={form.values.buildingId ? String(form.values.buildingId) : null}
          onChange={(v) => form.setFieldValue('buildingId', v ? Number(v) : (0 as number))}
          error={form.errors.buildingId}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={field('firstname')} required {...form.getInputProps('firstname')} />
        <TextInput label={field('lastname')} required {...form.getInputProps('lastname')} />
        <TextInput label={field('email')} type="email" {...form.getInputProps('email')} />
        <TextInput label={field('mobile')} type="tel" inputMode="tel" {...form.getInputProps('mobile')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-6}>
        {field('reachHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DateInput
          label={field('visitDate')}
          required
          placeholder={US_DATE_PLACEHOLDER}
          valueFormat={DATE_FORMAT}
          dateParser={(text) => parseUsDate(text)}
          minDate={todayIso(zone)}
          value={form.values.visitDate || null}
          onChange={(v) => form.setFieldValue('visitDate', pickedDate(v) ?? '')}
          error={form.errors.visitDate}
          popoverProps={{ withinPortal: true }}
        />
        <TimeInput
          label={field('startTime')}
          required
          value={form.values.startTime}
          onChange={(e) => form.setFieldValue('startTime', e.currentTarget.value.slice(0, 5))}
          error={form.errors.startTime}
        />
        <TimeInput
          label={field('endTime')}
          required
          value={form.values.endTime}
          onChange={(e) => form.setFieldValue('endTime', e.currentTarget.value.slice(0, 5))}
          error={form.errors.endTime}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DeskHostPicker
          label={field('visiting')}
          description={field('visitingHelp')}
          value={form.values.visiting}
          hostId={form.values.hostId}
          buildingId={form.values.buildingId || null}
          error={form.errors.visiting ?? form.errors.hostId}
          onChange={({ visiting, hostId }) => form.setValues({ visiting, hostId })}
        />
        <TextInput label={field('reason')} {...form.getInputProps('reason')} />
      </SimpleGrid>
      <DobInput
        label={field('dob')}
        description={field('dobHelp')}
        value={form.values.dob}
        problem={dobProblem}
        onChange={(iso, problem) => {
          form.setFieldValue('dob', iso);
          setDobProblem(problem);
        }}
        error={form.errors.dob as string | undefined}
      />
      <Textarea
        label={field('instructions')}
        placeholder={field('instructionsHelp')}
        autosize
        minRows={2}
        {...form.getInputProps('instructions')}
      />
      <Select
        label={field('language')}
        description={field('languageHelp')}
        // each language in its own name (ADR 0054): the office may ask the visitor which
        data={VISITOR_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        value={form.values.language ?? 'en'}
        allowDeselect={false}
        onChange={(v) => form.setFieldValue('language', (v ?? 'en') as VisitorLanguage)}
        error={form.errors.language}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={invite.isPending}>
          {t('passes.send')}
        </Button>
      </Group>
    </FormShell>
  );
}
