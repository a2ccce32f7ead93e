import type { TRegistryImportResponse, TRegistryStatusResponse } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { RegistryFormatError, SOURCE_PATTERN } from './registry-formats';
import { loadRegistry, parseRegistryFiles, type RegistryFile } from './registry.import';
import { createRegistryRepository } from './registry.repository';

/** Problems listed in an answer; the rest are counted. */
const PROBLEMS_SHOWN = 50;

export interface RegistryUpload {
  files: RegistryFile[];
  source?: string | null;
  replace: boolean;
}

/** The local offender registry: administrators load bulk files and see what is loaded. */
export function createRegistryService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createRegistryRepository> }) {
  return {
    /** `read` parses the request body; it runs only after the permission check. */
    async importUpload(ctx: RequestCtx, read: () => Promise<RegistryUpload>): Promise<TRegistryImportResponse> {
      requirePermission(ctx.actor, 'registry.manage');
      const upload = await read();
      if (upload.source && !SOURCE_PATTERN.test(upload.source)) {
        throw badRequest('The source must be letters, digits, "-" or "_" (at most 32).', { source: ['is invalid'] });
      }
      let parsed: ReturnType<typeof parseRegistryFiles>;
      try {
        parsed = parseRegistryFiles(upload.files);
      } catch (err) {
        if (err instanceof RegistryFormatError) throw badRequest(err.message, { file: [err.message] });
        throw err;
      }
      if (parsed.offenders.length === 0) {
        throw badRequest('The files contain no usable offender record.', {
          file: parsed.problems.slice(0, PROBLEMS_SHOWN),
        });
      }
      const sources = await loadRegistry(deps.db, repo, parsed.offenders, {
        source: upload.source || null,
        replace: upload.replace,
        now: deps.now(),
      });
      await deps.audit.record(ctx, {
        action: 'registry.imported',
        targetType: 'registry',
        targetId: sources.map((s) => s.source).join(','),
        details: { replace: upload.replace, sources, problems: parsed.problems.length },
      });
      return {
        sources,
        problemCount: parsed.problems.length,
        problems: parsed.problems.slice(0, PROBLEMS_SHOWN),
      };
    },

    async status(ctx: RequestCtx): Promise<TRegistryStatusResponse> {
      requirePermission(ctx.actor, 'registry.manage');
      const sources = await repo.statusBySource();
      return {
        provider: deps.registry?.kind ?? deps.config.REGISTRY_PROVIDER,
        totalOffenders: sources.reduce((n, s) => n + s.offenders, 0),
        sources,
      };
    },
  };
}
export type RegistryService = ReturnType<typeof createRegistryService>;
