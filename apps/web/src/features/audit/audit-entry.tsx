import { Badge, Code, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TAuditEntry, TAuditOutcome } from '@sv/contracts';
import { useTranslation } from 'react-i18next';
import './i18n.en';

/** A record kind's name ('exclusion' → 'Exclusion'); a kind without a name shows as written. */
export function useRecordKindLabel() {
  const { t, i18n } = useTranslation();
  return (kind: string) => (i18n.exists(`audit.kind.${kind}`) ? t(`audit.kind.${kind}`) : kind);
}

export function AuditOutcomeBadge(props: { outcome: TAuditOutcome }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={props.outcome === 'refused' ? 'red.9' : 'gray.7'}>
      {t(`audit.outcome.${props.outcome}`)}
    </Badge>
  );
}

/** A change recorded as `{ before, after }` (or `{ from, to }`): the two values, or null. */
function changeOf(v: unknown): [unknown, unknown] | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const keys = Object.keys(v).sort().join(',');
  const o = v as Record<string, unknown>;
  if (keys === 'after,before') return [o.before, o.after];
  if (keys === 'from,to') return [o.from, o.to];
  return null;
}

const word = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** A detail value as one line: a change as `before → after`, a word as is, anything else as JSON. */
export function detailText(v: unknown): string {
  const change = changeOf(v);
  if (change) return `${word(change[0])} → ${word(change[1])}`;
  return word(v);
}

/** A detail value as a block: a change or a word on one line, a list or an object as indented JSON. */
const shown = (v: unknown) =>
  changeOf(v) || v === null || typeof v !== 'object' ? detailText(v) : JSON.stringify(v, null, 2);

/**
 * What one audit row recorded, readably: the district, building, e-mail and request beside a
 * table of its details (the before/after of a change, the filters and count of an export),
 * personal data already masked when it was written.
 */
export function AuditEntryDetail(props: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const e = props.entry;
  const details = Object.entries(e.details ?? {});
  const facts: [string, string | null][] = [
    [t('audit.detail.district'), e.clientName],
    [t('audit.detail.building'), e.buildingName],
    [t('audit.detail.email'), e.actorEmail],
    [t('audit.detail.requestId'), e.requestId],
  ];
  return (
    <Stack gap="xs" py="xs" data-testid="audit-entry-detail">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
        {facts
          .filter(([, v]) => v)
          .map(([label, v]) => (
            <Stack key={label} gap={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {v}
              </Text>
            </Stack>
          ))}
      </SimpleGrid>
      <Text size="sm" fw={600}>
        {t('audit.detail.details')}
      </Text>
      {details.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('audit.detail.none')}
        </Text>
      ) : (
        <Table withTableBorder withColumnBorders verticalSpacing={4} maw={900}>
          <Table.Tbody>
            {details.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w={200} scope="row" fw={500} style={{ verticalAlign: 'top' }}>
                  {k}
                </Table.Th>
                <Table.Td>
                  {v !== null && typeof v === 'object' && !changeOf(v) ? (
                    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {shown(v)}
                    </Code>
                  ) : (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {shown(v)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Text size="xs" c="dimmed">
          {t('audit.detail.masked')}
        </Text>
      </Group>
    </Stack>
  );
}
