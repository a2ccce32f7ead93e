import type { TPublicWording } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api-client';
import { SHOWS_ERROR } from '../query-client';
import { applyDistrictWording } from './index';
import type { VisitorLanguage } from './languages';

/**
 * Shows the district's own wording of the visitor screens in `lng` (issue 29 §1, ADR 0054): the
 * kiosk and the public forms call it with their district. Nothing to show, or no network: the
 * product's text, silently (a visitor is never told about it).
 */
export function useDistrictWording(clientId: number | null | undefined, lng: VisitorLanguage) {
  const wording = useQuery({
    queryKey: ['visitor-wording', clientId, lng],
    queryFn: () => api.get<TPublicWording>(`/api/public/visitor-wording/${clientId}/${lng}`),
    enabled: !!clientId,
    staleTime: 60_000,
    retry: false,
    meta: SHOWS_ERROR,
  });
  useEffect(() => {
    if (wording.data) applyDistrictWording(lng, wording.data.wording);
  }, [wording.data, lng]);
}
