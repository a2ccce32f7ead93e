import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { TVisitorLanguage, TWordingItem } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { i18n, loadLanguage } from '../../lib/i18n';
import { directionOf, LANGUAGE_NAMES, LANGUAGE_TAGS, VISITOR_LANGUAGES } from '../../lib/i18n/languages';
import { notify } from '../../lib/notify';
import { ClientPicker, useChosenClient } from '../settings/client-picker';
import { useSaveWording, wordingQuery } from './visitor-wording-api';
// the visitor screens' own catalogues: their keys and SafeVisitor's text in every language
import '../kiosk/i18n.en';
import '../public-registration/i18n.en';
import '../nearby/i18n.en';
import '../../lib/time/i18n.en';
import './i18n.en';

/** The visitor screens a district can word (the top-level keys of their catalogues). */
const SCREENS = ['kiosk', 'publicRegistration', 'arrive', 'dob'] as const;
type Screen = (typeof SCREENS)[number];
const PER_PAGE = 40;

type Tree = { [k: string]: string | Tree };
const leaves = (tree: Tree | undefined, prefix: string): string[] =>
  Object.entries(tree ?? {}).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`),
  );
const placeholdersOf = (s: string) => [...new Set([...s.matchAll(/\{\{\s*\w+\s*\}\}/g)].map((m) => m[0]))];

/**
 * /visitor-wording (issue 29 §1, ADR 0054): a district's own wording of the kiosk and the public
 * forms, per language. Each string shows SafeVisitor's text in that language beside the district's;
 * changes are saved together (a stale one refuses the save: someone else changed it meanwhile).
 */
export default function VisitorWordingPage() {
  const { t } = useTranslation();
  const chosen = useChosenClient();
  const clientId = chosen.clientId ?? null;
  // the platform administrator names the district; a district administrator's own is implied
  const named = chosen.isAdmin;
  const [language, setLanguage] = useState<TVisitorLanguage>('es');
  const [screen, setScreen] = useState<Screen>('kiosk');
  const [search, setSearch] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [loaded, setLoaded] = useState(0);
  const wording = useQuery(wordingQuery(clientId, named, language));
  const save = useSaveWording();

  // SafeVisitor's text in the chosen language (loaded on demand like the kiosk's)
  useEffect(() => {
    void loadLanguage(language).then(() => setLoaded((n) => n + 1));
  }, [language]);
  // another district or language starts without edits
  // biome-ignore lint/correctness/useExhaustiveDependencies: the change of district or language is the trigger
  useEffect(() => {
    setEdits({});
    setPage(1);
  }, [clientId, language]);

  const saved = useMemo(
    () => new Map((wording.data?.items ?? []).map((item) => [item.key, item] as const)),
    [wording.data],
  );
  const keys = useMemo(() => {
    void loaded;
    const all = leaves(i18n.getResourceBundle('en', 'translation')?.[screen] as Tree, `${screen}.`);
    const q = search.trim().toLowerCase();
    return all.filter((key) => {
      if (onlyChanged && !saved.has(key) && !(key in edits)) return false;
      if (!q) return true;
      const product = String(i18n.getResource(language, 'translation', key) ?? '');
      const yours = edits[key] ?? saved.get(key)?.text ?? '';
      return [key, product, yours].some((s) => s.toLowerCase().includes(q));
    });
  }, [screen, search, onlyChanged, saved, edits, language, loaded]);
  // the first screenful, and more on request (a district words a handful of strings, not all of them)
  const shown = keys.slice(0, page * PER_PAGE);
  const changed = Object.keys(edits).filter((key) => (saved.get(key)?.text ?? '') !== edits[key]!.trim());

  const submit = async () => {
    if (clientId === null || !changed.length) return;
    try {
      await save.mutateAsync({
        clientId: named ? clientId : undefined,
        language,
        changes: changed.map((key) => ({ key, text: edits[key]!.trim(), version: saved.get(key)?.version ?? 0 })),
      });
      setEdits({});
      notify.success(t('visitorWording.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setEdits({});
        notify.error(t('visitorWording.stale'));
      } else notify.error(e instanceof ApiError && e.status === 400 ? e.message : t('visitorWording.failed'));
    }
  };

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>{t('visitorWording.title')}</Title>
      <Text maw={820}>{t('visitorWording.intro')}</Text>
      {chosen.isAdmin ? <ClientPicker clientId={chosen.clientId} /> : null}
      {clientId === null ? (
        <Alert color="blue">{t('visitorWording.pickDistrict')}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group align="flex-end" gap="md" wrap="wrap">
              <Select
                label={t('visitorWording.language')}
                data={VISITOR_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                value={language}
                onChange={(v) => v && setLanguage(v as TVisitorLanguage)}
                allowDeselect={false}
                w={180}
              />
              <Select
                label={t('visitorWording.screen')}
                data={SCREENS.map((s) => ({ value: s, label: t(`visitorWording.screens.${s}`) }))}
                value={screen}
                onChange={(v) => {
                  if (v) setScreen(v as Screen);
                  setPage(1);
                }}
                allowDeselect={false}
                w={240}
              />
              <TextInput
                label={t('visitorWording.search')}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
                w={260}
              />
              <Checkbox
                label={t('visitorWording.onlyChanged')}
                checked={onlyChanged}
                onChange={(e) => {
                  setOnlyChanged(e.currentTarget.checked);
                  setPage(1);
                }}
                mb={8}
              />
            </Group>
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="sm" captionSide="top" data-testid="wording-table">
                <Table.Caption>
                  {t('visitorWording.caption')} ·{' '}
                  {t('visitorWording.shown', { shown: shown.length, count: keys.length })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="22%">{t('visitorWording.where')}</Table.Th>
                    <Table.Th w="36%">{t('visitorWording.product')}</Table.Th>
                    <Table.Th>{t('visitorWording.yours')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((key) => (
                    <WordingRow
                      key={key}
                      wordingKey={key}
                      language={language}
                      product={String(i18n.getResource(language, 'translation', key) ?? '')}
                      saved={saved.get(key)}
                      edit={edits[key]}
                      onEdit={(text) => setEdits((all) => ({ ...all, [key]: text }))}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {!shown.length ? <Text c="dimmed">{t('visitorWording.none')}</Text> : null}
            <Group justify="space-between" wrap="wrap">
              {shown.length < keys.length ? (
                <Button variant="default" onClick={() => setPage((p) => p + 1)}>
                  {t('visitorWording.more', { count: Math.min(PER_PAGE, keys.length - shown.length) })}
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" disabled={!changed.length} onClick={() => setEdits({})}>
                  {t('visitorWording.discard')}
                </Button>
                <Button disabled={!changed.length} loading={save.isPending} onClick={() => void submit()}>
                  {t('visitorWording.save', { count: changed.length })}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function WordingRow(props: {
  wordingKey: string;
  language: TVisitorLanguage;
  product: string;
  saved: TWordingItem | undefined;
  edit: string | undefined;
  onEdit: (text: string) => void;
}) {
  const { t } = useTranslation();
  const value = props.edit ?? props.saved?.text ?? '';
  const names = placeholdersOf(props.product);
  const lang = LANGUAGE_TAGS[props.language];
  const dir = directionOf(props.language);
  return (
    <Table.Tr data-testid="wording-row" data-key={props.wordingKey}>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
          {props.wordingKey.split('.').slice(1).join(' › ')}
        </Text>
        {props.saved ? (
          <Badge size="sm" variant="light" mt={4}>
            {t('visitorWording.customised')}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm" lang={lang} dir={dir}>
          {props.product}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Textarea
            aria-label={t('visitorWording.yoursLabel', { key: props.wordingKey })}
            placeholder={props.product}
            value={value}
            onChange={(e) => props.onEdit(e.currentTarget.value)}
            autosize
            minRows={1}
            maxRows={6}
            lang={lang}
            dir={dir}
          />
          {names.length && value && names.some((n) => !value.includes(n)) ? (
            <Text size="xs" c="orange.9">
              {t('visitorWording.placeholders', { names: names.join(', ') })}
            </Text>
          ) : null}
          {value ? (
            <Button variant="subtle" size="compact-xs" w="fit-content" onClick={() => props.onEdit('')}>
              {t('visitorWording.reset')}
            </Button>
          ) : null}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
