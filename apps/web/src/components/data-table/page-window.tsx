import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Window of page numbers around the current page (spec 000 §9: window of 5 pages). */
export function pageWindow(current: number, total: number, size: number): number[] {
  const half = Math.floor(size / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Full-number pagination: First, Previous, the numbered window, Next, Last. */
export function PageWindow({
  current,
  total,
  window,
  onChange,
}: {
  current: number;
  total: number;
  window: number;
  onChange(p: number): void;
}) {
  const { t } = useTranslation();
  const btn = (label: string, page: number, disabled: boolean, aria?: string) => (
    <Button
      key={`${label}-${page}`}
      size="compact-sm"
      variant="default"
      disabled={disabled}
      onClick={() => onChange(page)}
      aria-label={aria}
    >
      {label}
    </Button>
  );
  return (
    <Group gap={4} component="nav" aria-label={t('table.pagination')}>
      {btn(t('table.first'), 1, current === 1)}
      {btn(t('table.previous'), current - 1, current === 1)}
      {pageWindow(current, total, window).map((p) => (
        <Button
          key={p}
          size="compact-sm"
          variant={p === current ? 'filled' : 'default'}
          aria-current={p === current ? 'page' : undefined}
          aria-label={t('table.page', { page: p })}
          onClick={() => onChange(p)}
        >
          {p}
        </Button>
      ))}
      {btn(t('table.next'), current + 1, current >= total)}
      {btn(t('table.last'), total, current >= total)}
    </Group>
  );
}
