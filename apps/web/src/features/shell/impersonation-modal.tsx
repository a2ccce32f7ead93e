import { CONSTANTS } from '@sv/contracts';
import { Alert, Badge, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useImpersonationSearch, useStartImpersonation } from './shell-api';
import classes from './shell.module.css';

/**
 * Impersonation modal (spec 000 §2, §5; admins only): search people from 2 characters (300 ms
 * after typing stops), pick one, and act as that person until the banner's End.
 */
export function ImpersonationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [term] = useDebouncedValue(text, CONSTANTS.searchDelayMs);
  const search = useImpersonationSearch(term, opened);
  const start = useStartImpersonation(() => {
    setText('');
    onClose();
  });
  const tooShort = term.trim().length < CONSTANTS.minSearchChars;
  const results = tooShort ? [] : (search.data?.results ?? []);

  const close = () => {
    setText('');
    start.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('shell.impersonateTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <Stack gap="md">
        <TextInput
          label={t('shell.impersonateSearch')}
          description={t('shell.impersonateHint')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size="xs" aria-label={t('shell.loading')} /> : null}
          data-autofocus
          autoComplete="off"
          maxLength={100}
        />
        {start.isError ? (
          <Alert color="red" role="alert">
            {start.error instanceof ApiError ? start.error.message : t('common.somethingWrong')}
          </Alert>
        ) : null}
        {!tooShort && (search.isError || (search.isSuccess && !search.isPlaceholderData && results.length === 0)) ? (
          <Text c="dimmed" role="status">
            {t('messages.noResults')}
          </Text>
        ) : null}
        {results.length > 0 ? (
          <Stack gap={6} component="ul" className={classes.resultList} aria-label={t('shell.impersonateResults')}>
            {results.map((p) => (
              <li key={p.id}>
                <UnstyledButton
                  className={classes.result}
                  onClick={() => start.mutate(p.id)}
                  disabled={start.isPending}
                  aria-label={t('shell.impersonateAct', { name: p.name })}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {p.name}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {p.email}
                      </Text>
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {[p.clientName, p.buildingName].filter(Boolean).join(' · ')}
                      </Text>
                    </div>
                    {start.isPending && start.variables === p.id ? (
                      <Loader size="sm" aria-label={t('shell.loading')} />
                    ) : (
                      <Badge variant="light" style={{ flexShrink: 0 }}>
                        {p.roleName}
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
