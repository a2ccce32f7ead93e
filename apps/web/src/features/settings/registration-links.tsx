import type { TRegistrationLink } from '@sv/contracts';
import { Anchor, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import './i18n.en';

/** The full address of a link, at the address the office opened the app at. */
export const registrationUrl = (link: TRegistrationLink, origin = window.location.origin) => `${origin}${link.path}`;

/**
 * The district's visitor and volunteer registration links (spec 000 §2 "Settings: visitor and
 * volunteer URLs"; issue 25, audit 000 U5 and U7; ADR 0039). They are the product's own public
 * forms, one per active registration type, derived by the server — shown read-only with a copy
 * button, not typed as free text (the typed URLs were stored and changed nothing). The one
 * component of District Settings, System Settings and Edit District.
 */
export function RegistrationLinks(props: { clientId: number; links: TRegistrationLink[]; manageLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="registration-links">
      {props.links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('settings.registrationLinks.none')}
        </Text>
      ) : (
        props.links.map((link) => {
          const url = registrationUrl(link);
          return (
            <Group key={link.registrationTypeId} gap="sm" wrap="wrap" justify="space-between">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {link.name}
                </Text>
                <Anchor href={url} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                  {url}
                </Anchor>
              </Stack>
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={copy}
                    aria-label={t('settings.registrationLinks.copyLabel', { name: link.name })}
                  >
                    {copied ? t('settings.registrationLinks.copied') : t('settings.registrationLinks.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          );
        })
      )}
      {props.manageLink === false ? null : (
        <Anchor component={Link} to={paths.regTypes(props.clientId)} size="sm" w="fit-content">
          {t('settings.registrationLinks.manage')}
        </Anchor>
      )}
    </Stack>
  );
}
