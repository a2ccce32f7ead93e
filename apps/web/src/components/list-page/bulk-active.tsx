import { Button } from '@mantine/core';
import type { TBulkActiveResult } from '@sv/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from '../confirm';
import { BulkBar } from './row-selection';

/** The lists with bulk activate / deactivate (issue 26 §4) and their `POST /api/{kind}/bulk-active`. */
export type BulkActiveKind = 'exclusions' | 'users' | 'buildings' | 'contacts';

/**
 * The bulk bar of a list with Deactivate and Activate (issue 26 §4, ADR 0049): confirmed with the
 * kind's own words (`bulk.<kind>.*`), one request with the chosen ids, the list read again.
 */
export function BulkActiveBar(props: {
  kind: BulkActiveKind;
  selection: { ids: number[]; clear: () => void };
  invalidate: QueryKey;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [target, setTarget] = useState<boolean | null>(null);
  const count = props.selection.ids.length;
  const send = useMutation({
    mutationFn: (body: { ids: number[]; active: boolean }) =>
      api.post<TBulkActiveResult>(`/api/${props.kind}/bulk-active`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: props.invalidate }),
  });
  const word = target ? 'activate' : 'deactivate';
  return (
    <>
      <BulkBar count={count} onClear={props.selection.clear}>
        <Button size="xs" color="red" variant="light" onClick={() => setTarget(false)}>
          {t('bulk.deactivate')}
        </Button>
        <Button size="xs" variant="light" onClick={() => setTarget(true)}>
          {t('bulk.activate')}
        </Button>
      </BulkBar>
      <ConfirmDialog
        opened={target !== null}
        title={t(`bulk.${props.kind}.${word}Title`, { count })}
        message={t(`bulk.${props.kind}.${word}Message`)}
        cancelLabel={t('bulk.cancel')}
        confirmLabel={t(`bulk.${word}`)}
        confirmColor={target ? undefined : 'red'}
        focusConfirm={false}
        busy={send.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          send.mutate(
            { ids: props.selection.ids, active: target === true },
            {
              onSuccess: (r) => {
                notify.success(t(`bulk.${props.kind}.${word}d`, { count: r.changed }));
                props.selection.clear();
                setTarget(null);
              },
              onError: (e) => notify.error(e.message),
            },
          )
        }
      />
    </>
  );
}
