import { type TWebhook, type TWebhookCreated, type TWebhookEvent, WEBHOOK_EVENTS, ZWebhookCreate } from '@sv/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  Group,
  Menu,
  Modal,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { ListAddButton, ListPage, useListState } from '../../components/list-page';
import { SecretShownOnce } from '../../components/secret-shown-once';
import { loadFailureText } from '../../lib/query-client';
import { notify } from '../../lib/notify';
import { formatDateTime } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import {
  useCreateWebhook,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from './webhooks-api';
import './i18n.en';

const SORTS = ['createdAt', 'url'] as const;
/** i18n key of an event type (the catalogue's keys cannot hold dots) */
const eventKey = (type: string) => `webhooks.event.${type.replace('.', '_')}`;
/** text colours with at least 4.5:1 on white (WCAG AA; axe in CI) */
const STATUS_COLOR = { sent: '#1e6b30', queued: '#8a3b00', failed: '#a61e1e' } as const;

/**
 * Webhooks of the district (issue 28 §5, ADR 0051): the receivers with their events, personal
 * data and last delivery; add (the signing secret shown once), edit, send a test event, and each
 * receiver's delivery log with the last answers.
 */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const { paging, sorting } = useListState({ sort: 'createdAt', sorts: SORTS, dir: 'desc', filters: {} });
  const list = useWebhooks(paging);
  const [editing, setEditing] = useState<TWebhook | 'new' | null>(null);
  const [created, setCreated] = useState<TWebhookCreated | null>(null);
  const [logOf, setLogOf] = useState<TWebhook | null>(null);
  const test = useSendTestEvent();

  const sendTest = async (w: TWebhook) => {
    try {
      const { delivery } = await test.mutateAsync(w.id);
      if (delivery.status === 'sent') notify.success(t('webhooks.testSent', { code: delivery.lastStatusCode }));
      else notify.warning(t('webhooks.testQueued', { error: delivery.lastError ?? '' }));
    } catch (err) {
      notify.error(err instanceof Error ? err.message : String(err));
    }
  };

  const columns: Column<TWebhook>[] = [
    {
      key: 'url',
      header: t('webhooks.col.url'),
      sortKey: 'url',
      render: (w) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
            {w.url}
          </Text>
          {w.description ? (
            <Text size="xs" c="dimmed">
              {w.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'events',
      header: t('webhooks.col.events'),
      render: (w) => (
        <Text size="sm" title={w.events.map((e) => t(eventKey(e))).join(', ')}>
          {t('webhooks.eventsCount', { count: w.events.length })}
        </Text>
      ),
    },
    {
      key: 'personalData',
      header: t('webhooks.col.personalData'),
      render: (w) => (w.personalData === 'names' ? t('webhooks.names') : t('webhooks.ids')),
    },
    {
      key: 'active',
      header: t('webhooks.col.status'),
      width: 90,
      render: (w) => (
        <Text size="sm" fw={600} c={w.active ? STATUS_COLOR.sent : 'dimmed'}>
          {w.active ? t('webhooks.on') : t('webhooks.off')}
        </Text>
      ),
    },
    {
      key: 'lastDelivery',
      header: t('webhooks.col.lastDelivery'),
      render: (w) =>
        w.lastDelivery ? (
          <Text size="sm">
            {t('webhooks.lastDelivery', {
              status: t(`webhooks.deliveryStatus.${w.lastDelivery.status}`),
              when: w.lastDelivery.at ? formatDateTime(w.lastDelivery.at, zone) : '',
            })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('webhooks.none')}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 170,
      render: (w) => (
        <Group gap={4} wrap="wrap">
          <Button
            size="compact-sm"
            variant="light"
            aria-label={t('webhooks.testLabel', { url: w.url })}
            loading={test.isPending && test.variables === w.id}
            onClick={() => void sendTest(w)}
          >
            {t('webhooks.test')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('webhooks.logLabel', { url: w.url })}
            onClick={() => setLogOf(w)}
          >
            {t('webhooks.log')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="subtle" aria-label={t('webhooks.editLabel', { url: w.url })}>
                <IconDots size={16} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setEditing(w)}>{t('webhooks.edit')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      maw={1280}
      title={t('webhooks.title')}
      intro={
        <Text size="sm" c="dimmed">
          {t('webhooks.intro')}{' '}
          <Anchor href="/api/docs" target="_blank" rel="noreferrer" size="sm" underline="always">
            {t('nav.apiDocs')}
          </Anchor>
        </Text>
      }
      actions={<ListAddButton label={t('webhooks.add')} onClick={() => setEditing('new')} />}
      table={{
        ...sorting,
        caption: t('webhooks.caption'),
        columns,
        list,
        rowKey: (w) => w.id,
        empty: t('webhooks.empty'),
      }}
    >
      {editing ? (
        <WebhookModal
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(c) => {
            setEditing(null);
            setCreated(c);
          }}
        />
      ) : null}
      {created ? <SigningSecretShownOnce created={created} onClose={() => setCreated(null)} /> : null}
      {logOf ? <DeliveryLog webhook={logOf} onClose={() => setLogOf(null)} /> : null}
    </ListPage>
  );
}

function WebhookModal(props: {
  webhook: TWebhook | null;
  onClose: () => void;
  onCreated: (c: TWebhookCreated) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [error, setError] = useState<string | null>(null);
  const w = props.webhook;
  const form = useContractForm(ZWebhookCreate, {
    initialValues: {
      url: w?.url ?? '',
      description: w?.description ?? '',
      events: (w?.events ?? []) as TWebhookEvent[],
      personalData: w?.personalData ?? ('ids' as const),
      active: w?.active ?? true,
    },
  });
  const title = w ? t('webhooks.form.editTitle') : t('webhooks.form.addTitle');
  const saving = create.isPending || update.isPending;
  return (
    <Modal
      opened
      size="lg"
      onClose={props.onClose}
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <FormShell
        aria-label={title}
        saving={saving}
        error={error}
        onSubmit={form.onSubmit(async (values) => {
          setError(null);
          try {
            if (w) {
              await update.mutateAsync({ id: w.id, body: withVersion(values, w) as never });
              notify.success(t('webhooks.form.saved'));
              props.onClose();
            } else props.onCreated(await create.mutateAsync(values));
          } catch (err) {
            setError(applyServerErrors(form, err));
          }
        })}
      >
        <TextInput
          label={t('webhooks.form.url')}
          description={t('webhooks.form.urlHint')}
          placeholder="https://"
          required
          maxLength={500}
          data-autofocus
          {...form.getInputProps('url')}
        />
        <TextInput label={t('webhooks.form.description')} maxLength={200} {...form.getInputProps('description')} />
        <Checkbox.Group label={t('webhooks.form.events')} required {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={t(eventKey(e))} description={<Code fz="xs">{e}</Code>} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Radio.Group label={t('webhooks.form.personalData')} {...form.getInputProps('personalData')}>
          <Stack gap={6} mt={6}>
            <Radio value="ids" label={t('webhooks.form.ids')} />
            <Radio value="names" label={t('webhooks.form.names')} />
          </Stack>
        </Radio.Group>
        <Switch label={t('webhooks.form.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('webhooks.form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('webhooks.form.save')}
          </Button>
        </Group>
      </FormShell>
    </Modal>
  );
}

/** The signing secret, this once, with a copy button. */
function SigningSecretShownOnce({ created, onClose }: { created: TWebhookCreated; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretShownOnce
      title={t('webhooks.secret.title')}
      warning={t('webhooks.secret.once')}
      subject={created.webhook.url}
      secret={created.secret}
      secretTestId="webhook-secret"
      copyLabel={t('webhooks.secret.copy')}
      copiedLabel={t('webhooks.secret.copied')}
      doneLabel={t('webhooks.secret.done')}
      onClose={onClose}
    />
  );
}

/** A receiver's deliveries, newest first, with the receiver's last answer (issue 28 §5 delivery log). */
function DeliveryLog({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const log = useWebhookDeliveries(webhook.id);
  const rows = log.data?.data ?? [];
  return (
    <Modal
      opened
      size="xl"
      onClose={onClose}
      title={<Text fw={700}>{t('webhooks.logTitle')}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('webhooks.logIntro', { url: webhook.url })}
        </Text>
        {log.isError ? (
          <Alert color="red" variant="light">
            {loadFailureText(log.error)}
          </Alert>
        ) : rows.length === 0 && !log.isFetching ? (
          <Text size="sm">{t('webhooks.logEmpty')}</Text>
        ) : (
          <ScrollArea.Autosize mah={480} type="auto">
            <Table striped highlightOnHover aria-label={t('webhooks.logTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.logCol.event')}</Table.Th>
                  <Table.Th>{t('webhooks.logCol.status')}</Table.Th>
                  <Table.Th>{t('webhooks.logCol.attempts')}</Table.Th>
                  <Table.Th>{t('webhooks.logCol.answer')}</Table.Th>
                  <Table.Th>{t('webhooks.logCol.at')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Text size="sm">{t(eventKey(d.eventType))}</Text>
                      <Code fz="xs">{d.eventId.slice(0, 8)}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} c={STATUS_COLOR[d.status]}>
                        {t(`webhooks.deliveryStatus.${d.status}`)}
                      </Text>
                      {d.nextAttemptAt ? (
                        <Text size="xs" c="dimmed">
                          {t('webhooks.logCol.next')}: {formatDateTime(d.nextAttemptAt, zone)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : null}
                        {d.lastResponse ? ` — ${d.lastResponse.slice(0, 120)}` : null}
                        {d.lastError && d.lastStatusCode === null ? d.lastError : null}
                      </Text>
                    </Table.Td>
                    <Table.Td>{d.lastAttemptAt ? formatDateTime(d.lastAttemptAt, zone) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
