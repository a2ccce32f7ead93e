import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../lib/session';

/**
 * Home. The front-desk dashboard (spec 002 §2) builds on this; until then it greets the user
 * and offers the areas of their navigation as cards.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useUser();
  const areas = user.links.filter((l) => l.key !== 'home' && !l.url.startsWith('action:'));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('titles.dashboard')}
        </Title>
        <Text c="dimmed">{[user.clientName, user.buildingName].filter(Boolean).join(' · ') || user.roleName}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
        {areas.map((area) => (
          <Card key={area.key} withBorder component={Link} to={area.url} padding="lg">
            <Text fw={600}>{t(area.label)}</Text>
            {area.childLinks ? (
              <Text size="sm" c="dimmed" mt={4}>
                {area.childLinks.map((c) => t(c.label)).join(', ')}
              </Text>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
