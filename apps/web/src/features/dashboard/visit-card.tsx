import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconLogout, IconPrinter } from '@tabler/icons-react';
import { CONSTANTS, type TVisitSummary } from '@sv/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { formatTimeOrDateTime } from '../../lib/time/format';
import './i18n.en';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** Whether a thumbnail is enlarged; it shrinks back after 5 seconds (spec 002 §2, §9 thumbnailEnlargeMs). */
export function useEnlarged() {
  const [enlarged, setEnlarged] = useState(false);
  useEffect(() => {
    if (!enlarged) return;
    const timer = setTimeout(() => setEnlarged(false), CONSTANTS.thumbnailEnlargeMs);
    return () => clearTimeout(timer);
  }, [enlarged]);
  return [enlarged, setEnlarged] as const;
}

/** The visitor's photo from the authorized file endpoint, as a thumbnail or (enlarged) the card's width. */
export function Thumbnail(props: {
  fileId: string | null;
  name: string;
  enlarged: boolean;
  onEnlarge: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  if (!props.fileId)
    return (
      <Avatar size={56} radius="md" color="blue" aria-hidden style={{ flexShrink: 0 }}>
        {initials(props.name)}
      </Avatar>
    );
  const src = paths.file(props.fileId);
  if (props.enlarged)
    return (
      <UnstyledButton onClick={() => props.onEnlarge(false)} w="100%" data-testid="thumbnail-enlarged">
        <Image
          src={src}
          alt={t('dashboard.photoOf', { name: props.name })}
          radius="md"
          w="100%"
          mah={320}
          fit="contain"
        />
      </UnstyledButton>
    );
  return (
    <UnstyledButton
      onClick={() => props.onEnlarge(true)}
      aria-label={t('dashboard.enlargePhoto', { name: props.name })}
      style={{ borderRadius: 'var(--mantine-radius-md)', flexShrink: 0 }}
      data-testid="thumbnail"
    >
      <Avatar src={src} alt="" size={56} radius="md">
        {initials(props.name)}
      </Avatar>
    </UnstyledButton>
  );
}

function Field(props: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} w={62} style={{ flexShrink: 0 }}>
        {props.label}
      </Text>
      <Text size="sm" lineClamp={2}>
        {props.value}
      </Text>
    </Group>
  );
}

/** A current visit (spec 002 §2): photo, name, type, person visiting, times in the building's zone, Check out. */
export function VisitCard(props: {
  visit: TVisitSummary;
  timeZone: string;
  today: string;
  onCheckOut: () => void;
  onPrint: () => void;
  checkingOut: boolean;
}) {
  const { t } = useTranslation();
  const v = props.visit;
  const [enlarged, setEnlarged] = useEnlarged();
  return (
    <Card withBorder padding="md" radius="md" data-testid="visit-card" component="article" aria-label={v.visitorName}>
      <Stack gap="sm" h="100%">
        {enlarged ? <Thumbnail fileId={v.photoFileId} name={v.visitorName} enlarged onEnlarge={setEnlarged} /> : null}
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {enlarged ? null : (
            <Thumbnail fileId={v.photoFileId} name={v.visitorName} enlarged={false} onEnlarge={setEnlarged} />
          )}
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Text fw={700} size="md" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
              {v.visitorName}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color="blue" size="sm">
                {t(`dashboard.type.${v.visitorType}`)}
              </Badge>
              {/* admitted after a possible match was cleared (issue 25, audit 002-desk usability 1b);
                  a dark amber: white on Mantine's orange.9 is 3.9:1, under WCAG's 4.5:1 */}
              {v.clearedFindings ? (
                <Tooltip label={t('dashboard.clearedHint', { count: v.clearedFindings })} multiline w={240}>
                  <Badge variant="filled" color="#8a3b00" size="sm" data-testid="visit-cleared">
                    {t('dashboard.cleared', { count: v.clearedFindings })}
                  </Badge>
                </Tooltip>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Stack gap={4} style={{ flex: 1 }}>
          {v.personVisiting ? <Field label={t('dashboard.visiting')} value={v.personVisiting} /> : null}
          <Field
            label={t('dashboard.checkedIn')}
            value={formatTimeOrDateTime(v.checkIn, props.timeZone, props.today)}
          />
          <Field
            label={t('dashboard.expires')}
            value={
              v.badge?.expiresAt
                ? formatTimeOrDateTime(v.badge.expiresAt, props.timeZone, props.today)
                : t('dashboard.noExpiry')
            }
          />
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="light"
            color="gray"
            c="dark.7"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={props.onCheckOut}
            loading={props.checkingOut}
            aria-label={t('dashboard.checkOutName', { name: v.visitorName })}
            style={{ flex: 1 }}
          >
            {t('dashboard.checkOut')}
          </Button>
          <Tooltip label={t('dashboard.printBadge')}>
            <ActionIcon
              variant="default"
              size={36}
              onClick={props.onPrint}
              aria-label={t('dashboard.printBadgeName', { name: v.visitorName })}
            >
              <IconPrinter size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}
