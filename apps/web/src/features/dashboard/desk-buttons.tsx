import type { TDeskSettings } from './dashboard-api';
import { Button, Grid, Text } from '@mantine/core';
import { IconLogin, IconLogout, IconSchool, IconUserPlus } from '@tabler/icons-react';
import { buttonSpan, sisMode, visibleButtons } from '@sv/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.en';

type ButtonKey = 'visitor' | 'checkIn' | 'checkOut' | 'pickup';

const ICONS: Record<ButtonKey, ReactNode> = {
  visitor: <IconUserPlus size={26} aria-hidden />,
  checkIn: <IconLogin size={26} aria-hidden />,
  checkOut: <IconLogout size={26} aria-hidden />,
  pickup: <IconSchool size={26} aria-hidden />,
};
const COLORS: Record<ButtonKey, { color: string; variant: 'filled' | 'light' }> = {
  visitor: { color: 'blue.8', variant: 'filled' },
  checkIn: { color: 'teal.9', variant: 'filled' },
  checkOut: { color: 'gray.8', variant: 'filled' },
  pickup: { color: 'grape.8', variant: 'filled' },
};

/**
 * The dashboard's buttons (spec 002 §2, §9): labels from the client settings (defaults when
 * empty; 'N/A' hides a button); each is 12 ÷ (visible buttons) columns wide. Student pickup shows
 * only in a student-information-system mode (spec 002 §4).
 */
export function DeskButtons(props: {
  /** narrower windows: no icons and a smaller font, so long labels fit (phones: two buttons a row) */
  compact: boolean;
  settings: TDeskSettings | null | undefined;
  onVisitor: () => void;
  onCheckIn: () => void;
  onCheckOut: () => void;
  /** spec 002 §4: the student lookup of the SIS mode (Skyward or General) */
  onPickup: () => void;
}) {
  const { t } = useTranslation();
  const s = props.settings;
  const mode = sisMode({
    pickupBtn: s?.pickupBtn,
    studentInfoSystemId: s?.clientsStudentInfoSystemId,
    dropoffDetected: s?.sisStudentDropoffDetected,
    pickupDetected: s?.sisStudentPickupDetected,
  });
  const buttons = visibleButtons<ButtonKey>({
    visitor: s?.visitorBtn,
    checkIn: s?.checkinBtn,
    checkOut: s?.checkoutBtn,
    pickup: s?.pickupBtn,
  }).filter((b) => b.key !== 'pickup' || mode !== null);
  const span = buttonSpan(buttons.length);
  const handlers: Record<ButtonKey, (() => void) | null> = {
    visitor: props.onVisitor,
    checkIn: props.onCheckIn,
    checkOut: props.onCheckOut,
    pickup: props.onPickup,
  };

  return (
    <nav aria-label={t('dashboard.actions')} data-span={span}>
      <Grid gap="sm" data-testid="desk-buttons">
        {buttons.map((b) => {
          const onClick = handlers[b.key];
          return (
            <Grid.Col key={b.key} span={{ base: buttons.length > 1 ? 6 : 12, sm: span }}>
              <Button
                fullWidth
                size="lg"
                h="100%"
                mih={props.compact ? 64 : 76}
                py="sm"
                px={props.compact ? 'sm' : undefined}
                color={COLORS[b.key].color}
                variant={COLORS[b.key].variant}
                leftSection={props.compact ? undefined : ICONS[b.key]}
                onClick={onClick ?? undefined}
                disabled={!onClick}
                title={onClick ? undefined : t('dashboard.pickupUnavailable')}
                data-testid={`desk-button-${b.key}`}
                styles={{
                  inner: { justifyContent: 'flex-start' },
                  label: {
                    whiteSpace: 'normal',
                    overflowWrap: 'anywhere',
                    lineHeight: 1.2,
                    textAlign: 'left',
                    fontSize: 'var(--mantine-font-size-md)',
                  },
                }}
              >
                <Text span inherit fw={700}>
                  {b.label}
                </Text>
              </Button>
            </Grid.Col>
          );
        })}
      </Grid>
    </nav>
  );
}
