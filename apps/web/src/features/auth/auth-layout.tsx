import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Centered card used by the sign-in, kiosk sign-in and password pages. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-gray-1)">
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Stack gap={4} align="center">
            <img src="/favicon.svg" alt="" width={48} height={48} />
            <Text fw={700} size="xl" c="blue.8">
              {t('product')}
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Stack gap="md">
              <div>
                <Title order={1} size="h3">
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                ) : null}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
