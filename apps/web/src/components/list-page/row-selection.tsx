import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../data-table/data-table';

/**
 * Multi-select on a list page (issue 26 §4 bulk actions): a checkbox column — its header selects
 * the rows on screen — and the chosen ids, kept across pages until cleared. The page puts its
 * actions in `BulkBar`.
 */
export function useRowSelection<T>(rowKey: (row: T) => number, rows: T[] | undefined, nameOf: (row: T) => string) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const onScreen = (rows ?? []).map(rowKey);
  const allOn = onScreen.length > 0 && onScreen.every((id) => selected.has(id));
  const someOn = onScreen.some((id) => selected.has(id));
  const set = (ids: number[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  const column: Column<T> = {
    key: 'select',
    width: 44,
    header: (
      <Checkbox
        aria-label={t('lists.selectPage')}
        checked={allOn}
        indeterminate={!allOn && someOn}
        onChange={(e) => set(onScreen, e.currentTarget.checked)}
      />
    ),
    render: (row) => (
      <Checkbox
        aria-label={t('lists.selectRow', { name: nameOf(row) })}
        checked={selected.has(rowKey(row))}
        onChange={(e) => set([rowKey(row)], e.currentTarget.checked)}
      />
    ),
  };
  return { column, ids: [...selected], clear: () => setSelected(new Set()) };
}

/** The chosen rows' count and the page's bulk actions, shown while something is chosen. */
export function BulkBar(props: { count: number; onClear: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  if (props.count === 0) return null;
  return (
    <Paper withBorder p="xs" data-testid="bulk-bar" bg="var(--mantine-color-blue-light)">
      <Group gap="sm">
        <Text size="sm" fw={600}>
          {t('lists.selected', { count: props.count })}
        </Text>
        {props.children}
        <Button size="xs" variant="subtle" onClick={props.onClear}>
          {t('lists.clearSelection')}
        </Button>
      </Group>
    </Paper>
  );
}
