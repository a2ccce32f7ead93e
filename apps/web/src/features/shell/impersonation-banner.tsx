import { Button, Group, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useUser } from '../../lib/session';
import { useEndImpersonation } from './shell-api';
import classes from './shell.module.css';
import { notify } from '../../lib/notify';

/** Height of the banner inside the header, so the shell can reserve room for it. */
export const IMPERSONATION_BANNER_HEIGHT = 44;

/**
 * Shown while an admin acts as someone else (spec 000 §2, §4; security guide: a visible banner).
 * End restores the admin: the server starts a fresh session and answers the admin's homepage.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const user = useUser();
  const end = useEndImpersonation();
  if (!user.impersonatedBy) return null;
  return (
    <Group
      className={classes.banner}
      h={IMPERSONATION_BANNER_HEIGHT}
      px="md"
      gap="sm"
      justify="space-between"
      wrap="nowrap"
      role="region"
      aria-label={t('shell.impersonationRegion')}
      data-testid="impersonation-banner"
    >
      <Group gap={8} wrap="nowrap" miw={0}>
        <IconUserShare size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={500} lineClamp={2} lh={1.25}>
          {t('shell.impersonating', { admin: user.impersonatedBy.name, user: user.name })}
        </Text>
      </Group>
      <Button
        size="compact-sm"
        variant="filled"
        color="dark"
        loading={end.isPending}
        style={{ flexShrink: 0 }}
        onClick={() =>
          end.mutate(undefined, {
            onError: (err) => notify.error(err instanceof ApiError ? err.message : t('common.somethingWrong')),
          })
        }
      >
        {t('shell.endImpersonation')}
      </Button>
    </Group>
  );
}
