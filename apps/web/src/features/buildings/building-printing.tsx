import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconPrinter } from '@tabler/icons-react';
import { PRINT_METHODS, type TBuildingRow, type TPrintMethod } from '@sv/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PrintOutcome, printTestPage } from '../printing/print-badge';
import './i18n.en';

/** The part of the building form this section edits (Mantine's form, typed loosely to stay a leaf). */
interface PrintingForm {
  values: { printMethod: TPrintMethod; printerIpAddress: string; visitorPrinterIpAddress: string };
  setFieldValue(path: 'printMethod', value: TPrintMethod): void;
  setFieldValue(path: 'printerIpAddress' | 'visitorPrinterIpAddress', value: string): void;
  getInputProps(path: 'printerIpAddress' | 'visitorPrinterIpAddress'): GetInputPropsReturnType;
}

/**
 * The building form's Printing section (issue 23 §7): which way this building prints badges (the
 * server to a printer on the school network, the desk's Zebra Browser Print, or the PDF window),
 * the server-side printer addresses when the server prints, and "Print test page", which proves
 * the saved way: the server's answer, Browser Print's, or the print window.
 */
export function BuildingPrinting({ form, saved }: { form: PrintingForm; saved: TBuildingRow | null }) {
  const { t } = useTranslation();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<PrintOutcome | null>(null);
  const method = form.values.printMethod;
  // addresses only matter when the server prints: put aside while another way is chosen (so a hidden
  // field never blocks the save), back when the server is chosen again
  const setAside = useRef({ printerIpAddress: '', visitorPrinterIpAddress: '' });
  function choose(next: TPrintMethod) {
    setResult(null);
    const keys = ['printerIpAddress', 'visitorPrinterIpAddress'] as const;
    if (method === 'server' && next !== 'server')
      for (const k of keys) {
        setAside.current[k] = form.values[k];
        form.setFieldValue(k, '');
      }
    if (method !== 'server' && next === 'server')
      for (const k of keys) if (!form.values[k]) form.setFieldValue(k, setAside.current[k]);
    form.setFieldValue('printMethod', next);
  }
  const unsaved =
    saved !== null &&
    (saved.printMethod !== method ||
      saved.printerIpAddress !== form.values.printerIpAddress.trim() ||
      saved.visitorPrinterIpAddress !== form.values.visitorPrinterIpAddress.trim());

  async function test() {
    if (!saved) return;
    setResult(null);
    setTesting(true);
    try {
      setResult(await printTestPage(saved, t));
    } finally {
      setTesting(false);
    }
  }

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t('buildings.printing.method')}
        value={method}
        onChange={(v) => choose(v as TPrintMethod)}
        data={PRINT_METHODS.map((m) => ({ value: m, label: t(`buildings.printing.methods.${m}`) }))}
        fullWidth
      />
      <Text size="sm" c="dimmed" data-testid="print-method-help">
        {t(`buildings.printing.help.${method}`)}
      </Text>
      {method === 'server' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('buildings.field.printerIpAddress')}
            description={t('buildings.printing.addressHelp')}
            placeholder="10.0.0.25:9100"
            {...form.getInputProps('printerIpAddress')}
          />
          <TextInput
            label={t('buildings.field.visitorPrinterIpAddress')}
            description={t('buildings.printing.visitorAddressHelp')}
            placeholder="10.0.0.26"
            {...form.getInputProps('visitorPrinterIpAddress')}
          />
        </SimpleGrid>
      ) : null}
      <Group gap="sm" align="center">
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => void test()}
          loading={testing}
          disabled={!saved || unsaved}
        >
          {t('buildings.printing.test')}
        </Button>
        {!saved || unsaved ? (
          <Text size="sm" c="dimmed">
            {t(saved ? 'buildings.printing.testUnsaved' : 'buildings.printing.testNew')}
          </Text>
        ) : null}
      </Group>
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'} p="xs">
          {result.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
