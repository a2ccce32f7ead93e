import { type TSessionUser } from '@sv/contracts';
import { Alert, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/session';
import { useCan } from '../../lib/can';

type HelpArea = 'frontDesk' | 'registrations' | 'exclusions' | 'logs' | 'administration' | 'tools';

/** The areas this user's navigation actually offers, in menu order. */
function areasOf(user: TSessionUser): HelpArea[] {
  const keys = new Set(user.links.map((l) => l.key));
  const areas: HelpArea[] = ['frontDesk'];
  if (keys.has('registrations')) areas.push('registrations');
  if (keys.has('exclusions') || keys.has('admin')) areas.push('exclusions');
  if (keys.has('logs')) areas.push('logs');
  if (keys.has('admin')) areas.push('administration');
  if (keys.has('tools') || keys.has('outbox')) areas.push('tools');
  return areas;
}

/**
 * Help (spec 000 §2 Modals; nav 'action:help'): what each area is for, the scanner and emergency
 * tips, and whom to contact. Written for school office staff; only areas the user can open.
 */
export function HelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  // those who administer accounts contact support; staff ask them
  const contactKey = useCan('users.manage') ? 'contactAdmins' : 'contactStaff';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shell.help.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <Stack gap="lg">
        <Text>{t('shell.help.intro')}</Text>
        <Stack gap="sm" component="section" aria-labelledby="help-areas">
          <Title order={2} size="h4" id="help-areas">
            {t('shell.help.areasTitle')}
          </Title>
          <Stack gap="xs" component="dl" m={0}>
            {areasOf(user).map((area) => (
              <div key={area}>
                <Text component="dt" fw={600}>
                  {t(`shell.help.areas.${area}.name`)}
                </Text>
                <Text component="dd" m={0} size="sm">
                  {t(`shell.help.areas.${area}.body`)}
                </Text>
              </div>
            ))}
          </Stack>
        </Stack>
        <Stack gap={4} component="section" aria-labelledby="help-scanner">
          <Title order={2} size="h4" id="help-scanner">
            {t('shell.help.scannerTitle')}
          </Title>
          <Text size="sm">{t('shell.help.scannerBody')}</Text>
        </Stack>
        <Stack gap={4} component="section" aria-labelledby="help-safety">
          <Title order={2} size="h4" id="help-safety">
            {t('shell.help.safetyTitle')}
          </Title>
          <Text size="sm">{t('shell.help.emergencyBody')}</Text>
          <Text size="sm">{t('shell.help.idleBody')}</Text>
        </Stack>
        <Alert
          variant="light"
          color="blue"
          icon={<IconPhoneCall size={18} aria-hidden />}
          title={t('shell.help.contactTitle')}
        >
          <Text size="sm">{t(`shell.help.${contactKey}`)}</Text>
          <Text size="sm" mt={6} fw={600}>
            {t('shell.help.contact911')}
          </Text>
        </Alert>
      </Stack>
    </Modal>
  );
}
