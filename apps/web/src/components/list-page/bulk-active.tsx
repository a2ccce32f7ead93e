import { Button } from '@mantine/core';
import type { TBulkActiveResult, TBulkDeleteResult } from '@sv/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from '../confirm';
import { BulkBar } from './row-selection';

/** The lists with bulk activate / deactivate (issue 26 §4) and their `POST /api/{kind}/bulk-active`. */
export type BulkActiveKind = 'exclusions' | 'users' | 'buildings' | 'contacts';
/** The lists whose rows without history can also be deleted (`POST /api/{kind}/bulk-delete`). */
export type BulkDeleteKind = 'users' | 'buildings';
type Action = 'activate' | 'deactivate' | 'delete';

/**
 * The bulk bar of a list with Deactivate and Activate (issue 26 §4, ADR 0049), and Delete where the
 * list's rows can go (`deletable`: the server deletes only rows without history and says how many
 * stayed): confirmed with the kind's own words (`bulk.<kind>.*`), one request with the chosen ids,
 * the list read again.
 */
export function BulkActiveBar(
  props: {
    selection: { ids: number[]; clear: () => void };
    invalidate: QueryKey;
  } & (
    | { kind: BulkActiveKind; deletable?: false }
    /** offer Delete: the kinds with `POST /api/{kind}/bulk-delete` */
    | { kind: BulkDeleteKind; deletable: true }
  ),
) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const count = props.selection.ids.length;
  const send = useMutation({
    mutationFn: async (a: Action): Promise<string> => {
      const ids = props.selection.ids;
      if (a === 'delete') {
        const r = await api.post<TBulkDeleteResult>(`/api/${props.kind}/bulk-delete`, { ids });
        const deleted = t(`bulk.${props.kind}.deleted`, { count: r.deleted });
        return r.kept > 0 ? t('bulk.deletedKept', { deleted, count: r.kept }) : deleted;
      }
      const r = await api.post<TBulkActiveResult>(`/api/${props.kind}/bulk-active`, { ids, active: a === 'activate' });
      return t(`bulk.${props.kind}.${a}d`, { count: r.changed });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: props.invalidate }),
  });
  return (
    <>
      <BulkBar count={count} onClear={props.selection.clear}>
        <Button size="xs" color="red" variant="light" onClick={() => setAction('deactivate')}>
          {t('bulk.deactivate')}
        </Button>
        <Button size="xs" variant="light" onClick={() => setAction('activate')}>
          {t('bulk.activate')}
        </Button>
        {props.deletable ? (
          <Button size="xs" color="red" variant="subtle" onClick={() => setAction('delete')}>
            {t('bulk.delete')}
          </Button>
        ) : null}
      </BulkBar>
      <ConfirmDialog
        opened={action !== null}
        title={action ? t(`bulk.${props.kind}.${action}Title`, { count }) : ''}
        message={action ? t(`bulk.${props.kind}.${action}Message`) : ''}
        cancelLabel={t('bulk.cancel')}
        confirmLabel={action ? t(`bulk.${action}`) : ''}
        confirmColor={action === 'activate' ? undefined : 'red'}
        focusConfirm={false}
        busy={send.isPending}
        onCancel={() => setAction(null)}
        onConfirm={() =>
          action &&
          send.mutate(action, {
            onSuccess: (said) => {
              notify.success(said);
              props.selection.clear();
              setAction(null);
            },
            onError: (e) => notify.error(e.message),
          })
        }
      />
    </>
  );
}
