import { Alert, Avatar, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import type { TVisitorMatch } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { visitorSearchQuery } from '../dashboard/dashboard-api';
import { formatCalendarDate, formatDate } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { fullName } from '../dashboard/format';
import type { FlowState } from '../visitor-flow/flow';
import { DeskBuildingSelect, useDeskBuilding } from '../visitor-flow/desk-building';
import './i18n.en';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * The top navigation's visitor search (spec 000 §2 /visitors/search/{text}): the text is in the
 * browser route as the spec keeps it, and goes to the server only in the body of the one visitor
 * search (POST /api/visitors/search, security guide). Blank text searches nothing (spec 002 §5).
 * Admins choose the building they are at; everyone else searches their own district.
 */
export default function VisitorSearchPage() {
  const { t } = useTranslation();
  const user = useUser();
  const term = (useParams().text ?? '').trim();
  const desk = useDeskBuilding({});
  const scoped = desk.buildingId !== null || user.clientId !== null;
  const search = useQuery({
    meta: SHOWS_ERROR,
    ...visitorSearchQuery(desk.buildingId, term),
    enabled: term.length > 0 && scoped,
  });
  const state: FlowState = desk.buildingId ? { buildingId: desk.buildingId } : {};
  const matches = search.data ?? [];

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {t('visitorSearch.title', { text: term })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('visitorSearch.intro')}
          </Text>
        </Stack>
        <DeskBuildingSelect desk={desk} />
      </Group>

      {!scoped ? (
        <Alert color="blue" variant="light">
          {t('visitorSearch.chooseBuilding')}
        </Alert>
      ) : !term ? null : search.isFetching && !search.data ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('visitorSearch.searching')}</Text>
        </Group>
      ) : search.isError || matches.length === 0 ? (
        <Text role="status" data-testid="visitor-search-none">
          {t('visitorSearch.noResults')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {t('visitorSearch.results', { count: matches.length })}
          </Text>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="visitor-search-results">
            {matches.map((m) => (
              <MatchRow key={m.id} match={m} state={state} />
            ))}
          </Stack>
        </>
      )}

      {scoped ? (
        <Group>
          <Button
            component={Link}
            to={paths.newVisitor}
            state={state}
            variant="light"
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            {t('visitorSearch.createNewVisitor')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function MatchRow({ match: m, state }: { match: TVisitorMatch; state: FlowState }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const name = fullName(m.firstname, m.lastname, m.middlename);
  const dob = formatCalendarDate(m.dob);
  const place = [m.city, m.state].filter(Boolean).join(', ');
  const lastVisit = m.lastVisitAt ? formatDate(m.lastVisitAt, timeZone) : null;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={m.photoFileId ? paths.file(m.photoFileId) : null} alt="" radius="sm" size={44}>
            {`${m.firstname[0] ?? ''}${m.lastname[0] ?? ''}`.toUpperCase()}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              {m.openVisit ? (
                <Badge size="sm" color="teal.9" variant="filled">
                  {t('visitorSearch.checkedIn')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {/* what tells two records of one name apart (issue 22) */}
              {[
                dob ? t('visitorSearch.born', { date: dob }) : t('visitorSearch.noDob'),
                m.licenseLast4 ? t('visitorSearch.licence', { last4: m.licenseLast4 }) : null,
                lastVisit ? t('visitorSearch.lastVisit', { date: lastVisit }) : t('visitorSearch.neverVisited'),
                place,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {m.openVisit ? (
            <Button
              component={Link}
              to={paths.checkOut(m.id)}
              state={state}
              variant="default"
              size="sm"
              aria-label={t('visitorSearch.checkOut', { name })}
            >
              {t('visitorSearch.checkOutLabel')}
            </Button>
          ) : null}
          <Button
            component={Link}
            to={paths.background('visitor', m.id)}
            state={state}
            size="sm"
            aria-label={t('visitorSearch.open', { name })}
          >
            {t('visitorSearch.openLabel')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
