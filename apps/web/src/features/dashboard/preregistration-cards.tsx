import { Avatar, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLogin, IconX } from '@tabler/icons-react';
import type { TPreRegistration } from '@sv/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deskPaths } from '../scan/desk-paths';
import { formatCalendarDate } from '../../lib/time/format';
import { fullName } from './format';
import './i18n.en';

function Person(props: { card: TPreRegistration; today: string; status?: ReactNode }) {
  const { t } = useTranslation();
  const c = props.card;
  const name = fullName(c.firstname, c.lastname);
  const dob = formatCalendarDate(c.dob);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Avatar
        src={c.tempPhotoFileId ? deskPaths.file(c.tempPhotoFileId) : null}
        alt=""
        size={44}
        radius="md"
        color="blue"
        style={{ flexShrink: 0 }}
      >
        {`${c.firstname[0] ?? ''}${c.lastname[0] ?? ''}`.toUpperCase()}
      </Avatar>
      <Stack gap={2} miw={0}>
        <Text fw={700} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text size="sm" c="dimmed">
          {[t(`dashboard.type.${c.visitorType}`), dob ? t('dashboard.dob', { dob }) : null].filter(Boolean).join(' · ')}
        </Text>
        {c.visitDate !== props.today ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.visitDate', { date: formatCalendarDate(c.visitDate) })}
          </Text>
        ) : null}
        {props.status}
      </Stack>
    </Group>
  );
}

function Details(props: { card: TPreRegistration }) {
  const { t } = useTranslation();
  const c = props.card;
  if (!c.visiting && !c.reason) return null;
  return (
    <Stack gap={2}>
      {c.visiting ? (
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('dashboard.visiting')}:{' '}
          </Text>
          {c.visiting}
        </Text>
      ) : null}
      {c.reason ? (
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('dashboard.reason')}:{' '}
          </Text>
          {c.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A pending visitor (spec 002 §2, §4 Pending visitor): the potential issues screening found, and
 * ALLOW (after confirmation: clear the issues and check in), DENY (record the denial and notify
 * security) and CLOSE (dismiss).
 */
export function PendingCard(props: {
  card: TPreRegistration;
  today: string;
  busy: 'allow' | 'deny' | 'close' | null;
  onAllow: () => void;
  onDeny: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const c = props.card;
  const name = fullName(c.firstname, c.lastname);
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-label={name}
      data-testid="pending-card"
      style={{ borderLeft: '5px solid var(--mantine-color-orange-6)' }}
    >
      <Stack gap="sm" h="100%">
        <Person card={c} today={props.today} />
        {/* audit 002 desk §3.1c: the decision right under the name, so ALLOW and DENY are on screen at
            1024×768 without scrolling; ALLOW's confirmation lists the findings again before anything happens */}
        <Stack gap="xs">
          {/* audit 002 §3.2: not the loudest button on a card with possible issues; ALLOW opens the review */}
          <Button
            color="teal.9"
            variant="outline"
            fullWidth
            onClick={props.onAllow}
            loading={props.busy === 'allow'}
            disabled={props.busy !== null && props.busy !== 'allow'}
            aria-label={t('dashboard.allowName', { name })}
          >
            {t('dashboard.allow')}
          </Button>
          <Group gap="xs" grow>
            <Button
              color="red.9"
              onClick={props.onDeny}
              loading={props.busy === 'deny'}
              disabled={props.busy !== null && props.busy !== 'deny'}
              aria-label={t('dashboard.denyName', { name })}
              px="xs"
            >
              {t('dashboard.deny')}
            </Button>
            <Button
              variant="default"
              onClick={props.onClose}
              loading={props.busy === 'close'}
              disabled={props.busy !== null && props.busy !== 'close'}
              aria-label={t('dashboard.closeName', { name })}
              px="xs"
            >
              {t('dashboard.close')}
            </Button>
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" style={{ color: '#9a3b0c' }}>
            {t('dashboard.potentialIssues')}
          </Text>
          <Text size="sm" data-testid="issue-counts">
            {t('dashboard.issueCounts', {
              exclusion: c.issues.exclusionCount,
              potential: c.issues.potentialCount,
              watchdog: c.issues.watchdogCount,
            })}
          </Text>
          {c.issues.summary.length ? (
            <List size="sm" spacing={2}>
              {c.issues.summary.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t('dashboard.noIssueDetails')}
            </Text>
          )}
        </Stack>
        <Details card={c} />
      </Stack>
    </Card>
  );
}

/**
 * A card screened before arrival found a possible exclusion match (issue 22): said in words and with
 * an icon, never by colour alone, with the exclusions it resembles. Checking the person in still
 * goes through screening, where the match needs a decision.
 */
function FlaggedNotice(props: { card: TPreRegistration }) {
  const { t } = useTranslation();
  const c = props.card;
  return (
    <Stack
      gap={4}
      p="xs"
      data-testid="card-flag"
      style={{
        borderRadius: 6,
        background: 'var(--mantine-color-red-0)',
        border: '1px solid var(--mantine-color-red-3)',
      }}
    >
      <Group gap={6} wrap="nowrap">
        <IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-red-9)" />
        <Text size="sm" fw={700} c="red.9">
          {t('dashboard.flagged')}
        </Text>
      </Group>
      {c.flagReasons.length ? (
        <List size="sm" spacing={2}>
          {c.flagReasons.map((f) => (
            <List.Item key={f.exclusionId ?? f.registryRef}>
              {f.label}
              {f.reasons.length ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({f.reasons.join(', ')})
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      ) : null}
      <Text size="xs">{t('dashboard.flaggedHint')}</Text>
    </Stack>
  );
}

/**
 * A visitor scheduled for today (spec 002 §2): Check in for the expected, Cancel check-in for
 * those already checked in (spec 002 §4 Cancel check-in). A flagged card (issue 22) says so.
 */
export function ScheduledCard(props: {
  card: TPreRegistration;
  today: string;
  busy: boolean;
  onCheckIn: () => void;
  onCancelCheckIn: () => void;
}) {
  const { t } = useTranslation();
  const c = props.card;
  const name = fullName(c.firstname, c.lastname);
  const checkedIn = c.status === 'checked_in';
  // audit 002 B5: the visitor has left; nothing to cancel or check in from this card
  const checkedOut = c.status === 'checked_out';
  const flagged = c.flagged && !checkedIn && !checkedOut;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-label={flagged ? `${name}: ${t('dashboard.flagged')}` : name}
      data-testid="scheduled-card"
      data-flagged={flagged ? 'true' : undefined}
      style={flagged ? { borderLeft: '5px solid var(--mantine-color-red-8)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Person
          card={c}
          today={props.today}
          status={
            checkedIn ? (
              <Badge variant="filled" color="teal.9" mt={2}>
                {t('dashboard.statusCheckedIn')}
              </Badge>
            ) : checkedOut ? (
              <Badge variant="light" color="gray" c="dark.7" mt={2}>
                {t('dashboard.statusCheckedOut')}
              </Badge>
            ) : null
          }
        />
        {flagged ? <FlaggedNotice card={c} /> : null}
        <div style={{ flex: 1 }}>
          <Details card={c} />
        </div>
        {checkedOut ? null : checkedIn ? (
          <Button
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={props.onCancelCheckIn}
            loading={props.busy}
            aria-label={t('dashboard.cancelCheckInName', { name })}
          >
            {t('dashboard.cancelCheckIn')}
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={c.visitorId ? <IconLogin size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />}
            onClick={props.onCheckIn}
            loading={props.busy}
            aria-label={t('dashboard.scheduledCheckInName', { name })}
          >
            {t('dashboard.scheduledCheckIn')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
