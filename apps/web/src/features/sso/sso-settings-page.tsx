import {
  SSO_KINDS,
  SSO_PROVISIONING,
  ssoRoleNeedsBuilding,
  type TSsoGroupRule,
  type TSsoSettings,
  type TSsoSettingsUpdate,
  ZSsoSettingsUpdate,
} from '@sv/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { useCan } from '../../lib/can';
import { notify } from '../../lib/notify';
import { formatDateTime } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { LoadState, useClientIdParam } from '../clients/settings-page-frame';
import { SecretField, Section, SettingsHeader } from '../clients/settings-parts';
import {
  ssoTestUrl,
  useDecidePending,
  useNewScimToken,
  useSaveSsoSettings,
  useSsoPending,
  useSsoSettings,
  useVerifyDomain,
} from './sso-api';
import './i18n.en';

type FormValues = Omit<TSsoSettingsUpdate, 'clientId'> & { clientSecret: string };

/**
 * The district's own sign-in and directory sync (issue 30, ADR 0052): the provider (Microsoft
 * Entra ID, Google Workspace or any OpenID Connect issuer), a test sign-in of the saved settings
 * before it is switched on, the domains and sign-in link, require-SSO with a break-glass
 * administrator, what a first sign-in does, and SCIM with its token and group rules.
 */
export default function SsoSettingsPage() {
  const id = useClientIdParam();
  const settings = useSsoSettings(id ?? 0);
  if (id === null) return <LoadState error={new Error('Not found')} />;
  if (!settings.data) return <LoadState error={settings.error} />;
  return <SsoSettingsForm key={settings.dataUpdatedAt} clientId={id} data={settings.data} />;
}

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere', flex: 1 }} py={6}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            >
              {copied ? t('sso.copied') : t('sso.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function SsoSettingsForm({ clientId, data }: { clientId: number; data: TSsoSettings }) {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const isPlatformAdmin = useCan('sso.verifyDomains');
  const save = useSaveSsoSettings(clientId);
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const initialValues: FormValues = {
    slug: data.slug,
    kind: data.kind,
    issuer: data.kind === 'microsoft' ? data.tenant : data.issuer,
    oidcClientId: data.oidcClientId,
    clientSecret: '',
    enabled: data.enabled,
    requireSso: data.requireSso,
    breakGlassUserId: data.breakGlassUserId,
    provisioning: data.provisioning,
    defaultRoleId: (data.defaultRoleId as 2 | 3 | null) ?? null,
    defaultBuildingId: data.defaultBuildingId,
    groupRules: data.groupRules,
    domains: data.domains.map((d) => d.domain),
    version: data.version,
  };
  const form = useContractForm(ZSsoSettingsUpdate, { initialValues });
  const v = form.values;
  const dirty = form.isDirty();
  const testResult = params.get('test');
  useEffect(() => {
    // the test sign-in comes back here with ?test=ok|failed (issue 30 §1)
    if (testResult === 'ok') notify.success(t('sso.testOk'));
    else if (testResult === 'failed') notify.error(t('sso.testFailed'));
    if (testResult) setParams({}, { replace: true });
  }, [testResult, setParams, t]);

  const buildingOptions = data.buildings.map((b) => ({ value: String(b.id), label: b.name }));
  const roleOptions = [
    { value: '3', label: t('sso.roles.3') },
    { value: '2', label: t('sso.roles.2') },
  ];
  const tested = Boolean(data.testedAt);

  return (
    <Stack gap="lg" maw={960}>
      <SettingsHeader title={t('titles.ssoSettings')} clientName={data.clientName} intro={t('sso.intro')} />
      {testResult === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          {t('sso.testFailed')}
        </Alert>
      ) : null}
      <FormShell
        aria-label={t('titles.ssoSettings')}
        saving={save.isPending}
        error={error}
        onSubmit={form.onSubmit(async (values) => {
          setError(null);
          try {
            await save.mutateAsync({ ...values, clientSecret: values.clientSecret || undefined });
            notify.success(t('sso.saved'));
          } catch (err) {
            setError(applyServerErrors(form, err));
          }
        })}
      >
        <Section title={t('sso.provider')} description={t('sso.providerHint')}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sso-kind-label">
              {t('sso.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="sso-kind-label"
              data={SSO_KINDS.map((k) => ({ value: k, label: t(`sso.kinds.${k}`) }))}
              {...form.getInputProps('kind')}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {v.kind === 'microsoft' ? (
              <TextInput
                label={t('sso.tenant')}
                description={t('sso.tenantHint')}
                withAsterisk
                {...form.getInputProps('issuer')}
              />
            ) : v.kind === 'oidc' ? (
              <TextInput
                label={t('sso.issuer')}
                description={t('sso.issuerHint')}
                placeholder="https://"
                withAsterisk
                {...form.getInputProps('issuer')}
              />
            ) : (
              <Alert variant="light" color="blue">
                {t('sso.googleIssuer')}
              </Alert>
            )}
            <TextInput
              label={t('sso.clientId')}
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('oidcClientId')}
            />
            <SecretField
              label={t('sso.clientSecret')}
              saved={data.hasSecret}
              autoComplete="off"
              {...form.getInputProps('clientSecret')}
            />
          </SimpleGrid>
          <CopyValue label={t('sso.redirectUri')} value={data.callbackUrl} />
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Group gap="sm">
              <Text size="sm" fw={500}>
                {t('sso.status')}
              </Text>
              <Badge
                // white on teal 9 keeps ≥ 4.5:1 (axe color-contrast)
                color={tested ? 'teal.9' : 'gray'}
                variant={tested ? 'filled' : 'light'}
                data-testid="sso-test-status"
                tt="none"
              >
                {tested
                  ? data.testedEmail
                    ? t('sso.testedOn', { when: formatDateTime(data.testedAt!, zone), email: data.testedEmail })
                    : t('sso.testedOnNoEmail', { when: formatDateTime(data.testedAt!, zone) })
                  : t('sso.notTested')}
              </Badge>
            </Group>
            <Group gap="sm">
              <Text size="xs" c="dimmed" maw={320}>
                {dirty ? t('sso.testSaveFirst') : t('sso.testHint')}
              </Text>
              {/* a real disabled button while it cannot be used (an anchor without href is no disabled
                  control to assistive technology, and axe then counts its dimmed text as low contrast) */}
              {dirty || !data.oidcClientId ? (
                <Button variant="default" leftSection={<IconPlayerPlay size={16} aria-hidden />} disabled>
                  {t('sso.test')}
                </Button>
              ) : (
                <Button
                  component="a"
                  href={ssoTestUrl(clientId)}
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                >
                  {t('sso.test')}
                </Button>
              )}
            </Group>
          </Group>
          <Switch
            label={t('sso.enabled')}
            description={tested ? t('sso.enabledHint') : t('sso.enabledNeedsTest')}
            disabled={!tested && !v.enabled}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
        </Section>

        <Section title={t('sso.access')} description={t('sso.accessHint')}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label={t('sso.slug')}
              description={t('sso.slugHint')}
              autoComplete="off"
              value={v.slug ?? ''}
              onChange={(e) => form.setFieldValue('slug', e.currentTarget.value.trim() ? e.currentTarget.value : null)}
              error={form.errors.slug}
            />
            <CopyValue label={t('sso.signInLink')} value={data.signInUrl} />
          </SimpleGrid>
          <TagsInput
            label={t('sso.domains')}
            description={t('sso.domainsHint')}
            placeholder="district.org"
            {...form.getInputProps('domains')}
          />
          {data.domains.length ? (
            <Group gap="xs">
              {data.domains.map((d) => (
                <DomainBadge key={d.id} clientId={clientId} domain={d} canVerify={isPlatformAdmin} />
              ))}
            </Group>
          ) : null}
          <Switch
            label={t('sso.requireSso')}
            description={t('sso.requireSsoHint')}
            {...form.getInputProps('requireSso', { type: 'checkbox' })}
          />
          {v.requireSso ? (
            <Select
              label={t('sso.breakGlass')}
              description={t('sso.breakGlassHint')}
              data={data.administrators.map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` }))}
              value={v.breakGlassUserId ? String(v.breakGlassUserId) : null}
              onChange={(x) => form.setFieldValue('breakGlassUserId', x ? Number(x) : null)}
              error={form.errors.breakGlassUserId}
              withAsterisk
              maw={480}
            />
          ) : null}
        </Section>

        <Section title={t('sso.provisioning')} description={t('sso.provisioningHint')}>
          <Radio.Group label={t('sso.provisioningChoice')} {...form.getInputProps('provisioning')}>
            <Stack gap="xs" mt="xs">
              {SSO_PROVISIONING.map((p) => (
                <Radio key={p} value={p} label={t(`sso.prov.${p}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {v.provisioning !== 'link' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('sso.defaultRole')}
                data={roleOptions}
                value={v.defaultRoleId ? String(v.defaultRoleId) : null}
                onChange={(x) => form.setFieldValue('defaultRoleId', x ? (Number(x) as 2 | 3) : null)}
                error={form.errors.defaultRoleId}
                withAsterisk
              />
              {v.defaultRoleId === null || ssoRoleNeedsBuilding(v.defaultRoleId) ? (
                <Select
                  label={t('sso.defaultBuilding')}
                  data={buildingOptions}
                  value={v.defaultBuildingId ? String(v.defaultBuildingId) : null}
                  onChange={(x) => form.setFieldValue('defaultBuildingId', x ? Number(x) : null)}
                  error={form.errors.defaultBuildingId}
                  withAsterisk
                />
              ) : null}
            </SimpleGrid>
          ) : null}
          {data.provisioning === 'approve' || data.pendingCount > 0 ? <PendingList clientId={clientId} /> : null}
        </Section>

        <Section title={t('sso.scim')} description={t('sso.scimHint')}>
          <CopyValue label={t('sso.scimUrl')} value={data.scimUrl} />
          <ScimToken clientId={clientId} createdAt={data.scimTokenCreatedAt} />
          <GroupRules
            rules={v.groupRules}
            onChange={(rules) => form.setFieldValue('groupRules', rules)}
            buildings={buildingOptions}
            roles={roleOptions}
          />
        </Section>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('sso.save')}
          </Button>
        </Group>
      </FormShell>
    </Stack>
  );
}

function DomainBadge({
  clientId,
  domain,
  canVerify,
}: {
  clientId: number;
  domain: TSsoSettings['domains'][number];
  canVerify: boolean;
}) {
  const { t } = useTranslation();
  const verify = useVerifyDomain(clientId);
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="filled" color={domain.verified ? 'teal.9' : 'gray.7'} tt="none">
        {domain.domain} · {domain.verified ? t('sso.verified') : t('sso.awaiting')}
      </Badge>
      {canVerify && !domain.verified ? (
        <Button
          size="compact-xs"
          variant="default"
          loading={verify.isPending}
          onClick={async () => {
            try {
              await verify.mutateAsync(domain.id);
              notify.success(t('sso.verifiedOk'));
            } catch (err) {
              notify.error(err instanceof Error ? err.message : String(err));
            }
          }}
        >
          {t('sso.verify')} {domain.domain}
        </Button>
      ) : null}
    </Group>
  );
}

function PendingList({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const pending = useSsoPending(clientId, true);
  const decide = useDecidePending(clientId);
  const rows = pending.data ?? [];
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('sso.pendingTitle')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sso.pendingEmpty')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.email}</Table.Td>
                <Table.Td>{formatDateTime(p.createdAt, zone)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    {[true, false].map((approve) => (
                      <Button
                        key={String(approve)}
                        size="xs"
                        variant={approve ? 'filled' : 'default'}
                        onClick={async () => {
                          try {
                            await decide.mutateAsync({ id: p.id, approve });
                            notify.success(t(approve ? 'sso.approved' : 'sso.rejected'));
                          } catch (err) {
                            notify.error(err instanceof Error ? err.message : String(err));
                          }
                        }}
                      >
                        {t(approve ? 'sso.approve' : 'sso.reject')}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function ScimToken({ clientId, createdAt }: { clientId: number; createdAt: string | null }) {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const create = useNewScimToken(clientId);
  const [confirming, setConfirming] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(createdAt);
  const run = async () => {
    try {
      const res = await create.mutateAsync();
      setToken(res.token);
      setCreated(res.createdAt);
      setConfirming(false);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {t('sso.scimToken')}
          </Text>
          <Text size="sm" c="dimmed">
            {created ? t('sso.scimTokenSince', { when: formatDateTime(created, zone) }) : t('sso.scimTokenNone')}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
          loading={create.isPending}
          onClick={() => (created ? setConfirming(true) : void run())}
        >
          {created ? t('sso.replaceToken') : t('sso.newToken')}
        </Button>
      </Group>
      {token ? (
        <Alert color="yellow" variant="light" title={t('sso.tokenOnce')}>
          <CopyValue label={t('sso.scimToken')} value={token} />
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('sso.replaceTitle')}
        message={t('sso.replaceMessage')}
        cancelLabel={t('sso.cancel')}
        confirmLabel={t('sso.replaceToken')}
        confirmColor="red"
        busy={create.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}

function GroupRules({
  rules,
  onChange,
  buildings,
  roles,
}: {
  rules: TSsoGroupRule[];
  onChange: (rules: TSsoGroupRule[]) => void;
  buildings: { value: string; label: string }[];
  roles: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<TSsoGroupRule>) =>
    onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={600}>
          {t('sso.rules')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('sso.rulesHint')}
        </Text>
      </div>
      {rules.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their order is their priority
        <Group key={i} align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('sso.group')}
            value={r.group}
            onChange={(e) => set(i, { group: e.currentTarget.value })}
            style={{ flex: '2 1 200px' }}
          />
          <Select
            label={t('sso.role')}
            data={roles}
            value={String(r.roleId)}
            onChange={(x) => {
              const roleId = Number(x ?? 3) as 2 | 3;
              set(i, { roleId, buildingId: ssoRoleNeedsBuilding(roleId) ? r.buildingId : null });
            }}
            style={{ flex: '1 1 160px' }}
          />
          <Select
            label={t('sso.building')}
            data={buildings}
            value={r.buildingId ? String(r.buildingId) : null}
            placeholder={ssoRoleNeedsBuilding(r.roleId) ? undefined : t('sso.noBuilding')}
            disabled={!ssoRoleNeedsBuilding(r.roleId)}
            onChange={(x) => set(i, { buildingId: x ? Number(x) : null })}
            style={{ flex: '1 1 180px' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('sso.removeRule')}
            onClick={() => onChange(rules.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        w="fit-content"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => onChange([...rules, { group: '', roleId: 3, buildingId: null }])}
      >
        {t('sso.addRule')}
      </Button>
    </Stack>
  );
}
