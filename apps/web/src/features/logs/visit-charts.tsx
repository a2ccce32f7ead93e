import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TVisitLogChartResponse } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../lib/time/format';
import type { LogRequest } from './log-screen';
import { visitChartQuery } from './logs-api';
import './i18n.en';

/** Bar colours by visitor type (contrast ≥ 4.5:1 on white for the legend text). */
const TYPES = [
  { type: 'visitor', color: '#1c5fa8' },
  { type: 'volunteer', color: '#0b7a6b' },
  { type: 'vendor', color: '#8a3ea6' },
  { type: 'student', color: '#b34d00' },
] as const;
const colorOf = (type: string) => TYPES.find((x) => x.type === type)?.color ?? '#555';

interface Bar {
  label: string;
  short: string;
  parts: { type: string; count: number }[];
}

/** Stacked bars drawn as plain SVG (no chart library: the log route stays light). */
function StackedBars(props: { title: string; bars: Bar[]; testId: string }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...props.bars.map((b) => b.parts.reduce((s, p) => s + p.count, 0)));
  const H = 150;
  const W = 480;
  const slot = W / props.bars.length;
  const bw = Math.min(slot - 4, 36);
  const labelEvery = Math.ceil(props.bars.length / 12);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {props.title}
      </Text>
      <svg
        viewBox={`0 0 ${W} ${H + 18}`}
        style={{ width: '100%', height: 'auto', maxHeight: 220 }}
        role="img"
        aria-label={props.title}
        data-testid={props.testId}
      >
        {props.bars.map((b, i) => {
          let y = H;
          const total = b.parts.reduce((s, p) => s + p.count, 0);
          return (
            <g key={b.label}>
              <title>{t('logs.charts.bar', { label: b.label, count: total })}</title>
              {b.parts.map((p) => {
                const h = (p.count / max) * (H - 4);
                y -= h;
                return (
                  <rect
                    key={p.type}
                    x={i * slot + (slot - bw) / 2}
                    y={y}
                    width={Math.max(bw, 1)}
                    height={h}
                    fill={colorOf(p.type)}
                  />
                );
              })}
              {i % labelEvery === 0 ? (
                <text x={i * slot + slot / 2} y={H + 14} fontSize="11" textAnchor="middle" fill="#333">
                  {b.short}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </Stack>
  );
}

function daysOf(from: string, to: string) {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * Beyond the spec (issue 13): visits per local day and per hour of day for the filtered range,
 * stacked by visitor type. Counted by the server in each building's zone.
 */
export function VisitCharts(props: { request: LogRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const { page: _p, perPage: _pp, sort: _s, dir: _d, ...filters } = props.request;
  const chart = useQuery({ ...visitChartQuery({ ...filters } as never), enabled: open });
  const data: TVisitLogChartResponse | undefined = chart.data;
  const total = data ? data.byDay.reduce((s, r) => s + r.count, 0) : 0;
  const byDay: Bar[] = data
    ? daysOf(data.range.from, data.range.to).map((day) => ({
        label: `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`,
        short: `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`,
        parts: data.byDay.filter((r) => r.day === day),
      }))
    : [];
  const byHour: Bar[] = data
    ? Array.from({ length: 24 }, (_, h) => ({
        label: `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`,
        short: `${h % 12 === 0 ? 12 : h % 12}${h < 12 ? 'a' : 'p'}`,
        parts: data.byHour.filter((r) => r.hour === h),
      }))
    : [];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb={open ? 'sm' : 0}>
        <Stack gap={0}>
          <Title order={2} size="h4">
            {t('logs.charts.title')}
          </Title>
          {data ? (
            <Text size="sm" c="dimmed" data-testid="chart-summary">
              {t('logs.charts.summary', { count: total })}
            </Text>
          ) : null}
        </Stack>
        <Button variant="subtle" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('logs.charts.hide') : t('logs.charts.show')}
        </Button>
      </Group>
      {open && data ? (
        total === 0 ? (
          <Text size="sm" c="dimmed">
            {t('logs.charts.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <StackedBars title={t('logs.charts.perDay')} bars={byDay} testId="chart-per-day" />
              <StackedBars title={t('logs.charts.perHour')} bars={byHour} testId="chart-per-hour" />
            </SimpleGrid>
            <Group gap="md">
              {TYPES.map((x) => (
                <Group key={x.type} gap={6}>
                  <span
                    aria-hidden
                    style={{ width: 12, height: 12, background: x.color, display: 'inline-block', borderRadius: 2 }}
                  />
                  <Text size="xs">{t(`logs.type.${x.type}`)}</Text>
                </Group>
              ))}
            </Group>
          </Stack>
        )
      ) : null}
    </Paper>
  );
}
