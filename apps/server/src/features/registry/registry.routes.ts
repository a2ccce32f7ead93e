import { REGISTRY_UPLOAD_LIMITS, ZRegistryImportResponse, ZRegistryStatusResponse } from '@sv/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { RegistryUpload } from './registry.service';
import type { ArrestWatchService } from '../arrest-watch';
import type { RegistryService } from './registry.service';

/**
 * Reads the multipart upload: one .json file or the CSV trio (offenders.csv, names.csv,
 * addresses.csv) as up to three files, plus the `source` and `replace` fields.
 */
async function readUpload(req: FastifyRequest): Promise<RegistryUpload> {
  if (!req.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the registry files as multipart/form-data.');
  }
  const upload: RegistryUpload = { files: [], source: null, replace: false };
  try {
    for await (const part of req.parts({
      limits: { fileSize: REGISTRY_UPLOAD_LIMITS.maxBytesPerFile, files: REGISTRY_UPLOAD_LIMITS.maxFiles, fields: 10 },
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        upload.files.push({ name: part.filename || part.fieldname, content: content.toString('utf8') });
      } else if (part.fieldname === 'source' && typeof part.value === 'string') {
        upload.source = part.value.trim() || null;
      } else if (part.fieldname === 'replace' && typeof part.value === 'string') {
        upload.replace = /^(true|1|yes|on)$/i.test(part.value.trim());
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 'A registry file is larger than 20 MB.');
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION_FAILED', 'Send at most three files.');
    throw err;
  }
  if (upload.files.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Choose the registry files to upload.', { file: ['is required'] });
  }
  return upload;
}

export async function registryRoutes(
  app: ZodApp,
  _deps: AppDeps,
  service: RegistryService,
  arrestWatch: ArrestWatchService,
) {
  app.post(
    '/api/registry/imports',
    {
      schema: {
        tags: ['registry'],
        summary:
          'Loads offender-registry records (multipart: one NSOPW-shaped .json file, or offenders.csv + names.csv [+ addresses.csv]; fields source, replace)',
        consumes: ['multipart/form-data'],
        response: { 200: ZRegistryImportResponse },
      },
    },
    async (req) => {
      const result = await service.importUpload(requireCtx(req), () => readUpload(req));
      // issue 11: a re-imported registry may now name an approved volunteer; arrest watch runs
      // now (queued first, so a failure here is resumed by the scheduler's next sweep)
      void arrestWatch
        .queue('registry-import')
        .catch((err) => req.log.error({ err }, 'arrest watch after a registry import failed'));
      return result;
    },
  );

  app.get(
    '/api/registry/status',
    {
      schema: {
        tags: ['registry'],
        summary: 'Local registry records per source and last import time; the provider in use',
        response: { 200: ZRegistryStatusResponse },
      },
    },
    async (req) => service.status(requireCtx(req)),
  );
}
