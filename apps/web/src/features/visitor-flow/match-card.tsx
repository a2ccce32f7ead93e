import { Anchor, Avatar, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import type { TScreeningMatch } from '@sv/contracts';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatOptionalDateTime } from '../../lib/time/format';
import './i18n.en';

export interface VisitorIdentity {
  name: string;
  dob: string | null;
  /** the visitor's photo on file, shown beside the record's (audit 002 B7: compare the faces) */
  photoUrl?: string | null;
  /** the building's time zone, for when a match was cleared */
  timeZone?: string | null;
}

/** Photos the page can show: our own files, or a registry's https image. */
const showablePhoto = (url: string | null | undefined) =>
  url && (url.startsWith('/api/files/') || url.startsWith('https://')) ? url : null;

/** Colour and words of a match by its state: linked exclusion (blocks), open, or cleared. */
function tone(m: TScreeningMatch) {
  if (m.kind === 'direct') return { color: 'red', Icon: IconBan } as const;
  if (m.cleared) return { color: 'gray', Icon: IconCircleCheck } as const;
  // a weaker registry namesake shown for information (district setting registryGating)
  if (m.gating === false) return { color: 'gray', Icon: IconAlertTriangle } as const;
  return { color: 'orange', Icon: IconAlertTriangle } as const;
}

/**
 * One screening match (spec 002 §4–§5): the record beside the visitor, the confidence level, the
 * reasons it matched (so a parent flagged on a common name sees WHY), and the decision on it.
 */
export function MatchCard(props: {
  match: TScreeningMatch;
  visitor: VisitorIdentity;
  onClear?: (m: TScreeningMatch) => void;
}) {
  const { t } = useTranslation();
  const m = props.match;
  const { color, Icon } = tone(m);
  const recordName = [m.firstName, m.middleName, m.lastName].filter(Boolean).join(' ');
  // the date of birth is the quickest way to tell two people with a common name apart
  const dobCompare =
    m.dob && props.visitor.dob
      ? (m.dob.length === 10 ? m.dob === props.visitor.dob : props.visitor.dob.startsWith(m.dob))
        ? 'same'
        : 'differs'
      : null;
  const kindLabel =
    m.kind === 'direct'
      ? t('visitorFlow.screen.directBadge')
      : m.kind === 'potential'
        ? t('visitorFlow.screen.potentialBadge')
        : t('visitorFlow.screen.registryBadge');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="screening-match"
      data-kind={m.kind}
      data-cleared={m.cleared ? 'true' : 'false'}
      style={{
        borderLeft: `6px solid var(--mantine-color-${color}-${m.cleared || m.gating === false ? 4 : 7})`,
        background: m.cleared ? 'var(--mantine-color-gray-0)' : undefined,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <Icon size={22} color={`var(--mantine-color-${color}-7)`} aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                {recordName}
              </Text>
              <Text size="sm" c="dimmed">
                {kindLabel}
                {m.typeLabel ? ` · ${m.typeLabel}` : ''}
                {m.jurisdiction ? ` · ${t('visitorFlow.screen.jurisdiction')} ${m.jurisdiction}` : ''}
              </Text>
            </div>
          </Group>
          <Group gap={6} wrap="wrap">
            {m.levelLabel ? (
              <Badge color={m.cleared ? 'gray.7' : 'grape.9'} variant="filled" size="lg" data-testid="match-level">
                {m.levelLabel}
              </Badge>
            ) : null}
            {m.absconder ? (
              <Badge color="red.9" variant="filled" size="lg">
                {t('visitorFlow.screen.absconder')}
              </Badge>
            ) : null}
            {m.kind === 'direct' ? null : m.cleared ? (
              <Badge color="gray" variant="light" c="dark.7" size="lg">
                {t('visitorFlow.screen.clearedBadge')}
              </Badge>
            ) : m.gating === false ? (
              <Badge color="gray" variant="light" c="dark.7" size="lg">
                {t('visitorFlow.screen.informationBadge')}
              </Badge>
            ) : (
              <Badge color="orange" variant="light" c="dark.7" size="lg">
                {t('visitorFlow.screen.openBadge')}
              </Badge>
            )}
          </Group>
        </Group>

        {m.cleared && m.clearedAt ? (
          <Text size="sm" c="dimmed" data-testid="match-cleared-by">
            {m.clearedBy
              ? t('visitorFlow.screen.clearedByAt', {
                  by: m.clearedBy,
                  at: formatOptionalDateTime(m.clearedAt, props.visitor.timeZone),
                })
              : t('visitorFlow.screen.clearedAt', { at: formatOptionalDateTime(m.clearedAt, props.visitor.timeZone) })}
          </Text>
        ) : null}

        {m.exclusionReason ? (
          <Text size="sm" data-testid="match-exclusion-reason">
            <Text span fw={600}>
              {t('visitorFlow.screen.exclusionReason')}:
            </Text>{' '}
            {m.exclusionReason}
          </Text>
        ) : null}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {t('visitorFlow.screen.record')}
            </Text>
            <FacePhoto
              url={showablePhoto(m.photoUrl)}
              alt={t('visitorFlow.screen.recordPhotoAlt', { name: recordName })}
            />
            <Text size="sm">{recordName}</Text>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">
                {t('visitorFlow.record.field.dob')}: {formatCalendarDate(m.dob) ?? t('visitorFlow.screen.dobUnknown')}
              </Text>
              {dobCompare ? (
                <Badge
                  size="sm"
                  variant="light"
                  color={dobCompare === 'same' ? 'orange' : 'teal'}
                  c="dark.7"
                  data-testid="dob-compare"
                >
                  {dobCompare === 'same' ? t('visitorFlow.screen.dobSame') : t('visitorFlow.screen.dobDiffers')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {t('visitorFlow.screen.thisVisitor')}
            </Text>
            <FacePhoto
              url={props.visitor.photoUrl ?? null}
              alt={t('visitorFlow.photo.originalAlt', { name: props.visitor.name })}
            />
            <Text size="sm">{props.visitor.name}</Text>
            <Text size="sm">
              {t('visitorFlow.record.field.dob')}:{' '}
              {formatCalendarDate(props.visitor.dob) ?? t('visitorFlow.screen.dobUnknown')}
            </Text>
          </Stack>
        </SimpleGrid>

        {m.reasons.length ? (
          <div>
            <Text size="sm" fw={600}>
              {t('visitorFlow.screen.whyMatched')}
            </Text>
            <List size="sm" spacing={2} data-testid="match-reasons">
              {m.reasons.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          </div>
        ) : null}

        <Group justify="space-between" gap="xs" wrap="wrap">
          {m.offenderUri && /^https:\/\//.test(m.offenderUri) ? (
            <Anchor href={m.offenderUri} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                {t('visitorFlow.screen.recordLink')}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          ) : (
            <span />
          )}
          {m.kind !== 'direct' && !m.cleared && props.onClear ? (
            <Button
              variant="outline"
              color="gray"
              onClick={() => props.onClear?.(m)}
              aria-label={`${t('visitorFlow.screen.clearAction')}: ${recordName}`}
            >
              {t('visitorFlow.screen.clearAction')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A face to compare (audit 002 B7): the record's and the visitor's photos at the same size, side by
 * side; "No photo" in the same box when there is none, so the two columns stay level.
 */
function FacePhoto(props: { url: string | null; alt: string }) {
  const { t } = useTranslation();
  return (
    <Avatar src={props.url} alt={props.alt} size={96} radius="sm" mb={4} data-testid="match-photo">
      <Text size="xs" c="dimmed" ta="center">
        {t('visitorFlow.screen.noPhoto')}
      </Text>
    </Avatar>
  );
}
