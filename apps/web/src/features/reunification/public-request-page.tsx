import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type TPublicReunificationRequest, ZPublicReunificationRequest } from '@sv/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useContractForm } from '../../components/form/use-contract-form';
import { ApiError } from '../../lib/api-client';
import { LanguageSwitch, setKioskLanguage } from '../kiosk/kiosk-language';
import { visitorLanguageOf } from '../../lib/i18n/languages';
import { usePublicInfo, usePublicRequest } from './reunification-api';
import './public-request/i18n.en';

type Values = {
  adultFirst: string;
  adultLast: string;
  phone: string;
  children: { firstName: string; lastName: string }[];
  website: string;
};

/**
 * The public pre-request page (issue 27 §3; /reunify/:token): reached from the link the district
 * sent by SMS or e-mail, no sign-in, on a phone. The adult names themself and the children, in
 * English or Spanish (the kiosk's switch; the phone's language first). Nothing is kept in the
 * browser; the token is the only thing in the URL.
 */
export default function PublicRequestPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const info = usePublicInfo(token);
  const send = usePublicRequest(token);
  useEffect(() => {
    const lng = visitorLanguageOf(navigator.language);
    if (lng !== 'en') setKioskLanguage(lng);
  }, []);
  const lang = visitorLanguageOf(i18n.language);
  const form = useContractForm<Values, TPublicReunificationRequest>(ZPublicReunificationRequest, {
    initialValues: {
      adultFirst: '',
      adultLast: '',
      phone: '',
      children: [{ firstName: '', lastName: '' }],
      website: '',
    } as Values,
    toRequest: (v: Values): TPublicReunificationRequest => ({
      language: lang,
      adultFirst: v.adultFirst,
      adultLast: v.adultLast,
      phone: v.phone.trim() || undefined,
      children: v.children,
      website: v.website,
    }),
    // the form's words in the page's language; the server's own sentences stay for the rest
    message: (_field, issue) =>
      issue.code === 'too_small' || issue.code === 'invalid_type' ? t('reunifyPublic.required') : undefined,
  });
  const failure =
    send.error instanceof ApiError
      ? send.error.status === 429
        ? t('reunifyPublic.rateLimited')
        : send.error.status === 404
          ? t('reunifyPublic.closed')
          : t('reunifyPublic.failed')
      : send.error
        ? t('reunifyPublic.failed')
        : null;
  return (
    <Container size={520} px="md" py="lg">
      <Stack gap="md" component="main">
        <LanguageSwitch />
        <Title order={1} size="h2">
          {t('reunifyPublic.title')}
        </Title>
        {info.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{t('reunifyPublic.loading')}</Text>
          </Group>
        ) : info.isError ? (
          <Alert color="red" role="alert">
            {info.error instanceof ApiError && info.error.status === 429
              ? t('reunifyPublic.rateLimited')
              : t('reunifyPublic.closed')}
          </Alert>
        ) : send.isSuccess ? (
          <Alert color="green" role="status" data-testid="reunify-done">
            <Text size="lg">{t('reunifyPublic.done')}</Text>
          </Alert>
        ) : (
          <form
            onSubmit={form.onSubmit((v) =>
              send.mutate({
                language: lang,
                adultFirst: v.adultFirst,
                adultLast: v.adultLast,
                phone: v.phone.trim() || undefined,
                children: v.children,
                website: v.website,
              }),
            )}
            noValidate
          >
            <Stack gap="md">
              <Text>
                {t('reunifyPublic.intro', { building: info.data.buildingName, district: info.data.districtName })}
              </Text>
              <Group grow align="flex-start">
                <TextInput
                  size="md"
                  label={t('reunifyPublic.adultFirst')}
                  autoComplete="given-name"
                  required
                  {...form.getInputProps('adultFirst')}
                />
                <TextInput
                  size="md"
                  label={t('reunifyPublic.adultLast')}
                  autoComplete="family-name"
                  required
                  {...form.getInputProps('adultLast')}
                />
              </Group>
              <TextInput
                size="md"
                label={t('reunifyPublic.phone')}
                type="tel"
                autoComplete="tel"
                {...form.getInputProps('phone')}
              />
              {form.values.children.map((_c, i) => (
                // the children's rows have no ids of their own: their place is their key
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are added and removed at the end only
                <Paper key={i} withBorder p="sm">
                  <Stack gap="xs">
                    <Group justify="space-between">
                      <Text fw={600}>{t('reunifyPublic.child', { n: i + 1 })}</Text>
                      {form.values.children.length > 1 ? (
                        <Button variant="subtle" size="compact-sm" onClick={() => form.removeListItem('children', i)}>
                          {t('reunifyPublic.removeChild')}
                        </Button>
                      ) : null}
                    </Group>
                    <Group grow align="flex-start">
                      <TextInput
                        size="md"
                        label={t('reunifyPublic.childFirst')}
                        required
                        {...form.getInputProps(`children.${i}.firstName`)}
                      />
                      <TextInput
                        size="md"
                        label={t('reunifyPublic.childLast')}
                        required
                        {...form.getInputProps(`children.${i}.lastName`)}
                      />
                    </Group>
                  </Stack>
                </Paper>
              ))}
              {form.values.children.length < 8 ? (
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => form.insertListItem('children', { firstName: '', lastName: '' })}
                >
                  {t('reunifyPublic.addChild')}
                </Button>
              ) : null}
              {/* honeypot (ADR 0015): people never see or fill it */}
              <input
                type="text"
                tabIndex={-1}
                autoComplete="off"
                aria-hidden
                style={{ position: 'absolute', left: '-10000px' }}
                {...form.getInputProps('website')}
              />
              {failure ? (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <Button type="submit" size="lg" loading={send.isPending}>
                {t('reunifyPublic.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
